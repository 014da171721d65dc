// Strict JSON (RFC 8259), one grammar for the tools that must keep what JSON.parse loses or say
// exactly where a text breaks the rules: json-formatter (its general path, and the primitives of
// its fast path) and json-to-csv (its ordered parser).
// - The caller's builder makes the values, so each tool keeps its own tree: the formatter
//   scalars as their output text, json-to-csv Maps and numbers that keep their digits.
// - A syntax error is a JsonProblem: what the grammar wanted, where, and in which place, which
//   each tool words in its own sentences (those are its answers, and they differ).
// - It is iterative (an explicit stack of open containers), so no nesting depth can overflow the
//   call stack; nesting beyond the caller's limit is a problem like any other.
// Only space, tab, line feed and carriage return are whitespace; a byte order mark is not.

/**
 * Character codes of the grammar. Hot loops copy the ones they use into module-local constants:
 * under a dev or test module runner (vitest), every read of an imported binding is a getter call.
 */
export const CHAR = {
  TAB: 9,
  LINE_FEED: 10,
  RETURN: 13,
  SPACE: 32,
  QUOTE: 34,
  PLUS: 43,
  COMMA: 44,
  MINUS: 45,
  DOT: 46,
  SLASH: 47,
  ZERO: 48,
  ONE: 49,
  NINE: 57,
  COLON: 58,
  UPPER_E: 69,
  OPEN_BRACKET: 91,
  BACKSLASH: 92,
  CLOSE_BRACKET: 93,
  LOWER_E: 101,
  LOWER_U: 117,
  OPEN_BRACE: 123,
  CLOSE_BRACE: 125,
} as const;

const { TAB, LINE_FEED, RETURN, SPACE, QUOTE, PLUS, COMMA, MINUS, DOT, SLASH, ZERO, ONE, NINE, COLON, UPPER_E } = CHAR;
const { OPEN_BRACKET, BACKSLASH, CLOSE_BRACKET, LOWER_E, LOWER_U, OPEN_BRACE, CLOSE_BRACE } = CHAR;

export const isDigit = (c: number): boolean => c >= ZERO && c <= NINE;

/** Characters of a bare word (`true`, but also `True`, `None`, `NaN`, `undefined`): read whole, so errors name the word. */
export const isWordChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 /* _ */ || c === 36; /* $ */

/** The index of the first character at or after `i` that is not JSON whitespace. */
export function skipWhitespace(src: string, i: number): number {
  for (;;) {
    const c = src.charCodeAt(i);
    if (c === SPACE || c === LINE_FEED || c === RETURN || c === TAB) i++;
    else return i;
  }
}

/** 0–15, or -1 for a character that is no hex digit. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/** The code of the 4 hex digits at src[i, i + 4), or -1. */
export function hex4(src: string, i: number): number {
  const a = hexValue(src.charCodeAt(i));
  const b = hexValue(src.charCodeAt(i + 1));
  const c = hexValue(src.charCodeAt(i + 2));
  const d = hexValue(src.charCodeAt(i + 3));
  return (a | b | c | d) < 0 ? -1 : (a << 12) | (b << 8) | (c << 4) | d;
}

/**
 * 1 for the characters after '\' that JSON.stringify itself writes (`\"` `\\` `\b` `\f` `\n`
 * `\r` `\t`). `\/` and `\u…` are valid too, but JSON.stringify spells their characters otherwise.
 */
export const CANONICAL_ESCAPES = new Uint8Array(128);
for (const c of '"\\bfnrt') CANONICAL_ESCAPES[c.charCodeAt(0)] = 1;

/** The character each two-character escape stands for, by the code of its second character. */
const SIMPLE_ESCAPES: Record<number, string> = {
  34: '"',
  92: '\\',
  47: '/',
  98: '\b',
  102: '\f',
  110: '\n',
  114: '\r',
  116: '\t',
};

/**
 * The end of the number at `i` (which holds '-' or a digit), or `~at` (negative) when the
 * character at `at` breaks the grammar (numberReason says what was wanted there). After a
 * leading '0' it stops: a digit there is the caller's error, as no value may be followed by one.
 */
export function scanNumber(src: string, i: number): number {
  if (src.charCodeAt(i) === MINUS) i++;
  const first = src.charCodeAt(i);
  if (first === ZERO) i++;
  else if (first >= ONE && first <= NINE) while (isDigit(src.charCodeAt(++i)));
  else return ~i;
  if (src.charCodeAt(i) === DOT) {
    if (!isDigit(src.charCodeAt(++i))) return ~i;
    while (isDigit(src.charCodeAt(++i)));
  }
  const e = src.charCodeAt(i);
  if (e === LOWER_E || e === UPPER_E) {
    const sign = src.charCodeAt(++i);
    if (sign === PLUS || sign === MINUS) i++;
    if (!isDigit(src.charCodeAt(i))) return ~i;
    while (isDigit(src.charCodeAt(++i)));
  }
  return i;
}

export type NumberReason = 'digit-after-minus' | 'digit-after-dot' | 'digit-in-exponent' | 'leading-zero';

