// hit / found × 100 rounded to one decimal, exactly: floating point would turn 1/16 = 6.25 % into
// 6.2 on some inputs and 1999/2000 into 99.9 with truncation; integer arithmetic never does.

/**
 * Percentage with one decimal, rounded half away from zero (counts are never negative, so that
 * is half up); 100 when nothing was found, as lcov and genhtml show an empty category.
 */
export function percent(hit: number, found: number): number {
  if (found === 0) return 100;
  const h = BigInt(hit);
  const f = BigInt(found);
  // Tenths of a percent: floor(hit·1000/found + 1/2) = floor((2000·hit + found) / (2·found)).
  const tenths = (2000n * h + f) / (2n * f);
  // A correctly rounded division: gives the double nearest to the one-decimal value (667 → 66.7).
  return Number(tenths) / 10;
}
