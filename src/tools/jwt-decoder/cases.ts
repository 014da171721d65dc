// Golden vectors. Tokens and keys come from RFC 7515 / RFC 8037 / jwt.io / jwt-pwn, or were
// generated once with node:crypto (see vectors.ts; jwt-decoder.test.ts re-verifies every
// signature with node:crypto). Decoded headers and claims were checked by hand against the
// sources. `expired` is clock-dependent, so only exp values far in the past (1, 2011) or
// far in the future (year 3000) appear with an exact answer.
import { encodeBase64 } from '../../lib/base64';
import type { ToolCase } from '../vectors';
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
  KID_RS256,
  P521_SPKI,
  PS256,
  RFC7515_CLAIMS,
  RFC7515_EC_JWK,
  RFC7515_ES256,
  RFC7515_HS256,
  RFC7515_HS256_BASE64,
  RFC7515_HS256_JWK,
  RFC7515_RS256,
  RFC7515_RSA_JWK,
  RFC7515_RSA_PKCS1,
  RFC7515_RSA_SPKI,
  RFC8037_EDDSA,
  RS256_1024,
  RFC7520_HS256,
  RFC7520_OCT_JWK,
  RSA1024_SPKI,
  RSA_CERT,
  RSA_CERT_JWK,
  RSA_SPKI,
} from './vectors';
import {
  RFC8037_ED25519_PRIVATE_JWK,
  SAMPLE_CLAIMS,
  SIGN_EC_SEC1,
  SIGN_RSA_PKCS1,
  SIGNED_EDDSA,
  SIGNED_RS256,
} from './sign-vectors';

// The `warnings` sentences, written out here rather than imported, so that a change
// of wording is a visible change of the API.
const NO_EXP =
  'The token has no exp (expiration time) claim: it never expires, so a leaked copy stays usable until its key changes.';
const ALG_NONE =
  'The header says alg "none": the token is unsigned, so anyone can write one like it; a verifier must never accept it.';
const CONFUSION =
  /^This HS256 token was checked with a (PEM key|public JWK): an HMAC token verified with a public key is the algorithm-confusion attack/;
const b64u = (json: string) => encodeBase64(new TextEncoder().encode(json), true, false);
/** Unsigned decode-only tokens for the header and claim warnings (the signature part is junk). */
const unsignedWith = (header: string, claims: string) => `${b64u(header)}.${b64u(claims)}.c2ln`;
const rfc7515A1 = {
  header: { typ: 'JWT', alg: 'HS256' },
  payload: RFC7515_CLAIMS,
  signature: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  valid_structure: true,
  expired: true,
};

