// Bytes as lowercase hex, shared by the tools that print bytes (Base64's hex format, digests).
/** ASCII codes of the two lowercase digits of each byte value. */
const PAIRS = new Uint16Array(256);
const DIGITS = new TextEncoder().encode('0123456789abcdef');
for (let b = 0; b < 256; b++) PAIRS[b] = DIGITS[b >>> 4]! | (DIGITS[b & 15]! << 8); // little-endian view below
const ascii = new TextDecoder();

/** Lowercase hex of `bytes`, written into one buffer (string concatenation is slow for MBs). */
export function toHex(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    const pair = PAIRS[bytes[i]!]!;
    out[2 * i] = pair & 255;
    out[2 * i + 1] = pair >>> 8;
  }
  return ascii.decode(out);
}
