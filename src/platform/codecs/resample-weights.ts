// The four resampling kernels and the per-axis tables of fixed-point weights the resampler
// (resample.ts) runs on. Each output pixel is a weighted sum of a run of `taps` consecutive source
// pixels starting at `starts[i]`; weights are integers summing to exactly 1 << WEIGHT_BITS, so a
// flat area stays exactly flat (an opaque alpha stays 255) and every engine gives the same bytes.
//
// Geometry as libvips reduce (sharp): pixel centres align (output pixel i sits at source
// coordinate (i + 0.5)·scale − 0.5), a reduction stretches the kernel by the scale, and taps that
// fall outside the image repeat the edge pixel.

import type { Kernel } from '../../lib/images/kernels';

/** 1.0 is 1 << 14: a weight fits a signed 16-bit lane with room for lobes a little above 1. */
export const WEIGHT_BITS = 14;
const ONE = 1 << WEIGHT_BITS;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));

/** Radius (in source pixels at scale 1) and shape of each kernel but nearest. */
const SHAPES: Record<Exclude<Kernel, 'nearest'>, { radius: number; at: (x: number) => number }> = {
  lanczos3: { radius: 3, at: (x) => (x < 3 ? sinc(x) * sinc(x / 3) : 0) },
  linear: { radius: 1, at: (x) => (x < 1 ? 1 - x : 0) },
  // Catmull-Rom (Keys, a = −0.5): libvips's and sharp's "cubic".
  cubic: {
    radius: 2,
    at: (x) => (x < 1 ? 1.5 * x ** 3 - 2.5 * x ** 2 + 1 : x < 2 ? -0.5 * x ** 3 + 2.5 * x ** 2 - 4 * x + 2 : 0),
  },
};

export interface AxisWeights {
  /** Taps per output pixel (the same for all: short runs are padded with zero weights). Even. */
  taps: number;
  /** First source index of each output pixel's run; `starts[i] + taps <= source length`. */
  starts: Int32Array;
  /**
   * `taps` weights per output pixel, two per 32-bit word as signed 16-bit halves (low: the even
   * tap), the layout a WebAssembly i32x4.dot_i16x8_s multiplies with.
   */
  pairs: Int32Array;
}

/**
 * Tables made lately, by axis and kernel: a batch resizes many images of one camera to one size,
 * and a 2 MP photo's two tables cost ~1.5 ms of sines. At most a few dozen, each under a megabyte
 * (taps × output ≈ 6 × source pixels for Lanczos3).
 */
const recent = new Map<string, AxisWeights>();
const RECENT_MAX = 32;

/**
 * The weights that resample `from` source pixels to `to` output pixels along one axis. The same
 * arrays are returned for the same axis again: callers only read them.
 */
export function axisWeights(from: number, to: number, kernel: Exclude<Kernel, 'nearest'>): AxisWeights {
  const key = `${kernel} ${from} ${to}`;
  let weights = recent.get(key);
  if (!weights) {
    weights = makeWeights(from, to, kernel);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(key, weights);
  }
  return weights;
}

function makeWeights(from: number, to: number, kernel: Exclude<Kernel, 'nearest'>): AxisWeights {
  const scale = from / to;
  const { radius, at } = SHAPES[kernel];
  const stretch = Math.max(1, scale); // a reduction widens the kernel: it must average
  const support = radius * stretch;
  // The longest run any output pixel can have, even, and at most the source (rounded up to even).
  let taps = Math.min(Math.floor(2 * support) + 2, from);
  taps += taps & 1;
  const starts = new Int32Array(to);
  const halves = new Int16Array(to * taps);
  const real = new Float64Array(taps);
  for (let i = 0; i < to; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const lo = Math.ceil(centre - support);
    const hi = Math.floor(centre + support);
    // A run near the far edge starts earlier so all `taps` lie inside (zero weights in front);
    // with an odd source shorter than the run, the last tap is a zero past the end.
    const start = Math.max(0, Math.min(lo, from - taps));
    starts[i] = start;
    // Real weights of the taps, out-of-image taps folded onto the edge pixel they repeat.
    real.fill(0);
    let sum = 0;
    for (let j = lo; j <= hi; j++) {
      const w = at(Math.abs(j - centre) / stretch);
      real[Math.min(from - 1, Math.max(0, j)) - start]! += w;
      sum += w;
    }
    // Rounded to integers that still sum to ONE: the remainder goes to the largest weight.
    const o = i * taps;
    let total = 0;
    let largest = 0;
    for (let k = 0; k < taps; k++) {
      const w = Math.round((real[k]! / sum) * ONE);
      halves[o + k] = w;
      total += w;
      if (w > halves[o + largest]!) largest = k;
    }
    halves[o + largest]! += ONE - total;
  }
  return { taps, starts, pairs: new Int32Array(halves.buffer) };
}
