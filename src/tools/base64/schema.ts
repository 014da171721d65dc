import { z } from 'zod';

export const Input = z.object({
  input: z.string().min(1).describe('Text to encode (as UTF-8), or Base64 to decode.'),
  mode: z.enum(['encode', 'decode']).default('encode').describe('Encode text to Base64, or decode Base64 to text.'),
  charset: z
    .enum(['standard', 'url-safe'])
    .default('standard')
    .describe('Alphabet for encoding: RFC 4648 standard (`+` `/`) or URL-safe (`-` `_`). Decoding accepts both.'),
  padding: z.boolean().default(true).describe('Keep `=` padding when encoding.'),
});

export const Output = z.object({
  output: z.string().describe('The encoded Base64, or the decoded text (U+FFFD for bytes that are not UTF-8).'),
  valid: z.boolean().describe('False when the Base64 to decode is malformed.'),
  encoding: z
    .enum(['standard', 'url-safe'])
    .describe('Alphabet used: the requested one when encoding; the one found in the input when decoding.'),
  byte_length: z.number().int().describe('Bytes of the input when encoding, of the decoded output when decoding.'),
  error: z.string().optional().describe('What is malformed and where (1-based character position).'),
  is_utf8: z.literal(false).optional().describe('Present (false) when the decoded bytes are not valid UTF-8.'),
});
