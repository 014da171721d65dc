import { z } from 'zod';
import { pure } from '../pure';

/** The encoding table entry of docs/spec.md §2, registered once under `components/schemas`. */
export const EncodingTableEntry = pure(() =>
  z
    .object({
      original: z.string().describe('The character as it appears in the input (one code point).'),
      encoded: z.string().describe('Its percent-encoding: every UTF-8 byte as `%XX`, uppercase hex.'),
    })
    .describe('A character that encoding changed, and what it became.')
    .meta({ id: 'EncodingTableEntry' }),
);

export const MODES = ['encode-component', 'encode-full', 'decode', 'encode-form', 'decode-form'] as const;
export type Mode = (typeof MODES)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'encode-component' } as const;

export const Input = pure(() =>
  z.object({
    input: z.string().min(1).describe('Text to percent-encode, or percent-encoded text to decode.'),
    mode: z
      .enum(MODES)
      .default(DEFAULTS.mode)
      .describe(
        "`encode-component` percent-encodes every character except `A–Z a–z 0–9 - _ . ! ~ * ' ( )`; `encode-full` also keeps " +
          "the URL structure characters `: / ? # [ ] @ ! $ & ' ( ) * + , ; =`; `decode` turns `%XX` sequences (UTF-8) back into " +
          'text and leaves `+` as is. `encode-form` writes application/x-www-form-urlencoded (as `URLSearchParams` and HTML forms do): ' +
          'keeps only `A–Z a–z 0–9 * - . _`, a space becomes `+`; `decode-form` reads it: `+` becomes a space, then `%XX` is decoded.',
      ),
  }),
);

/** One query parameter of a full URL, decoded. */
export const QueryParameter = pure(() =>
  z
    .object({
      name: z.string().describe('Parameter name, decoded (`+` is a space, `%XX` as UTF-8).'),
      value: z.string().describe('Parameter value, decoded; empty when the pair has no `=`.'),
    })
    .describe('A query parameter of the input URL.')
    .meta({ id: 'QueryParameter' }),
);

export const Output = pure(() =>
  z.object({
    output: z.string().describe('The encoded or decoded text.'),
    mode: z.enum(MODES).describe('Mode used.'),
    changed: z.boolean().describe('True when `output` differs from `input`.'),
    encoding_table: z
      .array(EncodingTableEntry)
      .describe(
        'Encode modes: one entry per distinct changed character, in order of first occurrence (`encode-form`: a space is `+`). Empty for the decode modes.',
      ),
    query: z
      .array(QueryParameter)
      .optional()
      .describe(
        'Only in `decode` and `decode-form`, when the input parses as an absolute URL (WHATWG `new URL`): its query parameters in order, ' +
          'split on `&` and the first `=`, empty pairs skipped, each decoded as a form (`+` is a space; `%2B` is a plus), in both modes. `[]` when the URL has no query.',
      ),
  }),
);
