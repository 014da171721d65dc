// Percent-encoding (RFC 3986 §2.1) of the UTF-8 bytes of text, and its inverse. Both run in one
// pass over the input, so 16 MiB inputs take linear time; every problem is reported with its
// 1-based character position.
import { ToolInputError } from '../define';
import { characterPosition } from '../../lib/text-position';
import { StringWriter } from './writer';

export interface TableEntry {
  original: string;
  encoded: string;
}

/** ASCII characters a mode leaves as they are (1) or encodes (0). */
function keepSet(chars: string): Uint8Array {
  const keep = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    keep[c] = /[A-Za-z0-9]/.test(ch) || chars.includes(ch) ? 1 : 0;
  }
  return keep;
}

/** encode-component: RFC 3986 unreserved plus `! * ' ( )`, exactly what encodeURIComponent keeps. */
export const COMPONENT_KEEP = keepSet("-_.!~*'()");
/** encode-full: additionally the URL structure characters the spec lists (`[` and `]` included). */
export const FULL_KEEP = keepSet("-_.!~*'()" + ':/?#[]@$&+,;=');

/**
 * encode-form: the application/x-www-form-urlencoded byte set of the WHATWG URL Standard
 * (§5.2, what `URLSearchParams` writes): only `* - . _` and alphanumerics stay; the space
 * becomes `+` (see `percentEncode`).
 */
export const FORM_KEEP = keepSet('*-._');

const HEX_DIGITS = new TextEncoder().encode('0123456789ABCDEF');
const PERCENT = 0x25;
const asciiDecoder = new TextDecoder();

/**
 * The output of the encode modes is pure ASCII, so it is written as bytes into one growing
 * buffer and turned into a string once at the end: linear time, and several times faster
 * than building a string piece by piece on a 16 MiB input.
 */
class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Makes room for `count` more bytes (doubling, so the copies add up to linear time). */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + count));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  /** Appends `%XX` for one byte. */
  percent(byte: number): void {
    const { bytes } = this;
    bytes[this.length] = PERCENT;
    bytes[this.length + 1] = HEX_DIGITS[byte >> 4]!;
    bytes[this.length + 2] = HEX_DIGITS[byte & 15]!;
    this.length += 3;
  }

  /** Appends the percent-encoded UTF-8 bytes of one code point (at most 12 bytes). */
  codePoint(cp: number): void {
    if (cp < 0x80) {
      this.percent(cp);
    } else if (cp < 0x800) {
      this.percent(0xc0 | (cp >> 6));
      this.percent(0x80 | (cp & 63));
    } else if (cp < 0x10000) {
      this.percent(0xe0 | (cp >> 12));
      this.percent(0x80 | ((cp >> 6) & 63));
      this.percent(0x80 | (cp & 63));
    } else {
      this.percent(0xf0 | (cp >> 18));
      this.percent(0x80 | ((cp >> 12) & 63));
      this.percent(0x80 | ((cp >> 6) & 63));
      this.percent(0x80 | (cp & 63));
    }
  }

  toString(): string {
    return asciiDecoder.decode(this.bytes.subarray(0, this.length));
  }
}

function encodedForm(cp: number): string {
  const out = new ByteWriter(12);
  out.codePoint(cp);
  return out.toString();
}

/**
 * Percent-encodes every character that `keep` does not keep, as UTF-8 with uppercase hex.
 * The table lists each distinct changed character once, in order of first occurrence.
 */
export function percentEncode(
  text: string,
  keep: Uint8Array,
  spaceAsPlus = false,
): { output: string; table: TableEntry[] } {
  const out = new ByteWriter(text.length + 64);
  const table: TableEntry[] = [];
  const seenAscii = new Uint8Array(128);
  const seen = new Set<number>(); // non-ASCII code points already in the table

  for (let i = 0; i < text.length; i++) {
    out.reserve(12);
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if (keep[c]) {
        out.bytes[out.length++] = c;
        continue;
      }
      const plus = spaceAsPlus && c === 0x20;
      if (plus) out.bytes[out.length++] = 0x2b;
      else out.percent(c);
      if (!seenAscii[c]) {
        seenAscii[c] = 1;
        table.push({ original: text[i]!, encoded: plus ? '+' : encodedForm(c) });
      }
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) {
        throw new ToolInputError(
          `'input' contains a lone surrogate (U+${c.toString(16).toUpperCase()}) at position ${characterPosition(text, i)}, which is not valid Unicode and cannot be percent-encoded as UTF-8.`,
        );
      }
      cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
      i++;
    }
    out.codePoint(cp);
    if (!seen.has(cp)) {
      seen.add(cp);
      table.push({ original: String.fromCodePoint(cp), encoded: encodedForm(cp) });
    }
  }
  // Nothing changed: answer the input itself rather than a copy.
  return { output: table.length === 0 ? text : out.toString(), table };
}

