// A textbook resampler for tests, written for clarity rather than speed: separable Lanczos3
// (a = 3) in floating point, each output pixel's centre mapped back to the source
// ((i + ½)·scale − ½), the kernel stretched by the scale when reducing, its weights normalised,
// edges extended. No integer weights, no block pre-shrink, no DCT scaling: what a resize
// of the full decode ought to give, to judge the real resizers against.
import type { Bitmap } from '../../src/platform/types';

const lanczos3 = (x: number) => {
  if (x === 0) return 1;
  if (x <= -3 || x >= 3) return 0;
  const p = Math.PI * x;
  return (3 * Math.sin(p) * Math.sin(p / 3)) / (p * p);
};

/**
 * For each output index, `taps` source indices (edges extended) and their normalised weights,
 * flattened: entry i·taps + k.
 */
function weights(from: number, to: number): { taps: number; index: Int32Array; weight: Float64Array } {
  const scale = from / to;
  const stretch = Math.max(1, scale);
  const support = 3 * stretch;
  const taps = Math.floor(2 * support) + 2;
  const index = new Int32Array(to * taps);
  const weight = new Float64Array(to * taps);
  for (let i = 0; i < to; i++) {
    const centre = (i + 0.5) * scale - 0.5;
    const start = Math.ceil(centre - support);
    let sum = 0;
    for (let k = 0; k < taps; k++) {
      const j = start + k;
      const w = j > centre + support ? 0 : lanczos3((j - centre) / stretch);
      index[i * taps + k] = Math.min(from - 1, Math.max(0, j));
      weight[i * taps + k] = w;
      sum += w;
    }
    for (let k = 0; k < taps; k++) weight[i * taps + k]! /= sum;
  }
  return { taps, index, weight };
}

/** RGBA `image` resampled to `width`×`height` (alpha resampled like a colour: for opaque images). */
export function referenceLanczos3(image: Bitmap, width: number, height: number): Bitmap {
  const { width: inW, height: inH, data } = image;
  const across = weights(inW, width);
  const down = weights(inH, height);
  // Horizontal pass into floats (inH × width), then vertical, rounded once at the end.
  const mid = new Float64Array(inH * width * 4);
  for (let y = 0; y < inH; y++) {
    const row = y * inW * 4;
    for (let x = 0, o = y * width * 4; x < width; x++, o += 4) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let k = x * across.taps, end = k + across.taps; k < end; k++) {
        const w = across.weight[k]!;
        const s = row + across.index[k]! * 4;
        r += w * data[s]!;
        g += w * data[s + 1]!;
        b += w * data[s + 2]!;
        a += w * data[s + 3]!;
      }
      mid[o] = r;
      mid[o + 1] = g;
      mid[o + 2] = b;
      mid[o + 3] = a;
    }
  }
  const out = new Uint8Array(width * height * 4);
  const line = width * 4;
  const sums = new Float64Array(line);
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let k = y * down.taps, end = k + down.taps; k < end; k++) {
      const w = down.weight[k]!;
      const from = down.index[k]! * line;
      for (let i = 0; i < line; i++) sums[i]! += w * mid[from + i]!;
    }
    for (let i = 0; i < line; i++) out[y * line + i] = Math.min(255, Math.max(0, Math.round(sums[i]!)));
  }
  return { width, height, data: out };
}
