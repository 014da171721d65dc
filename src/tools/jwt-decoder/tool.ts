import { defineTool } from '../define';
import { Input, Output } from './schema';
import { decodeToken, isObject } from './token';
import { JWT_IO_HS256, RFC7515_RS256, RFC7515_RSA_SPKI } from './vectors';
import { verifyToken } from './verify';

/** `expired` whenever the payload has a numeric exp (seconds since the epoch), per RFC 7519 §4.1.4. */
function expiry(payload: unknown, nowMs: number): { expired?: boolean } {
  if (!isObject(payload) || !Object.hasOwn(payload, 'exp') || typeof payload.exp !== 'number') return {};
  return { expired: nowMs >= payload.exp * 1000 };
}

export default defineTool({
  slug: 'jwt-decoder',
  name: 'JWT Decoder',
  summary: "Decodes a JSON Web Token's header and claims and, given a secret or public key, verifies its signature (HS*, RS*, PS*, ES*, EdDSA).",
  tag: 'encoding',
  category: 'encode',
  icon: 'key-round',
  blurb: 'Decode a token; check its signature.',
  keywords: ['jwt', 'json web token', 'bearer', 'token', 'authorization', 'claims', 'jws', 'hs256', 'rs256', 'es256', 'signature', 'verify'],
  paste: [{ kind: 'jwt', field: 'token' }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'Decode a token', input: { token: JWT_IO_HS256 } },
    { summary: 'Decode and verify an HS256 token', input: { token: JWT_IO_HS256, secret: 'your-256-bit-secret', algorithm: 'HS256' } },
    { summary: 'Verify an RS256 token with a PEM public key (RFC 7515 A.2)', input: { token: RFC7515_RS256, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' } },
  ],
  async run({ token, secret, algorithm }, ctx) {
    const decoded = decodeToken(token);
    const expired = expiry(decoded.payload, ctx.now());
    if (!decoded.ok) {
      const { header = {}, payload = {}, error } = decoded;
      return { header, payload, signature: '', valid_structure: false, error, ...expired };
    }
    const { header, payload, signature } = decoded;
    const verification = secret ? await verifyToken(decoded, secret, algorithm) : {};
    return { header, payload, signature, valid_structure: true, ...verification, ...expired };
  },
});
