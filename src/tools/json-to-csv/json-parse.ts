// A strict RFC 8259 JSON parser that keeps what JSON.parse loses, so conversions are lossless:
// - objects are Maps, so keys stay in source order (JS objects move integer-like keys such as
//   "2" or "10" to the front, which would reorder CSV columns);
// - numbers a double cannot hold (integers beyond ±2^53, 1e400, 1e-400) keep their digits;
// - errors carry the same message on every engine, with the index where the problem is.
// It is iterative (an explicit stack), so deep nesting cannot overflow the call stack, and it
// bounds nesting so that the recursive writers downstream are safe.
import { describeCharacter } from '../../lib/text-position';

/** A number kept as written because converting it to a double would change it. */
export class JsonNumberText {
  constructor(readonly text: string) {}
}

export type JsonObject = Map<string, JsonValue>;
export type JsonValue = null | boolean | number | string | JsonNumberText | JsonValue[] | JsonObject;

export type JsonParseResult = { ok: true; value: JsonValue } | { ok: false; message: string; index: number };

/** Deepest nesting of arrays and objects accepted (the document's outer array counts as 1). */
export const MAX_DEPTH = 1000;

class Fail {
  constructor(
    readonly message: string,
    readonly index: number,
  ) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const isWs = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

export function parseJson(text: string, start = 0): JsonParseResult {
  try {
    return { ok: true, value: new Parser(text, start).document() };
  } catch (error) {
    if (error instanceof Fail) return { ok: false, message: error.message, index: error.index };
    throw error;
  }
}

class Parser {
  private i: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.i = start;
  }

  document(): JsonValue {
    const value = this.value();
    this.skipWs();
    if (this.i < this.text.length) throw new Fail(`Unexpected ${describeCharacter(this.text, this.i)} after the end of the JSON value`, this.i);
    return value;
  }

  private skipWs(): void {
    const text = this.text;
    let i = this.i;
    while (i < text.length && isWs(text.charCodeAt(i))) i++;
    this.i = i;
  }

