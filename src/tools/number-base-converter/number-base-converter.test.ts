import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { digitsToBigInt } from './bigint';
import tool from './tool';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

/** A random non-negative BigInt with up to `bits` bits. */
function randomBigInt(random: () => number, bits: number): bigint {
  let n = 0n;
  for (let b = 0; b < bits; b += 30) n = (n << 30n) | BigInt(Math.floor(random() * 2 ** 30));
  return n >> BigInt(Math.floor(random() * bits));
}

type Body = Record<string, unknown>;

async function convert(input: string, from_base: number): Promise<Body> {
  const reply = await invoke(tool, { input, from_base }, nodeContext);
  expect(reply.status, `${JSON.stringify(input)} in base ${from_base}: ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body;
}

async function error(input: string, from_base: number): Promise<string> {
  const reply = await invoke(tool, { input, from_base }, nodeContext);
  expect(reply.status).toBe(400);
  return reply.body.error as string;
}

/** What every output must be for the value n, from Node's own BigInt conversions. */
function expectedFor(n: bigint) {
  const sign = n < 0n ? '-' : '';
  const m = n < 0n ? -n : n;
  const binary = m.toString(2);
  const hex = m.toString(16).toUpperCase();
  return {
    decimal: n.toString(10),
    binary: n.toString(2),
    octal: n.toString(8),
    hexadecimal: n.toString(16).toUpperCase(),
    binary_grouped: sign + (binary.padStart(Math.ceil(binary.length / 4) * 4, '0').match(/.{4}/g) ?? []).join(' '),
    hex_grouped: sign + (hex.padStart(Math.ceil(hex.length / 2) * 2, '0').match(/.{2}/g) ?? []).join(' '),
    bit_length: binary.length,
    is_power_of_two: m > 0n && n > 0n && (m & (m - 1n)) === 0n,
  };
}

describe('conversion cross-checked with BigInt and parseInt', () => {
  it('agrees with BigInt.toString for random values in every base 2–36', async () => {
    const random = prng(2024);
    for (let i = 0; i < 1500; i++) {
      const base = 2 + (i % 35);
      const bits = [8, 53, 64, 200, 1000][i % 5]!;
      const magnitude = randomBigInt(random, bits);
      const n = random() < 0.3 ? -magnitude : magnitude;
      let digits = (n < 0n ? -n : n).toString(base);
      if (random() < 0.5) digits = digits.toUpperCase();
      const body = await convert((n < 0n ? '-' : '') + digits, base);
      expect(body).toEqual({
        input_normalized: (n < 0n ? '-' : '') + digits.toUpperCase(),
        from_base: base,
        ...expectedFor(n),
      });
    }
  });

  it('agrees with parseInt for values that fit a double', async () => {
    const random = prng(99);
    for (let i = 0; i < 2000; i++) {
      const base = 2 + Math.floor(random() * 35);
      const value = Math.floor(random() * 2 ** (1 + Math.floor(random() * 52)));
      const digits = value.toString(base);
      const body = await convert(digits, base);
      expect(Number(body.decimal)).toBe(parseInt(digits, base));
      expect(parseInt(body.binary as string, 2)).toBe(value);
      expect(parseInt(body.octal as string, 8)).toBe(value);
      expect(parseInt(body.hexadecimal as string, 16)).toBe(value);
    }
  });

  it('converts long digit strings of every base like a plain Horner loop', () => {
    const random = prng(5);
    for (let base = 2; base <= 36; base++) {
      for (const length of [1, 2, 15, 16, 17, 100, 1001, 4096]) {
        let digits = '';
        for (let i = 0; i < length; i++) digits += Math.floor(random() * base).toString(base);
        let reference = 0n;
        for (const d of digits) reference = reference * BigInt(base) + BigInt(parseInt(d, base));
        expect(digitsToBigInt(digits, base), `base ${base}, ${length} digits`).toBe(reference);
      }
    }
  });

  it('reads separators, prefixes in any case, and signs', async () => {
    const random = prng(11);
    for (let i = 0; i < 500; i++) {
      const base = [2, 8, 16][i % 3]!;
      const n = randomBigInt(random, 128);
      const digits = n.toString(base);
      // Separators between random digits: _, blanks, runs of them.
      let spaced = '';
      for (const d of digits)
        spaced += (spaced && random() < 0.3 ? ['_', ' ', '\t', '__', ' _ ', '\n'][Math.floor(random() * 6)] : '') + d;
      const prefix = random() < 0.5 ? `0${({ 2: 'b', 8: 'o', 16: 'x' } as Record<number, string>)[base]}` : '';
      const withPrefix = random() < 0.5 ? prefix.toUpperCase() : prefix;
      const negative = random() < 0.5;
      const body = await convert(` ${negative ? '-' : ''}${withPrefix}${spaced} `, base);
      expect(body.decimal).toBe((negative && n !== 0n ? -n : n).toString());
      expect(body.input_normalized).toBe((negative ? '-' : '') + digits.toUpperCase());
    }
  });
});

describe('outputs', () => {
  it('pads and groups binary and hexadecimal', async () => {
    expect(await convert('1', 10)).toMatchObject({
      binary_grouped: '0001',
      hex_grouped: '01',
      bit_length: 1,
      is_power_of_two: true,
    });
    expect(await convert('16', 10)).toMatchObject({
      binary_grouped: '0001 0000',
      hex_grouped: '10',
      bit_length: 5,
      is_power_of_two: true,
    });
    expect(await convert('256', 10)).toMatchObject({
      binary_grouped: '0001 0000 0000',
      hex_grouped: '01 00',
      is_power_of_two: true,
    });
    expect(await convert('-8', 10)).toMatchObject({
      binary: '-1000',
      binary_grouped: '-1000',
      hex_grouped: '-08',
      is_power_of_two: false,
    });
    expect(await convert('-0', 16)).toMatchObject({
      decimal: '0',
      hexadecimal: '0',
      input_normalized: '-0',
      is_power_of_two: false,
    });
  });

  it('keeps leading zeros in input_normalized only', async () => {
    expect(await convert('0x00ff', 16)).toMatchObject({
      input_normalized: '00FF',
      hexadecimal: 'FF',
      hex_grouped: 'FF',
    });
  });
});

describe('errors', () => {
  it('names separators that are not between digits', async () => {
    expect(await error('_1', 10)).toBe("Separator '_' at position 1 is not between two digits");
    expect(await error('- 5', 10)).toBe('Separator U+0020 at position 2 is not between two digits');
    expect(await error('-_5', 10)).toBe("Separator '_' at position 2 is not between two digits");
    expect(await error('12__ ', 10)).toBe("Separator '_' at position 3 is not between two digits");
    // Right after the prefix is fine (as in Python), before it is not.
    expect((await convert('0x_FF', 16)).decimal).toBe('255');
    expect((await convert('1 _ 0', 2)).decimal).toBe('2');
  });

  it('spells invisible and odd characters', async () => {
    expect(await error('1\u200B0', 10)).toBe('Character U+200B at position 2 is not valid in base 10');
    expect(await error('1\u00000', 10)).toBe('Character U+0000 at position 2 is not valid in base 10');
    expect(await error('1\uD800', 10)).toBe('Character U+D800 at position 2 is not valid in base 10');
    expect(await error('1.5', 10)).toBe("Character '.' at position 2 is not valid in base 10");
    expect(await error('١٢', 10)).toBe("Character '١' at position 1 is not valid in base 10");
    expect(await error('--5', 10)).toBe("Character '-' at position 2 is not valid in base 10");
    expect(await error('0x-1', 16)).toBe("Character '-' at position 3 is not valid in base 16");
    expect(await error('0b2', 2)).toBe("Character '2' at position 3 is not valid in base 2");
    expect(await error('0o8', 8)).toBe("Character '8' at position 3 is not valid in base 8");
    expect(await error('z', 35)).toBe("Character 'z' at position 1 is not valid in base 35");
  });

  it('has no digits for a sign or a prefix alone', async () => {
    for (const [input, base] of [
      ['-', 10],
      ['0b', 2],
      ['0O', 8],
      ['-0x', 16],
    ] as const) {
      expect(await error(input, base)).toBe(
        `'input' has no digits to convert: expected at least one base-${base} digit.`,
      );
    }
  });

  it('counts digits, not separators or the prefix, against the limit', async () => {
    const million = '1'.repeat(1_000_000);
    expect((await convert(`0b${million}`, 2)).bit_length).toBe(1_000_000);
    expect((await convert(`${'10_'.repeat(499_999)}10`, 2)).bit_length).toBe(1_000_000);
    expect(await error(`${million}0`, 2)).toMatch(/^'input' has more than 1,000,000 digits/);
  });

  // No clock: quadratic behaviour would take minutes, far past the test's timeout.
  it('stays fast on 16 MiB of separators', async () => {
    expect((await convert(`1${' '.repeat(16 * 1024 * 1024)}1`, 10)).decimal).toBe('11');
    expect(await error(`1${' '.repeat(16 * 1024 * 1024)}x`, 10)).toBe(
      `Character 'x' at position ${16 * 1024 * 1024 + 2} is not valid in base 10`,
    );
  }, 60_000);
});

describe('a million digits', () => {
  // No clock: a digit-by-digit (quadratic) conversion of a million base-36 digits takes minutes,
  // far past the test's timeout; bench/worst-inputs.mjs measures the real time.
  const random = prng(1);
  for (const base of [10, 16, 2, 36, 3, 7]) {
    it(`converts 1,000,000 digits of base ${base}`, async () => {
      let digits = (base - 1).toString(base);
      const parts = [digits];
      for (let i = 1; i < 1_000_000; i++) parts.push(Math.floor(random() * base).toString(base));
      digits = parts.join('');
      const body = await convert(digits, base);
      // Check the result against the engine's own conversion of the decimal answer.
      const n = BigInt(body.decimal as string);
      expect(n.toString(base)).toBe(digits);
      expect(body.hexadecimal).toBe(n.toString(16).toUpperCase());
    }, 60_000);
  }
});
