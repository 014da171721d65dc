// RFC 4648 Base64 over bytes, the one implementation of every tool, page and door, the same on
// every engine (no Buffer, no atob/btoa, whose Latin-1 semantics and lenience differ):
// - encodeBase64: standard or URL-safe alphabet, padded or not;
// - decodeBase64: what people paste (whitespace, either alphabet, optional padding), strict about
//   everything else, with a fast path for clean input (image payloads run to megabytes) and a
//   sentence naming the first problem and its position;
// - decodeBase64url: strict unpadded base64url (RFC 7515 §2: no '=', no whitespace, no '+' '/')
//   for JOSE, whose libraries differ in lenience; it reports where, and the caller words it.
import { decodeNative, encodeNative } from './base64-native';
import { characterPosition as position, quoteCharacter } from './text-position';

const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Sextet value of each ASCII code in either alphabet; -1 for anything else. */
const EITHER = new Int8Array(128).fill(-1);
/** Sextet value of each ASCII code in the URL-safe alphabet only; -1 for anything else. */
const URL_ONLY = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  EITHER[STANDARD.charCodeAt(i)] = i;
  EITHER[URL_SAFE.charCodeAt(i)] = i;
  URL_ONLY[URL_SAFE.charCodeAt(i)] = i;
}

const STANDARD_CODES = new TextEncoder().encode(STANDARD);
const URL_SAFE_CODES = new TextEncoder().encode(URL_SAFE);
const ascii = new TextDecoder();

/**
 * Written into a byte buffer and turned into a string once: building the string by
 * concatenation took ~0.6 s for 5 MB and was the larger part of a small request's time.
 * By default the standard alphabet, padded (as PEM, image payloads and Base64 digests are).
 */
export function encodeBase64(bytes: Uint8Array, urlSafe = false, padding = true): string {
  const native = encodeNative(bytes, urlSafe, padding); // megabytes: the runtime's own, same text
  if (native !== undefined) return native;
  const alphabet = urlSafe ? URL_SAFE_CODES : STANDARD_CODES;
  const whole = bytes.length - (bytes.length % 3);
  const rest = bytes.length - whole;
  const out = new Uint8Array((whole / 3) * 4 + (rest === 0 ? 0 : padding ? 4 : rest + 1));
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const n = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o] = alphabet[n >>> 18]!;
    out[o + 1] = alphabet[(n >>> 12) & 63]!;
    out[o + 2] = alphabet[(n >>> 6) & 63]!;
    out[o + 3] = alphabet[n & 63]!;
    o += 4;
  }
  if (rest > 0) {
    const n = (bytes[whole]! << 16) | (rest === 2 ? bytes[whole + 1]! << 8 : 0);
    out[o++] = alphabet[n >>> 18]!;
    out[o++] = alphabet[(n >>> 12) & 63]!;
    if (rest === 2) out[o++] = alphabet[(n >>> 6) & 63]!;
    while (o < out.length) out[o++] = 61; // '=' (only when padding: otherwise out ends here)
  }
  return ascii.decode(out);
}

