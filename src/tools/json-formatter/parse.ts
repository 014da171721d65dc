// A strict (RFC 8259), lossless JSON parser. It keeps what JSON.parse throws away: numbers as
// written (`1.0`, `1e400`, `-0`, `12345678901234567890`) and the input's key order, integer-like
// keys included. It is iterative (an explicit stack of open containers), so no nesting depth
// can overflow the call stack.
import { describeAt } from './position';

/**
 * A parsed value. Scalars are kept as their output text: numbers and literals exactly as written,
 * strings as the JSON.stringify form of their value. Arrays are JS arrays; objects are
 * JsonObject (never a plain JS object, whose key order and `__proto__` handling differ from JSON).
 */
export type JsonNode = string | JsonNode[] | JsonObject;

/** A JSON object: unique keys (as JSON string literals) in first-seen order, with their values. */
export class JsonObject {
  readonly keys: string[] = [];
  readonly values: JsonNode[] = [];
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

  private find(key: string): number {
    if (this.index === undefined) {
      if (this.keys.length < 16) return this.keys.indexOf(key);
      this.index = new Map(this.keys.map((k, i) => [k, i]));
    }
    return this.index.get(key) ?? -1;
  }
}

/** A syntax error at a UTF-16 offset of the input; the message lacks the position. */
export class JsonSyntaxError extends Error {
  override name = 'JsonSyntaxError';
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

// Character codes (plain constants: the hot loops compare against them).
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

const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isWordChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 /* _ */ || c === 36; /* $ */
const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

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

/** Parses one JSON text. Throws JsonSyntaxError naming what was expected and what was found. */
export function parseJson(src: string): JsonNode {
  const len = src.length;
  let pos = 0;

  const fail = (expected: string, at = pos): never => {
    throw new JsonSyntaxError(`Expected ${expected} but found ${describeAt(src, at)}`, at);
  };

  const skipWhitespace = () => {
    for (;;) {
      const c = src.charCodeAt(pos);
      if (c === SPACE || c === LINE_FEED || c === RETURN || c === TAB) pos++;
      else return;
    }
  };

  /** A string literal at `pos`, as the JSON.stringify form of its value. */
  const readString = (): string => {
    const start = pos;
    let i = pos + 1;
    for (;;) {
      const c = src.charCodeAt(i);
      // Hot loop: plain characters, which JSON.stringify would also leave as they are.
      if (c >= 0x20 && c < 0xd800 && c !== QUOTE && c !== BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        pos = i + 1;
        return src.slice(start, pos);
      } else if (c > 0xdfff) {
        i++;
      } else if (isHighSurrogate(c) && isLowSurrogate(src.charCodeAt(i + 1))) {
        i += 2;
      } else {
        // Escapes, control characters, lone surrogates or the end of input: the slow path.
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
            if (h < 0) fail(`4 hex digits after '\\u'`, k);
            code = code * 16 + h;
          }
          value += String.fromCharCode(code);
          i += 6;
        } else {
          fail(`an escape character (\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u) after '\\'`, i + 1);
        }
        chunk = i;
      } else if (c < 0x20) {
        fail(
          c === LINE_FEED || c === RETURN
            ? `'"' to end the string`
            : 'an escape sequence (control characters must be escaped in strings)',
          i,
        );
      } else {
        i++;
      }
    }
    value += src.slice(chunk, i);
    pos = i + 1;
    return JSON.stringify(value);
  };

  /** A number at `pos` (which holds '-' or a digit), as written. */
  const readNumber = (): string => {
    const start = pos;
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
    return src.slice(start, i);
  };

  /** A string, number or literal at `pos`; anything else is an error that expects `want`. */
  const readScalar = (want: string): string => {
    const c = src.charCodeAt(pos);
    if (c === QUOTE) return readString();
    if (c === MINUS || isDigit(c)) return readNumber();
    if (isWordChar(c)) {
      // Read the whole word so that `True`, `None` or `NaN` are named as found, not their first letter.
      let end = pos + 1;
      while (isWordChar(src.charCodeAt(end))) end++;
      const word = src.slice(pos, end);
      if (word === 'true' || word === 'false' || word === 'null') {
        pos = end;
        return word;
      }
    }
    return fail(want);
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

  // Open containers, innermost last, and for each object the key awaiting its value.
  const open: (JsonNode[] | JsonObject)[] = [];
  const pendingKeys: string[] = [];
  let want = 'a JSON value';
  for (;;) {
    // Read a value, or open a container and go on to its first member.
    skipWhitespace();
    let value: JsonNode;
    const c = src.charCodeAt(pos);
    if (c === OPEN_BRACE) {
      pos++;
      skipWhitespace();
      if (src.charCodeAt(pos) === CLOSE_BRACE) {
        pos++;
        value = new JsonObject();
      } else {
        open.push(new JsonObject());
        pendingKeys.push(readKey(`a double-quoted property name or '}'`));
        want = 'a property value';
        continue;
      }
    } else if (c === OPEN_BRACKET) {
      pos++;
      skipWhitespace();
      if (src.charCodeAt(pos) === CLOSE_BRACKET) {
        pos++;
        value = [];
      } else {
        open.push([]);
        pendingKeys.push('');
        want = `a JSON value or ']'`;
        continue;
      }
    } else {
      value = readScalar(want);
    }

    // Store the value in its container; close every container that ends here.
    for (;;) {
      const top = open[open.length - 1];
      skipWhitespace();
      if (top === undefined) {
        if (pos < len) fail('end of input after the JSON value');
        return value;
      }
      const next = src.charCodeAt(pos);
      if (Array.isArray(top)) {
        top.push(value);
        if (next === COMMA) {
          pos++;
          want = `a JSON value after ','`;
          break;
        }
        if (next !== CLOSE_BRACKET) fail(`',' or ']' after an array element`);
      } else {
        top.set(pendingKeys[pendingKeys.length - 1]!, value);
        if (next === COMMA) {
          pos++;
          pendingKeys[pendingKeys.length - 1] = readKey(`a double-quoted property name after ','`);
          want = 'a property value';
          break;
        }
        if (next !== CLOSE_BRACE) fail(`',' or '}' after a property value`);
      }
      pos++;
      open.pop();
      pendingKeys.pop();
      value = top;
    }
  }
}
