/** mulberry32: a small seeded PRNG, so generated test inputs are the same on every run. */
export function prng(seed: number): () => number;
