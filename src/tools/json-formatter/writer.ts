// Output buffers. Formatting emits one small piece per token; gathering them as JS strings
// (concatenation or join) costs an allocation each and dominated the run time, so characters are
// written into a growable Uint16Array and turned into one string at the end.

/**
 * Pretty output grows with nesting depth times indentation (quadratic for deep nesting), so a
 * small input could ask for more than memory allows. Beyond this many characters formatting
 * stops with OutputTooLargeError.
 */
export const MAX_OUTPUT_CHARS = 64 * 1024 * 1024;

export class OutputTooLargeError extends Error {
  override name = 'OutputTooLargeError';
}

/** How lines are laid out: null for minified output, else the indentation of one level. */
export type Layout = { char: number; width: number } | null;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
// ignoreBOM keeps a leading U+FEFF (it would be dropped otherwise); buffers never hold lone
// surrogates (they are written escaped), so decoding never substitutes U+FFFD.
const decoder = new TextDecoder(LITTLE_ENDIAN ? 'utf-16le' : 'utf-16be', { ignoreBOM: true });

/** The string held in buf[0, length). */
export function bufferToString(buf: Uint16Array, length: number): string {
  return decoder.decode(buf.subarray(0, length));
}

/** A buffer with room for `needed` (≤ MAX_OUTPUT_CHARS) characters, holding buf[0, used). */
export function growBuffer(buf: Uint16Array, used: number, needed: number): Uint16Array {
  if (needed <= buf.length) return buf;
  const grown = new Uint16Array(Math.min(MAX_OUTPUT_CHARS, Math.max(needed, buf.length * 2)));
  grown.set(buf.subarray(0, used));
  return grown;
}

/** A first buffer for the formatted form of a text of `inputLength` characters. */
export const initialBuffer = (inputLength: number) =>
  new Uint16Array(Math.min(MAX_OUTPUT_CHARS, inputLength + (inputLength >> 1) + 64));

/** A growable output buffer for the general path, which checks every write against the limit. */
export class OutputWriter {
  private buf: Uint16Array;
  private length = 0;
  private readonly layout: Layout;

  constructor(layout: Layout, inputLength: number) {
    this.layout = layout;
    this.buf = initialBuffer(inputLength);
  }

  /** Makes room for `n` more characters. */
  private reserve(n: number): void {
    const needed = this.length + n;
    if (needed > MAX_OUTPUT_CHARS) throw new OutputTooLargeError();
    this.buf = growBuffer(this.buf, this.length, needed);
  }

  char(c: number): void {
    this.reserve(1);
    this.buf[this.length++] = c;
  }

  text(text: string): void {
    this.reserve(text.length);
    const buf = this.buf;
    let o = this.length;
    for (let i = 0; i < text.length; i++) buf[o++] = text.charCodeAt(i);
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
    this.reserve(1 + width);
    this.buf[this.length++] = 10;
    this.buf.fill(layout.char, this.length, this.length + width);
    this.length += width;
  }

  toString(): string {
    return bufferToString(this.buf, this.length);
  }
}
