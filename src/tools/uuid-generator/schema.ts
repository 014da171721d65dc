import { z } from 'zod';
import { pure } from '../pure';

export const FORMATS = ['hyphenated', 'compact'] as const;
export type Format = (typeof FORMATS)[number];
export const VERSIONS = [1, 3, 4, 5, 6, 7, 'nil', 'max', 'ulid', 8, 'nanoid'] as const;
export type Version = (typeof VERSIONS)[number];
/** The versions that hash a name in a namespace: they need `name` and `namespace`, the others refuse them. */
export const NAME_BASED = [3, 5] as const;
export const NAMESPACE_NAMES = ['dns', 'url', 'oid', 'x500'] as const;
export const VALIDATED_VERSIONS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'nil', 'max', 'ulid'] as const;
export type ValidatedVersion = (typeof VALIDATED_VERSIONS)[number];
export const VARIANTS = ['NCS', 'RFC 9562', 'Microsoft', 'future'] as const;

/** NanoID's bounds: `size` characters from an alphabet of 2–256 distinct characters (one random byte picks one). */
export const NANOID_SIZE_MAX = 1024;
export const NANOID_ALPHABET_MAX = 256;

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { count: 1, format: 'hyphenated', version: 4 } as const;

export const Input = pure(() =>
  z.object({
    count: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULTS.count)
      .describe('How many UUIDs to generate (1–100). Versions 3, 5 and 8, nil and max give the same UUID each time.'),
    format: z
      .enum(FORMATS)
      .default(DEFAULTS.format)
      .describe(
        '`hyphenated` (8-4-4-4-12) or `compact` (32 hex digits, no hyphens). ULIDs have one form (26 characters) and ignore it.',
      ),
    version: z
      .literal(VERSIONS)
      .default(DEFAULTS.version)
      .describe(
        'What to generate: 4 (random); 7 (RFC 9562: Unix time in milliseconds, then random bits; UUIDs of one request are ' +
          'strictly increasing); 1 or 6 (Gregorian time in 100-ns steps, a random 14-bit clock sequence and a random node ' +
          'with the multicast bit set; 6 orders the time bits so that UUIDs sort by time); 3 or 5 (MD5 or SHA-1 of ' +
          '`namespace` and `name`: the same pair always gives the same UUID); `"nil"` (all zeros), `"max"` (all ones); ' +
          '`"ulid"` (a ULID: 26 Crockford Base32 characters, upper case; within one request the random part counts up ' +
          'by 1, so the ULIDs sort in order); 8 (RFC 9562 §5.8, custom: the 128 bits of `data` with the version and ' +
          'variant set; the same `data` always gives the same UUID); `"nanoid"` (a NanoID: `size` characters drawn ' +
          'uniformly from `alphabet`).',
      ),
    namespace: z
      .string()
      .optional()
      .describe(
        'Versions 3 and 5 only (required there, refused otherwise): `dns`, `url`, `oid`, `x500` (the namespaces of ' +
          'RFC 9562 §6.6) or any UUID, spelled as `validate` accepts.',
      ),
    name: z
      .string()
      .optional()
      .describe(
        'Versions 3 and 5 only (required there, refused otherwise): the name, hashed as its UTF-8 bytes. May be empty.',
      ),
    data: z
      .string()
      .optional()
      .describe(
        "Version 8 only (required there, refused otherwise): the UUID's 128 bits as 32 hex digits, spelled as `validate` " +
          'accepts (hyphens, braces, `urn:uuid:`). Bits 48–51 become the version (8) and bits 64–65 the variant (`10`), ' +
          'so 122 of the bits given are kept (RFC 9562 §5.8: custom_a, custom_b, custom_c).',
      ),
    size: z
      .number()
      .int()
      .min(1)
      .max(NANOID_SIZE_MAX)
      .optional()
      .describe(
        `Version \`"nanoid"\` only (refused otherwise): characters per NanoID, 1–${NANOID_SIZE_MAX}; default 21.`,
      ),
    alphabet: z
      .string()
      .optional()
      .describe(
        `Version \`"nanoid"\` only (refused otherwise): the characters to draw from, 2–${NANOID_ALPHABET_MAX} distinct ` +
          "characters (Unicode code points); default NanoID's URL-safe 64 (`A–Z`, `a–z`, `0–9`, `_`, `-`).",
      ),
    validate: z
      .string()
      .optional()
      .describe(
        'A UUID or ULID to check (UUIDs are generated as well). Surrounding whitespace is ignored; a UUID hyphenated or ' +
          'compact, optionally in `{…}` braces or with a `urn:uuid:` prefix, any case; a ULID in either case. An empty ' +
          'string is checked too (not valid).',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    uuids: z
      .array(z.string())
      .describe('The generated UUIDs, lowercase (ULIDs upper case; NanoIDs as drawn from their alphabet).'),
    count: z.number().int().describe('Number of UUIDs generated.'),
    format: z.enum(FORMATS).describe('Format of `uuids`.'),
    is_valid: z
      .boolean()
      .optional()
      .describe(
        'Present when `validate` was sent: true for an RFC 9562 variant UUID of version 1–8, the nil or max UUID, or a ULID.',
      ),
    validated_version: z
      .enum(VALIDATED_VERSIONS)
      .optional()
      .describe(
        'Version of the valid `validate` UUID (`v1`…`v8`), `nil`/`max`, or `ulid`; absent when it is not valid.',
      ),
    variant: z
      .enum(VARIANTS)
      .optional()
      .describe(
        'Present when `validate` has the shape of a UUID, valid or not: its variant field (RFC 9562 §4.1) — `NCS` (0xxx, ' +
          'includes the nil UUID), `RFC 9562` (10xx, the variant of RFC 4122 and 9562 UUIDs), `Microsoft` (110x), ' +
          '`future` (111x, includes the max UUID). Absent for a ULID.',
      ),
    timestamp: z
      .string()
      .optional()
      .describe(
        'The time inside a valid version 1, 6 or 7 UUID or a ULID, ISO 8601 in UTC: versions 1 and 6 to their full ' +
          'precision of 100 ns (7 fraction digits), version 7 and ULIDs to the millisecond.',
      ),
  }),
);
