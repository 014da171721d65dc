// The opt-in history of a tool's inputs: off by default, turned on per tool by the user (the
// History panel, InputHistory.svelte). Kept in this browser's IndexedDB (database `devtoolbox`,
// store `history`), on this device only: nothing is sent anywhere. Bounded: the last
// HISTORY_COUNT inputs per tool, each at most HISTORY_ENTRY_CHARS characters of JSON (a larger
// input is not kept). Credentials (JWT secrets and keys, HMAC keys) and images are never kept
// (ToolRunner leaves them out). Which tools have it on: localStorage `devtoolbox:history`.
import { load, save } from './storage';

export const HISTORY_COUNT = 20;
export const HISTORY_ENTRY_CHARS = 100_000;
/** A run is recorded once the input has rested this long: typing records one entry, not one per pause. */
const SETTLE_MS = 1200;

const isSlugList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((slug) => typeof slug === 'string');
const listeners = new Set<(slug: string) => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function historyOn(slug: string): boolean {
  return load('history', [], isSlugList).includes(slug);
}

export function setHistoryOn(slug: string, on: boolean): void {
  const slugs = load('history', [], isSlugList).filter((entry) => entry !== slug);
  save('history', on ? [...slugs, slug] : slugs);
  if (!on) clearTimeout(timers.get(slug));
}

/** Drops a run waiting to be kept (the history is being cleared). */
export function dropPending(slug: string): void {
  clearTimeout(timers.get(slug));
}

/** Calls `changed(slug)` after a tool's history changed (an entry added, the list cleared). */
export function watchHistory(changed: (slug: string) => void): () => void {
  listeners.add(changed);
  return () => listeners.delete(changed);
}

/** Tells the watchers (an open History panel) that the tool's history changed. */
export function changedHistory(slug: string): void {
  for (const changed of listeners) changed(slug);
}

/** A successful run's input: kept once it has settled, when the tool's history is on. */
export function noteInput(slug: string, fields: Record<string, unknown>): void {
  clearTimeout(timers.get(slug));
  if (!historyOn(slug)) return;
  timers.set(
    slug,
    setTimeout(() => {
      timers.delete(slug);
      if (!historyOn(slug)) return;
      // The IndexedDB code loads on first use: a page whose history is off never downloads it.
      import('./history-store')
        .then(({ addEntry }) => addEntry(slug, fields, { count: HISTORY_COUNT, chars: HISTORY_ENTRY_CHARS }))
        .then((added) => added && changedHistory(slug))
        .catch(() => {
          // IndexedDB unavailable (private mode, disabled storage): no history, nothing breaks.
        });
    }, SETTLE_MS),
  );
}

/** Deletes the tool's kept inputs (and a run waiting to be kept), then tells the watchers. */
export async function clearInputs(slug: string): Promise<void> {
  dropPending(slug);
  const { clearHistory } = await import('./history-store');
  await clearHistory(slug);
  changedHistory(slug);
}
