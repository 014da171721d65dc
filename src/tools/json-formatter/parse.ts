// The general path's parser: strict (RFC 8259), lossless, and precise about errors. It keeps
// what JSON.parse throws away: numbers as written (`1.0`, `1e400`, `-0`, `12345678901234567890`)
// and the input's key order, integer-like keys included. It is iterative (an explicit stack of
// open containers), so no nesting depth can overflow the call stack; nesting beyond MAX_NESTING
// is an error all the same.
import { MAX_NESTING } from './limits';
import { describeAt } from '../../lib/text-position';

// Character codes are module-local (like everything in the hot loops): under a dev or test module
// runner (vitest), every read of an imported binding is a getter call.
const TAB = 9;
const LINE_FEED = 10;
const RETURN = 13;
const SPACE = 32;
const QUOTE = 34;
const PLUS = 43;
const COMMA = 44;
const MINUS = 45;
const DOT = 46;
const SLASH = 47;
const ZERO = 48;
const ONE = 49;
const NINE = 57;
const COLON = 58;
const UPPER_E = 69;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const LOWER_B = 98;
const LOWER_E = 101;
const LOWER_F = 102;
const LOWER_N = 110;
const LOWER_R = 114;
const LOWER_T = 116;
const LOWER_U = 117;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;

const MAX_DEPTH = MAX_NESTING;

const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isWordChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 /* _ */ || c === 36; /* $ */
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** 0–15, or -1 for a character that is no hex digit. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Escapes JSON.stringify itself writes, so a string using only these is kept as spelled.
 * (`\/` and `\u…` are valid too, but JSON.stringify spells their characters differently.)
 */
const CANONICAL_ESCAPES = new Uint8Array(128);
for (const c of '"\\bfnrt') CANONICAL_ESCAPES[c.charCodeAt(0)] = 1;

/** The character each two-character escape stands for. */
const SIMPLE_ESCAPES: Record<number, string> = {
  [QUOTE]: '"',
  [BACKSLASH]: '\\',
  [SLASH]: '/',
  [LOWER_B]: '\b',
  [LOWER_F]: '\f',
  [LOWER_N]: '\n',
  [LOWER_R]: '\r',
  [LOWER_T]: '\t',
};

/**
 * A parsed value. Scalars are their output text: numbers and literals as written, strings in
 * JSON.stringify's spelling. Objects are JsonObject, never plain JS objects (which would move
 * integer-like keys first and treat `__proto__` specially).
 */
export type JsonNode = string | JsonNode[] | JsonObject;

/** A JSON object: unique keys (as JSON string literals) in first-seen order, with their values. */
export class JsonObject {
  keys: string[] = [];
  values: JsonNode[] = [];
  /** Key → position, built only once an object is large enough for linear search to cost. */
  private index: Map<string, number> | undefined;

