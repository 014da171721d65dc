import { z } from 'zod';
import { pure } from '../pure';

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

/** HMAC needs a block-based hash; CRC-32 is not one and BLAKE3 has its own keyed mode instead. */
export const NO_HMAC: ReadonlySet<Algorithm> = new Set<Algorithm>(['crc32', 'blake3']);

export const ENCODINGS = ['hex', 'base64'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { algorithm: 'sha256', encoding: 'hex' } as const;

const algorithmDoc =
  'Digest algorithm. `sha3-*` are FIPS 202 SHA-3 (not Keccak), `blake2b` is BLAKE2b-512, `blake3` is 256-bit, ' +
  '`crc32` is CRC-32/ISO-HDLC (4 bytes, big-endian).';

export const Input = pure(() => z.object({
  input: z.string().min(1).describe('Text to hash; its UTF-8 bytes are digested.'),
  algorithm: z.enum(ALGORITHMS).default(DEFAULTS.algorithm).describe(algorithmDoc),
  encoding: z.enum(ENCODINGS).default(DEFAULTS.encoding).describe('Digest as lowercase hex, or as standard padded Base64.'),
  hmac_key: z
    .string()
    .optional()
    .describe('When present, computes an HMAC (RFC 2104) with this key (UTF-8; may be empty) and the chosen algorithm. Not available for `crc32` and `blake3`.'),
}));

export const Output = pure(() => z.object({
  hash: z.string().describe('The digest (or HMAC) in the requested encoding.'),
  algorithm: z.enum(ALGORITHMS).describe('Algorithm used.'),
  encoding: z.enum(ENCODINGS).describe('Encoding of `hash`.'),
  input_byte_length: z.number().int().describe('Bytes of the UTF-8 input.'),
  digest_length: z.number().int().describe('Characters of `hash`.'),
}));
