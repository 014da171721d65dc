// Strict unpadded base64url (RFC 7515 §2): only A–Z a–z 0–9 '-' '_', no '=', no whitespace.
// JOSE libraries and engines differ in leniency (atob skips whitespace, some accept '+' '/'),
// so every part is checked here first and the engines only ever see canonical text.

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Sextet value of each ASCII code, -1 for characters outside the base64url alphabet. */
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export type Base64urlResult =
  | { ok: true; bytes: Uint8Array }
  /** `index`: UTF-16 index in `text` of the first bad character (or `end` for a bad length). */
  | { ok: false; problem: 'character' | 'length'; index: number };

/** Decodes `text.slice(start, end)` without copying it. */
export function decodeBase64url(text: string, start = 0, end = text.length): Base64urlResult {
  const count = end - start;
  // A final group of one character carries only 6 bits: no encoder produces it.
  const bytes = new Uint8Array(Math.floor((count * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) return { ok: false, problem: 'character', index: i };
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[o++] = (acc >>> bits) & 255;
    }
  }
  if (count % 4 === 1) return { ok: false, problem: 'length', index: end };
  // Non-zero leftover bits are accepted, as every mainstream decoder (and jose) does.
  return { ok: true, bytes };
}

/** Encodes bytes as standard, padded Base64 (for rebuilding a canonical PEM). */
export function encodeBase64(bytes: Uint8Array): string {
  const std = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += std[n >>> 18]! + std[(n >>> 12) & 63]! + std[(n >>> 6) & 63]! + std[n & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i]! << 16;
    out += std[n >>> 18]! + std[(n >>> 12) & 63]! + '==';
  } else if (rest === 2) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += std[n >>> 18]! + std[(n >>> 12) & 63]! + std[(n >>> 6) & 63]! + '=';
  }
  return out;
}
