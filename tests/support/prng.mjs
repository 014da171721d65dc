// mulberry32: a small seeded PRNG, so generated test inputs are the same on every run. Plain
// JavaScript, so the benchmarks (bench/*.mjs) use the very generator the tests do.
export function prng(seed) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
