import { defineTool } from '../define';
import { digitsToBigInt } from './bigint';
import { grouped, isPowerOfTwo } from './format';
import { readNumber } from './read';
import { Input, Output } from './schema';
import { atWidth } from './width';

export default defineTool({
  slug: 'number-base-converter',
  name: 'Number Base Converter',
  summary:
    "Converts an integer of any size from base 2–36 to decimal, binary, octal, hexadecimal and any base 2–36, with grouped digits, bit length, a power-of-two check and two's complement at 8–128 bits.",
  tag: 'encoding',
  category: 'convert',
  icon: 'binary',
  blurb: 'Binary, octal, decimal and hex, any size.',
  keywords: [
    'hex',
    'hexadecimal',
    'binary',
    'octal',
    'decimal',
    'base',
    'radix',
    'bin',
    'oct',
    'dec',
    'bits',
    'bigint',
    '0x',
  ],
  paste: [
    { kind: 'hex-number', field: 'input', with: { from_base: 16 } },
    { kind: 'binary-number', field: 'input', with: { from_base: 2 } },
    { kind: 'octal-number', field: 'input', with: { from_base: 8 } },
    { kind: 'decimal-number', field: 'input', with: { from_base: 10 }, fit: 0.6 },
    { kind: 'unix-time', field: 'input', with: { from_base: 10 }, fit: 0.3 },
  ],
  input: Input,
  output: Output,
  examples: [
    // First: the README's and the page's example, showing to_base and bit_width at work.
    {
      summary: 'Hexadecimal to every base, base 36 and an 8-bit register',
      input: { input: '0xFF', from_base: 16, to_base: 36, bit_width: 8 },
    },
    { summary: 'Decimal to the other bases', input: { input: '255', from_base: 10 } },
    { summary: 'Hexadecimal with prefix and separators', input: { input: '0xDEAD_BEEF', from_base: 16 } },
    { summary: 'A negative number as a 16-bit register', input: { input: '-42', from_base: 10, bit_width: 16 } },
  ],
  run({ input, from_base, to_base, bit_width }) {
    const { negative, digits } = readNumber(input, from_base);
    const magnitude = digitsToBigInt(digits, from_base);
    // -0 is 0: only a nonzero value carries the sign.
    const sign = negative && magnitude !== 0n ? '-' : '';
    // First, so a value too wide for the register is refused before the big outputs are built.
    const register = bit_width === undefined ? {} : atWidth(sign ? -magnitude : magnitude, bit_width);
    const binary = magnitude.toString(2);
    const hexadecimal = magnitude.toString(16).toUpperCase();
    return {
      input_normalized: (negative ? '-' : '') + digits.toUpperCase(),
      from_base,
      decimal: sign + magnitude.toString(10),
      binary: sign + binary,
      octal: sign + magnitude.toString(8),
      hexadecimal: sign + hexadecimal,
      binary_grouped: sign + grouped(binary, 4),
      hex_grouped: sign + grouped(hexadecimal, 2),
      bit_length: binary.length,
      is_power_of_two: sign === '' && isPowerOfTwo(binary),
      // Uppercase like `hexadecimal`; the engine's toString is subquadratic in every radix.
      ...(to_base === undefined ? {} : { converted: sign + magnitude.toString(to_base).toUpperCase() }),
      ...register,
    };
  },
});
