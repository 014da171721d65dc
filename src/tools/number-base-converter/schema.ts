import { z } from 'zod';
import { pure } from '../pure';
import { BIT_WIDTHS } from './width';

export const Input = pure(() =>
  z.object({
    input: z
      .string()
      .min(1)
      .describe(
        'The integer, in digits of the source base (0–9 then A–Z, any case). Surrounding blanks are trimmed; a leading `-` is allowed, and so is the prefix matching the base (`0b`, `0o`, `0x`); `_` and spaces between digits are ignored. At most 1,000,000 digits.',
      ),
    from_base: z
      .number()
      .int()
      .min(2)
      .max(36)
      .describe('The source base: 2, 8, 10 or 16, or any other integer from 2 to 36.'),
    to_base: z
      .number()
      .int()
      .min(2)
      .max(36)
      .optional()
      .describe('Optional: a target base from 2 to 36; the answer then holds `converted`, the value in that base.'),
    bit_width: z
      .literal(BIT_WIDTHS)
      .optional()
      .describe(
        'Optional: a register width in bits (8, 16, 32, 64 or 128); the answer then holds `twos_complement`, `signed` and `unsigned`. The value must fit the width in one of its two readings, from −2^(w−1) to 2^w − 1 (at 8 bits, -128 to 255): anything else is a 400.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    input_normalized: z
      .string()
      .describe(
        'The digits as read: sign kept (`-0` included), prefix and separators removed, letters uppercase, leading zeros kept.',
      ),
    from_base: z.number().int().describe('The source base, as given.'),
    decimal: z.string().describe('The value in base 10; negative values carry a leading `-`.'),
    binary: z.string().describe('The value in base 2, without prefix; negative values carry a leading `-`.'),
    octal: z.string().describe('The value in base 8, without prefix; negative values carry a leading `-`.'),
    hexadecimal: z
      .string()
      .describe('The value in base 16, uppercase, without prefix; negative values carry a leading `-`.'),
    binary_grouped: z
      .string()
      .describe(
        'The binary digits padded with zeros to a multiple of 4, in groups of 4 separated by spaces (after the `-` of a negative value).',
      ),
    hex_grouped: z
      .string()
      .describe(
        'The hexadecimal digits padded with a zero to whole bytes, one byte (2 digits) per group, separated by spaces (after the `-` of a negative value).',
      ),
    bit_length: z.number().int().min(1).describe('Bits needed for the magnitude |n| (1 for zero).'),
    is_power_of_two: z
      .boolean()
      .describe('True when the value is a positive power of two (1, 2, 4, …); false for zero and negative values.'),
    converted: z
      .string()
      .optional()
      .describe(
        'Present when `to_base` is sent: the value in that base, digits 0–9 then A–Z (uppercase, like `hexadecimal`), without prefix; negative values carry a leading `-`.',
      ),
    twos_complement: z
      .object({
        hex: z
          .string()
          .describe('The bits as hexadecimal, uppercase, zero-padded to `bit_width` / 4 digits, without prefix.'),
        binary: z.string().describe('The bits as binary, zero-padded to `bit_width` digits, without prefix.'),
      })
      .optional()
      .describe(
        "Present when `bit_width` is sent: the value in two's complement at that width (`-1` at 8 bits is `FF`, `11111111`).",
      ),
    signed: z
      .string()
      .optional()
      .describe(
        "Present when `bit_width` is sent: the bits read as a signed two's-complement integer, in decimal (`FF` at 8 bits is `-1`).",
      ),
    unsigned: z
      .string()
      .optional()
      .describe(
        'Present when `bit_width` is sent: the bits read as an unsigned integer, in decimal (`-1` at 8 bits is `255`).',
      ),
  }),
);
