import { z } from 'zod';
import { pure } from '../pure';

export const Input = pure(() => z.object({
  input: z
    .string()
    .min(1)
    .describe(
      'The integer, in digits of the source base (0–9 then A–Z, any case). Surrounding blanks are trimmed; a leading `-` is allowed, and so is the prefix matching the base (`0b`, `0o`, `0x`); `_` and spaces between digits are ignored. At most 1,000,000 digits.',
    ),
  from_base: z.number().int().min(2).max(36).describe('The source base: 2, 8, 10 or 16, or any other integer from 2 to 36.'),
}));

export const Output = pure(() => z.object({
  input_normalized: z.string().describe('The digits as read: sign kept (`-0` included), prefix and separators removed, letters uppercase, leading zeros kept.'),
  from_base: z.number().int().describe('The source base, as given.'),
  decimal: z.string().describe('The value in base 10; negative values carry a leading `-`.'),
  binary: z.string().describe('The value in base 2, without prefix; negative values carry a leading `-`.'),
  octal: z.string().describe('The value in base 8, without prefix; negative values carry a leading `-`.'),
  hexadecimal: z.string().describe('The value in base 16, uppercase, without prefix; negative values carry a leading `-`.'),
  binary_grouped: z.string().describe('The binary digits padded with zeros to a multiple of 4, in groups of 4 separated by spaces (after the `-` of a negative value).'),
  hex_grouped: z.string().describe('The hexadecimal digits padded with a zero to whole bytes, one byte (2 digits) per group, separated by spaces (after the `-` of a negative value).'),
  bit_length: z.number().int().min(1).describe('Bits needed for the magnitude |n| (1 for zero).'),
  is_power_of_two: z.boolean().describe('True when the value is a positive power of two (1, 2, 4, …); false for zero and negative values.'),
}));
