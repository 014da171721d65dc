// The fast path: validates and formats in one pass, copying characters straight from the input
// into the output buffer (as UTF-8), with no token objects, strings or calls per token. It
// handles what real documents contain and gives up (returns undefined) on everything else: any
// syntax error (the general path then reports it precisely), a duplicate key (or two keys with
// the same 32-bit hash), a lone surrogate, a surrogate pair with one half escaped, nesting deeper
// than MAX_NESTING (also an error there), or output that could pass MAX_OUTPUT_CHARS. Its answers
// must equal the general path's; the unit tests compare both on many generated and mutated
// documents.
import {
  CANONICAL_ESCAPES,
  CHAR,
  hex4,
  isDigit as isJsonDigit,
  scanNumber,
  skipWhitespace as skipJsonWhitespace,
} from '../../lib/json-strict';
import { MAX_NESTING } from './limits';
import { MAX_OUTPUT_CHARS, bufferToString, growBuffer, initialBuffer, putUtf8, type Layout } from './writer';

// Everything the hot loops touch is module-local: under a dev or test module runner (vitest),
// every read of an imported binding is a getter call, which made this path 3–4 times slower.
// The output is UTF-8, so a byte count at or under this limit also keeps the characters under it.
const MAX_OUTPUT = MAX_OUTPUT_CHARS;
const grow = growBuffer;
const put = putUtf8;
// The grammar's primitives (src/lib/json-strict.ts), likewise.
const skipWhitespace = skipJsonWhitespace;
const isDigit = isJsonDigit;
const hexCode = hex4;
const scan = scanNumber;
/** Escapes JSON.stringify itself writes (`\"` `\\` `\b` `\f` `\n` `\r` `\t`): copied as they are. */
const CANONICAL = CANONICAL_ESCAPES;

const {
  LINE_FEED,
  SPACE,
  QUOTE,
  COMMA,
  MINUS,
  SLASH,
  COLON,
  OPEN_BRACKET,
  BACKSLASH,
  CLOSE_BRACKET,
  LOWER_U,
  OPEN_BRACE,
  CLOSE_BRACE,
} = CHAR;

/**
 * Where the input (`pos`) and the output (`out`, in bytes of `buf`) stand; helpers move both.
 * Between writes, `buf` always has room for the rest of the input plus SLACK bytes (see newLine).
 */
interface Cursor {
  pos: number;
  out: number;
  buf: Uint8Array;
}

/** Bytes beyond the rest of the input that `buf` always has room for: the space after a ':'. */
const SLACK = 2;

/** JSON.stringify's spelling of the characters it escapes (controls, `"` and `\`), by code. */
const ESCAPED = Array.from({ length: 0x5d }, (_, c) =>
  c < 0x20 || c === QUOTE || c === BACKSLASH ? JSON.stringify(String.fromCharCode(c)).slice(1, -1) : '',
);

/** Objects with more keys than this check duplicates through a Set instead of a linear scan. */
const LINEAR_KEYS = 16;

/**
 * Nesting deeper than the general parser accepts (MAX_NESTING, limits.ts) is left to the general
 * path, which reports it with its position. Empty containers count too, so the two paths agree.
 */
const MAX_DEPTH = MAX_NESTING;

/**
 * Copies the string literal at cur.pos, re-spelled the way JSON.stringify writes its value, in
 * UTF-8. False when it is invalid or holds a lone surrogate, or when its UTF-8 could pass
 * MAX_OUTPUT_CHARS.
 */
