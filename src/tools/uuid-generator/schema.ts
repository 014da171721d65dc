import { z } from 'zod';
import { pure } from '../pure';

export const FORMATS = ['hyphenated', 'compact'] as const;
export type Format = (typeof FORMATS)[number];
export const VERSIONS = [4, 7] as const;
export type Version = (typeof VERSIONS)[number];
export const VALIDATED_VERSIONS = ['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'nil', 'max'] as const;
export type ValidatedVersion = (typeof VALIDATED_VERSIONS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { count: 1, format: 'hyphenated', version: 4 } as const;

export const Input = pure(() => z.object({
  count: z.number().int().min(1).max(100).default(DEFAULTS.count).describe('How many UUIDs to generate (1–100).'),
  format: z.enum(FORMATS).default(DEFAULTS.format).describe('`hyphenated` (8-4-4-4-12) or `compact` (32 hex digits, no hyphens).'),
  version: z
    .literal(VERSIONS)
    .default(DEFAULTS.version)
    .describe(
      'UUID version to generate: 4 (random) or 7 (RFC 9562: Unix time in milliseconds, then random bits; ' +
        'UUIDs of one request are strictly increasing).',
    ),
  validate: z
    .string()
    .optional()
    .describe(
      'A UUID to check (UUIDs are generated as well). Surrounding whitespace is ignored; hyphenated or compact, ' +
        'optionally in `{…}` braces or with a `urn:uuid:` prefix, any case. An empty string is checked too (not valid).',
    ),
}));

export const Output = pure(() => z.object({
  uuids: z.array(z.string()).describe('The generated UUIDs, lowercase.'),
  count: z.number().int().describe('Number of UUIDs generated.'),
  format: z.enum(FORMATS).describe('Format of `uuids`.'),
  is_valid: z
    .boolean()
    .optional()
    .describe('Present when `validate` was sent: true for an RFC 9562 variant UUID of version 1–8, or the nil or max UUID.'),
  validated_version: z
    .enum(VALIDATED_VERSIONS)
    .optional()
    .describe('Version of the valid `validate` UUID (`v1`…`v8`), or `nil`/`max`; absent when it is not valid.'),
}));
