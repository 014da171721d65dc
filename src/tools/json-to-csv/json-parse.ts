// A strict RFC 8259 JSON parser that keeps what JSON.parse loses, so conversions are lossless:
// - objects are Maps, so keys stay in source order (JS objects move integer-like keys such as
//   "2" or "10" to the front, which would reorder CSV columns);
// - numbers a double cannot hold (integers beyond ±2^53, 1e400, 1e-400) keep their digits;
// - errors carry the same message on every engine, with the index where the problem is.
// It is iterative (an explicit stack), so deep nesting cannot overflow the call stack, and it
// bounds nesting so that the recursive writers downstream are safe.
// The grammar is src/lib/json-strict.ts; this file is json-to-csv's values and its words.
import {
  STRING_ESCAPED,
  decodeJsonString,
  parseStrictJson,
  type JsonBuilder,
  type JsonProblem,
  type ValuePlace,
} from '../../lib/json-strict';
import { describeCharacter } from '../../lib/text-position';
import { MAX_DEPTH } from './limits';

/** A number kept as written because converting it to a double would change it. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

export type JsonObject = Map<string, JsonValue>;
export type JsonValue = null | boolean | number | string | JsonNumberText | JsonValue[] | JsonObject;

export type JsonParseResult = { ok: true; value: JsonValue } | { ok: false; message: string; index: number };

export { MAX_DEPTH };

// Module-local copies of what the builder calls per value: under a dev or test module runner
// (vitest), every read of an imported binding is a getter call.
const ESCAPED = STRING_ESCAPED;
const decode = decodeJsonString;

/** A string's value: a slice unless it holds escapes. */
const text = (src: string, start: number, end: number, flags: number): string =>
  flags & ESCAPED ? decode(src, start, end) : src.slice(start + 1, end - 1);

const VALUES: JsonBuilder<JsonValue, JsonValue[], JsonObject> = {
  string: text,
  key: text,
  number: (src, start, end) => {
    const literal = src.slice(start, end);
    const n = Number(literal);
    // Most numbers: one that is not 0 and below 2^53 in size is exact however it is written.
    if (n !== 0 && Math.abs(n) < 2 ** 53) return n;
    return isExact(literal, n, isInteger(src, start, end)) ? n : new JsonNumberText(literal);
  },
  literal: (word) => (word === 'null' ? null : word === 'true'),
  emptyArray: () => [],
  array: () => [],
  push: (array, value) => {
    array.push(value);
  },
  closeArray: (array) => array,
  emptyObject: () => new Map(),
  object: () => new Map(),
  // A repeated key keeps its first place and the last value wins (as JSON.parse).
  set: (object, key, value) => {
    object.set(key, value);
  },
  closeObject: (object) => object,
};

export function parseJson(text: string, start = 0): JsonParseResult {
  const parsed = parseStrictJson(text, VALUES, MAX_DEPTH, start);
  return parsed.ok ? parsed : { ok: false, ...failure(text, parsed.problem) };
}

const LITERALS: Record<string, string> = { t: 'true', f: 'false', n: 'null' };

/** After a complete value, something else than a separator or the end. */
function afterValue(text: string, at: number, place: ValuePlace): { message: string; index: number } {
  const found = describeCharacter(text, at);
  if (place === 'top') return { message: `Unexpected ${found} after the end of the JSON value`, index: at };
  const expected = place === 'property' ? "',' or '}' after an object member" : "',' or ']' after an array element";
  return { message: `Expected ${expected}, found ${found}`, index: at };
}

/** json-to-csv's sentence for a problem, and where it points. */
function failure(text: string, problem: JsonProblem): { message: string; index: number } {
  const at = problem.at;
  const found = () => describeCharacter(text, at);
  switch (problem.kind) {
    case 'value': {
      if (problem.place === 'array-next' && text.charCodeAt(at) === 0x5d /* ] */)
        return { message: `Trailing comma before ${found()}`, index: problem.comma };
      const word = LITERALS[text.charAt(at)];
      if (word === undefined) return { message: `Expected a JSON value, found ${found()}`, index: at };
      // A literal read letter by letter: wrong at the first letter that differs, or complete
      // and followed by more letters, which cannot follow a value.
      let k = 0;
      while (k < word.length && text.charCodeAt(at + k) === word.charCodeAt(k)) k++;
      if (k === word.length) return afterValue(text, at + k, problem.place);
      return {
        message: `Invalid literal (expected '${word}'), found ${describeCharacter(text, at + k)}`,
        index: at + k,
      };
    }
    case 'key':
      if (!problem.first && text.charCodeAt(at) === 0x7d /* } */)
        return { message: `Trailing comma before ${found()}`, index: problem.comma };
      return { message: `Expected a property name in double quotes, found ${found()}`, index: at };
    case 'colon':
      return { message: `Expected ':' after a property name, found ${found()}`, index: at };
    case 'separator':
      return afterValue(text, at, problem.inObject ? 'property' : 'array-next');
    case 'end':
      return afterValue(text, at, 'top');
    case 'depth':
      return { message: `Nesting is deeper than ${MAX_DEPTH} levels`, index: at };
    case 'number':
      if (problem.reason === 'leading-zero') return afterValue(text, at, problem.place); // the number ended at its '0'
      return { message: `Invalid number: expected ${NUMBER_WANTED[problem.reason]}, found ${found()}`, index: at };
    case 'string':
      if (problem.reason === 'control')
        return { message: `Unescaped control character ${found()} in a string`, index: at };
      if (problem.reason === 'unicode-escape')
        return { message: 'Invalid \\u escape (expected 4 hex digits)', index: problem.backslash };
      // A '\' that ends the input leaves the string unterminated.
      if (problem.reason === 'escape' && at < text.length) {
        return {
          message: `Invalid escape sequence '\\${String.fromCodePoint(text.codePointAt(at)!)}' in a string`,
          index: problem.backslash,
        };
      }
      return { message: 'Unterminated string', index: problem.open };
  }
}

const NUMBER_WANTED = {
  'digit-after-minus': "a digit after '-'",
  'digit-after-dot': "a digit after '.'",
  'digit-in-exponent': 'a digit in the exponent',
} as const;

/** Whether the number src[start, end) is written without a fraction or an exponent. */
function isInteger(src: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */) return false;
  }
  return true;
}

/**
 * False when the double `n` visibly loses the written number: overflow to Infinity, a
 * non-zero literal rounding to 0, or an integer beyond ±2^53 (ids, where every digit counts).
 * Ordinary decimal rounding (0.1) is not a loss anyone expects to see.
 */
function isExact(literal: string, n: number, integer: boolean): boolean {
  if (!Number.isFinite(n)) return false;
  if (integer) return Math.abs(n) < 2 ** 53 || String(n) === literal;
  if (n === 0) return !/[1-9]/.test(literal.split(/[eE]/)[0]!);
  return true;
}
