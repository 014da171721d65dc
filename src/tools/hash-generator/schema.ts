import { z } from 'zod';
import { pure } from '../pure';
import { BOUNDS, PASSWORD_ALGORITHMS, PASSWORD_DEFAULTS } from './password-params';

/** The spec's five first (docs/spec.md §4.8), then the ones docs/contract.md §4 adds. */
export const ALGORITHMS = [
  'md5',
  'sha1',
  'sha256',
  'sha384',
  'sha512',
  'sha224',
  'sha3-256',
  'sha3-384',
  'sha3-512',
  'blake2b',
  'blake3',
  'crc32',
] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** What `algorithm` accepts: the digests, then the password hashes (./password.ts). */
export const ALL_ALGORITHMS = [...ALGORITHMS, ...PASSWORD_ALGORITHMS] as const;

/** HMAC needs a block-based hash; CRC-32 is not one and BLAKE3 has its own keyed mode instead. */
export const NO_HMAC: ReadonlySet<Algorithm> = new Set<Algorithm>(['crc32', 'blake3']);

export const ENCODINGS = ['hex', 'base64'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** How `input` and `hmac_key` give their bytes: UTF-8 text, or hex or Base64 of any bytes. */
export const BYTE_ENCODINGS = ['utf8', 'hex', 'base64'] as const;
export type ByteEncoding = (typeof BYTE_ENCODINGS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = {
  algorithm: 'sha256',
  encoding: 'hex',
  input_encoding: 'utf8',
  hmac_key_encoding: 'utf8',
  salt_encoding: 'utf8',
} as const;

const algorithmDoc =
  'Digest algorithm. `sha3-*` are FIPS 202 SHA-3 (not Keccak), `blake2b` is BLAKE2b-512, `blake3` is 256-bit, ' +
  '`crc32` is CRC-32/ISO-HDLC (4 bytes, big-endian). `bcrypt`, `scrypt` and `argon2id` are password hashes: `input` is the ' +
  'password, the answer is its standard encoded string (`$2b$…`, `$scrypt$ln=…`, `$argon2id$v=19$…`) with a random salt ' +
  'unless `salt` is given, and `expected` takes such a string to check the password against.';

/** A password hash's cost field: an optional integer within its bounds (./password.ts BOUNDS). */
function cost(bounds: readonly [number, number], fallback: number, doc: string) {
  return z
    .number()
    .int()
    .min(bounds[0])
    .max(bounds[1])
    .optional()
    .describe(`${doc} From ${bounds[0]} to ${bounds[1]}; default ${fallback}.`);
}

export const Input = pure(() =>
  z.object({
    input: z
      .string()
      .min(1)
      .describe(
        'What to hash: text whose UTF-8 bytes are digested, or the bytes themselves as hex or Base64 (see `input_encoding`).',
      ),
    input_encoding: z
      .enum(BYTE_ENCODINGS)
      .default(DEFAULTS.input_encoding)
      .describe(
        'How `input` gives its bytes: `utf8` (text, the default), `hex` (digits in either case; whitespace ignored) or `base64` ' +
          '(standard or URL-safe alphabet, padding optional, whitespace ignored). Malformed hex or Base64 is a 400 naming the field.',
      ),
    algorithm: z.enum(ALL_ALGORITHMS).default(DEFAULTS.algorithm).describe(algorithmDoc),
    encoding: z
      .enum(ENCODINGS)
      .default(DEFAULTS.encoding)
      .describe('Digest as lowercase hex, or as standard padded Base64.'),
    hmac_key: z
      .string()
      .optional()
      .describe(
        'When present, computes an HMAC (RFC 2104) with this key (may be empty; read as `hmac_key_encoding` says) and the chosen algorithm. Not available for `crc32` and `blake3`.',
      ),
    hmac_key_encoding: z
      .enum(BYTE_ENCODINGS)
      .default(DEFAULTS.hmac_key_encoding)
      .describe(
        'How `hmac_key` gives its bytes: `utf8` (text, the default), `hex` or `base64`, read as for `input_encoding`. Ignored without `hmac_key`.',
      ),
    expected: z
      .string()
      .optional()
      .describe(
        'A checksum to verify against: a bare digest (hex in any case, or Base64), a `sha256sum`/`shasum` line (`<hex>  name` or `<hex> *name`), ' +
          'a BSD-style line (`SHA256 (name) = <hex>`) or an SRI value (`sha256-<base64>`). The answer then has `matches`. A tagged line must name ' +
          'the chosen algorithm; the file name is not checked. For a password hash: the encoded hash to check `input` against ' +
          '(its own salt and costs are used; `$2a$`/`$2y$` bcrypt hashes too); the answer repeats it as `hash`.',
      ),
    salt: z
      .string()
      .optional()
      .describe(
        'Password hashes only: the salt, read as `salt_encoding` says, for a reproducible hash (bcrypt: exactly 16 bytes; scrypt and ' +
          'argon2id: 8 to 64). Without it, 16 random bytes.',
      ),
    salt_encoding: z
      .enum(BYTE_ENCODINGS)
      .default(DEFAULTS.salt_encoding)
      .describe(
        'How `salt` gives its bytes: `utf8` (text, the default), `hex` or `base64`, read as for `input_encoding`. Ignored without `salt`.',
      ),
    cost: cost(BOUNDS.bcryptCost, PASSWORD_DEFAULTS.bcryptCost, 'bcrypt only: the cost, log2 of the rounds.'),
    log_n: cost(
      BOUNDS.scryptLogN,
      PASSWORD_DEFAULTS.scryptLogN,
      'scrypt only: log2 of N, the CPU/memory cost (memory is 128·2^log_n·r bytes, at most 64 MiB).',
    ),
    r: cost(BOUNDS.scryptR, PASSWORD_DEFAULTS.scryptR, 'scrypt only: the block size r.'),
    p: cost(BOUNDS.scryptP, PASSWORD_DEFAULTS.scryptP, 'scrypt only: the parallelism p.'),
    memory_kib: cost(
      BOUNDS.argonMemoryKiB,
      PASSWORD_DEFAULTS.argonMemoryKiB,
      'argon2id only: memory in KiB (m); at least 8 × `parallelism`.',
    ),
    iterations: cost(
      BOUNDS.argonIterations,
      PASSWORD_DEFAULTS.argonIterations,
      'argon2id only: passes over the memory (t).',
    ),
    parallelism: cost(BOUNDS.argonParallelism, PASSWORD_DEFAULTS.argonParallelism, 'argon2id only: lanes (p).'),
  }),
);

export const Output = pure(() =>
  z.object({
    hash: z
      .string()
      .describe('The digest (or HMAC) in the requested encoding; for a password hash, its encoded string.'),
    algorithm: z.enum(ALL_ALGORITHMS).describe('Algorithm used.'),
    encoding: z
      .enum([...ENCODINGS, 'encoded'])
      .describe("Encoding of `hash`: `encoded` for a password hash (the algorithm's standard string)."),
    input_byte_length: z.number().int().describe('Bytes hashed: of the UTF-8 text, or decoded from hex or Base64.'),
    digest_length: z.number().int().describe('Characters of `hash`.'),
    matches: z
      .boolean()
      .optional()
      .describe(
        'Present when `expected` was sent: whether its digest equals this one (byte for byte, whatever its encoding).',
      ),
  }),
);
