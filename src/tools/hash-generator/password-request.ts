// A request for a password hash (`algorithm` bcrypt, scrypt or argon2id): the fields that only
// digests take, or only another password hash takes, are refused by name rather than ignored, so
// a request never silently hashes with costs other than those it sent. Loaded by the tool only
// for such requests: hash-wasm's three password functions stay out of the digests' chunk.
import { ToolInputError, type ToolContext } from '../define';
import { bytesOf } from './bytes';
import { hashPassword, readEncoded, verifyPassword, type PasswordParams } from './password';
import { COST_FIELDS, type PasswordAlgorithm } from './password-params';
import type { ByteEncoding } from './schema';

/** The fields of a request this module reads. */
export interface PasswordRequest extends PasswordParams {
  input: string;
  input_encoding: ByteEncoding;
  algorithm: string;
  hmac_key?: string;
  expected?: string;
  salt?: string;
  salt_encoding: ByteEncoding;
}

export async function answerPassword(request: PasswordRequest & { algorithm: PasswordAlgorithm }, ctx: ToolContext) {
  const { input, input_encoding, algorithm, hmac_key, expected, salt, salt_encoding } = request;
  if (hmac_key !== undefined)
    throw new ToolInputError(`'hmac_key' cannot be used with ${algorithm}: a password hash takes no HMAC key.`);
  for (const [field, owner] of Object.entries(COST_FIELDS)) {
    if (request[field as keyof PasswordParams] !== undefined && owner !== algorithm) {
      throw new ToolInputError(`'${field}' is a cost of ${owner}, not of ${algorithm}.`);
    }
  }
  if (expected !== undefined) {
    const given = [...Object.keys(COST_FIELDS), 'salt'].find(
      (field) => request[field as keyof PasswordRequest] !== undefined,
    );
    if (given)
      throw new ToolInputError(
        `'${given}' cannot be used with 'expected': the encoded hash carries its own salt and costs.`,
      );
    const found = readEncoded('expected', expected);
    if (found !== algorithm)
      throw new ToolInputError(`'expected' is a ${found} hash, but 'algorithm' is ${algorithm}.`);
  }
  // slice(): UTF-8 text is encoded into a scratch buffer that the salt's encoding reuses.
  const password = bytesOf('input', input, input_encoding).slice();
  if (password.length === 0)
    throw new ToolInputError(
      `'input' contains no bytes: only whitespace was given as ${input_encoding === 'hex' ? 'hex' : 'Base64'}.`,
    );
  let hash: string;
  let matches: boolean | undefined;
  if (expected !== undefined) {
    hash = expected.trim();
    matches = await verifyPassword('expected', password, hash);
  } else {
    const saltBytes =
      salt === undefined ? ctx.randomBytes(new Uint8Array(16)) : bytesOf('salt', salt, salt_encoding).slice();
    hash = await hashPassword(algorithm, password, saltBytes, request);
  }
  return {
    hash,
    algorithm,
    encoding: 'encoded' as const,
    input_byte_length: password.length,
    digest_length: hash.length,
    ...(matches !== undefined && { matches }),
  };
}
