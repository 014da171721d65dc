// A strict (RFC 8259), lossless JSON parser. It keeps what JSON.parse throws away: numbers as
// written (`1.0`, `1e400`, `-0`, `12345678901234567890`), the input's key order (integer-like keys
// included) and duplicate keys, handing every token to a sink instead of building JS values. It
// is iterative (an explicit stack of open containers), so no nesting depth can overflow the
// call stack.
import {
  TAB,
  LINE_FEED,
  RETURN,
  SPACE,
  QUOTE,
  PLUS,
  COMMA,
  MINUS,
  DOT,
  SLASH,
  ZERO,
  ONE,
  NINE,
  COLON,
  UPPER_E,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  LOWER_B,
  LOWER_E,
  LOWER_F,
  LOWER_N,
  LOWER_R,
  LOWER_T,
  LOWER_U,
  OPEN_BRACE,
  CLOSE_BRACE,
  isDigit,
  isWordChar,
  isHighSurrogate,
  isLowSurrogate,
  hexValue,
  CANONICAL_ESCAPES,
} from './chars';
import { describeAt } from './position';

/**
 * Receives a JSON text as it is parsed, in document order. Tokens arrive as ranges of the source;
 * `text` is set only when the source spelling differs from the output form (a string with `\u`
 * or `\/` escapes, re-escaped the way JSON.stringify does). A sink may throw to stop parsing.
 */
export interface JsonSink {
  beginObject(): void;
  endObject(): void;
  beginArray(): void;
  endArray(): void;
  /** A property name: the string literal src[start, end), quotes included. */
  key(start: number, end: number, text: string | undefined): void;
  /** A string, number, `true`, `false` or `null`: src[start, end). */
  scalar(start: number, end: number, text: string | undefined): void;
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

/** Parses one JSON text into `sink`. Throws JsonSyntaxError naming what was expected and what was found. */
export function parseJson(src: string, sink: JsonSink): void {
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

  /**
   * Moves past the string literal at `pos`. Returns undefined when the source spelling is already
   * what JSON.stringify would print for its value, else that re-escaped form.
   */
  const readString = (): string | undefined => {
    const start = pos;
    let i = pos + 1;
    for (;;) {
      const c = src.charCodeAt(i);
      // Hot loop: plain characters, which JSON.stringify also leaves as they are.
      if (c >= 0x20 && c < 0xd800 && c !== QUOTE && c !== BACKSLASH) {
        i++;
      } else if (c === QUOTE) {
        pos = i + 1;
        return undefined;
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
  const readScalar = (want: string) => {
    const start = pos;
    const c = src.charCodeAt(pos);
    if (c === QUOTE) {
      const text = readString();
      sink.scalar(start, pos, text);
      return;
    }
    if (c === MINUS || isDigit(c)) {
      readNumber();
    } else {
      // Read a whole word, so that `True`, `None` or `NaN` are named as found, not their first letter.
      let end = pos;
      while (isWordChar(src.charCodeAt(end))) end++;
      const word = src.slice(pos, end);
      if (word !== 'true' && word !== 'false' && word !== 'null') fail(want);
      pos = end;
    }
    sink.scalar(start, pos, undefined);
  };

  /** A property name and its ':' (whitespace before both skipped). */
  const readKey = (want: string) => {
    skipWhitespace();
    const start = pos;
    if (src.charCodeAt(pos) !== QUOTE) fail(want);
    const text = readString();
    sink.key(start, pos, text);
    skipWhitespace();
    if (src.charCodeAt(pos) !== COLON) fail(`':' after a property name`);
    pos++;
  };

  // The open containers, innermost last: true for an object, false for an array.
  const inObject: boolean[] = [];
  let want = 'a JSON value';
  for (;;) {
    // A value, or the opening of a container followed by its first member.
    skipWhitespace();
    const c = src.charCodeAt(pos);
    if (c === OPEN_BRACE) {
      pos++;
      sink.beginObject();
      skipWhitespace();
      if (src.charCodeAt(pos) !== CLOSE_BRACE) {
        inObject.push(true);
        readKey(`a double-quoted property name or '}'`);
        want = 'a property value';
        continue;
      }
      pos++;
      sink.endObject();
    } else if (c === OPEN_BRACKET) {
      pos++;
      sink.beginArray();
      skipWhitespace();
      if (src.charCodeAt(pos) !== CLOSE_BRACKET) {
        inObject.push(false);
        want = `a JSON value or ']'`;
        continue;
      }
      pos++;
      sink.endArray();
    } else {
      readScalar(want);
    }

    // After a value: a comma and the next member, or the end of one or more containers.
    for (;;) {
      skipWhitespace();
      const depth = inObject.length;
      if (depth === 0) {
        if (pos < len) fail('end of input after the JSON value');
        return;
      }
      const next = src.charCodeAt(pos);
      if (inObject[depth - 1]) {
        if (next === COMMA) {
          pos++;
          readKey(`a double-quoted property name after ','`);
          want = 'a property value';
          break;
        }
        if (next !== CLOSE_BRACE) fail(`',' or '}' after a property value`);
        pos++;
        inObject.pop();
        sink.endObject();
      } else {
        if (next === COMMA) {
          pos++;
          want = `a JSON value after ','`;
          break;
        }
        if (next !== CLOSE_BRACKET) fail(`',' or ']' after an array element`);
        pos++;
        inObject.pop();
        sink.endArray();
      }
    }
  }
}
