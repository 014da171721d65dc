// The bytes of an HS* shared secret under `secret_encoding`: its UTF-8 bytes, or
// decoded Base64 / base64url, as key servers and RFC 7515 A.1 publish binary HMAC keys. The
// two alphabets are kept apart, so that a secret pasted in the other one is named as such
// rather than silently read (jwt.io's "secret base64 encoded" reads either; a user who picked
// one should learn that the text is the other). Whitespace and '=' padding are accepted in
// both: people paste keys wrapped, and with or without padding.
import { decodeBase64 } from '../../lib/base64';
import { characterPosition as position } from '../../lib/text-position';
import { ToolInputError } from '../define';
import type { SecretEncoding } from './schema';

const OTHER_ALPHABET: Record<Exclude<SecretEncoding, 'utf8'>, { chars: RegExp; other: SecretEncoding }> = {
  base64: { chars: /[-_]/, other: 'base64url' },
  base64url: { chars: /[+/]/, other: 'base64' },
};

/** The HMAC key bytes; a ToolInputError (→ 400) naming 'secret' when the text is not in its encoding. */
export function secretBytes(secret: string, encoding: SecretEncoding): Uint8Array {
  if (encoding === 'utf8') return new TextEncoder().encode(secret);
  const named = `'secret' is not valid ${encoding === 'base64' ? 'Base64' : 'base64url'} (secret_encoding "${encoding}")`;
  const { chars, other } = OTHER_ALPHABET[encoding];
  const stray = chars.exec(secret);
  if (stray) {
    throw new ToolInputError(
      `${named}: '${stray[0]}' at position ${position(secret, stray.index)} belongs to the other alphabet; choose secret_encoding "${other}".`,
    );
  }
  const decoded = decodeBase64(secret);
  if (!decoded.ok) throw new ToolInputError(`${named}: ${decoded.error}`);
  if (decoded.bytes.length === 0) throw new ToolInputError(`${named}: it decodes to no bytes.`);
  return decoded.bytes;
}
