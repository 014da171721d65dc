// What the page shows of a coverage record: ratings, percentages, deltas and relative paths.
// Pure, so the folder tree and the Markdown summary (./tree.ts, ./markdown.ts) share it and
// the unit tests reach it without a browser.
import type { z } from 'zod';
import type { Output as OutputSchema } from './schema';

// Typed by this tool's own schema, not through the registry (which imports this folder).
export type Output = z.output<typeof OutputSchema>;
export type Coverage = Output['summary'];
export type FileRow = Output['files'][number];
export type FileDiff = NonNullable<Output['diff']>['files'][number];
export type Percentages = NonNullable<FileDiff['before']>;
export type Category = 'lines' | 'functions' | 'branches';

export const CATEGORIES: { key: Category; name: string }[] = [
  { key: 'lines', name: 'Lines' },
  { key: 'functions', name: 'Functions' },
  { key: 'branches', name: 'Branches' },
];

/** A record's counts of one category, whatever holds them (a file, a folder, the summary). */
export type Counted = Record<`${Category}Hit` | `${Category}Found`, number>;

export const hit = (row: Counted, category: Category) => row[`${category}Hit`];
export const found = (row: Counted, category: Category) => row[`${category}Found`];
export const pct = (row: Percentages, category: Category) => row[`${category}Coverage`];

export type Level = 'low' | 'medium' | 'high' | 'none';

/** Thresholds: below 50 % low, below 80 % medium, else high; nothing found has no rating. */
export function level(percent: number, foundCount: number): Level {
  if (foundCount === 0) return 'none';
  return percent < 50 ? 'low' : percent < 80 ? 'medium' : 'high';
}

export const LEVEL_LABEL: Record<Level, string> = { low: 'low', medium: 'medium', high: 'high', none: 'none found' };

/** "66.7 %", or "—" when nothing was found. */
export const percentText = (percent: number, foundCount: number) =>
  foundCount === 0 ? '—' : `${percent.toFixed(1)} %`;

/** A change in percentage points with its sign spelled out: "+9.8", "−1.5", "±0.0". */
export function deltaText(points: number): string {
  if (points === 0) return '±0.0';
  return `${points > 0 ? '+' : '−'}${Math.abs(points).toFixed(1)}`;
}

/** Difference of two one-decimal percentages, exact (in tenths). */
export const delta = (after: number, before: number) => (Math.round(after * 10) - Math.round(before * 10)) / 10;

/** The directory every path starts with (only when there are several), shown once. */
export function commonBase(paths: readonly string[]): string {
  if (paths.length < 2) return '';
  let prefix = paths[0]!;
  for (const path of paths) {
    while (prefix && !path.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  return prefix.slice(0, Math.max(prefix.lastIndexOf('/'), prefix.lastIndexOf('\\')) + 1);
}

/**
 * A path cut after each "/" so that it wraps there (the page puts a <wbr> between the parts);
 * a very long path stays whole and wraps anywhere, rather than becoming thousands of nodes.
 */
export const pathParts = (path: string) => (path.length > 300 ? [path] : path.split('/'));
