// Signature verification of a well-formed token (docs/contract.md §4 jwt-decoder): `verified` is true
// only when the header's alg is exactly `algorithm` and jose's compactVerify accepts the signature
// over the token as given. compactVerify checks only the JWS, never exp/nbf (jwtVerify would),
// so expiry never changes `verified`.
import { compactVerify, errors } from 'jose';
import { resolveKey } from './keys';
import { quote } from './messages';
import type { Algorithm } from './schema';
import type { Jws } from './token';

export interface Verification {
  verified: boolean;
  verification_error?: string;
  key_id?: string;
}

const fail = (verification_error: string): Verification => ({ verified: false, verification_error });

/** Fixed signature sizes: ECDSA in JWS is r‖s (RFC 7518 §3.4), Ed25519 is 64 bytes. */
const SIGNATURE_BYTES: Partial<Record<Algorithm, number>> = { ES256: 64, ES384: 96, ES512: 132, EdDSA: 64 };

/** `hmacKey`: the secret's bytes under its `secret_encoding` (see keys.ts resolveKey). */
export async function verifyToken(
  token: Jws,
  secret: string,
  algorithm: Algorithm,
  hmacKey?: Uint8Array,
): Promise<Verification> {
  const { alg } = token.header;
  if (alg === 'none')
    return fail('The token\'s header says alg "none" (an unsecured JWT), and an unsecured token never verifies.');
  if (typeof alg !== 'string')
    return fail('The token\'s header has no "alg" string, so it does not say how it was signed.');
  if (alg !== algorithm)
    return fail(`Algorithm mismatch: the token's header says alg ${quote(alg)}, but 'algorithm' is "${algorithm}".`);

  const key = await resolveKey(secret, algorithm, token.header, hmacKey);
  if ('error' in key) return fail(key.error);

  if (token.signatureError !== undefined) return fail(token.signatureError);
  const size = SIGNATURE_BYTES[algorithm];
  const got = token.signatureBytes!.length;
  if (size !== undefined && got !== size) {
    const form = algorithm === 'EdDSA' ? '' : ' (r and s side by side, not DER)';
    return fail(`An ${algorithm} signature is ${size} bytes${form}, but this one has ${got}.`);
  }

  try {
    await compactVerify(token.text, key.key, { algorithms: [algorithm] });
    return key.kid === undefined ? { verified: true } : { verified: true, key_id: key.kid };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return fail(
        `The signature does not match: the token was not signed with this key using ${algorithm}, or it was changed after signing.`,
      );
    }
    // Header rules jose enforces beyond ours (crit, b64): its messages are fixed English text.
    if (error instanceof errors.JOSEError) return fail(`The token's header breaks a JWS rule: ${error.message}.`);
    throw error;
  }
}
