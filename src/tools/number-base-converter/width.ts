// A value read as a fixed-width register: its two's-complement bits at 8–128 bits, and the
// signed and unsigned numbers those bits stand for. The width bounds the work: a value is
// refused before any bit is built when it cannot be held in the width.
import { ToolInputError } from '../define';

export const BIT_WIDTHS = [8, 16, 32, 64, 128] as const;
export type BitWidth = (typeof BIT_WIDTHS)[number];

export interface AtWidth {
  twos_complement: { hex: string; binary: string };
  signed: string;
  unsigned: string;
}

/**
 * `n` at `width` bits. Both readings of a register are accepted, so the range is the union of
 * the signed one and the unsigned one: −2^(w−1) … 2^w − 1 (`ff` and `-1` are the same byte).
 */
export function atWidth(n: bigint, width: BitWidth): AtWidth {
  const w = BigInt(width);
  const min = -(1n << (w - 1n));
  const max = (1n << w) - 1n;
  if (n < min || n > max) {
    throw new ToolInputError(
      `'input' is out of range for bit_width ${width}: at ${width} bits a value lies between ${min} and ${max}.`,
    );
  }
  const bits = BigInt.asUintN(width, n);
  return {
    twos_complement: {
      hex: bits
        .toString(16)
        .toUpperCase()
        .padStart(width / 4, '0'),
      binary: bits.toString(2).padStart(width, '0'),
    },
    signed: BigInt.asIntN(width, n).toString(),
    unsigned: bits.toString(),
  };
}