function copyString(src: string, cur: Cursor): boolean {
  let buf = cur.buf;
  let i = cur.pos + 1;
  let o = cur.out;
  buf[o++] = QUOTE;
  for (;;) {
    const c = src.charCodeAt(i);
    if (c >= 0x20 && c < 0x80 && c !== QUOTE && c !== BACKSLASH) {
      buf[o++] = c;
      i++;
    } else if (c === QUOTE) {
      break;
    } else if (c === BACKSLASH) {
      const e = src.charCodeAt(i + 1);
      if (CANONICAL[e] === 1) {
        buf[o++] = BACKSLASH;
        buf[o++] = e;
        i += 2;
      } else if (e === SLASH) {
        buf[o++] = SLASH;
        i += 2;
      } else if (e === LOWER_U) {
        const code = hexCode(src, i + 2);
        if (code < 0) return false;
        if (code >= 0xd800 && code <= 0xdfff) {
          // Only an escaped pair (`\ud83d\ude00`) is taken here; it becomes the character itself
          // (4 bytes for 12 characters).
          if (code > 0xdbff || src.charCodeAt(i + 6) !== BACKSLASH || src.charCodeAt(i + 7) !== LOWER_U) return false;
          const low = hexCode(src, i + 8);
          if (low < 0xdc00 || low > 0xdfff) return false;
          o = put(buf, o, 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00));
          i += 12;
        } else {
          // At most 6 bytes for 6 characters: JSON.stringify's escape, or the character's UTF-8.
          const escaped = code < ESCAPED.length ? ESCAPED[code]! : '';
          if (escaped === '') o = put(buf, o, code);
          else for (let k = 0; k < escaped.length; k++) buf[o++] = escaped.charCodeAt(k);
          i += 6;
        }
      } else {
        return false;
      }
    } else if (c >= 0x80) {
      // A character beyond ASCII takes up to 3 bytes (a pair 4 for 2): more than its share of
      // the room kept for the rest of the input, so make sure of the room first.
      const needed = o + 4 + (src.length - i) + SLACK;
      if (needed > buf.length) {
        if (needed > MAX_OUTPUT) return false;
        buf = cur.buf = grow(buf, o, needed);
      }
      if (c < 0xd800 || c > 0xdfff) {
        o = put(buf, o, c);
        i++;
      } else {
        const low = src.charCodeAt(i + 1);
        if (c > 0xdbff || low < 0xdc00 || low > 0xdfff) return false; // a lone surrogate
        o = put(buf, o, 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00));
        i += 2;
      }
    } else {
      return false; // a control character or the end of input
    }
  }
  buf[o++] = QUOTE;
  cur.pos = i + 1;
  cur.out = o;
  return true;
}

/**
 * Copies the number at cur.pos as written. False when it breaks the JSON number grammar. (A
 * digit after a leading '0' fails in the caller, as no value can be followed by a digit.)
 */
function copyNumber(src: string, cur: Cursor): boolean {
  const start = cur.pos;
  const i = scan(src, start);
  if (i < 0) return false;
  const buf = cur.buf;
  let o = cur.out;
  for (let k = start; k < i; k++) buf[o++] = src.charCodeAt(k);
  cur.pos = i;
  cur.out = o;
  return true;
}

/** Copies `true`, `false` or `null` at cur.pos. (A letter right after it fails in the caller.) */
function copyLiteral(src: string, cur: Cursor): boolean {
  const c = src.charCodeAt(cur.pos);
  const word = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : '';
  if (word === '' || !src.startsWith(word, cur.pos)) return false;
  const buf = cur.buf;
  let o = cur.out;
  for (let k = 0; k < word.length; k++) buf[o++] = word.charCodeAt(k);
  cur.pos += word.length;
  cur.out = o;
  return true;
}

/** 32-bit hash of buf[start, end), to detect duplicate keys without making strings. */
function hashRange(buf: Uint8Array, start: number, end: number): number {
  let h = 0;
  for (let k = start; k < end; k++) h = (Math.imul(h, 31) + buf[k]!) | 0;
  return h;
}

/** Formats `src` in `layout`, or returns undefined for the general path to handle. */
export function formatFast(src: string, layout: Layout): string | undefined {
  // The buffer must hold the whole input (see Cursor); beyond that, leave it to the general path.
  if (src.length + 64 > MAX_OUTPUT) return undefined;
  return new FastFormatter(src, layout).run();
}

class FastFormatter implements Cursor {
  pos = 0;
  out = 0;
  buf: Uint8Array;
  private readonly src: string;
  private readonly pretty: boolean;
  private readonly indentChar: number;
  private readonly indentWidth: number;
  /** Open containers, innermost last: true for an object. */
  private readonly inObject: boolean[] = [];
  /** Hashes of the keys of every open object, the innermost object's last. */
  private readonly keyHashes: number[] = [];
  private hashCount = 0;
  /** For each open object: where its hashes start, and the Set that replaces the linear scan when large. */
  private readonly keyBase: number[] = [];
  private readonly keySets: (Set<number> | undefined)[] = [];

  constructor(src: string, layout: Layout) {
    this.src = src;
    this.pretty = layout !== null;
    this.indentChar = layout?.char ?? 0;
    this.indentWidth = layout?.width ?? 0;
    this.buf = initialBuffer(src.length);
  }