/** What scanNumber wanted at `at` when it failed there (the number starting at `start`). */
function numberReason(src: string, start: number, at: number): NumberReason {
  if (src.charCodeAt(at - 1) === DOT) return 'digit-after-dot';
  return at - 1 === start ? 'digit-after-minus' : 'digit-in-exponent';
}

/** Set in a string's flags when it holds any escape. */
export const STRING_ESCAPED = 1;
/** Set when it holds `\/`, a `\u` escape or a lone surrogate: JSON.stringify would spell it otherwise. */
export const STRING_NOT_CANONICAL = 2;

/** The value of the valid string literal src[start, end) (both quotes included). */
export function decodeJsonString(src: string, start: number, end: number): string {
  const body = src.slice(start + 1, end - 1);
  let value = '';
  let chunk = 0;
  for (let i = body.indexOf('\\'); i >= 0; i = body.indexOf('\\', chunk)) {
    value += body.slice(chunk, i);
    const e = body.charCodeAt(i + 1);
    if (e === LOWER_U) {
      value += String.fromCharCode(hex4(body, i + 2));
      chunk = i + 6;
    } else {
      value += SIMPLE_ESCAPES[e]!;
      chunk = i + 2;
    }
  }
  return chunk === 0 ? body : value + body.slice(chunk);
}

/**
 * Makes the values. A string or key is src[start, end), quotes included, with its STRING_*
 * flags; a number src[start, end) as written. Containers are opened, filled and closed; empty
 * ones are made at once.
 */
export interface JsonBuilder<V, A, O> {
  string(src: string, start: number, end: number, flags: number): V;
  key(src: string, start: number, end: number, flags: number): string;
  number(src: string, start: number, end: number): V;
  literal(word: 'true' | 'false' | 'null'): V;
  emptyArray(): V;
  array(): A;
  push(array: A, value: V): void;
  closeArray(array: A): V;
  emptyObject(): V;
  object(): O;
  /** A key seen before in the same object is set again (the builder decides what wins). */
  set(object: O, key: string, value: V): void;
  closeObject(object: O): V;
}

/** Where a value stands: the whole text, an array's first or later element, or a property's value. */
export type ValuePlace = 'top' | 'array-first' | 'array-next' | 'property';

/**
 * Where the grammar broke, at UTF-16 offset `at`:
 * - value: something else than a value (a word that is no literal: at its start); `comma` is the
 *   comma before an 'array-next' element;
 * - key: something else than a property name, `first` in its object or after the comma `comma`;
 * - colon: no ':' after a property name;
 * - separator: no ',' or closing bracket after an element or a property's value;
 * - end: more than whitespace after the value;
 * - depth: a bracket that opens one level more than allowed;
 * - number: a digit wanted at `at` (leading-zero: a digit after a leading '0', where none may be);
 * - string (opened at `open`): unterminated (`at` is the end of input), an unescaped control
 *   character, an invalid escape (`at` is the character after the '\' at `backslash`), or a `\u`
 *   without 4 hex digits (`at` is the first that is not).
 */
export type JsonProblem =
  | { kind: 'value'; at: number; place: ValuePlace; comma: number }
  | { kind: 'key'; at: number; first: boolean; comma: number }
  | { kind: 'colon'; at: number }
  | { kind: 'separator'; at: number; inObject: boolean }
  | { kind: 'end'; at: number }
  | { kind: 'depth'; at: number }
  | { kind: 'number'; at: number; reason: NumberReason; place: ValuePlace }
  | {
      kind: 'string';
      at: number;
      reason: 'unterminated' | 'control' | 'escape' | 'unicode-escape';
      open: number;
      backslash: number;
    };

export type JsonResult<V> = { ok: true; value: V } | { ok: false; problem: JsonProblem };

class Stop {
  constructor(readonly problem: JsonProblem) {}
}

/** Parses the one JSON text in `src` from `start` on, nesting at most `maxDepth` levels. */
export function parseStrictJson<V, A, O>(
  src: string,
  builder: JsonBuilder<V, A, O>,
  maxDepth: number,
  start = 0,
): JsonResult<V> {
  try {
    return { ok: true, value: parse(src, builder, maxDepth, start) };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, problem: error.problem };
    throw error;
  }
}