  /** One value, containers included, walked with an explicit stack instead of recursion. */
  private value(): JsonValue {
    const text = this.text;
    const stack: (JsonValue[] | JsonObject)[] = [];
    const keys: string[] = [];
    let value: JsonValue;
    for (;;) {
      // Expect a value at this.i.
      this.skipWs();
      const c = text.charCodeAt(this.i);
      if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
        if (stack.length + 1 > MAX_DEPTH) throw new Fail(`Nesting is deeper than ${MAX_DEPTH} levels`, this.i);
        this.i++;
        this.skipWs();
        if (c === 0x5b) {
          if (text.charCodeAt(this.i) === 0x5d /* ] */) {
            this.i++;
            value = [];
          } else {
            stack.push([]);
            continue;
          }
        } else if (text.charCodeAt(this.i) === 0x7d /* } */) {
          this.i++;
          value = new Map();
        } else {
          stack.push(new Map());
          keys.push(this.key());
          continue;
        }
      } else if (c === QUOTE) {
        value = this.string();
      } else if (c === 0x2d /* - */ || isDigit(c)) {
        value = this.number();
      } else if (c === 0x74 /* t */) {
        value = this.literal('true', true);
      } else if (c === 0x66 /* f */) {
        value = this.literal('false', false);
      } else if (c === 0x6e /* n */) {
        value = this.literal('null', null);
      } else {
        throw new Fail(`Expected a JSON value, found ${describeCharacter(text, this.i)}`, this.i);
      }

      // Attach the value to its container; close containers that end here.
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) return value;
        if (Array.isArray(top)) top.push(value);
        else top.set(keys[keys.length - 1]!, value); // a repeated key keeps its first place, last value wins (as JSON.parse)
        this.skipWs();
        const d = text.charCodeAt(this.i);
        const isArray = Array.isArray(top);
        if (d === 0x2c /* , */) {
          const comma = this.i++;
          this.skipWs();
          const e = text.charCodeAt(this.i);
          if (e === (isArray ? 0x5d : 0x7d)) throw new Fail(`Trailing comma before ${describeCharacter(text, this.i)}`, comma);
          if (!isArray) keys[keys.length - 1] = this.key();
          break;
        }
        if (d === (isArray ? 0x5d : 0x7d)) {
          this.i++;
          value = stack.pop()!;
          if (!isArray) keys.pop();
          continue;
        }
        const expected = isArray ? "',' or ']' after an array element" : "',' or '}' after an object member";
        throw new Fail(`Expected ${expected}, found ${describeCharacter(text, this.i)}`, this.i);
      }
    }
  }

  /** An object key and the colon after it; this.i is at the key (whitespace skipped). */
  private key(): string {
    if (this.text.charCodeAt(this.i) !== QUOTE) {
      throw new Fail(`Expected a property name in double quotes, found ${describeCharacter(this.text, this.i)}`, this.i);
    }
    const key = this.string();
    this.skipWs();
    if (this.text.charCodeAt(this.i) !== 0x3a /* : */) {
      throw new Fail(`Expected ':' after a property name, found ${describeCharacter(this.text, this.i)}`, this.i);
    }
    this.i++;
    return key;
  }

  private literal<T>(word: string, result: T): T {
    for (let k = 0; k < word.length; k++) {
      if (this.text.charCodeAt(this.i + k) !== word.charCodeAt(k)) {
        throw new Fail(`Invalid literal (expected '${word}'), found ${describeCharacter(this.text, this.i + k)}`, this.i + k);
      }
    }
    this.i += word.length;
    return result;
  }

  /** A string; this.i is at the opening quote. Strings without escapes are one slice. */
  private string(): string {
    const text = this.text;
    const open = this.i;
    let i = open + 1;
    let chunkStart = i;
    let out = '';
    for (;;) {
      if (i >= text.length) throw new Fail('Unterminated string', open);
      const c = text.charCodeAt(i);
      if (c === QUOTE) break;
      if (c < 0x20) throw new Fail(`Unescaped control character ${describeCharacter(text, i)} in a string`, i);
      if (c !== BACKSLASH) {
        i++;
        continue;
      }
      out += text.slice(chunkStart, i);
      const e = text.charCodeAt(i + 1);
      switch (e) {
        case QUOTE: out += '"'; break;
        case BACKSLASH: out += '\\'; break;
        case 0x2f: out += '/'; break;
        case 0x62: out += '\b'; break;
        case 0x66: out += '\f'; break;
        case 0x6e: out += '\n'; break;
        case 0x72: out += '\r'; break;
        case 0x74: out += '\t'; break;
        case 0x75 /* u */: {
          const hex = text.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Fail('Invalid \\u escape (expected 4 hex digits)', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 4;
          break;
        }
        default:
          if (i + 1 >= text.length) throw new Fail('Unterminated string', open);
          throw new Fail(`Invalid escape sequence '\\${String.fromCodePoint(text.codePointAt(i + 1)!)}' in a string`, i);
      }
      i += 2;
      chunkStart = i;
    }
    this.i = i + 1;
    return chunkStart === open + 1 ? text.slice(chunkStart, i) : out + text.slice(chunkStart, i);
  }

  /** A number per the JSON grammar; this.i is at '-' or a digit. */
  private number(): number | JsonNumberText {
    const text = this.text;
    const start = this.i;
    let i = start;
    if (text.charCodeAt(i) === 0x2d) i++;
    if (text.charCodeAt(i) === 0x30) {
      i++;
    } else if (isDigit(text.charCodeAt(i))) {
      while (isDigit(text.charCodeAt(i))) i++;
    } else {
      throw new Fail(`Invalid number: expected a digit after '-', found ${describeCharacter(text, i)}`, i);
    }
    let integer = true;
    if (text.charCodeAt(i) === 0x2e /* . */) {
      integer = false;
      i++;
      if (!isDigit(text.charCodeAt(i))) throw new Fail(`Invalid number: expected a digit after '.', found ${describeCharacter(text, i)}`, i);
      while (isDigit(text.charCodeAt(i))) i++;
    }
    const e = text.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      integer = false;
      i++;
      const s = text.charCodeAt(i);
      if (s === 0x2b || s === 0x2d) i++;
      if (!isDigit(text.charCodeAt(i))) throw new Fail(`Invalid number: expected a digit in the exponent, found ${describeCharacter(text, i)}`, i);
      while (isDigit(text.charCodeAt(i))) i++;
    }
    this.i = i;
    const literal = text.slice(start, i);
    const n = Number(literal);
    return isExact(literal, n, integer) ? n : new JsonNumberText(literal);
  }
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
