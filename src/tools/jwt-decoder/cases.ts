// Golden vectors. Tokens and keys come from RFC 7515 / RFC 8037 / jwt.io / jwt-pwn, or were
// generated once with node:crypto (see vectors.ts; jwt-decoder.test.ts re-verifies every
// signature with node:crypto). Decoded headers and claims were checked by hand against the
// sources. `expired` is clock-dependent, so only exp values far in the past (1, 2011) or
// far in the future (year 3000) appear with an exact answer.
import type { ToolCase } from '../define';
import {
  CERT_ES256,
  CERT_RS256,
  CONFUSION_HS256,
  EC_CERT,
  ED25519_JWK,
  EDDSA,
  ES512,
  JWT_IO_HS256,
  JWT_PWN_HS384,
  JWT_PWN_HS512,
  JWT_PWN_NONE,
  P521_SPKI,
  PS256,
  RFC7515_CLAIMS,
  RFC7515_EC_JWK,
  RFC7515_ES256,
  RFC7515_HS256,
  RFC7515_RS256,
  RFC7515_RSA_JWK,
  RFC7515_RSA_PKCS1,
  RFC7515_RSA_SPKI,
  RFC8037_EDDSA,
  RS256_1024,
  RSA1024_SPKI,
  RSA_CERT,
  RSA_SPKI,
} from './vectors';

const jwtIo = {
  header: { alg: 'HS256', typ: 'JWT' },
  payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
  signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  valid_structure: true,
};
const pwn = { header: { typ: 'JWT' }, payload: { jwt: 'pwn' }, valid_structure: true };
const rfcRs256 = { header: { alg: 'RS256' }, payload: RFC7515_CLAIMS, signature: RFC7515_RS256.split('.')[2], valid_structure: true };
const rfcEs256 = { header: { alg: 'ES256' }, payload: RFC7515_CLAIMS, signature: RFC7515_ES256.split('.')[2], valid_structure: true };
const [jwtIoHeader, jwtIoPayload] = JWT_IO_HS256.split('.');
const [rfcHeader, , rfcSignature] = RFC7515_RS256.split('.');

/** RFC 7519 A.1 (draft-ietf-oauth-json-web-token-11): an encrypted JWT, five parts. */
const JWE =
  'eyJhbGciOiJSU0ExXzUiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0.QR1Owv2ug2WyPBnbQrRARTeEk9kDO2w8qDcjiHnSJflSdv1iNqhWXaKH4MqAkQtMoNfABIPJaZm0HaA415sv3aeuBWnD8J-Ui7Ah6cWafs3ZwwFKDFUUsWHSK-IPKxLGTkND09XyjORj_CHAgOPJ-Sd8ONQRnJvWn_hXV1BNMHzUjPyYwEsRhDhzjAD26imasOTsgruobpYGoQcXUwFDn7moXPRfDE8-NoQX7N7ZYMmpUDkR-Cx9obNGwJQ3nM52YCitxoQVPzjbl7WBuB7AohdBoZOdZ24WlN1lVIeh8v1K4krB8xgKvRU8kgFrEn_a1rZgN5TiysnmzTROF869lQ.AxY8DCtDaGlsbGljb3RoZQ.MKOle7UQrG6nSxTLX6Mqwt0orbHvAKeWnDYvpIAeZ72deHxz3roJDXQyhxx0wKaMHDjUEOKIwrtkHthpqEanSBNYHZgmNOV7sln1Eu9g3J8.fiK51VwhsxJ-siBMR-YFiA';

