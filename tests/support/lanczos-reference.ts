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

/** For each output index: the first source index and its weights. */
function weights(from: number, to: number): { start: number; w: Float64Array }[] {
  const scale = from / to;
  const stretch = Math.max(1, scale);
  const support = 3 * stretch;
  return Array.from({ length: to }, (_, i) => {
    const centre = (i + 0.5) * scale - 0.5;
    const start = Math.ceil(centre - support);
    const end = Math.floor(centre + support);
    const w = new Float64Array(end - start + 1);
    let sum = 0;
    for (let j = start; j <= end; j++) sum += w[j - start] = lanczos3((j - centre) / stretch);
    for (let k = 0; k < w.length; k++) w[k]! /= sum;
    return { start, w };
  });
}

/** RGB(A) `image` resampled to `width`×`height` (opaque images: alpha is resampled like a colour). */
export function referenceLanczos3(image: Bitmap, width: number, height: number): Bitmap {
  const { width: inW, height: inH, data } = image;
  const across = weights(inW, width);
  const down = weights(inH, height);
  const clampX = (x: number) => Math.min(inW - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(inH - 1, Math.max(0, y));
  // Horizontal pass into floats (inH × width), then vertical, rounded once at the end.
  const mid = new Float64Array(inH * width * 4);
  for (let y = 0; y < inH; y++) {
    for (let x = 0; x < width; x++) {
      const { start, w } = across[x]!;
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < w.length; k++) v += w[k]! * data[(y * inW + clampX(start + k)) * 4 + c]!;
        mid[(y * width + x) * 4 + c] = v;
      }
    }
  }
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const { start, w } = down[y]!;
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let k = 0; k < w.length; k++) v += w[k]! * mid[(clampY(start + k) * width + x) * 4 + c]!;
        out[(y * width + x) * 4 + c] = Math.min(255, Math.max(0, Math.round(v)));
      }
    }
  }
  return { width, height, data: out };
}
