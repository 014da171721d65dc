// to_base and bit_width against BigInt arithmetic written here, independently of the tool:
// two's complement as n mod 2^w (with Python-style non-negative remainder), the signed reading as
// that minus 2^w when bit w−1 is set; digits by repeated division.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import tool from './tool';

const WIDTHS = [8, 16, 32, 64, 128] as const;
const SYMBOLS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Digits of n in base b by repeated division (not BigInt.prototype.toString). */
function digitsOf(n: bigint, b: number): string {
  const base = BigInt(b);
  let m = n < 0n ? -n : n;
  let out = '';
  do {
    out = SYMBOLS[Number(m % base)]! + out;
    m /= base;
  } while (m > 0n);
  return (n < 0n ? '-' : '') + out;
}

function reference(n: bigint, w: number) {
  const modulus = 1n << BigInt(w);
  const unsigned = ((n % modulus) + modulus) % modulus;
  const signed = unsigned >= modulus / 2n ? unsigned - modulus : unsigned;
  let hex = '';
  let binary = '';
  for (let i = w - 1; i >= 0; i--) binary += (unsigned >> BigInt(i)) & 1n ? '1' : '0';
  for (let i = 0; i < w; i += 4) hex += SYMBOLS[parseInt(binary.slice(i, i + 4), 2)];
  return { twos_complement: { hex, binary }, signed: String(signed), unsigned: String(unsigned) };
}

async function call(body: Record<string, unknown>) {
  return invoke(tool, body, nodeContext);
}

describe('bit_width at every width, against BigInt arithmetic', () => {
  it('answers n mod 2^w and its signed reading for every value in range, written in any base', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WIDTHS),
        fc.integer({ min: 2, max: 36 }),
        fc.bigInt({ min: -(1n << 127n), max: (1n << 128n) - 1n }),
        async (w, base, wide) => {
          // Fold the value into the width's range [−2^(w−1), 2^w − 1] (it is 3·2^(w−1) values wide).
          const span = 3n << BigInt(w - 1);
          const n = (((wide % span) + span) % span) - (1n << BigInt(w - 1));
          const reply = await call({ input: digitsOf(n, base), from_base: base, bit_width: w });
          expect(reply.status).toBe(200);
          expect(reply.body).toMatchObject(reference(n, w));
          expect(reply.body.decimal).toBe(String(n));
        },
      ),
      { numRuns: 600, seed: 16 },
    );
  });

  it('refuses every value outside the range, naming input and the range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WIDTHS),
        fc.bigInt({ min: 1n, max: 1n << 200n }),
        fc.boolean(),
        async (w, excess, below) => {
          const min = -(1n << BigInt(w - 1));
          const max = (1n << BigInt(w)) - 1n;
          const n = below ? min - excess : max + excess;
          const reply = await call({ input: String(n), from_base: 10, bit_width: w });
          expect(reply.status).toBe(400);
          expect(reply.body.error).toBe(
            `'input' is out of range for bit_width ${w}: at ${w} bits a value lies between ${min} and ${max}.`,
          );
        },
      ),
      { numRuns: 300, seed: 16 },
    );
  });

  it('takes both ends of every range and the values around zero', async () => {
    for (const w of WIDTHS) {
      const min = -(1n << BigInt(w - 1));
      const max = (1n << BigInt(w)) - 1n;
      for (const n of [min, min + 1n, -1n, 0n, 1n, -min - 1n, -min, max - 1n, max]) {
        const reply = await call({ input: String(n), from_base: 10, bit_width: w });
        expect(reply.body).toMatchObject(reference(n, w));
      }
    }
  });
});

describe('to_base, against repeated division', () => {
  it('writes any value in any base 2–36 from any base 2–36', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 36 }),
        fc.integer({ min: 2, max: 36 }),
        fc.bigInt({ min: -(1n << 300n), max: 1n << 300n }),
        async (from, to, n) => {
          const reply = await call({ input: digitsOf(n, from).toLowerCase(), from_base: from, to_base: to });
          expect(reply.status).toBe(200);
          expect(reply.body.converted).toBe(digitsOf(n, to));
        },
      ),
      { numRuns: 600, seed: 16 },
    );
  });

  it('a million digits of base 36 into base 3 stay bounded in size (about 3.26 million digits)', async () => {
    const reply = await call({ input: 'z'.repeat(1_000_000), from_base: 36, to_base: 3 });
    expect(reply.status).toBe(200);
    const converted = reply.body.converted as string;
    // 36^1e6 − 1 has ⌈1e6 · log3(36)⌉ base-3 digits (log3(36) is irrational, so the ceiling is exact).
    expect(converted.length).toBe(Math.ceil((1_000_000 * Math.log(36)) / Math.log(3)));
  });
});
