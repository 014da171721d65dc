// The tests' seeded PRNG; written in plain JavaScript (prng.mjs) so the benchmarks share it.
export { prng } from './prng.mjs';
