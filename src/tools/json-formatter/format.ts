// One JSON text in, its formatted form out: the one-pass fast path when it can, else the general
// path (a tree), which also sorts keys, merges duplicate keys and reports syntax errors.
import { formatFast } from './fast';
import { parseJson } from '../../lib/json-tree';
import { printTree } from './print';
import { OutputWriter, type Layout } from './writer';

/**
 * Formats `src`. Throws JsonSyntaxError for invalid JSON and OutputTooLargeError when the result
 * would exceed MAX_OUTPUT_CHARS.
 */
export function formatJson(src: string, layout: Layout, sortKeys: boolean): string {
  const fast = sortKeys ? undefined : formatFast(src, layout);
  return fast ?? formatGeneral(src, layout, sortKeys);
}

/** The general path on its own (exported so tests can hold the fast path against it). */
export function formatGeneral(src: string, layout: Layout, sortKeys: boolean): string {
  const root = parseJson(src);
  const out = new OutputWriter(layout, src.length);
  printTree(root, out, sortKeys);
  return out.toString();
}