/** The bytes of the first `count` sextets (count % 4 is never 1): 3 for every 4. */
function pack(sextets: Uint8Array, count: number): Uint8Array {
  const bytes = new Uint8Array(Math.floor((count * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 3 < count; i += 4) {
    const n = (sextets[i]! << 18) | (sextets[i + 1]! << 12) | (sextets[i + 2]! << 6) | sextets[i + 3]!;
    bytes[o++] = n >>> 16;
    bytes[o++] = (n >>> 8) & 255;
    bytes[o++] = n & 255;
  }
  if (count - i === 2) {
    bytes[o] = (sextets[i]! << 2) | (sextets[i + 1]! >>> 4);
  } else if (count - i === 3) {
    const n = (sextets[i]! << 12) | (sextets[i + 1]! << 6) | sextets[i + 2]!;
    bytes[o++] = n >>> 10;
    bytes[o] = (n >>> 2) & 255;
  }
  return bytes;
}

export type Alphabet = 'standard' | 'url-safe';

export type DecodeResult =
  /** `alphabet`: the one the input shows, if its characters tell (mixed input is accepted). */
  { ok: true; bytes: Uint8Array; alphabet: Alphabet | undefined } | { ok: false; error: string };

const alphabetOf = (sawStandard: boolean, sawUrlSafe: boolean): Alphabet | undefined =>
  sawUrlSafe === sawStandard ? undefined : sawUrlSafe ? 'url-safe' : 'standard';

/**
 * Decodes Base64 in either alphabet. Whitespace is ignored, padding is optional, but padding
 * that is present must be correct and final.
 */
export function decodeBase64(text: string): DecodeResult {
  // Megabytes of clean Base64 (an image request): the runtime's own decoder, checked by a round
  // trip (base64-native.ts); the rest by the loops below.
  const native = decodeNative(text);
  if (native) return { ok: true, bytes: native.bytes, alphabet: alphabetOf(native.standard, native.urlSafe) };
  return decodeClean(text) ?? decodeCarefully(text);
}

/**
 * The fast path: ASCII alphabet characters, space, tab and line breaks, and at most two '=' at
 * the very end, which must complete the last group. Undefined for anything else, which the
 * careful path then decodes or explains (with the same bytes wherever both succeed).
 */
function decodeClean(text: string): DecodeResult | undefined {
  const chars = new Uint8Array(text.length);
  const { written, read } = new TextEncoder().encodeInto(text, chars);
  if (read !== text.length || written !== text.length) return undefined; // not all ASCII
  // Compact the sextets into `chars`, skipping whitespace, stopping at the trailing '='.
  let count = 0;
  let end = written;
  while (end > 0 && chars[end - 1] === 61) end--;
  if (written - end > 2) return undefined;
  let sawStandard = false;
  let sawUrlSafe = false;
  for (let i = 0; i < end; i++) {
    const c = chars[i]!;
    const v = EITHER[c]!;
    if (v >= 0) {
      chars[count++] = v;
      if (v >= 62) {
        if (c === 43 || c === 47)
          sawStandard = true; // '+' '/'
        else sawUrlSafe = true; // '-' '_'
      }
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      return undefined;
    }
  }
  if (count % 4 === 1 || (written !== end && (count + written - end) % 4 !== 0)) return undefined;
  return { ok: true, bytes: pack(chars, count), alphabet: alphabetOf(sawStandard, sawUrlSafe) };
}

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c;

/** Quotes a character for an error message, spelling out controls and DEL. */
const describeChar = (text: string, index: number) => quoteCharacter(text, index, (cp) => cp < 0x20 || cp === 0x7f);

/** Any input, character by character: its bytes, or the first problem and its position. */
function decodeCarefully(text: string): DecodeResult {
  const sextets = new Uint8Array(text.length);
  let count = 0;
  let padding = 0;
  let firstPadIndex = -1;
  let sawStandard = false;
  let sawUrlSafe = false;

  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) continue;
    if (c === 0x3d /* = */) {
      if (padding === 0) firstPadIndex = i;
      padding++;
      continue;
    }
    const v = c < 128 ? EITHER[c]! : -1;
    if (v < 0) {
      return {
        ok: false,
        error: `Invalid character ${describeChar(text, i)} at position ${position(text, i)}: Base64 allows only A–Z, a–z, 0–9, '+', '/' (or '-', '_') and '=' padding.`,
      };
    }
    if (padding > 0) {
      return {
        ok: false,
        error: `Padding '=' at position ${position(text, firstPadIndex)} is in the middle of the input; padding may only end it.`,
      };
    }
    if (c === 0x2b || c === 0x2f) sawStandard = true;
    else if (c === 0x2d || c === 0x5f) sawUrlSafe = true;
    sextets[count++] = v;
  }

  if (count % 4 === 1) {
    return {
      ok: false,
      error: `Invalid length: ${count} Base64 characters cannot encode whole bytes (a group of 4 may not end with a single character).`,
    };
  }
  if (padding > 0 && (padding > 2 || (count + padding) % 4 !== 0)) {
    return {
      ok: false,
      error: `Incorrect padding at position ${position(text, firstPadIndex)}: ${count} characters take ${(4 - (count % 4)) % 4} '=', not ${padding}.`,
    };
  }
  return { ok: true, bytes: pack(sextets, count), alphabet: alphabetOf(sawStandard, sawUrlSafe) };
}

export type Base64urlResult =
  | { ok: true; bytes: Uint8Array }
  /** `index`: UTF-16 index in `text` of the first bad character (or `end` for a bad length). */
  | { ok: false; problem: 'character' | 'length'; index: number };

/** Decodes strict base64url in `text.slice(start, end)`, without copying it. */
export function decodeBase64url(text: string, start = 0, end = text.length): Base64urlResult {
  const count = end - start;
  // A final group of one character carries only 6 bits: no encoder produces it.
  const bytes = new Uint8Array(Math.floor((count * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? URL_ONLY[c]! : -1;
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
