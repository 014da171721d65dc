import { encodeBase64 } from '../../lib/base64';
import { ToolInputError, defineTool } from '../define';
import { bytesOf, requireWellFormed } from './bytes';
import { digestOf } from './digest';
import { toHex } from '../../lib/hex';
import { parseChecksumLine, sameBytes } from './expected';
import { PASSWORD_ALGORITHMS, refusePasswordFields, type PasswordAlgorithm } from './password-params';
import { Input, NO_HMAC, Output, type Algorithm } from './schema';
import { encodeUtf8 } from './utf8';

const isPassword = (algorithm: string): algorithm is PasswordAlgorithm =>
  (PASSWORD_ALGORITHMS as readonly string[]).includes(algorithm);

/** The one checksum `expected` gives; a tagged line must be for the algorithm being computed. */
function readExpected(expected: string, algorithm: Algorithm) {
  const lines = expected.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > 1) {
    throw new ToolInputError(`'expected' must be one digest or one checksum line, not ${lines.length} lines.`);
  }
  const parsed = parseChecksumLine(lines[0] ?? '');
  if (!parsed.ok) throw new ToolInputError(`'expected' ${parsed.error}.`);
  const { entry } = parsed;
  if (entry.tag !== undefined && entry.algorithm === undefined) {
    throw new ToolInputError(`'expected' is a checksum line for ${entry.tag}, which this tool does not compute.`);
  }
  if (entry.algorithm !== undefined && entry.algorithm !== algorithm) {
    throw new ToolInputError(`'expected' is a ${entry.tag} checksum line, but 'algorithm' is ${algorithm}.`);
  }
  return entry.bytes;
}

/** "hunter2" with bcrypt cost 10, made by python3-bcrypt (`bcrypt.hashpw`). */
const BCRYPT_EXAMPLE = '$2b$10$abcdefghijklmnopqrstuu7gIUFBKrYXdzQy8HrouzMJyZ4cijAb2';

export default defineTool({
  slug: 'hash-generator',
  name: 'Hash Generator',
  summary:
    'Computes the MD5, SHA-1, SHA-2, SHA-3, BLAKE2b, BLAKE3 or CRC-32 digest (or an HMAC) of text or of bytes given as hex or Base64, and checks it against an expected checksum; ' +
    'makes and verifies bcrypt, scrypt and Argon2id password hashes.',
  tag: 'cryptography',
  category: 'crypto',
  icon: 'fingerprint',
  blurb: 'MD5, SHA-256 or HMAC of text and files.',
  keywords: [
    'hash',
    'digest',
    'checksum',
    'md5',
    'sha1',
    'sha-1',
    'sha256',
    'sha-256',
    'sha512',
    'sha-512',
    'sha3',
    'sha-3',
    'blake2',
    'blake3',
    'crc32',
    'hmac',
    'password',
    'bcrypt',
    'scrypt',
    'argon2',
    'argon2id',
    'kdf',
  ],
  paste: [{ kind: 'text', field: 'input', fit: 0.35 }],
  input: Input,
  output: Output,
  // Password hashes are slow on purpose (up to ~0.5 s at the highest costs): the pool runs them.
  heavyWhen: (input) => isPassword(input.algorithm),
  nondeterministic:
    'A password hash (bcrypt, scrypt, argon2id) without `salt` gets a new random salt, so a new `hash`, on every call.',
  examples: [
    { summary: 'SHA-256 of a string', input: { input: 'Hello, World!' } },
    { summary: 'MD5 as Base64', input: { input: 'Hello, World!', algorithm: 'md5', encoding: 'base64' } },
    { summary: 'HMAC-SHA-512', input: { input: 'message', algorithm: 'sha512', hmac_key: 'secret' } },
    {
      summary: 'Verify bytes given as hex against a sha256sum line',
      input: {
        input: '616263',
        input_encoding: 'hex',
        expected: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  abc.txt',
      },
    },
    {
      summary: 'Argon2id password hash (random salt, default costs)',
      input: { input: 'correct horse battery staple', algorithm: 'argon2id' },
    },
    {
      summary: 'Check a password against a bcrypt hash',
      input: { input: 'hunter2', algorithm: 'bcrypt', expected: BCRYPT_EXAMPLE },
    },
  ],
  async run(request, ctx) {
    const { input, input_encoding, algorithm, encoding, hmac_key, hmac_key_encoding, expected } = request;
    if (isPassword(algorithm))
      return (await import('./password-request')).answerPassword({ ...request, algorithm }, ctx);
    refusePasswordFields(request, algorithm);
    // An empty key is accepted: HMAC with a zero-length key is well defined (RFC 2104 pads it).
    if (hmac_key !== undefined && NO_HMAC.has(algorithm)) {
      throw new ToolInputError(
        `'hmac_key' cannot be used with ${algorithm}: HMAC is available for md5, the SHA families and blake2b.`,
      );
    }
    // Every field is checked before any work. Text is encoded only after the digest's last
    // await (utf8.ts: its bytes are a view of a scratch buffer); hex and Base64 decode once.
    let decoded: Uint8Array | undefined;
    if (input_encoding === 'utf8') requireWellFormed('input', input);
    else {
      decoded = bytesOf('input', input, input_encoding);
      if (decoded.length === 0)
        throw new ToolInputError(
          `'input' contains no bytes: only whitespace was given as ${input_encoding === 'hex' ? 'hex' : 'Base64'}.`,
        );
    }
    // slice(): a UTF-8 key is a scratch view, which encoding the input reuses.
    const hmacKey = hmac_key === undefined ? undefined : bytesOf('hmac_key', hmac_key, hmac_key_encoding).slice();
    const want = expected === undefined ? undefined : readExpected(expected, algorithm);
    const read = decoded ? () => decoded : () => encodeUtf8(input);
    const digest = await digestOf(algorithm, read, { hmacKey });
    const hash = encoding === 'hex' ? toHex(digest.bytes) : encodeBase64(digest.bytes, false, true);
    return {
      hash,
      algorithm,
      encoding,
      input_byte_length: digest.inputLength,
      digest_length: hash.length,
      ...(want !== undefined && { matches: sameBytes(want, digest.bytes) }),
    };
  },
});
