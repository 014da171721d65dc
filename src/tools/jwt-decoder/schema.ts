import { z } from 'zod';
import { pure } from '../pure';

/** docs/spec.md §4.1's nine values, plus the RSA-PSS and EdDSA algorithms docs/contract.md §4 adds. */
export const ALGORITHMS = [
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'ES256',
  'ES384',
  'ES512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** How an HS* shared secret's text becomes key bytes. */
export const SECRET_ENCODINGS = ['utf8', 'base64', 'base64url'] as const;
export type SecretEncoding = (typeof SECRET_ENCODINGS)[number];

/** Decode (and verify) a token, or encode (sign) one. */
export const MODES = ['decode', 'encode'] as const;
export type Mode = (typeof MODES)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'decode', algorithm: 'HS256', secret_encoding: 'utf8' } as const;

/** Fields a mode cannot do without: a missing one reads "'token' is required", as when it was always required. */
const REQUIRED: Record<Mode, readonly ('token' | 'payload' | 'secret')[]> = {
  decode: ['token'],
  encode: ['payload', 'secret'],
};

/** Every request field, as the JSON Schema branches below name them. */
const EVERY_FIELD = Object.fromEntries(
  ['mode', 'token', 'secret', 'secret_encoding', 'algorithm', 'header', 'payload'].map((name) => [name, {}]),
);

export const Input = pure(() =>
  z
    .object({
      token: z
        .string()
        .min(10)
        .optional()
        .describe(
          'Decode (required): the JWT: three base64url parts (header.payload.signature) separated by dots. Dropped first: surrounding whitespace, one pair of surrounding quotes (`"`, `\'` or backtick) and a leading `Bearer ` (or `Authorization: Bearer `) in any case. Header and payload JSON may nest at most 500 levels.',
        ),
      secret: z
        .string()
        .optional()
        .describe(
          'Encode (required): the key to sign with. HS*: the shared secret (read as `secret_encoding` says) or a symmetric JWK; RS*/PS*/ES*/EdDSA: a private key as PKCS#8 (`BEGIN PRIVATE KEY`), PKCS#1 (`BEGIN RSA PRIVATE KEY`) or SEC1 (`BEGIN EC PRIVATE KEY`) PEM, or a JWK with its private members; a public key is a 400. Decode: the key to verify the signature with. HS*: the shared secret (read as `secret_encoding` says), or a symmetric JWK (`{"kty":"oct","k":…}`) or JWK Set as JSON text. RS*/PS*/ES*/EdDSA: a public key as SPKI PEM (`BEGIN PUBLIC KEY`), X.509 certificate PEM, or a JWK or JWK Set as JSON text. From a JWK Set (`{"keys":[…]}`) the key whose `kid` is the token\'s is used, else the set\'s only key. Empty or absent: decode only.',
        ),
      secret_encoding: z
        .enum(SECRET_ENCODINGS)
        .default(DEFAULTS.secret_encoding)
        .describe(
          'How an HS* shared secret is turned into key bytes: `utf8` (its UTF-8 bytes), `base64` or `base64url` (decoded; whitespace and `=` padding allowed, the other alphabet is refused with a 400). Ignored for a PEM or JWK secret and for RS*/PS*/ES*/EdDSA.',
        ),
      algorithm: z
        .enum(ALGORITHMS)
        .default(DEFAULTS.algorithm)
        .describe("Algorithm to verify with (the token's header `alg` must name the same one), or to sign with."),
      mode: z
        .enum(MODES)
        .default(DEFAULTS.mode)
        .describe(
          '`decode`: decode `token` and, given `secret`, verify it. `encode`: sign `header` and `payload` with `secret` under `algorithm`; the answer carries the compact `token`.',
        ),
      header: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'Encode: extra JOSE header members (e.g. `kid`). The signed header is `{"alg": algorithm, "typ": "JWT", …header}`; an `alg` other than `algorithm` is a 400. Ignored in decode mode.',
        ),
      payload: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'Encode (required): the claims to sign, a JSON object (nesting at most 500 levels), written as JSON.stringify writes it. Ignored in decode mode.',
        ),
    })
    .superRefine((request, ctx) => {
      for (const field of REQUIRED[request.mode]) {
        if (request[field] === undefined)
          ctx.addIssue({ code: 'custom', path: [field], input: undefined, message: 'is required' });
      }
      // The same rule in JSON Schema terms, for OpenAPI, MCP and the command line (whose main field
      // is the default mode's required text field, `token`).
    })
    .meta({
      if: { properties: { mode: { const: 'encode' } }, required: ['mode'] },
      // Each branch names every property again (as `{}`): strict validators ask for the required
      // ones, and a linter that reads a branch as closed (Redocly's example check) for the rest.
      then: { properties: EVERY_FIELD, required: [...REQUIRED.encode] },
      else: { properties: EVERY_FIELD, required: [...REQUIRED.decode] },
    }),
);

export const Output = pure(() =>
  z.object({
    token: z
      .string()
      .optional()
      .describe('Encode: the signed compact JWT (header.payload.signature). Absent in decode mode.'),
    header: z
      .record(z.string(), z.unknown())
      .describe('The decoded JOSE header; `{}` when it could not be decoded. Encode: the header as signed.'),
    payload: z
      .unknown()
      .describe(
        'The decoded claims (any JSON value); `{}` when they could not be decoded. Encode: the payload as signed.',
      ),
    signature: z
      .string()
      .describe('The signature part exactly as given (base64url); empty when the token is not well-formed.'),
    valid_structure: z
      .boolean()
      .describe('True when the token has three parts, a base64url JSON object header and a base64url JSON payload.'),
    verified: z
      .boolean()
      .optional()
      .describe(
        'Present when a non-empty `secret` is sent and the token is a JWS (three parts, a JSON object header; a well-formed token, or one whose payload is not JSON, as in RFC 7520 §4): true when the signature verifies under `algorithm` and the header `alg` is that algorithm.',
      ),
    verification_error: z.string().optional().describe('Why `verified` is false.'),
    key_id: z
      .string()
      .optional()
      .describe(
        'Present when `verified` is true and the key was a JWK with a `kid`: that `kid`, so the answer says which key of a JWK Set verified the token.',
      ),
    expired: z
      .boolean()
      .optional()
      .describe(
        'Present when the payload has a numeric `exp`: true when that time (seconds since the epoch) has passed. Does not affect `verified`.',
      ),
    error: z
      .string()
      .optional()
      .describe(
        'Why the token is not well-formed: the first problem, with its 1-based character position where there is one.',
      ),
    warnings: z
      .array(z.string())
      .optional()
      .describe(
        'Present when there is something to warn about (absent, never empty, otherwise): one sentence each, in this order, for alg "none"; an HS* token checked with a PEM or a public JWK as `secret` (algorithm confusion); a `crit` header; no numeric `exp`; a lifetime (exp − iat, else exp − nbf) over 366 days. Warnings never change `verified` or `expired`.',
      ),
  }),
);
