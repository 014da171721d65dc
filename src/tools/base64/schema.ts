import { z } from 'zod';
import { pure } from '../pure';

export const MODES = ['encode', 'decode'] as const;
export const CHARSETS = ['standard', 'url-safe'] as const;
export type Mode = (typeof MODES)[number];
export type Charset = (typeof CHARSETS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'encode', charset: 'standard', padding: true } as const;

export const Input = pure(() => z.object({
  input: z.string().min(1).describe('Text to encode (as UTF-8), or Base64 to decode.'),
  mode: z.enum(MODES).default(DEFAULTS.mode).describe('Encode text to Base64, or decode Base64 to text.'),
  charset: z
    .enum(CHARSETS)
    .default(DEFAULTS.charset)
    .describe('Alphabet for encoding: RFC 4648 standard (`+` `/`) or URL-safe (`-` `_`). Decoding accepts both.'),
  padding: z.boolean().default(DEFAULTS.padding).describe('Keep `=` padding when encoding.'),
}));

export const Output = pure(() => z.object({
  output: z.string().describe('The encoded Base64, or the decoded text (U+FFFD for bytes that are not UTF-8).'),
  valid: z.boolean().describe('False when the Base64 to decode is malformed.'),
  encoding: z
    .enum(CHARSETS)
    .describe('Alphabet used: the requested one when encoding; the one found in the input when decoding.'),
  byte_length: z.number().int().describe('Bytes of the input when encoding, of the decoded output when decoding.'),
  error: z.string().optional().describe('What is malformed and where (1-based character position).'),
  is_utf8: z.literal(false).optional().describe('Present (false) when the decoded bytes are not valid UTF-8.'),
}));
