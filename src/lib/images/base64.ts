// Base64 for image payloads, which run to megabytes: encoding is the Base64 tool's (written
// into a byte buffer, not concatenated). Decoding takes a fast path for clean input and falls
// back to the Base64 tool's decoder, whose error messages name the offending character and its
// position.
import { decodeBase64, encodeBase64 } from '../../tools/base64/codec';

const ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');

/** Standard alphabet, padded. */
export const toBase64 = (bytes: Uint8Array): string => encodeBase64(bytes, false, true);

/** Sextet of each ASCII code, both alphabets; -1 for anything else. */
const SEXTET = new Int8Array(256).fill(-1);
ALPHABET.forEach((code, i) => (SEXTET[code] = i));
SEXTET[45] = 62; // '-'
SEXTET[95] = 63; // '_'

export type Decoded = { ok: true; bytes: Uint8Array } | { ok: false; error: string };

/** Either alphabet; whitespace ignored; padding optional but only at the end. */
export function fromBase64(text: string): Decoded {
  const chars = new Uint8Array(text.length);
  const { written, read } = new TextEncoder().encodeInto(text, chars);
  if (read === text.length && written === text.length) {
    // All ASCII: compact the sextets, skipping whitespace, stopping at padding.
    let count = 0;
    let end = written;
    while (end > 0 && chars[end - 1] === 61) end--; // trailing '='
    let clean = written - end <= 2;
    for (let i = 0; i < end && clean; i++) {
      const c = chars[i]!;
      const v = SEXTET[c]!;
      if (v >= 0) chars[count++] = v;
      else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) clean = false;
    }
    if (clean && count % 4 !== 1 && (written === end || (count + written - end) % 4 === 0)) {
      const bytes = new Uint8Array(Math.floor((count * 3) / 4));
      let o = 0;
      let i = 0;
      for (; i + 3 < count; i += 4) {
        const n = (chars[i]! << 18) | (chars[i + 1]! << 12) | (chars[i + 2]! << 6) | chars[i + 3]!;
        bytes[o++] = n >>> 16;
        bytes[o++] = (n >>> 8) & 255;
        bytes[o++] = n & 255;
      }
      if (count - i === 2) bytes[o] = (chars[i]! << 2) | (chars[i + 1]! >>> 4);
      else if (count - i === 3) {
        const n = (chars[i]! << 12) | (chars[i + 1]! << 6) | chars[i + 2]!;
        bytes[o++] = n >>> 10;
        bytes[o] = (n >>> 2) & 255;
      }
      return { ok: true, bytes };
    }
  }
  const slow = decodeBase64(text);
  return slow.ok ? { ok: true, bytes: slow.bytes } : { ok: false, error: slow.error };
}