  run(): string | undefined {
    const src = this.src;
    const inObject = this.inObject;
    for (;;) {
      // A value, or the opening of a container followed by its first member.
      this.pos = skipWhitespace(src, this.pos);
      const c = src.charCodeAt(this.pos);
      if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        if (inObject.length === MAX_DEPTH) return undefined;
        const close = c + 2; // '{' + 2 is '}', '[' + 2 is ']'
        this.buf[this.out++] = c;
        this.pos = skipWhitespace(src, this.pos + 1);
        if (src.charCodeAt(this.pos) === close) {
          this.buf[this.out++] = close;
          this.pos++;
        } else {
          inObject.push(c === OPEN_BRACE);
          if (!this.newLine(inObject.length)) return undefined;
          if (c === OPEN_BRACE) {
            this.keyBase.push(this.hashCount);
            this.keySets.push(undefined);
            if (!this.copyKey()) return undefined;
          }
          continue;
        }
      } else if (c === QUOTE) {
        if (!copyString(src, this)) return undefined;
      } else if (c === MINUS || isDigit(c)) {
        if (!copyNumber(src, this)) return undefined;
      } else if (!copyLiteral(src, this)) {
        return undefined;
      }

      // After a value: a comma and the next member, or the end of one or more containers.
      for (;;) {
        this.pos = skipWhitespace(src, this.pos);
        const depth = inObject.length;
        if (depth === 0) {
          if (this.pos < src.length) return undefined;
          return bufferToString(this.buf, this.out);
        }
        const next = src.charCodeAt(this.pos);
        const isObject = inObject[depth - 1]!;
        if (next === COMMA) {
          this.pos++;
          this.buf[this.out++] = COMMA;
          if (!this.newLine(depth)) return undefined;
          if (isObject && !this.copyKey()) return undefined;
          break;
        }
        if (next !== (isObject ? CLOSE_BRACE : CLOSE_BRACKET)) return undefined;
        this.pos++;
        inObject.pop();
        if (isObject) {
          this.hashCount = this.keyBase.pop()!;
          this.keySets.pop();
        }
        if (!this.newLine(depth - 1)) return undefined;
        this.buf[this.out++] = next;
      }
    }
  }

  /**
   * Starts a line at `depth` when pretty. The output never outruns the input except by line
   * breaks, indentation, the space after ':' and characters beyond ASCII (which copyString makes
   * room for), so this is where the buffer grows: for this line plus all the input left plus
   * SLACK (which makes every other write safe). False when that could pass MAX_OUTPUT_CHARS: the
   * general path then decides exactly.
   */
  private newLine(depth: number): boolean {
    if (!this.pretty) return true;
    const width = this.indentWidth * depth;
    let o = this.out;
    const needed = o + 1 + width + (this.src.length - this.pos) + SLACK;
    if (needed > MAX_OUTPUT) return false;
    const buf = (this.buf = grow(this.buf, o, needed));
    buf[o++] = LINE_FEED;
    const end = o + width;
    const char = this.indentChar;
    while (o < end) buf[o++] = char;
    this.out = end;
    return true;
  }

  /** A property name, its ':' and, when pretty, a space. False when invalid or seen before. */
  private copyKey(): boolean {
    const src = this.src;
    this.pos = skipWhitespace(src, this.pos);
    const start = this.out;
    if (src.charCodeAt(this.pos) !== QUOTE || !copyString(src, this)) return false;
    if (!this.isNewKey(hashRange(this.buf, start + 1, this.out - 1))) return false;
    this.pos = skipWhitespace(src, this.pos);
    if (src.charCodeAt(this.pos) !== COLON) return false;
    this.pos++;
    this.buf[this.out++] = COLON;
    if (this.pretty) this.buf[this.out++] = SPACE;
    return true;
  }

  /** Records a key hash of the innermost object; false when the object already has it. */
  private isNewKey(hash: number): boolean {
    const object = this.keyBase.length - 1;
    const base = this.keyBase[object]!;
    const hashes = this.keyHashes;
    let set = this.keySets[object];
    if (set === undefined && this.hashCount - base < LINEAR_KEYS) {
      for (let k = base; k < this.hashCount; k++) if (hashes[k] === hash) return false;
      hashes[this.hashCount++] = hash;
      return true;
    }
    set ??= this.keySets[object] = new Set(hashes.slice(base, this.hashCount));
    if (set.has(hash)) return false;
    set.add(hash);
    return true;
  }
}