function parse<V, A, O>(src: string, b: JsonBuilder<V, A, O>, maxDepth: number, start: number): V {
  const len = src.length;
  let pos = start;

  const stop = (problem: JsonProblem): never => {
    throw new Stop(problem);
  };

  /** Moves past the string literal at `pos`; returns its STRING_* flags. */
  const scanString = (): number => {
    const open = pos;
    let flags = 0;
    let i = pos + 1;
    for (;;) {
      const c = src.charCodeAt(i);
      // Hot loop: plain characters.
      if (c >= 0x20 && c < 0xd800 && c !== QUOTE && c !== BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        break;
      } else if (c === BACKSLASH) {
        const e = src.charCodeAt(i + 1);
        flags |= STRING_ESCAPED;
        if (CANONICAL_ESCAPES[e] === 1) {
          i += 2;
        } else if (e === SLASH) {
          flags |= STRING_NOT_CANONICAL;
          i += 2;
        } else if (e === LOWER_U) {
          for (let k = i + 2; k < i + 6; k++) {
            if (hexValue(src.charCodeAt(k)) < 0)
              stop({ kind: 'string', at: k, reason: 'unicode-escape', open, backslash: i });
          }
          flags |= STRING_NOT_CANONICAL;
          i += 6;
        } else {
          stop({ kind: 'string', at: i + 1, reason: 'escape', open, backslash: i });
        }
      } else if (c > 0xdfff) {
        i++;
      } else if (c >= 0xd800) {
        const next = src.charCodeAt(i + 1);
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          i += 2;
        } else {
          flags |= STRING_NOT_CANONICAL; // a lone surrogate
          i++;
        }
      } else {
        // A control character, or the end of input (NaN).
        stop({
          kind: 'string',
          at: i < len ? i : len,
          reason: i < len ? 'control' : 'unterminated',
          open,
          backslash: -1,
        });
      }
    }
    pos = i + 1;
    return flags;
  };

  /** A property name and its ':' (whitespace before both skipped). */
  const readKey = (first: boolean, comma: number): string => {
    pos = skipWhitespace(src, pos);
    if (src.charCodeAt(pos) !== QUOTE) stop({ kind: 'key', at: pos, first, comma });
    const keyStart = pos;
    const flags = scanString();
    const key = b.key(src, keyStart, pos, flags);
    pos = skipWhitespace(src, pos);
    if (src.charCodeAt(pos) !== COLON) stop({ kind: 'colon', at: pos });
    pos++;
    return key;
  };

  // The open containers, innermost last; for each whether it is an object, and the key awaiting
  // its value ('' in arrays).
  const open: (A | O)[] = [];
  const inObject: boolean[] = [];
  const pendingKeys: string[] = [];
  let place: ValuePlace = 'top';
  let comma = -1;
  for (;;) {
    // A value, or the opening of a container followed by its first member.
    pos = skipWhitespace(src, pos);
    let value: V;
    const c = src.charCodeAt(pos);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (open.length >= maxDepth) stop({ kind: 'depth', at: pos });
      pos = skipWhitespace(src, pos + 1);
      if (c === OPEN_BRACE) {
        if (src.charCodeAt(pos) !== CLOSE_BRACE) {
          open.push(b.object());
          inObject.push(true);
          pendingKeys.push(readKey(true, -1));
          place = 'property';
          continue;
        }
        pos++;
        value = b.emptyObject();
      } else {
        if (src.charCodeAt(pos) !== CLOSE_BRACKET) {
          open.push(b.array());
          inObject.push(false);
          pendingKeys.push('');
          place = 'array-first';
          continue;
        }
        pos++;
        value = b.emptyArray();
      }
    } else if (c === QUOTE) {
      const valueStart = pos;
      const flags = scanString();
      value = b.string(src, valueStart, pos, flags);
    } else if (c === MINUS || isDigit(c)) {
      const valueStart = pos;
      const end = scanNumber(src, pos);
      if (end < 0) stop({ kind: 'number', at: ~end, reason: numberReason(src, valueStart, ~end), place });
      if (isDigit(src.charCodeAt(end))) stop({ kind: 'number', at: end, reason: 'leading-zero', place });
      pos = end;
      value = b.number(src, valueStart, end);
    } else {
      // Read a whole word, so that `True`, `None` or `NaN` are reported as what they are.
      let end = pos;
      while (isWordChar(src.charCodeAt(end))) end++;
      const length = end - pos;
      if (length === 4 && src.startsWith('true', pos)) value = b.literal('true');
      else if (length === 5 && src.startsWith('false', pos)) value = b.literal('false');
      else if (length === 4 && src.startsWith('null', pos)) value = b.literal('null');
      else return stop({ kind: 'value', at: pos, place, comma });
      pos = end;
    }

    // Store the value; then a comma and the next member, or the end of one or more containers.
    for (;;) {
      pos = skipWhitespace(src, pos);
      const depth = open.length;
      if (depth === 0) {
        if (pos < len) stop({ kind: 'end', at: pos });
        return value;
      }
      const top = open[depth - 1]!;
      const next = src.charCodeAt(pos);
      if (inObject[depth - 1]) {
        b.set(top as O, pendingKeys[depth - 1]!, value);
        if (next === COMMA) {
          pendingKeys[depth - 1] = readKey(false, pos++);
          place = 'property';
          break;
        }
        if (next !== CLOSE_BRACE) stop({ kind: 'separator', at: pos, inObject: true });
        value = b.closeObject(top as O);
      } else {
        b.push(top as A, value);
        if (next === COMMA) {
          comma = pos++;
          place = 'array-next';
          break;
        }
        if (next !== CLOSE_BRACKET) stop({ kind: 'separator', at: pos, inObject: false });
        value = b.closeArray(top as A);
      }
      pos++;
      open.pop();
      inObject.pop();
      pendingKeys.pop();
    }
  }
}