/** Value of a hex digit by character code, -1 for anything else. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}

const hexValue = (text: string, i: number): number => {
  const c = i < text.length ? text.charCodeAt(i) : 0x80;
  return c < 0x80 ? HEX_VALUE[c]! : -1;
};

/**
 * Decodes `%XX` sequences as UTF-8 (`+` stays `+`; other characters pass through). A `%`
 * without two hex digits, or bytes that do not form UTF-8, is a ToolInputError naming the
 * position of the offending `%`.
 */
export function percentDecode(text: string): string {
  let i = text.indexOf('%');
  if (i < 0) return text;
  const out = new StringWriter();
  const bytes = new Uint8Array(Math.floor((text.length - i) / 3)); // one run of %XX at a time
  let plain = 0; // start of the current run of characters that pass through

  while (i >= 0) {
    out.slice(text, plain, i);
    const runStart = i;
    let count = 0;
    while (i < text.length && text.charCodeAt(i) === PERCENT) {
      const high = hexValue(text, i + 1);
      const low = hexValue(text, i + 2);
      if (high < 0 || low < 0) {
        throw new ToolInputError(
          `'input' has a malformed percent-encoding at position ${characterPosition(text, i)}: '%' must be followed by two hexadecimal digits (found ${JSON.stringify(text.slice(i, i + 3))}).`,
        );
      }
      bytes[count++] = (high << 4) | low;
      i += 3;
    }
    decodeUtf8(bytes, count, out, (byteIndex, length) => {
      // Byte k of the run is the `%` at runStart + 3k: runs are consecutive triplets.
      const at = runStart + 3 * byteIndex;
      throw new ToolInputError(
        `'input' has percent-encoded bytes at position ${characterPosition(text, at)} that are not valid UTF-8: ${text.slice(at, at + 3 * length)}.`,
      );
    });
    plain = i;
    i = text.indexOf('%', i);
  }
  out.slice(text, plain, text.length);
  return out.toString();
}

/**
 * Strict UTF-8 (Unicode Table 3-7: no overlongs, no surrogates, nothing above U+10FFFF).
 * On an ill-formed sequence calls `fail` with its first byte and how many bytes to show
 * (the lead byte up to the first byte that cannot belong to it).
 */
function decodeUtf8(
  bytes: Uint8Array,
  count: number,
  out: StringWriter,
  fail: (index: number, length: number) => never,
): void {
  let i = 0;
  while (i < count) {
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      out.unit(b0);
      i++;
      continue;
    }
    let need: number; // continuation bytes
    let min = 0x80; // allowed range of the first continuation byte
    let max = 0xbf;
    let cp: number;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      need = 1;
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      need = 2;
      cp = b0 & 0x0f;
      if (b0 === 0xe0) min = 0xa0; // overlong
      if (b0 === 0xed) max = 0x9f; // surrogates
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      need = 3;
      cp = b0 & 0x07;
      if (b0 === 0xf0) min = 0x90; // overlong
      if (b0 === 0xf4) max = 0x8f; // above U+10FFFF
    } else {
      fail(i, 1); // a continuation byte without a lead, C0/C1 (overlong) or F5–FF
    }
    for (let k = 1; k <= need; k++) {
      if (i + k >= count) fail(i, count - i); // the sequence is cut short
      const b = bytes[i + k]!;
      if (b < min || b > max) fail(i, k + 1);
      cp = (cp << 6) | (b & 0x3f);
      min = 0x80;
      max = 0xbf;
    }
    if (cp > 0xffff) {
      cp -= 0x10000;
      out.unit(0xd800 + (cp >> 10));
      out.unit(0xdc00 + (cp & 0x3ff));
    } else {
      out.unit(cp);
    }
    i += need + 1;
  }
}