  /** Duplicate keys: the last value wins, at the position of the first occurrence. */
  set(key: string, value: JsonNode): void {
    const at = this.find(key);
    if (at >= 0) {
      this.values[at] = value;
      return;
    }
    this.index?.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  /** Drops the room that pushing left in small objects (see closed()). */
  shrink(): void {
    if (this.keys.length > SMALL_CONTAINER) return;
    this.keys = this.keys.slice();
    this.values = this.values.slice();
  }

  private find(key: string): number {
    if (this.index === undefined) {
      if (this.keys.length < 16) return this.keys.indexOf(key);
      this.index = new Map(this.keys.map((k, i) => [k, i]));
    }
    return this.index.get(key) ?? -1;
  }
}

/**
 * Containers with at most this many members are copied to their exact size when they close:
 * an array that grew by push keeps room for 17 elements, which made the tree of 16 MB of
 * one-element arrays take 1.5 GB instead of under 0.5 GB (bench/worst-inputs.mjs). Larger
 * ones waste at most half their size, so they are kept as they are.
 */
const SMALL_CONTAINER = 16;

/** A closed container at (about) its exact size. */
function closed(node: JsonNode[] | JsonObject): JsonNode[] | JsonObject {
  if (Array.isArray(node)) return node.length <= SMALL_CONTAINER ? node.slice() : node;
  node.shrink();
  return node;
}

/**
 * Empty containers are never changed once read (only open ones get members), so every `{}` and
 * `[]` of a document is one of these: 16 MB of `{},` would otherwise be 5.6 million objects.
 */
const EMPTY_ARRAY: JsonNode[] = Object.freeze([]) as unknown as JsonNode[];
const EMPTY_OBJECT = new JsonObject();
Object.freeze(EMPTY_OBJECT.keys);
Object.freeze(EMPTY_OBJECT.values);

/** A syntax error at a UTF-16 offset of the input; the message lacks the position. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

/** Nesting deeper than MAX_NESTING, at the offset of the bracket that went too deep. */
export class NestingTooDeepError extends JsonSyntaxError {
  override name = 'NestingTooDeepError';
  constructor(offset: number) {
    super(`Nesting is deeper than ${MAX_NESTING} levels`, offset);
  }
}

/** Parses one JSON text. Throws JsonSyntaxError naming what was expected and what was found. */
export function parseJson(src: string): JsonNode {
  const len = src.length;
  let pos = 0;

  const fail = (expected: string, at = pos, inString = false): never => {
    throw new JsonSyntaxError(`Expected ${expected} but found ${describeAt(src, at, inString)}`, at);
  };

  const skipWhitespace = () => {
    let i = pos;
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === SPACE || c === LINE_FEED || c === RETURN || c === TAB) i++;
      else break;
    }
    pos = i;
  };

  /** The string literal at `pos`, spelled as JSON.stringify spells its value. */
  const readString = (): string => {
    const start = pos;
    let i = pos + 1;
    for (;;) {
      const c = src.charCodeAt(i);
      // Hot loop: plain characters, which JSON.stringify also leaves as they are.
      if (c >= 0x20 && c < 0xd800 && c !== QUOTE && c !== BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        pos = i + 1;
        return src.slice(start, pos); // already spelled as JSON.stringify would
      } else if (c === BACKSLASH && CANONICAL_ESCAPES[src.charCodeAt(i + 1)] === 1) {
        i += 2;
      } else if (c > 0xdfff) {
        i++;
      } else if (isHighSurrogate(c) && isLowSurrogate(src.charCodeAt(i + 1))) {
        i += 2;
      } else {
        // `\u`, `\/`, invalid escapes, control characters, lone surrogates, end of input.
        return decodeString(start);
      }
    }
  };

  /** Decodes the string literal at `start` and re-escapes its value the way JSON.stringify does. */
  const decodeString = (start: number): string => {
    let value = '';
    let chunk = start + 1;
    let i = chunk;
    for (;;) {
      if (i >= len) fail(`'"' to end the string`, len);
      const c = src.charCodeAt(i);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        value += src.slice(chunk, i);
        const e = src.charCodeAt(i + 1);
        const simple = SIMPLE_ESCAPES[e];
        if (simple !== undefined) {
          value += simple;
          i += 2;
        } else if (e === LOWER_U) {
          let code = 0;
          for (let k = i + 2; k < i + 6; k++) {
            const h = hexValue(src.charCodeAt(k));
            if (h < 0) fail(`4 hex digits after '\\u'`, k, true);
            code = code * 16 + h;
          }
          value += String.fromCharCode(code);
          i += 6;
        } else {
          fail(`an escape character (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u) after '\\'`, i + 1, true);
        }
        chunk = i;
      } else if (c < 0x20) {
        fail(
          c === LINE_FEED || c === RETURN
            ? `'"' to end the string`
            : 'an escape sequence (control characters must be escaped in strings)',
          i,
          true,
        );
      } else {
        i++;
      }
    }
    value += src.slice(chunk, i);
    pos = i + 1;
    return JSON.stringify(value);
  };

  /** Moves past the number at `pos` (which holds '-' or a digit). */
  const readNumber = () => {
    let i = pos;
    if (src.charCodeAt(i) === MINUS) i++;
    const first = src.charCodeAt(i);
    if (first === ZERO) {
      i++;
      if (isDigit(src.charCodeAt(i))) fail(`'.', 'e' or the end of the number after a leading '0' (leading zeros are not allowed)`, i);
    } else if (first >= ONE && first <= NINE) {
      while (isDigit(src.charCodeAt(++i)));
    } else {
      fail(`a digit after '-'`, i);
    }
    if (src.charCodeAt(i) === DOT) {
      if (!isDigit(src.charCodeAt(++i))) fail(`a digit after '.'`, i);
      while (isDigit(src.charCodeAt(++i)));
    }
    const e = src.charCodeAt(i);
    if (e === LOWER_E || e === UPPER_E) {
      const sign = src.charCodeAt(++i);
      if (sign === PLUS || sign === MINUS) i++;
      if (!isDigit(src.charCodeAt(i))) fail('a digit in the exponent', i);
      while (isDigit(src.charCodeAt(++i)));
    }
    pos = i;
  };

  /** A string, number or literal at `pos`; anything else is an error that expects `want`. */
  const readScalar = (want: string): string => {
    const start = pos;
    const c = src.charCodeAt(pos);
    if (c === QUOTE) return readString();
    if (c === MINUS || isDigit(c)) {
      readNumber();
      return src.slice(start, pos);
    }
    // Read a whole word, so that `True`, `None` or `NaN` are named as found, not their first letter.
    let end = pos;
    while (isWordChar(src.charCodeAt(end))) end++;
    const word = src.slice(pos, end);
    if (word !== 'true' && word !== 'false' && word !== 'null') fail(want);
    pos = end;
    return word;
  };

  /** A property name and its ':' (whitespace before both skipped). */
  const readKey = (want: string): string => {
    skipWhitespace();
    if (src.charCodeAt(pos) !== QUOTE) fail(want);
    const key = readString();
    skipWhitespace();
    if (src.charCodeAt(pos) !== COLON) fail(`':' after a property name`);
    pos++;
    return key;
  };

  // The open containers, innermost last, and for each the key awaiting its value ('' in arrays).
  const open: (JsonNode[] | JsonObject)[] = [];
  const pendingKeys: string[] = [];
  let want = 'a JSON value';
  for (;;) {
    // A value, or the opening of a container followed by its first member.
    skipWhitespace();
    let value: JsonNode;
    const c = src.charCodeAt(pos);
    if ((c === OPEN_BRACE || c === OPEN_BRACKET) && open.length === MAX_DEPTH) throw new NestingTooDeepError(pos);
    if (c === OPEN_BRACE) {
      pos++;
      skipWhitespace();
      if (src.charCodeAt(pos) !== CLOSE_BRACE) {
        open.push(new JsonObject());
        pendingKeys.push(readKey(`a double-quoted property name or '}'`));
        want = 'a property value';
        continue;
      }
      pos++;
      value = EMPTY_OBJECT;
    } else if (c === OPEN_BRACKET) {
      pos++;
      skipWhitespace();
      if (src.charCodeAt(pos) !== CLOSE_BRACKET) {
        open.push([]);
        pendingKeys.push('');
        want = `a JSON value or ']'`;
        continue;
      }
      pos++;
      value = EMPTY_ARRAY;
    } else {
      value = readScalar(want);
    }

    // Store the value; then a comma and the next member, or the end of one or more containers.
    for (;;) {
      skipWhitespace();
      const top = open[open.length - 1];
      if (top === undefined) {
        if (pos < len) fail('end of input after the JSON value');
        return value;
      }
      const next = src.charCodeAt(pos);
      if (top instanceof JsonObject) {
        top.set(pendingKeys[pendingKeys.length - 1]!, value);
        if (next === COMMA) {
          pos++;
          pendingKeys[pendingKeys.length - 1] = readKey(`a double-quoted property name after ','`);
          want = 'a property value';
          break;
        }
        if (next !== CLOSE_BRACE) fail(`',' or '}' after a property value`);
      } else {
        top.push(value);
        if (next === COMMA) {
          pos++;
          want = `a JSON value after ','`;
          break;
        }
        if (next !== CLOSE_BRACKET) fail(`',' or ']' after an array element`);
      }
      pos++;
      open.pop();
      pendingKeys.pop();
      value = closed(top);
    }
  }
}
