// The general path's printer: a parsed tree in JSON.stringify's layout, keys sorted on request.
// Iterative, so no nesting depth can overflow the call stack.
import type { JsonNode, JsonObject } from '../../lib/json-tree';
import type { OutputWriter } from './writer';

/**
 * Prints a tree in JSON.stringify's layout (`{}` and `[]` when empty), keys sorted on request,
 * as if nested `base` levels deep (the matches of a query are members of its result array).
 */
export function printTree(root: JsonNode, out: OutputWriter, sortKeys: boolean, base = 0): void {
  const open: (JsonNode[] | JsonObject)[] = [];
  const nextIndex: number[] = [];
  const orders: (number[] | undefined)[] = [];
  let value: JsonNode = root;
  for (;;) {
    if (typeof value === 'string') {
      out.text(value);
    } else if (Array.isArray(value)) {
      out.char(91); // [
      open.push(value);
      nextIndex.push(0);
      orders.push(undefined);
    } else {
      out.char(123); // {
      open.push(value);
      nextIndex.push(0);
      orders.push(sortKeys && value.keys.length > 1 ? codePointOrder(value.keys) : undefined);
    }

    // Move to the next member to print, closing every container that is finished.
    for (;;) {
      const depth = open.length;
      if (depth === 0) return;
      const node = open[depth - 1]!;
      const i = nextIndex[depth - 1]!;
      const isArray = Array.isArray(node);
      const size = isArray ? node.length : node.keys.length;
      if (i < size) {
        if (i > 0) out.char(44); // ,
        out.lineBreak(base + depth);
        nextIndex[depth - 1] = i + 1;
        if (isArray) {
          value = node[i]!;
        } else {
          const k = orders[depth - 1]?.[i] ?? i;
          out.text(node.keys[k]!);
          out.colon();
          value = node.values[k]!;
        }
        break;
      }
      if (size > 0) out.lineBreak(base + depth - 1);
      out.char(isArray ? 93 : 125);
      open.pop();
      nextIndex.pop();
      orders.pop();
    }
  }
}

/** Indices of `keys` (JSON string literals) in Unicode code point order of their values. */
export function codePointOrder(keys: readonly string[]): number[] {
  const values = keys.map((key) => (key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1)));
  return values.map((_, i) => i).sort((a, b) => compareCodePoints(values[a]!, values[b]!));
}

/**
 * Compares by code point, not by UTF-16 unit (which would put U+10000 and above before
 * U+E000–U+FFFF). Lone surrogates compare as their own code point.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // A shared high surrogate just before the difference may start the code points to compare;
  // when it is lone in both strings, the difference itself starts them.
  const prev = a.charCodeAt(i - 1);
  if (prev >= 0xd800 && prev <= 0xdbff) {
    const x = a.codePointAt(i - 1)!;
    const y = b.codePointAt(i - 1)!;
    if (x !== y) return x - y;
  }
  return a.codePointAt(i)! - b.codePointAt(i)!;
}
