// Prints a parsed tree in JSON.stringify's layout (`{\n  "a": 1\n}`, `[]`, `{}`), iteratively so
// that no nesting depth can overflow the call stack.
import type { JsonNode, JsonObject } from './parse';

/**
 * Pretty-printed output is quadratic in nesting depth (every line carries its indentation), so a
 * small, deeply nested input could ask for more than a JS string can hold. Past this many
 * characters printing stops with OutputTooLargeError instead of exhausting memory.
 */
export const MAX_OUTPUT_CHARS = 128 * 1024 * 1024;

export class OutputTooLargeError extends Error {
  override name = 'OutputTooLargeError';
}

/**
 * `indent`: the string of one indentation level for pretty output (possibly empty: one value per
 * line, no indentation), or null for minified output.
 */
export function printJson(root: JsonNode, indent: string | null, sortKeys: boolean): string {
  if (typeof root === 'string') return root;
  const pretty = indent !== null;
  const colon = pretty ? ': ' : ':';
  // breaks[d]: what opens a line at depth d; separators[d]: the same after a comma.
  const breaks: string[] = [];
  const separators: string[] = [];
  const lineAt = (depth: number, afterComma: boolean): string => {
    if (breaks[depth] === undefined) {
      breaks[depth] = pretty ? '\n' + indent.repeat(depth) : '';
      separators[depth] = ',' + breaks[depth];
    }
    return (afterComma ? separators : breaks)[depth]!;
  };

  const open: (JsonNode[] | JsonObject)[] = [];
  const nextIndex: number[] = [];
  const orders: (number[] | undefined)[] = [];
  let out = '';
  let value: JsonNode = root;
  for (;;) {
    if (typeof value === 'string') {
      out += value;
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        out += '[]';
      } else {
        out += '[';
        open.push(value);
        nextIndex.push(0);
        orders.push(undefined);
      }
    } else if (value.keys.length === 0) {
      out += '{}';
    } else {
      out += '{';
      open.push(value);
      nextIndex.push(0);
      orders.push(sortKeys ? codePointOrder(value.keys) : undefined);
    }

    // Move to the next member to print, closing every container that is finished.
    for (;;) {
      const depth = open.length;
      if (depth === 0) return out;
      const node = open[depth - 1]!;
      const i = nextIndex[depth - 1]!;
      const isArray = Array.isArray(node);
      if (i < (isArray ? node.length : node.keys.length)) {
        const line = lineAt(depth, i > 0);
        if (out.length + line.length > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
        nextIndex[depth - 1] = i + 1;
        if (isArray) {
          out += line;
          value = node[i]!;
        } else {
          const k = orders[depth - 1]?.[i] ?? i;
          out += line + node.keys[k] + colon;
          value = node.values[k]!;
        }
        break;
      }
      out += lineAt(depth - 1, false) + (isArray ? ']' : '}');
      open.pop();
      nextIndex.pop();
      orders.pop();
    }
  }
}

/** Indices of `keys` (JSON string literals) in Unicode code point order of their values. */
function codePointOrder(keys: readonly string[]): number[] {
  const values = keys.map((key) => (key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1)));
  return values.map((_, i) => i).sort((a, b) => compareCodePoints(values[a]!, values[b]!));
}

/**
 * Compares by code point, not by UTF-16 unit (which puts U+10000… before U+E000…). Lone
 * surrogates compare as their own code point.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // A shared high surrogate just before the difference belongs to the code points to compare.
  const prev = i > 0 ? a.charCodeAt(i - 1) : 0;
  const start = prev >= 0xd800 && prev <= 0xdbff ? i - 1 : i;
  return a.codePointAt(start)! - b.codePointAt(start)!;
}
