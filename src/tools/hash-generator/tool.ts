import { encodeBase64 } from '../../lib/base64';
import { ToolInputError, defineTool } from '../define';
import { digestText } from './digest';
import { Input, NO_HMAC, Output } from './schema';
import { characterPosition } from '../../lib/text-position';
import { findLoneSurrogate } from './utf8';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += HEX[byte];
  return hex;
}

/**
 * A lone surrogate (possible in JSON as "\ud800") has no UTF-8 bytes. Hashing U+FFFD in its
 * place, as TextEncoder and node:crypto silently do, would give a digest of other text than
 * was sent, so it is refused with its position.
 */
function requireWellFormed(field: string, text: string): void {
  const index = findLoneSurrogate(text);
  if (index >= 0) {
    const code = text.charCodeAt(index).toString(16).toUpperCase();
    throw new ToolInputError(
      `'${field}' contains a lone surrogate (U+${code}) at position ${characterPosition(text, index)}, which is not valid Unicode and has no UTF-8 encoding.`,
    );
  }
}

export default defineTool({
  slug: 'hash-generator',
  name: 'Hash Generator',
  summary: 'Computes the MD5, SHA-1, SHA-2, SHA-3, BLAKE2b, BLAKE3 or CRC-32 digest (or an HMAC) of UTF-8 text, as hex or Base64.',
  tag: 'cryptography',
  category: 'crypto',
  icon: 'fingerprint',
  blurb: 'MD5, SHA-256, BLAKE3 or HMAC of text.',
  keywords: ['hash', 'digest', 'checksum', 'md5', 'sha1', 'sha-1', 'sha256', 'sha-256', 'sha512', 'sha-512', 'sha3', 'sha-3', 'blake2', 'blake3', 'crc32', 'hmac'],
  paste: [{ kind: 'text', field: 'input', fit: 0.35 }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'SHA-256 of a string', input: { input: 'Hello, World!' } },
    { summary: 'MD5 as Base64', input: { input: 'Hello, World!', algorithm: 'md5', encoding: 'base64' } },
    { summary: 'HMAC-SHA-512', input: { input: 'message', algorithm: 'sha512', hmac_key: 'secret' } },
  ],
  async run({ input, algorithm, encoding, hmac_key }) {
    // An empty key is accepted: HMAC with a zero-length key is well defined (RFC 2104 pads it).
    if (hmac_key !== undefined && NO_HMAC.has(algorithm)) {
      throw new ToolInputError(`'hmac_key' cannot be used with ${algorithm}: HMAC is available for md5, the SHA families and blake2b.`);
    }
    requireWellFormed('input', input);
    if (hmac_key !== undefined) requireWellFormed('hmac_key', hmac_key);
    const hmacKey = hmac_key === undefined ? undefined : new TextEncoder().encode(hmac_key);
    const digest = await digestText(algorithm, input, { hmacKey });
    const hash = encoding === 'hex' ? toHex(digest.bytes) : encodeBase64(digest.bytes, false, true);
    return { hash, algorithm, encoding, input_byte_length: digest.inputLength, digest_length: hash.length };
  },
});
