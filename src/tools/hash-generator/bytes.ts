// The bytes a request names: `input` and `hmac_key` are UTF-8 text by default, or hex or Base64
// of arbitrary bytes (`input_encoding`, `hmac_key_encoding`), so binary data can be hashed and
// binary keys (as most systems generate them) can be used without a lossy text round trip.
import { decodeBase64 } from '../../lib/base64';
import { characterPosition, quoteCharacter } from '../../lib/text-position';
import { ToolInputError } from '../define';
import type { ByteEncoding } from './schema';
import { encodeUtf8, findLoneSurrogate } from './utf8';

/** ASCII whitespace, which people paste between hex pairs and at Base64 line ends. */
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0c;

/** Nibble value of each ASCII code, -1 for anything that is not a hex digit. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE['0123456789abcdef'.charCodeAt(i)] = i;
  NIBBLE['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/**
 * Hex digits (either case) to bytes; whitespace anywhere is skipped (`xxd -p` breaks lines,
 * people group pairs). Anything else, or an odd count of digits, is an error naming the field.
 */
export function decodeHex(field: string, text: string): Uint8Array {
  const out = new Uint8Array(text.length >>> 1);
  let count = 0;
  let high = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? NIBBLE[c]! : -1;
    if (v < 0) {
      if (isSpace(c)) continue;
      throw new ToolInputError(
        `'${field}' is not valid hex: ${quoteCharacter(text, i)} at position ${characterPosition(text, i)} is not a hex digit (0–9, a–f).`,
      );
    }
    if (high < 0) high = v;
    else {
      out[count++] = (high << 4) | v;
      high = -1;
    }
  }
  if (high >= 0)
    throw new ToolInputError(
      `'${field}' is not valid hex: it has an odd number of digits (${count * 2 + 1}); each byte takes two.`,
    );
  return out.subarray(0, count);
}

/**
 * The bytes of `text` read in `encoding`. UTF-8 text must be well-formed (a lone surrogate has
 * no UTF-8 bytes); the result of a UTF-8 read may be a shared scratch view (see utf8.ts), so
 * consume it before the next `await`.
 */
export function bytesOf(field: string, text: string, encoding: ByteEncoding): Uint8Array {
  if (encoding === 'hex') return decodeHex(field, text);
  if (encoding === 'base64') {
    const decoded = decodeBase64(text);
    if (!decoded.ok) throw new ToolInputError(`'${field}' is not valid Base64: ${decoded.error}`);
    return decoded.bytes;
  }
  requireWellFormed(field, text);
  return encodeUtf8(text);
}

/**
 * A lone surrogate (possible in JSON as "\ud800") has no UTF-8 bytes. Hashing U+FFFD in its
 * place, as TextEncoder and node:crypto silently do, would give a digest of other text than
 * was sent, so it is refused with its position.
 */
export function requireWellFormed(field: string, text: string): void {
  const index = findLoneSurrogate(text);
  if (index >= 0) {
    const code = text.charCodeAt(index).toString(16).toUpperCase();
    throw new ToolInputError(
      `'${field}' contains a lone surrogate (U+${code}) at position ${characterPosition(text, index)}, which is not valid Unicode and has no UTF-8 encoding.`,
    );
  }
}
