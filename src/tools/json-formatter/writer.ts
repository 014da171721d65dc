// Output buffers. Formatting emits one small piece per token; gathering them as JS strings
// (concatenation or join) costs an allocation each and dominated the run time, so characters are
// written into a growable byte buffer and turned into one string at the end. The bytes are UTF-8,
// not UTF-16: decoding ASCII-heavy UTF-8 into a string is several times faster than decoding
// UTF-16 (it was a quarter of the fast path's time on a 3 MB document), and it halves the memory
// the writes touch.

/**
 * Pretty output grows with nesting depth times indentation (quadratic for deep nesting), so a
 * small input could ask for more than memory allows. Beyond this many characters formatting
 * stops with OutputTooLargeError.
 */
export const MAX_OUTPUT_CHARS = 64 * 1024 * 1024;

/** The most bytes MAX_OUTPUT_CHARS characters take in UTF-8 (3 per character at most). */
const MAX_OUTPUT_BYTES = 3 * MAX_OUTPUT_CHARS;

export class OutputTooLargeError extends Error {
  override name = 'OutputTooLargeError';
}

/** How lines are laid out: null for minified output, else the indentation of one level. */
export type Layout = { char: number; width: number } | null;

// ignoreBOM keeps a leading U+FEFF (it would be dropped otherwise); buffers never hold lone
// surrogates (they are written escaped), so the bytes are always valid UTF-8 and decoding never
// substitutes U+FFFD.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The string whose UTF-8 encoding is buf[0, length). */
export function bufferToString(buf: Uint8Array, length: number): string {
  return decoder.decode(buf.subarray(0, length));
}

/** A buffer with room for `needed` (≤ MAX_OUTPUT_BYTES) bytes, holding buf[0, used). */
export function growBuffer(buf: Uint8Array, used: number, needed: number): Uint8Array {
  if (needed <= buf.length) return buf;
  const grown = new Uint8Array(Math.max(needed, Math.min(MAX_OUTPUT_BYTES, buf.length * 2)));
  grown.set(buf.subarray(0, used));
  return grown;
}

/** A first buffer for the formatted form of a text of `inputLength` characters. */
export const initialBuffer = (inputLength: number) => new Uint8Array(Math.min(MAX_OUTPUT_BYTES, 2 * inputLength + 64));

const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Writes the UTF-8 encoding of `code` (a code point that is no surrogate, or a whole pair's)
 * at buf[o], which must have room for 4 bytes; returns the index after it.
 */
export function putUtf8(buf: Uint8Array, o: number, code: number): number {
  if (code < 0x80) {
    buf[o++] = code;
  } else if (code < 0x800) {
    buf[o++] = 0xc0 | (code >> 6);
    buf[o++] = 0x80 | (code & 0x3f);
  } else if (code < 0x10000) {
    buf[o++] = 0xe0 | (code >> 12);
    buf[o++] = 0x80 | ((code >> 6) & 0x3f);
    buf[o++] = 0x80 | (code & 0x3f);
  } else {
    buf[o++] = 0xf0 | (code >> 18);
    buf[o++] = 0x80 | ((code >> 12) & 0x3f);
    buf[o++] = 0x80 | ((code >> 6) & 0x3f);
    buf[o++] = 0x80 | (code & 0x3f);
  }
  return o;
}

/** A growable output buffer for the general path, which checks every write against the limit. */
export class OutputWriter {
  private buf: Uint8Array;
  /** Bytes written. */
  private length = 0;
  /** Characters written: the limit counts these. */
  private chars = 0;
  private readonly layout: Layout;

  constructor(layout: Layout, inputLength: number) {
    this.layout = layout;
    this.buf = initialBuffer(inputLength);
  }

  /** Makes room for `chars` more characters taking at most `bytes` bytes. */
  private reserve(chars: number, bytes: number): void {
    this.chars += chars;
    if (this.chars > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    this.buf = growBuffer(this.buf, this.length, this.length + bytes);
  }

  /** An ASCII character. */
  char(c: number): void {
    this.reserve(1, 1);
    this.buf[this.length++] = c;
  }

  /** A string without lone surrogates (scalars and keys are in JSON.stringify's spelling). */
  text(text: string): void {
    const n = text.length;
    this.reserve(n, 3 * n);
    const buf = this.buf;
    let o = this.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        buf[o++] = c;
      } else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
        o = putUtf8(buf, o, text.codePointAt(i++)!); // a pair: 4 bytes for 2 characters
      } else {
        o = putUtf8(buf, o, c);
      }
    }
    this.length = o;
  }

  /** `: ` between a property name and its value, `:` when minifying. */
  colon(): void {
    this.char(58);
    if (this.layout !== null) this.char(32);
  }

  /** Starts a line at nesting `depth` (nothing when minifying). */
  lineBreak(depth: number): void {
    const layout = this.layout;
    if (layout === null) return;
    const width = layout.width * depth;
    this.reserve(1 + width, 1 + width);
    this.buf[this.length++] = 10;
    this.buf.fill(layout.char, this.length, this.length + width);
    this.length += width;
  }

  toString(): string {
    return bufferToString(this.buf, this.length);
  }
}
