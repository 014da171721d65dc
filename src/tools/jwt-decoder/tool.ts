import { defineTool } from '../define';
import { isKeyText, publicKeyShape } from './keys';
import { Input, Output } from './schema';
import { secretBytes } from './secret';
import { signToken } from './sign';
import { decodeToken, isObject } from './token';
import { JWT_IO_HS256, RFC7515_HS256, RFC7515_HS256_JWK, RFC7515_RS256, RFC7515_RSA_SPKI } from './vectors';
import { verifyToken } from './verify';
import { tokenWarnings } from './warnings';

/** `expired` whenever the payload has a numeric exp (seconds since the epoch), per RFC 7519 §4.1.4. */
function expiry(payload: unknown, nowMs: number): { expired?: boolean } {
  if (!isObject(payload) || !Object.hasOwn(payload, 'exp') || typeof payload.exp !== 'number') return {};
  return { expired: nowMs >= payload.exp * 1000 };
}

export default defineTool({
  slug: 'jwt-decoder',
  name: 'JWT Decoder',
  summary:
    "Decodes a JSON Web Token's header and claims and, given a secret or public key, verifies its signature (HS*, RS*, PS*, ES*, EdDSA); or signs a header and claims into a token with a secret or private key.",
  tag: 'encoding',
  category: 'encode',
  icon: 'key-round',
  blurb: 'Decode a token; check its signature; sign one.',
  keywords: [
    'jwt',
    'json web token',
    'bearer',
    'token',
    'authorization',
    'claims',
    'jws',
    'hs256',
    'rs256',
    'es256',
    'signature',
    'verify',
    'jwk',
    'jwks',
    'sign',
    'encode',
    'private key',
  ],
  paste: [{ kind: 'jwt', field: 'token' }],
  nondeterministic:
    "`expired` compares the token's `exp` with the moment of the call; in encode mode PS* and ES* signatures are randomised, so each call gives another token.",
  input: Input,
  output: Output,
  examples: [
    { summary: 'Decode a token', input: { token: JWT_IO_HS256 } },
    {
      summary: 'Decode and verify an HS256 token',
      input: { token: JWT_IO_HS256, secret: 'your-256-bit-secret', algorithm: 'HS256' },
    },
    {
      summary: 'Verify an HS256 token with a Base64url secret (RFC 7515 A.1)',
      input: { token: RFC7515_HS256, secret: RFC7515_HS256_JWK.k, secret_encoding: 'base64url', algorithm: 'HS256' },
    },
    {
      summary: 'Verify an RS256 token with a PEM public key (RFC 7515 A.2)',
      input: { token: RFC7515_RS256, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' },
    },
    {
      summary: "Sign jwt.io's sample claims with HS256",
      input: {
        mode: 'encode',
        payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
        secret: 'your-256-bit-secret',
        algorithm: 'HS256',
      },
    },
  ],
  async run({ token, secret, secret_encoding, algorithm, mode, header: extraHeader, payload: claims }, ctx) {
    if (mode === 'encode') {
      const signed = await signToken({ header: extraHeader, payload: claims, secret, secret_encoding, algorithm });
      const warnings = tokenWarnings(signed.header, signed.payload, undefined);
      return warnings.length > 0 ? { ...signed, warnings } : signed;
    }
    // The schema requires a token in decode mode.
    token = token!;
    // A secret that is not in its declared encoding is a bad request whatever the token holds.
    const hmacKey =
      secret && algorithm.startsWith('HS') && !isKeyText(secret) ? secretBytes(secret, secret_encoding) : undefined;
    const decoded = decodeToken(token);
    const expired = expiry(decoded.payload, ctx.now());
    const keyShape = secret ? publicKeyShape(secret, decoded.header ?? {}) : undefined;
    const warnings = tokenWarnings(decoded.header, decoded.payload, keyShape);
    const warned = warnings.length > 0 ? { warnings } : {};
    if (!decoded.ok) {
      const { header = {}, payload = {}, error, jws } = decoded;
      // Not a JWT, but a JWS whose payload is not JSON (RFC 7520 §4): its signature still counts.
      const verification = secret && jws ? await verifyToken(jws, secret, algorithm, hmacKey) : {};
      return { header, payload, signature: '', valid_structure: false, ...verification, error, ...expired, ...warned };
    }
    const { header, payload, signature } = decoded;
    const verification = secret ? await verifyToken(decoded, secret, algorithm, hmacKey) : {};
    return { header, payload, signature, valid_structure: true, ...verification, ...expired, ...warned };
  },
});