const cases: ToolCase[] = [
  // ---- Decoding -----------------------------------------------------------------------------
  { name: 'jwt.io sample: decode only, no verified', body: { token: JWT_IO_HS256 }, status: 200, expect: jwtIo },
  {
    name: 'surrounding whitespace and line breaks are trimmed',
    body: { token: `\n  ${JWT_IO_HS256} \r\n` },
    status: 200,
    expect: jwtIo,
  },
  {
    name: 'RFC 7515 A.1: CRLF inside the JSON, exp in 2011 is expired',
    body: { token: RFC7515_HS256 },
    status: 200,
    expect: { header: { typ: 'JWT', alg: 'HS256' }, payload: RFC7515_CLAIMS, signature: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', valid_structure: true, expired: true },
  },
  {
    name: 'payload may be any JSON value (a string)',
    body: { token: 'eyJhbGciOiJub25lIn0.ImhlbGxvIg.' },
    status: 200,
    expect: { header: { alg: 'none' }, payload: 'hello', signature: '', valid_structure: true },
  },
  {
    name: 'a non-numeric exp gives no expired',
    body: { token: 'eyJhbGciOiJub25lIn0.eyJleHAiOiJ0b21vcnJvdyJ9.' },
    status: 200,
    expect: { header: { alg: 'none' }, payload: { exp: 'tomorrow' }, signature: '', valid_structure: true },
  },
  {
    name: 'an empty secret means decode only',
    body: { token: JWT_IO_HS256, secret: '' },
    status: 200,
    expect: jwtIo,
  },

  // ---- Not well-formed: 200 with valid_structure false ---------------------------------------
  {
    name: 'no dots at all',
    body: { token: 'not-a-jwt-token' },
    status: 200,
    match: { header: {}, payload: {}, signature: '', valid_structure: false, verified: undefined, error: /no '\.' separators/ },
  },
  {
    name: 'two parts: the parts that decode are shown, verified absent even with a secret',
    body: { token: `${jwtIoHeader}.${jwtIoPayload}`, secret: 'your-256-bit-secret' },
    status: 200,
    match: { header: jwtIo.header, payload: jwtIo.payload, signature: '', valid_structure: false, verified: undefined, error: /2 dot-separated parts/ },
  },
  {
    name: 'five parts: an encrypted JWT (RFC 7519 A.1) shows its header',
    body: { token: JWE },
    status: 200,
    match: { header: { alg: 'RSA1_5', enc: 'A128CBC-HS256' }, payload: {}, signature: '', valid_structure: false, error: /5 dot-separated parts.*encrypted/ },
  },
  {
    name: "'+' in the header is named with its position in the field as sent",
    body: { token: '  eyJhb+ciOiJIUzI1NiJ9.e30.abc' },
    status: 200,
    match: { header: {}, payload: {}, valid_structure: false, error: /header \(part 1\) contains '\+' at position 8/ },
  },
  {
    name: "'=' padding in the payload is not base64url",
    body: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJhIjoxfQ==.sig' },
    status: 200,
    match: { header: { alg: 'HS256' }, payload: {}, valid_structure: false, error: /payload \(part 2\) contains '=' at position 32/ },
  },
  {
    name: 'a header that is JSON but not an object',
    body: { token: 'WzFd.e30.x' },
    status: 200,
    match: { header: {}, payload: {}, valid_structure: false, error: /header \(part 1\) is JSON but not an object \(it is an array\)/ },
  },
  {
    name: 'RFC 8037 A.4: a payload that is text, not JSON',
    body: { token: RFC8037_EDDSA, secret: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }), algorithm: 'EdDSA' },
    status: 200,
    match: { header: { alg: 'EdDSA' }, payload: {}, signature: '', valid_structure: false, verified: undefined, error: /payload \(part 2\).*not JSON: "Example of Ed25519 signing"/ },
  },
  {
    name: 'nesting deeper than 500 levels is refused, not a crash',
    body: { token: `eyJhbGciOiJub25lIn0.${'W1tb'.repeat(200)}${'XV1d'.repeat(200)}.` },
    status: 200,
    match: { header: { alg: 'none' }, payload: {}, valid_structure: false, error: /payload \(part 2\) nests deeper than 500 levels/ },
  },

  // ---- HMAC ----------------------------------------------------------------------------------
  { name: 'jwt.io HS256 verifies with its secret', body: { token: JWT_IO_HS256, secret: 'your-256-bit-secret' }, status: 200, expect: { ...jwtIo, verified: true } },
  {
    name: 'HS256 with a wrong secret',
    body: { token: JWT_IO_HS256, secret: 'your-256-bit-secreT', algorithm: 'HS256' },
    status: 200,
    match: { ...jwtIo, verified: false, verification_error: /signature does not match/ },
  },
  {
    name: 'jwt-pwn HS384 sample verifies',
    body: { token: JWT_PWN_HS384, secret: '1234', algorithm: 'HS384' },
    status: 200,
    expect: { ...pwn, header: { alg: 'HS384', typ: 'JWT' }, signature: JWT_PWN_HS384.split('.')[2], verified: true },
  },
  {
    name: 'jwt-pwn HS512 sample verifies',
    body: { token: JWT_PWN_HS512, secret: '1234', algorithm: 'HS512' },
    status: 200,
    expect: { ...pwn, header: { alg: 'HS512', typ: 'JWT' }, signature: JWT_PWN_HS512.split('.')[2], verified: true },
  },
  {
    name: "algorithm mismatch names the token's alg",
    body: { token: JWT_IO_HS256, secret: 'your-256-bit-secret', algorithm: 'HS384' },
    status: 200,
    match: { verified: false, verification_error: /mismatch.*"HS256".*"HS384"/ },
  },
  {
    name: 'tampered payload under the original signature',
    body: { token: `${jwtIoHeader}.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9.${jwtIo.signature}`, secret: 'your-256-bit-secret' },
    status: 200,
    match: { payload: { sub: '1234567890', name: 'John Doe', admin: true }, valid_structure: true, verified: false, verification_error: /signature does not match/ },
  },
  {
    name: 'a signature with a standard-Base64 character does not verify, and says where',
    body: { token: JWT_IO_HS256.replace('.SflK', '.+flK'), secret: 'your-256-bit-secret' },
    status: 200,
    match: { valid_structure: true, verified: false, verification_error: /signature \(part 3\) contains '\+' at position 113/ },
  },
  {
    name: 'alg none never verifies',
    body: { token: JWT_PWN_NONE, secret: '1234', algorithm: 'HS256' },
    status: 200,
    expect: { ...pwn, header: { alg: 'none', typ: 'JWT' }, signature: '', verified: false, verification_error: 'The token\'s header says alg "none" (an unsecured JWT), and an unsecured token never verifies.' },
  },

  // ---- Algorithm confusion -----------------------------------------------------------------
  {
    name: 'confusion: an HS256 token MACed with the public PEM does not verify with that PEM',
    body: { token: CONFUSION_HS256, secret: RFC7515_RSA_SPKI, algorithm: 'HS256' },
    status: 200,
    match: { payload: { sub: 'attacker', admin: true }, verified: false, verification_error: /PEM key.*never used as an HMAC secret/ },
  },
  {
    name: 'confusion: an HS256 token checked as RS256 is an algorithm mismatch',
    body: { token: CONFUSION_HS256, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /mismatch.*"HS256"/ },
  },
  {
    name: 'confusion: a shared secret is never accepted for RS256',
    body: { token: RFC7515_RS256, secret: 'my-shared-secret', algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /must be a public key/ },
  },
  {
    name: 'a JWK is never an HMAC secret',
    body: { token: JWT_IO_HS256, secret: JSON.stringify(RFC7515_RSA_JWK) },
    status: 200,
    match: { verified: false, verification_error: /JWK.*never used as an HMAC secret/ },
  },

  // ---- Public keys ---------------------------------------------------------------------------
  {
    name: 'RFC 7515 A.2 RS256 verifies with the key as SPKI PEM',
    body: { token: RFC7515_RS256, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' },
    status: 200,
    expect: { ...rfcRs256, verified: true, expired: true },
  },
  {
    name: 'RFC 7515 A.2 RS256 verifies with the key as PKCS#1 PEM',
    body: { token: RFC7515_RS256, secret: RFC7515_RSA_PKCS1, algorithm: 'RS256' },
    status: 200,
    expect: { ...rfcRs256, verified: true, expired: true },
  },
  {
    name: 'RFC 7515 A.2 RS256 verifies with the RFC\'s JWK',
    body: { token: RFC7515_RS256, secret: JSON.stringify(RFC7515_RSA_JWK), algorithm: 'RS256' },
    status: 200,
    expect: { ...rfcRs256, verified: true, expired: true },
  },
  {
    name: 'RFC 7515 A.3 ES256 verifies with the RFC\'s JWK',
    body: { token: RFC7515_ES256, secret: JSON.stringify(RFC7515_EC_JWK), algorithm: 'ES256' },
    status: 200,
    expect: { ...rfcEs256, verified: true, expired: true },
  },
  {
    name: 'a JWK Set with one key is used',
    body: { token: RFC7515_ES256, secret: JSON.stringify({ keys: [RFC7515_EC_JWK] }), algorithm: 'ES256' },
    status: 200,
    expect: { ...rfcEs256, verified: true, expired: true },
  },
  {
    name: 'a JWK Set with several keys needs a kid in the token',
    body: { token: RFC7515_ES256, secret: JSON.stringify({ keys: [RFC7515_RSA_JWK, RFC7515_EC_JWK] }), algorithm: 'ES256' },
    status: 200,
    match: { verified: false, verification_error: /2 keys and the token's header has no kid/ },
  },
  {
    name: 'RS256 with an X.509 certificate; exp in the year 3000 is not expired',
    body: { token: CERT_RS256, secret: RSA_CERT, algorithm: 'RS256' },
    status: 200,
    expect: { header: { alg: 'RS256', typ: 'JWT' }, payload: { sub: 'cert-user', exp: 32503680000 }, signature: CERT_RS256.split('.')[2], valid_structure: true, verified: true, expired: false },
  },
  {
    name: 'ES256 with an X.509 certificate',
    body: { token: CERT_ES256, secret: EC_CERT, algorithm: 'ES256' },
    status: 200,
    match: { payload: { sub: 'cert-user', exp: 32503680000 }, verified: true, expired: false, verification_error: undefined },
  },
  {
    name: 'PS256 with an SPKI PEM',
    body: { token: PS256, secret: RSA_SPKI, algorithm: 'PS256' },
    status: 200,
    expect: { header: { alg: 'PS256', typ: 'JWT' }, payload: { sub: 'pss-user', iat: 1700000000 }, signature: PS256.split('.')[2], valid_structure: true, verified: true },
  },
  {
    name: 'EdDSA with an Ed25519 JWK; exp 1 is expired',
    body: { token: EDDSA, secret: JSON.stringify(ED25519_JWK), algorithm: 'EdDSA' },
    status: 200,
    match: { header: { alg: 'EdDSA', typ: 'JWT' }, payload: { sub: 'ed-user', exp: 1 }, verified: true, expired: true },
  },
  {
    name: 'ES512 (P-521) with an SPKI PEM',
    body: { token: ES512, secret: P521_SPKI, algorithm: 'ES512' },
    status: 200,
    match: { header: { alg: 'ES512' }, payload: { sub: 'p521-user', admin: true }, verified: true },
  },
  {
    name: 'RS256 tampered: the RFC signature over other claims',
    body: { token: `${rfcHeader}.${jwtIoPayload}.${rfcSignature}`, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' },
    status: 200,
    match: { valid_structure: true, verified: false, verification_error: /signature does not match/ },
  },
  {
    name: 'a key of the wrong type is named',
    body: { token: RFC7515_RS256, secret: JSON.stringify(RFC7515_EC_JWK), algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /EC P-256 public key, which cannot verify RS256 \(it verifies ES256\)/ },
  },
  {
    name: 'a wrong RSA key does not verify',
    body: { token: RFC7515_RS256, secret: RSA_CERT, algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /signature does not match/ },
  },
  {
    name: 'an ES256 signature of the wrong size is explained',
    body: { token: RFC7515_ES256.slice(0, -4), secret: JSON.stringify(RFC7515_EC_JWK), algorithm: 'ES256' },
    status: 200,
    match: { verified: false, verification_error: /ES256 signature is 64 bytes.*this one has 61/ },
  },
  {
    name: 'RSA keys under 2048 bits are refused',
    body: { token: RS256_1024, secret: RSA1024_SPKI, algorithm: 'RS256' },
    status: 200,
    match: { payload: { sub: 'weak' }, verified: false, verification_error: /1024 bits.*at least 2048/ },
  },
  {
    name: "a JWK whose alg member forbids the algorithm",
    body: { token: RFC7515_RS256, secret: JSON.stringify({ ...RFC7515_RSA_JWK, alg: 'RS384' }), algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /restricted to alg "RS384"/ },
  },
  {
    name: 'a private JWK is refused (RFC 8037 A.1 key)',
    body: {
      token: EDDSA,
      secret: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }),
      algorithm: 'EdDSA',
    },
    status: 200,
    match: { verified: false, verification_error: /private key/ },
  },
  {
    name: 'a private-key PEM is refused',
    body: { token: RFC7515_RS256, secret: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----', algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /private key \(PRIVATE KEY\)/ },
  },

  // ---- Schema errors -------------------------------------------------------------------------
  {
    name: 'token shorter than 10 characters',
    body: { token: 'a.b.c' },
    status: 400,
    match: { error: "Invalid request: 'token' must be at least 10 characters long.", issues: [{ path: ['token'], message: 'must be at least 10 characters long' }] },
  },
  {
    name: 'missing token',
    body: { secret: 'x' },
    status: 400,
    match: { error: /'token' is required/ },
  },
  {
    name: 'unknown algorithm (none is not one)',
    body: { token: JWT_PWN_NONE, algorithm: 'none' },
    status: 400,
    match: { error: /'algorithm' must be one of "HS256", "HS384", "HS512", "RS256", .*"EdDSA"/ },
  },
  {
    name: 'secret of the wrong type',
    body: { token: JWT_IO_HS256, secret: 1234 },
    status: 400,
    match: { error: "Invalid request: 'secret' must be a string (got a number)." },
  },
];

export default cases;
