// JSON text for values of either parser: plain values from JSON.parse (the fast path) and the
// ordered values of json-parse.ts (Maps, JsonNumberText). Recursion depth is bounded by
// MAX_DEPTH: the ordered parser enforces it, and plain values are checked here.
import { JsonNumberText, MAX_DEPTH } from './json-parse';

/**
 * Thrown while converting JSON.parse output when that output has already lost something the
 * ordered parser keeps (see isLossyDouble) or nests too deep: the caller redoes the work
 * from the text with the ordered parser, which also reports depth errors with a position.
 */
export class NeedsOrderedParse extends Error {}

/**
 * Doubles from JSON.parse that may not be what the text said: overflow (Infinity) and
 * integers from 2^53 on (9007199254740993 reads as ...992). Rare, so the fast path gives up.
 */
export const isLossyDouble = (n: number) => !Number.isFinite(n) || (Math.abs(n) >= 2 ** 53 && Number.isInteger(n));

/** Text of a number from either parser, as JSON.stringify writes it (1.50 → 1.5). */
export function numberText(n: number, fast: boolean): string {
  if (fast && isLossyDouble(n)) throw new NeedsOrderedParse();
  return String(n);
}

/** Compact JSON (no spaces, as JSON.stringify(v)) with object keys in source order. */
export function compactJson(value: unknown, fast: boolean, depth = 1): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return numberText(value, fast);
    case 'boolean':
      return value ? 'true' : 'false';
  }
  if (value instanceof JsonNumberText) return value.text;
  if (depth > MAX_DEPTH) throw new NeedsOrderedParse();
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + compactJson(value[i], fast, depth + 1);
    return out + ']';
  }
  let out = '{';
  let first = true;
  for (const [key, item] of entries(value as object)) {
    out += (first ? '' : ',') + JSON.stringify(key) + ':' + compactJson(item, fast, depth + 1);
    first = false;
  }
  return out + '}';
}

/** Key/value pairs of an object from either parser, in source order for Maps. */
export function entries(object: object): Iterable<[string, unknown]> {
  if (object instanceof Map) return object as Map<string, unknown>;
  return Object.entries(object);
}

/**
 * JSON indented by 2 spaces, laid out exactly as JSON.stringify(value, null, 2), for ordered
 * values (Maps keep key order). `indent` is the indentation of the line the value starts on.
 */
export function prettyJson(value: unknown, indent: string): string {
  if (value instanceof Map) {
    if (value.size === 0) return '{}';
    const inner = indent + '  ';
    let out = '{';
    let first = true;
    for (const [key, item] of value as Map<string, unknown>) {
      out += (first ? '\n' : ',\n') + inner + JSON.stringify(key) + ': ' + prettyJson(item, inner);
      first = false;
    }
    return out + '\n' + indent + '}';
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = indent + '  ';
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',\n' : '\n') + inner + prettyJson(value[i], inner);
    return out + '\n' + indent + ']';
  }
  return compactJson(value, false);
}
