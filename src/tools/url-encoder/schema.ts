import { z } from 'zod';
import { pure } from '../pure';

/** The encoding table entry of docs/spec.md §2, registered once under `components/schemas`. */
export const EncodingTableEntry = pure(() => z
  .object({
    original: z.string().describe('The character as it appears in the input (one code point).'),
    encoded: z.string().describe('Its percent-encoding: every UTF-8 byte as `%XX`, uppercase hex.'),
  })
  .describe('A character that encoding changed, and what it became.')
  .meta({ id: 'EncodingTableEntry' }));

export const MODES = ['encode-component', 'encode-full', 'decode'] as const;
export type Mode = (typeof MODES)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'encode-component' } as const;

export const Input = pure(() => z.object({
  input: z.string().min(1).describe('Text to percent-encode, or percent-encoded text to decode.'),
  mode: z
    .enum(MODES)
    .default(DEFAULTS.mode)
    .describe(
      "`encode-component` percent-encodes every character except `A–Z a–z 0–9 - _ . ! ~ * ' ( )`; `encode-full` also keeps " +
        "the URL structure characters `: / ? # [ ] @ ! $ & ' ( ) * + , ; =`; `decode` turns `%XX` sequences (UTF-8) back into " +
        'text and leaves `+` as is.',
    ),
}));

export const Output = pure(() => z.object({
  output: z.string().describe('The encoded or decoded text.'),
  mode: z.enum(MODES).describe('Mode used.'),
  changed: z.boolean().describe('True when `output` differs from `input`.'),
  encoding_table: z
    .array(EncodingTableEntry)
    .describe('Encode modes: one entry per distinct changed character, in order of first occurrence. Empty for `decode`.'),
}));
