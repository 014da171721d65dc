import { z } from 'zod';
import { pure } from '../pure';

export const MODES = ['encode', 'decode'] as const;
export const CHARSETS = ['standard', 'url-safe'] as const;
export const DATA_FORMATS = ['text', 'hex'] as const;
export type Mode = (typeof MODES)[number];
export type Charset = (typeof CHARSETS)[number];
export type DataFormat = (typeof DATA_FORMATS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'encode', charset: 'standard', padding: true, data_format: 'text' } as const;

export const Input = pure(() =>
  z.object({
    input: z
      .string()
      .min(1)
      .describe(
        'Encode: the text (read as UTF-8), or with `data_format: "hex"` the bytes as hex digits (any case; whitespace ignored; an optional `0x` before each group; an odd number of digits or any other character is a 400). Decode: the Base64, optionally after a `data:<mime>;base64,` prefix, which is skipped.',
      ),
    mode: z.enum(MODES).default(DEFAULTS.mode).describe('Encode text to Base64, or decode Base64 to text.'),
    charset: z
      .enum(CHARSETS)
      .default(DEFAULTS.charset)
      .describe('Alphabet for encoding: RFC 4648 standard (`+` `/`) or URL-safe (`-` `_`). Decoding accepts both.'),
    padding: z.boolean().default(DEFAULTS.padding).describe('Keep `=` padding when encoding.'),
    data_format: z
      .enum(DATA_FORMATS)
      .default(DEFAULTS.data_format)
      .describe(
        'How the bytes are written on the text side: `text` (UTF-8) or `hex`. Encode reads `input` as hex bytes; decode returns the decoded bytes as lowercase hex in `output`.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    output: z
      .string()
      .describe(
        'The encoded Base64, or the decoded bytes: as text (U+FFFD for bytes that are not UTF-8) or, with `data_format: "hex"`, as lowercase hex.',
      ),
    valid: z.boolean().describe('False when the Base64 to decode is malformed.'),
    encoding: z
      .enum(CHARSETS)
      .describe('Alphabet used: the requested one when encoding; the one found in the input when decoding.'),
    byte_length: z.number().int().describe('Bytes of the input when encoding, of the decoded output when decoding.'),
    error: z.string().optional().describe('What is malformed and where (1-based character position).'),
    is_utf8: z
      .literal(false)
      .optional()
      .describe('Present (false) when the decoded bytes are not valid UTF-8 (in either data format).'),
    mime: z
      .string()
      .optional()
      .describe(
        'Decode: the media type of the `data:` URL prefix, when one was given (`text/plain;charset=US-ASCII` for `data:;base64,`, RFC 2397).',
      ),
  }),
);
