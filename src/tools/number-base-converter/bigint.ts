// Digits → BigInt in near-linear time for up to a million digits.
//
// The engine parses bases 2, 8, 16 (linear) and 10 (subquadratic in V8) itself. Any other base
// goes through divide and conquer: chunks of k digits become exact Numbers, then neighbours are
// combined pairwise, hi · base^(k·2^level) + lo, so the big multiplications are few and
// balanced, where the engine's Karatsuba/FFT multiplication pays off. A digit-by-digit
// `n = n * base + d` would be quadratic: minutes for a million digits.
import { DIGIT_VALUE } from './read';

const NATIVE_PREFIX: Record<number, string> = { 2: '0b', 8: '0o', 10: '', 16: '0x' };

/** The value of `digits` (valid digits of `base`, at least one, no sign). */
export function digitsToBigInt(digits: string, base: number): bigint {
  const prefix = NATIVE_PREFIX[base];
  return prefix === undefined ? divideAndConquer(digits, base) : BigInt(prefix + digits);
}

function divideAndConquer(digits: string, base: number): bigint {
  // k digits per chunk, as many as keep base^k within 2^53 (exact in a double).
  let k = 0;
  let chunkBase = 1;
  while (chunkBase * base <= 2 ** 53) {
    chunkBase *= base;
    k++;
  }
  // Chunks aligned on the right, so that every chunk but the first (most significant) is full.
  const chunks = Math.ceil(digits.length / k);
  let level: bigint[] = new Array<bigint>(chunks);
  let at = 0;
  for (let c = 0; c < chunks; c++) {
    const stop = c === 0 ? digits.length - (chunks - 1) * k : at + k;
    let value = 0;
    for (; at < stop; at++) value = value * base + DIGIT_VALUE[digits.charCodeAt(at)]!;
    level[c] = BigInt(value);
  }
  // Pair from the right: every low half holds exactly k·2^level digits, worth `scale`.
  let scale = BigInt(chunkBase);
  while (level.length > 1) {
    const next = new Array<bigint>(Math.ceil(level.length / 2));
    let out = next.length - 1;
    let c = level.length - 1;
    for (; c > 0; c -= 2) next[out--] = level[c - 1]! * scale + level[c]!;
    if (c === 0) next[0] = level[0]!;
    level = next;
    if (level.length > 1) scale *= scale;
  }
  return level[0]!;
}