const jwtIo = {
  header: { alg: 'HS256', typ: 'JWT' },
  payload: { sub: '1234567890', name: 'John Doe', iat: 1516239022 },
  signature: 'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  valid_structure: true,
  warnings: [NO_EXP],
};
const pwn = { header: { typ: 'JWT' }, payload: { jwt: 'pwn' }, valid_structure: true, warnings: [NO_EXP] };
const rfcRs256 = {
  header: { alg: 'RS256' },
  payload: RFC7515_CLAIMS,
  signature: RFC7515_RS256.split('.')[2],
  valid_structure: true,
};
const rfcEs256 = {
  header: { alg: 'ES256' },
  payload: RFC7515_CLAIMS,
  signature: RFC7515_ES256.split('.')[2],
  valid_structure: true,
};
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
    expect: {
      header: { typ: 'JWT', alg: 'HS256' },
      payload: RFC7515_CLAIMS,
      signature: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
      valid_structure: true,
      expired: true,
    },
  },
  {
    name: 'payload may be any JSON value (a string)',
    body: { token: 'eyJhbGciOiJub25lIn0.ImhlbGxvIg.' },
    status: 200,
    expect: { header: { alg: 'none' }, payload: 'hello', signature: '', valid_structure: true, warnings: [ALG_NONE] },
  },
  {
    name: 'a non-numeric exp gives no expired',
    body: { token: 'eyJhbGciOiJub25lIn0.eyJleHAiOiJ0b21vcnJvdyJ9.' },
    status: 200,
    expect: {
      header: { alg: 'none' },
      payload: { exp: 'tomorrow' },
      signature: '',
      valid_structure: true,
      warnings: [
        ALG_NONE,
        'The exp claim is not a number of seconds since 1970 (RFC 7519 §2 NumericDate), so verifiers will not treat it as an expiry.',
      ],
    },
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
    match: {
      header: {},
      payload: {},
      signature: '',
      valid_structure: false,
      verified: undefined,
      error: /no '\.' separators/,
    },
  },
  {
    name: 'two parts: the parts that decode are shown, verified absent even with a secret',
    body: { token: `${jwtIoHeader}.${jwtIoPayload}`, secret: 'your-256-bit-secret' },
    status: 200,
    match: {
      header: jwtIo.header,
      payload: jwtIo.payload,
      signature: '',
      valid_structure: false,
      verified: undefined,
      error: /2 dot-separated parts/,
    },
  },
  {
    name: 'five parts: an encrypted JWT (RFC 7519 A.1) shows its header',
    body: { token: JWE },
    status: 200,
    match: {
      header: { alg: 'RSA1_5', enc: 'A128CBC-HS256' },
      payload: {},
      signature: '',
      valid_structure: false,
      error: /5 dot-separated parts.*encrypted/,
    },
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
    match: {
      header: { alg: 'HS256' },
      payload: {},
      valid_structure: false,
      error: /payload \(part 2\) contains '=' at position 32/,
    },
  },
  {
    name: 'a header that is JSON but not an object',
    body: { token: 'WzFd.e30.x' },
    status: 200,
    match: {
      header: {},
      payload: {},
      valid_structure: false,
      error: /header \(part 1\) is JSON but not an object \(it is an array\)/,
    },
  },
  {
    name: 'RFC 8037 A.4: a payload that is text, not JSON, is no JWT, but the JWS verifies',
    body: {
      token: RFC8037_EDDSA,
      secret: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }),
      algorithm: 'EdDSA',
    },
    status: 200,
    match: {
      header: { alg: 'EdDSA' },
      payload: {},
      signature: '',
      valid_structure: false,
      verified: true,
      warnings: undefined,
      error: /payload \(part 2\).*not JSON: "Example of Ed25519 signing"/,
    },
  },
  {
    name: 'a payload that is not base64url is no JWS either: nothing is verified',
    body: { token: 'eyJhbGciOiJIUzI1NiJ9.%%%%.c2ln', secret: 'x' },
    status: 200,
    match: {
      header: { alg: 'HS256' },
      valid_structure: false,
      verified: undefined,
      error: /payload \(part 2\) contains '%' at position 22/,
    },
  },

  // ---- What surrounds a pasted token ----------------------------------------------------------
  {
    name: "a leading 'Bearer ' is dropped",
    body: { token: `Bearer ${JWT_IO_HS256}`, secret: 'your-256-bit-secret' },
    status: 200,
    expect: { ...jwtIo, verified: true },
  },
  { name: "'bearer' in any case, with a tab", body: { token: `BEARER\t${JWT_IO_HS256}` }, status: 200, expect: jwtIo },
  {
    name: 'a whole Authorization header line',
    body: { token: `  Authorization: Bearer ${JWT_IO_HS256}\n` },
    status: 200,
    expect: jwtIo,
  },
  {
    name: 'surrounding double quotes (copied from JSON), Bearer inside',
    body: { token: ` "Bearer ${JWT_IO_HS256}" ` },
    status: 200,
    expect: jwtIo,
  },
  { name: 'surrounding single quotes', body: { token: `'${JWT_IO_HS256}'` }, status: 200, expect: jwtIo },
  {
    name: 'one quote without its pair is kept, and named with its position',
    body: { token: `"${JWT_IO_HS256}` },
    status: 200,
    match: { valid_structure: false, error: /header \(part 1\) contains '"' at position 1/ },
  },
  {
    name: "positions still count from the field as sent, 'Bearer ' included",
    body: { token: 'Bearer eyJhb+ciOiJIUzI1NiJ9.e30.abc' },
    status: 200,
    match: { valid_structure: false, error: /header \(part 1\) contains '\+' at position 13/ },
  },
  {
    name: 'a Bearer prefix with nothing after it',
    body: { token: 'Bearer           ' },
    status: 200,
    match: {
      valid_structure: false,
      error: /The token is empty: there is nothing after the quotes or the Bearer prefix/,
    },
  },
  {
    name: 'nesting deeper than 500 levels is refused, not a crash',
    body: { token: `eyJhbGciOiJub25lIn0.${'W1tb'.repeat(200)}${'XV1d'.repeat(200)}.` },
    status: 200,
    match: {
      header: { alg: 'none' },
      payload: {},
      valid_structure: false,
      error: /payload \(part 2\) nests deeper than 500 levels/,
    },
  },

  // ---- HMAC ----------------------------------------------------------------------------------
  {
    name: 'jwt.io HS256 verifies with its secret',
    body: { token: JWT_IO_HS256, secret: 'your-256-bit-secret' },
    status: 200,
    expect: { ...jwtIo, verified: true },
  },
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
    body: {
      token: `${jwtIoHeader}.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiYWRtaW4iOnRydWV9.${jwtIo.signature}`,
      secret: 'your-256-bit-secret',
    },
    status: 200,
    match: {
      payload: { sub: '1234567890', name: 'John Doe', admin: true },
      valid_structure: true,
      verified: false,
      verification_error: /signature does not match/,
    },
  },
  {
    name: 'a signature with a standard-Base64 character does not verify, and says where',
    body: { token: JWT_IO_HS256.replace('.SflK', '.+flK'), secret: 'your-256-bit-secret' },
    status: 200,
    match: {
      valid_structure: true,
      verified: false,
      verification_error: /signature \(part 3\) contains '\+' at position 113/,
    },
  },
  {
    name: 'alg none never verifies',
    body: { token: JWT_PWN_NONE, secret: '1234', algorithm: 'HS256' },
    status: 200,
    expect: {
      ...pwn,
      header: { alg: 'none', typ: 'JWT' },
      signature: '',
      verified: false,
      verification_error:
        'The token\'s header says alg "none" (an unsecured JWT), and an unsecured token never verifies.',
      warnings: [ALG_NONE, NO_EXP],
    },
  },

  // ---- Algorithm confusion -----------------------------------------------------------------
  {
    name: 'confusion: an HS256 token MACed with the public PEM does not verify with that PEM',
    body: { token: CONFUSION_HS256, secret: RFC7515_RSA_SPKI, algorithm: 'HS256' },
    status: 200,
    match: {
      payload: { sub: 'attacker', admin: true },
      verified: false,
      verification_error: /PEM key.*never used as an HMAC secret/,
      warnings: [CONFUSION, NO_EXP],
    },
  },
  {
    name: 'confusion: an HS256 token checked as RS256 is an algorithm mismatch',
    body: { token: CONFUSION_HS256, secret: RFC7515_RSA_SPKI, algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /mismatch.*"HS256"/, warnings: [CONFUSION, NO_EXP] },
  },
  {
    name: 'confusion: an HS token checked with a JWK Set of public keys is warned about',
    body: {
      token: CONFUSION_HS256,
      secret: JSON.stringify({ keys: [RFC7515_RSA_JWK, RFC7515_EC_JWK] }),
      algorithm: 'RS256',
    },
    status: 200,
    match: { verified: false, warnings: [CONFUSION, NO_EXP] },
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
    match: {
      verified: false,
      verification_error: /RSA public key as a JWK, which is never used as an HMAC secret/,
      warnings: [CONFUSION, NO_EXP],
    },
  },

  // ---- HMAC keys as bytes, JWK and JWK Set ----------------------------------------------------
  // RFC 7515 A.1 with the key of A.1.1, in every form the key can be given.
  {
    name: 'RFC 7515 A.1 verifies with its JWK (oct key of A.1.1)',
    body: { token: RFC7515_HS256, secret: JSON.stringify(RFC7515_HS256_JWK) },
    status: 200,
    expect: { ...rfc7515A1, verified: true },
  },
  {
    name: 'RFC 7515 A.1 verifies with its key in a JWK Set (the only key)',
    body: { token: RFC7515_HS256, secret: JSON.stringify({ keys: [RFC7515_HS256_JWK] }), algorithm: 'HS256' },
    status: 200,
    expect: { ...rfc7515A1, verified: true },
  },
  {
    name: "RFC 7515 A.1 verifies with the JWK's k and secret_encoding base64url",
    body: { token: RFC7515_HS256, secret: RFC7515_HS256_JWK.k, secret_encoding: 'base64url' },
    status: 200,
    expect: { ...rfc7515A1, verified: true },
  },
  {
    name: 'RFC 7515 A.1 verifies with the key in standard Base64, wrapped over two lines',
    body: {
      token: RFC7515_HS256,
      secret: `${RFC7515_HS256_BASE64.slice(0, 44)}\n${RFC7515_HS256_BASE64.slice(44)}`,
      secret_encoding: 'base64',
    },
    status: 200,
    expect: { ...rfc7515A1, verified: true },
  },
  {
    name: "RFC 7515 A.1's k read as UTF-8 text (the default) does not verify",
    body: { token: RFC7515_HS256, secret: RFC7515_HS256_JWK.k },
    status: 200,
    match: { verified: false, verification_error: /signature does not match/ },
  },
  // RFC 7520 §4.4 with the symmetric key of §3.5; its payload is text, so the token is no JWT.
  {
    name: 'RFC 7520 §4.4 verifies with the §3.5 JWK',
    body: { token: RFC7520_HS256, secret: JSON.stringify(RFC7520_OCT_JWK), algorithm: 'HS256' },
    status: 200,
    match: {
      header: { alg: 'HS256', kid: '018c0ae5-4d9b-471b-bfd6-eef314bc7037' },
      valid_structure: false,
      verified: true,
      verification_error: undefined,
      warnings: undefined,
      error: /payload \(part 2\) decodes to text that is not JSON: "It’s a dangerous business, Frodo/,
    },
  },
  {
    name: "RFC 7520 §4.4 verifies with a JWK Set, the key chosen by the token's kid",
    body: {
      token: RFC7520_HS256,
      secret: JSON.stringify({
        keys: [{ ...RFC7515_HS256_JWK, kid: 'rfc7515-a1' }, RFC7520_OCT_JWK, { ...RFC7515_RSA_JWK, kid: 'rsa' }],
      }),
    },
    status: 200,
    match: {
      valid_structure: false,
      verified: true,
      verification_error: undefined,
      key_id: '018c0ae5-4d9b-471b-bfd6-eef314bc7037',
    },
  },
  {
    name: "RFC 7520 §4.4 verifies with the §3.5 key's k and secret_encoding base64url",
    body: { token: RFC7520_HS256, secret: RFC7520_OCT_JWK.k, secret_encoding: 'base64url' },
    status: 200,
    match: { valid_structure: false, verified: true, verification_error: undefined },
  },
  {
    name: 'a JWK Set with several keys and no kid in the token is an error naming secret',
    body: { token: RFC7515_HS256, secret: JSON.stringify({ keys: [RFC7515_HS256_JWK, RFC7520_OCT_JWK] }) },
    status: 200,
    match: {
      verified: false,
      verification_error:
        "The JWK Set in 'secret' has 2 keys and the token's header has no kid to choose one; send the single JWK instead.",
    },
  },
  {
    name: "a JWK Set without the token's kid is an error naming secret",
    body: {
      token: RFC7520_HS256,
      secret: JSON.stringify({
        keys: [
          { ...RFC7515_HS256_JWK, kid: 'a' },
          { ...RFC7520_OCT_JWK, kid: 'b' },
        ],
      }),
    },
    status: 200,
    match: {
      verified: false,
      verification_error:
        "No key in the JWK Set in 'secret' has the token's kid \"018c0ae5-4d9b-471b-bfd6-eef314bc7037\".",
    },
  },
  {
    name: "the token's alg must still be 'algorithm', whatever the JWK says",
    body: { token: RFC7520_HS256, secret: JSON.stringify(RFC7520_OCT_JWK), algorithm: 'HS512' },
    status: 200,
    match: { verified: false, verification_error: /mismatch/ },
  },
  {
    name: 'an oct JWK restricted to HS256 does not verify HS384 tokens',
    body: { token: JWT_PWN_HS384, secret: JSON.stringify(RFC7520_OCT_JWK), algorithm: 'HS384' },
    status: 200,
    match: {
      verified: false,
      verification_error: 'The JWK is restricted to alg "HS256" by its "alg" member, so it cannot verify HS384.',
    },
  },
  {
    name: 'secret_encoding is ignored for a JWK',
    body: { token: RFC7515_HS256, secret: JSON.stringify(RFC7515_HS256_JWK), secret_encoding: 'base64' },
    status: 200,
    expect: { ...rfc7515A1, verified: true },
  },
  {
    name: 'secret_encoding is ignored for public-key algorithms',
    body: { token: RFC7515_RS256, secret: RFC7515_RSA_SPKI, secret_encoding: 'base64url', algorithm: 'RS256' },
    status: 200,
    expect: { ...rfcRs256, verified: true, expired: true },
  },
  {
    name: 'a base64url secret sent as base64 is a 400 naming the other alphabet',
    body: { token: RFC7515_HS256, secret: RFC7515_HS256_JWK.k, secret_encoding: 'base64' },
    status: 400,
    expect: {
      error: `'secret' is not valid Base64 (secret_encoding "base64"): '-' at position 35 belongs to the other alphabet; choose secret_encoding "base64url".`,
    },
  },
  {
    name: 'a base64 secret sent as base64url is a 400 too',
    body: { token: RFC7515_HS256, secret: RFC7515_HS256_BASE64, secret_encoding: 'base64url' },
    status: 400,
    expect: {
      error: `'secret' is not valid base64url (secret_encoding "base64url"): '+' at position 35 belongs to the other alphabet; choose secret_encoding "base64".`,
    },
  },
  {
    name: 'a secret that is not Base64 at all is a 400, even for a malformed token',
    body: { token: 'not-a-jwt-token', secret: 'c2Vj%cmV0', secret_encoding: 'base64' },
    status: 400,
    match: { error: /^'secret' is not valid Base64 \(secret_encoding "base64"\): Invalid character '%' at position 5/ },
  },
  {
    name: 'an unknown secret_encoding',
    body: { token: JWT_IO_HS256, secret: 'x', secret_encoding: 'hex' },
    status: 400,
    match: { error: /'secret_encoding' must be one of "utf8", "base64", "base64url"/ },
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
    name: "RFC 7515 A.2 RS256 verifies with the RFC's JWK",
    body: { token: RFC7515_RS256, secret: JSON.stringify(RFC7515_RSA_JWK), algorithm: 'RS256' },
    status: 200,
    expect: { ...rfcRs256, verified: true, expired: true },
  },
  {
    name: "RFC 7515 A.3 ES256 verifies with the RFC's JWK",
    body: { token: RFC7515_ES256, secret: JSON.stringify(RFC7515_EC_JWK), algorithm: 'ES256' },
    status: 200,
    expect: { ...rfcEs256, verified: true, expired: true },
  },
  {
    name: 'RS256 verifies with an RSA JWK',
    body: { token: KID_RS256, secret: JSON.stringify(RSA_CERT_JWK), algorithm: 'RS256' },
    status: 200,
    expect: {
      header: { alg: 'RS256', typ: 'JWT', kid: 'cert-rsa' },
      payload: { sub: 'kid-user', iat: 1767225600, exp: 1767229200 },
      signature: KID_RS256.split('.')[2],
      valid_structure: true,
      verified: true,
      expired: true,
    },
  },
  {
    name: "RS256 verifies with a JWK Set, the key chosen by the token's kid",
    body: {
      token: KID_RS256,
      secret: JSON.stringify({
        keys: [
          { ...RFC7515_RSA_JWK, kid: 'rfc7515' },
          { ...RSA_CERT_JWK, kid: 'cert-rsa' },
          { ...RFC7515_EC_JWK, kid: 'ec' },
        ],
      }),
      algorithm: 'RS256',
    },
    status: 200,
    match: { verified: true, verification_error: undefined, key_id: 'cert-rsa' },
  },
  {
    name: 'RS256 with a JWK Set whose key of that kid is another RSA key',
    body: {
      token: KID_RS256,
      secret: JSON.stringify({
        keys: [
          { ...RFC7515_RSA_JWK, kid: 'cert-rsa' },
          { ...RSA_CERT_JWK, kid: 'other' },
        ],
      }),
      algorithm: 'RS256',
    },
    status: 200,
    match: { verified: false, verification_error: /signature does not match/, key_id: undefined },
  },
  {
    name: 'a JWK Set with one key is used',
    body: { token: RFC7515_ES256, secret: JSON.stringify({ keys: [RFC7515_EC_JWK] }), algorithm: 'ES256' },
    status: 200,
    expect: { ...rfcEs256, verified: true, expired: true },
  },
  {
    name: 'a JWK Set with several keys needs a kid in the token',
    body: {
      token: RFC7515_ES256,
      secret: JSON.stringify({ keys: [RFC7515_RSA_JWK, RFC7515_EC_JWK] }),
      algorithm: 'ES256',
    },
    status: 200,
    match: { verified: false, verification_error: /2 keys and the token's header has no kid/ },
  },
  {
    name: 'RS256 with an X.509 certificate; exp in the year 3000 is not expired',
    body: { token: CERT_RS256, secret: RSA_CERT, algorithm: 'RS256' },
    status: 200,
    expect: {
      header: { alg: 'RS256', typ: 'JWT' },
      payload: { sub: 'cert-user', exp: 32503680000 },
      signature: CERT_RS256.split('.')[2],
      valid_structure: true,
      verified: true,
      expired: false,
    },
  },
  {
    name: 'ES256 with an X.509 certificate',
    body: { token: CERT_ES256, secret: EC_CERT, algorithm: 'ES256' },
    status: 200,
    match: {
      payload: { sub: 'cert-user', exp: 32503680000 },
      verified: true,
      expired: false,
      verification_error: undefined,
    },
  },
  {
    name: 'PS256 with an SPKI PEM',
    body: { token: PS256, secret: RSA_SPKI, algorithm: 'PS256' },
    status: 200,
    expect: {
      header: { alg: 'PS256', typ: 'JWT' },
      payload: { sub: 'pss-user', iat: 1700000000 },
      signature: PS256.split('.')[2],
      valid_structure: true,
      verified: true,
      warnings: [NO_EXP],
    },
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
    match: {
      verified: false,
      verification_error: /EC P-256 public key, which cannot verify RS256 \(it verifies ES256\)/,
    },
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
    name: 'a JWK whose alg member forbids the algorithm',
    body: { token: RFC7515_RS256, secret: JSON.stringify({ ...RFC7515_RSA_JWK, alg: 'RS384' }), algorithm: 'RS256' },
    status: 200,
    match: { verified: false, verification_error: /restricted to alg "RS384"/ },
  },
  {
    name: 'a private JWK is refused (RFC 8037 A.1 key)',
    body: {
      token: EDDSA,
      secret: JSON.stringify({
        kty: 'OKP',
        crv: 'Ed25519',
        d: 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A',
        x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
      }),
      algorithm: 'EdDSA',
    },
    status: 200,
    match: { verified: false, verification_error: /private key/ },
  },
  {
    name: 'a private-key PEM is refused',
    body: {
      token: RFC7515_RS256,
      secret: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      algorithm: 'RS256',
    },
    status: 200,
    match: { verified: false, verification_error: /private key \(PRIVATE KEY\)/ },
  },

  // ---- Warnings ------------------------------------------------------------------------------
  {
    name: 'warning: a crit header',
    body: { token: unsignedWith('{"alg":"HS256","crit":["b64"],"b64":false}', '{"exp":1}') },
    status: 200,
    match: {
      valid_structure: true,
      expired: true,
      warnings: [
        'The header has "crit" ("b64"): a verifier must reject the token unless it understands every extension listed (RFC 7515 §4.1.11).',
      ],
    },
  },
  {
    name: 'warning: a lifetime (exp − iat) of 366 days and a second',
    body: { token: unsignedWith('{"alg":"HS256"}', '{"iat":1700000000,"exp":1731622401}') },
    status: 200,
    match: {
      warnings: [
        'The token is valid for 366 days (exp − iat), over a year: a long-lived bearer token stays usable for that long if it leaks.',
      ],
    },
  },
  {
    name: 'no warning for exactly 366 days (a leap year)',
    body: { token: unsignedWith('{"alg":"HS256"}', '{"iat":1700000000,"exp":1731622400}') },
    status: 200,
    match: { valid_structure: true, warnings: undefined },
  },
  {
    name: 'warning: a lifetime from nbf when there is no iat, in years beyond two',
    body: { token: unsignedWith('{"alg":"HS256"}', '{"nbf":1700000000,"exp":32503680000}') },
    status: 200,
    match: {
      warnings: [
        'The token is valid for about 976 years (exp − nbf), over a year: a long-lived bearer token stays usable for that long if it leaks.',
      ],
    },
  },
  {
    name: 'warnings come in order of severity, and a malformed token still gets them',
    body: { token: `${b64u('{"alg":"none","crit":[]}')}.${b64u('{"sub":"x"}')}` },
    status: 200,
    match: {
      valid_structure: false,
      error: /2 dot-separated parts/,
      warnings: [ALG_NONE, /^The header has "crit" \(an empty list\)/, NO_EXP],
    },
  },

  // ---- Schema errors -------------------------------------------------------------------------
  {
    name: 'token shorter than 10 characters',
    body: { token: 'a.b.c' },
    status: 400,
    match: {
      error: "Invalid request: 'token' must be at least 10 characters long.",
      issues: [{ path: ['token'], message: 'must be at least 10 characters long' }],
    },
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
  // ---- Encoding (signing) ------------------------------------------------------------------
  // HS256, RS256 and EdDSA are deterministic: the exact tokens (jwt.io's own sample for HS256;
  // the others signed once with node:crypto). PS256 and ES256 are randomised: their header and
  // payload parts are exact and the signature has its fixed length; sign.test.ts verifies every
  // family's signatures with node:crypto and openssl.
  {
    name: "encode: jwt.io's claims with HS256 and its secret give jwt.io's token",
    body: { mode: 'encode', payload: SAMPLE_CLAIMS, secret: 'your-256-bit-secret' },
    status: 200,
    expect: {
      token: JWT_IO_HS256,
      header: { alg: 'HS256', typ: 'JWT' },
      payload: SAMPLE_CLAIMS,
      signature: JWT_IO_HS256.split('.')[2],
      valid_structure: true,
      warnings: [NO_EXP],
    },
  },
  {
    name: 'encode: RS256 with a PKCS#1 private key PEM',
    body: { mode: 'encode', algorithm: 'RS256', payload: SAMPLE_CLAIMS, secret: SIGN_RSA_PKCS1 },
    status: 200,
    match: {
      token: SIGNED_RS256,
      header: { alg: 'RS256', typ: 'JWT' },
      payload: SAMPLE_CLAIMS,
      signature: SIGNED_RS256.split('.')[2],
    },
  },
  {
    name: 'encode: EdDSA with the RFC 8037 private JWK',
    body: {
      mode: 'encode',
      algorithm: 'EdDSA',
      payload: SAMPLE_CLAIMS,
      secret: JSON.stringify(RFC8037_ED25519_PRIVATE_JWK),
    },
    status: 200,
    match: { token: SIGNED_EDDSA, header: { alg: 'EdDSA', typ: 'JWT' } },
  },
  {
    name: 'encode: PS256 (randomised) gives the exact header and payload and a 256-byte signature',
    body: { mode: 'encode', algorithm: 'PS256', payload: SAMPLE_CLAIMS, secret: SIGN_RSA_PKCS1 },
    status: 200,
    match: {
      token:
        /^eyJhbGciOiJQUzI1NiIsInR5cCI6IkpXVCJ9\.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ\.[\w-]{342}$/,
      signature: /^[\w-]{342}$/,
    },
  },
  {
    name: 'encode: ES256 (randomised) with a SEC1 EC private key PEM, a kid in the header',
    body: { mode: 'encode', algorithm: 'ES256', header: { kid: 'ec-1' }, payload: SAMPLE_CLAIMS, secret: SIGN_EC_SEC1 },
    status: 200,
    match: {
      token:
        /^eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImVjLTEifQ\.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ\.[\w-]{86}$/,
      header: { alg: 'ES256', typ: 'JWT', kid: 'ec-1' },
    },
  },
  {
    name: 'encode: a public key cannot sign',
    body: { mode: 'encode', algorithm: 'RS256', payload: {}, secret: RFC7515_RSA_SPKI },
    status: 400,
    expect: {
      error: `'secret' is a public key (PEM PUBLIC KEY); signing RS256 needs the private key (PKCS#8, PKCS#1 or SEC1 PEM, or a JWK with "d").`,
    },
  },
  {
    name: 'encode: a key of the wrong type names both',
    body: { mode: 'encode', algorithm: 'ES256', payload: {}, secret: SIGN_RSA_PKCS1 },
    status: 400,
    expect: {
      error:
        "'secret' is an RSA private key, which cannot sign ES256 (it signs RS256, RS384, RS512, PS256, PS384 or PS512).",
    },
  },
  {
    name: "encode: a header alg that contradicts 'algorithm'",
    body: { mode: 'encode', algorithm: 'HS256', header: { alg: 'HS512' }, payload: {}, secret: 's' },
    status: 400,
    expect: { error: `'header' has alg "HS512", but 'algorithm' is "HS256"; leave alg out or make them the same.` },
  },
  {
    name: 'encode: the payload is required, with the same sentence as a missing token in decode mode',
    body: { mode: 'encode', secret: 's' },
    status: 400,
    expect: {
      error: "Invalid request: 'payload' is required.",
      issues: [{ path: ['payload'], message: 'is required' }],
    },
  },
];

export default cases;
