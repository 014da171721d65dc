// Resizing: the block steps on hand-worked pixels, and the whole resize with each kernel against
// sharp's kernel of the same name; the WebAssembly passes against their JavaScript twin.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture, photo } from '../../../tests/support/image-fixtures';
import { KERNELS, type Kernel } from '../../lib/images/kernels';
import type { Bitmap } from '../types';
import { shrinkFactor } from '../shrink';
import { useSimd } from './resample';
import { blockSide, boxShrink, resizeBitmap, subsample } from './resize';

const bitmap = (width: number, height: number, pixels: number[][]): Bitmap => ({
  width,
  height,
  data: Uint8Array.from(pixels.flat()),
});
const pixelsOf = (image: Bitmap) =>
  Array.from({ length: image.width * image.height }, (_, i) => Array.from(image.data.subarray(i * 4, i * 4 + 4)));

describe('shrinkFactor: shrink-on-load that leaves the kernel at least a 2× reduction', () => {
  it.each([
    [1920, 1080, 800, 450, 1], // 2.4×: decoded whole (1/2 left only 1.2× to the kernel)
    [1920, 1080, 480, 270, 2], // 4×
    [1920, 1080, 1000, 563, 1],
    [4000, 3000, 500, 375, 4], // 8×
    [4000, 3000, 250, 187, 8], // 16×
    [4000, 3000, 1000, 750, 2],
    [4000, 3000, 4000, 100, 1], // one axis barely shrinks: no blocks
    [100, 100, 200, 200, 1],
  ])('%i×%i → %i×%i: %i', (width, height, toWidth, toHeight, side) => {
    expect(shrinkFactor(width, height, toWidth, toHeight)).toBe(side);
  });
});

describe('boxShrink', () => {
  it('averages whole blocks, and partial blocks at the edges over what they have', () => {
    const image = bitmap(3, 3, [
      [0, 0, 0, 255],
      [100, 0, 0, 255],
      [10, 20, 30, 255],
      [0, 100, 0, 255],
      [0, 0, 100, 255],
      [30, 40, 50, 255],
      [200, 200, 200, 255],
      [100, 100, 100, 255],
      [7, 8, 9, 255],
    ]);
    const out = boxShrink(image, 2);
    expect([out.width, out.height]).toEqual([2, 2]);
    expect(pixelsOf(out)).toEqual([
      [25, 25, 25, 255],
      [20, 30, 40, 255],
      [150, 150, 150, 255],
      [7, 8, 9, 255],
    ]);
  });

  it('weights colour by alpha: a transparent pixel’s hidden colour does not show', () => {
    const image = bitmap(2, 1, [
      [255, 0, 0, 0],
      [0, 0, 255, 255],
    ]);
    expect(pixelsOf(boxShrink(image, 2))).toEqual([[0, 0, 255, 128]]);
    expect(pixelsOf(boxShrink(bitmap(1, 1, [[9, 9, 9, 0]]), 2))).toEqual([[0, 0, 0, 0]]);
  });

  it('8×8 blocks of white stay white (no overflow in the sums)', () => {
    const white = { width: 16, height: 16, data: new Uint8Array(16 * 16 * 4).fill(255) };
    expect(pixelsOf(boxShrink(white, 8))).toEqual(Array(4).fill([255, 255, 255, 255]));
  });
});

describe('blockSide: libvips’s rule, a reduction of at least 2 left to the kernel', () => {
  it.each([
    [1920, 1080, 800, 450, 1], // 2.4×: the kernel alone
    [1000, 1000, 250, 250, 2],
    [1000, 1000, 199, 199, 2], // 5.03×
    [4000, 3000, 500, 375, 4],
    [4000, 3000, 4000, 100, 1], // one axis barely shrinks: no blocks
    [100, 100, 200, 200, 1],
  ])('%i×%i → %i×%i: %i', (width, height, toWidth, toHeight, side) => {
    expect(blockSide(width, height, toWidth, toHeight)).toBe(side);
  });
});

describe('subsample', () => {
  it('keeps the top-left pixel of each block, partial blocks included', () => {
    const image = bitmap(
      3,
      3,
      Array.from({ length: 9 }, (_, i) => [i, i, i, 255]),
    );
    expect(pixelsOf(subsample(image, 2))).toEqual([
      [0, 0, 0, 255],
      [2, 2, 2, 255],
      [6, 6, 6, 255],
      [8, 8, 8, 255],
    ]);
  });
});

// Each kernel against sharp's kernel of the same name (libvips's reduce, one thread), decoded
// pixels to decoded pixels, on a real photograph (the coffee example), the hard-edged quadrants
// fixture and a photo-like image with a noise grain. Bounds: the mean and the largest difference
// of any channel, in levels of 255, a little above what was measured (noted per row).
const coffee = await sharp(resolve(import.meta.dirname, '../../../static/examples/coffee.jpg'))
  .ensureAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const quadrants = await sharp(fixture('quadrants.png')).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const SOURCES: Record<string, Bitmap> = {
  coffee: { width: coffee.info.width, height: coffee.info.height, data: new Uint8Array(coffee.data) },
  quadrants: { width: 40, height: 24, data: new Uint8Array(quadrants.data) },
  photo: photo(1200, 720, { noise: 24, seed: 5 }),
};
const viaSharp = async (image: Bitmap, width: number, height: number, kernel: Kernel) =>
  sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } })
    .resize(width, height, { kernel, fit: 'fill' })
    .raw()
    .toBuffer();
function difference(a: Uint8Array, b: Uint8Array): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Math.abs(a[i]! - b[i]!);
    sum += d;
    max = Math.max(max, d);
  }
  return { mean: sum / a.length, max };
}

describe('resizeBitmap: each kernel against sharp’s', () => {
  // [source, scale (output = source ÷ scale), kernel, mean bound, max bound]
  it.each<[string, number, Kernel, number, number]>([
    ['coffee', 2.4, 'lanczos3', 0.25, 10], // measured 0.14, 7
    ['coffee', 1.3, 'lanczos3', 0.25, 10], // 0.15, 7
    ['coffee', 5, 'lanczos3', 0.35, 8], // 0.21, 5 (2×2 blocks, then 2.5×)
    ['coffee', 2.4, 'linear', 0.25, 3], // 0.12, 1
    ['coffee', 5, 'linear', 0.3, 3], // 0.17, 1
    ['coffee', 2.4, 'cubic', 0.25, 6], // 0.10, 4
    ['coffee', 5, 'cubic', 0.4, 5], // 0.26, 3
    ['coffee', 2, 'nearest', 0, 0], // the same pixels
    ['coffee', 3, 'nearest', 0, 0],
    ['coffee', 5, 'nearest', 0, 0], // every 2nd pixel, then nearest at 2.5×: as libvips
    ['coffee', 1.3, 'nearest', 0.1, 80], // 0.03, 73: a rare pick one pixel over, at a tie
    ['photo', 2.4, 'lanczos3', 0.3, 4], // 0.16, 2
    ['photo', 5, 'cubic', 0.4, 4], // 0.29, 2
    ['quadrants', 2, 'lanczos3', 0.5, 10],
    ['quadrants', 2, 'linear', 0.5, 10],
  ])('%s ÷ %f with %s: mean ≤ %f, max ≤ %i', async (name, scale, kernel, meanBound, maxBound) => {
    const image = SOURCES[name]!;
    const [width, height] = [Math.round(image.width / scale), Math.round(image.height / scale)];
    const ours = await resizeBitmap(image, width, height, kernel);
    expect([ours.width, ours.height]).toEqual([width, height]);
    const { mean, max } = difference(ours.data, await viaSharp(image, width, height, kernel));
    expect(mean).toBeLessThanOrEqual(meanBound);
    expect(max).toBeLessThanOrEqual(maxBound);
  });

  // Enlarging: nearest is exact; the smooth kernels sit a quarter of a source pixel from sharp's,
  // whose enlargement (an affine transform) does not keep pixel centres aligned: close, not equal.
  it.each<[Kernel, number]>([
    ['nearest', 0],
    ['linear', 2.5],
    ['cubic', 3],
    ['lanczos3', 3],
  ])('coffee × 2 with %s: mean ≤ %f', async (kernel, meanBound) => {
    const image = SOURCES.coffee!;
    const ours = await resizeBitmap(image, image.width * 2, image.height * 2, kernel);
    expect(
      difference(ours.data, await viaSharp(image, image.width * 2, image.height * 2, kernel)).mean,
    ).toBeLessThanOrEqual(meanBound);
  });

  it('transparency: what shows (colour × alpha) stays close to sharp’s, alpha itself closer', async () => {
    const image = photo(300, 200, { alpha: true, noise: 16, seed: 9 });
    const ours = await resizeBitmap(image, 125, 83);
    const theirs = await viaSharp(image, 125, 83, 'lanczos3');
    const shown = (data: Uint8Array) => data.map((v, i) => ((i & 3) === 3 ? v : Math.round((v * data[i | 3]!) / 255)));
    const seen = difference(shown(ours.data), shown(new Uint8Array(theirs)));
    expect(seen.mean).toBeLessThanOrEqual(0.8); // measured 0.56: colour is premultiplied in 8 bits, libvips in floats
    expect(seen.max).toBeLessThanOrEqual(6);
    const alpha = difference(
      ours.data.filter((_, i) => (i & 3) === 3),
      new Uint8Array(theirs).filter((_, i) => (i & 3) === 3),
    );
    expect(alpha.max).toBeLessThanOrEqual(1);
  });

  it('a transparent pixel’s hidden colour does not bleed into its opaque neighbours', async () => {
    const image = bitmap(4, 1, [
      [255, 0, 0, 0],
      [255, 0, 0, 0],
      [0, 0, 255, 255],
      [0, 0, 255, 255],
    ]);
    for (const kernel of KERNELS) {
      const out = await resizeBitmap(image, 2, 1, kernel);
      expect(out.data[4], kernel).toBe(0); // the right pixel is pure blue: no red from the left
    }
  });

  it('a flat opaque image stays exactly flat with every kernel (the weights sum to one exactly)', async () => {
    const flat = { width: 37, height: 23, data: new Uint8Array(37 * 23 * 4).map((_, i) => [12, 200, 77, 255][i & 3]!) };
    for (const kernel of KERNELS) {
      for (const [w, h] of [
        [10, 7],
        [80, 51],
        [1, 1],
        [37, 5],
      ]) {
        const out = await resizeBitmap(flat, w!, h!, kernel);
        expect(new Set(new Uint32Array(out.data.buffer)).size, `${kernel} ${w}×${h}`).toBe(1);
        expect([...out.data.subarray(0, 4)]).toEqual([12, 200, 77, 255]);
      }
    }
  });

  it('odd sizes, one-pixel sides and sources shorter than the kernel', async () => {
    for (const [from, to] of [
      [
        [1, 1],
        [5, 3],
      ],
      [
        [3, 1],
        [1, 7],
      ],
      [
        [5, 7],
        [2, 1],
      ],
      [
        [2, 2],
        [9, 9],
      ],
    ] as const) {
      const image = photo(from[0], from[1], { seed: 4 });
      const out = await resizeBitmap(image, to[0], to[1]);
      expect([out.width, out.height]).toEqual(to);
      expect(difference(out.data, await viaSharp(image, to[0], to[1], 'lanczos3')).mean).toBeLessThan(40);
    }
  });
});

describe('the WebAssembly passes and their JavaScript twin', () => {
  it('give the same bytes for every kernel, with and without alpha, up and down', async () => {
    // Source widths of every remainder modulo 4 (the vertical pass steps four pixels at a time).
    const images = [
      SOURCES.coffee!,
      photo(97, 61, { alpha: true, seed: 2 }),
      photo(98, 33, { seed: 3 }),
      photo(99, 20, { seed: 5 }),
      photo(6, 5, { seed: 6 }),
    ];
    try {
      for (const image of images) {
        for (const kernel of KERNELS) {
          for (const [w, h] of [
            [image.width >> 2, ((image.height * 2) / 5) | 0],
            [image.width + 13, image.height * 2 - 1],
            [7, 3],
          ]) {
            useSimd(true);
            const wasm = await resizeBitmap(image, w!, h!, kernel);
            useSimd(false);
            const js = await resizeBitmap(image, w!, h!, kernel);
            expect(Buffer.compare(Buffer.from(wasm.data), Buffer.from(js.data)), `${kernel} ${w}×${h}`).toBe(0);
          }
        }
      }
    } finally {
      useSimd(true);
    }
  });

  it('resample.wasm and resample-wasm.ts are what scripts/build-resample-wasm.mjs makes of resample.wat', async () => {
    // @ts-expect-error: a plain .mjs build script
    const { buildResampleWasm, tsOf } = await import('../../../scripts/build-resample-wasm.mjs');
    const built: Uint8Array = await buildResampleWasm();
    expect(Buffer.compare(Buffer.from(built), readFileSync(resolve(import.meta.dirname, 'resample.wasm')))).toBe(0);
    expect(readFileSync(resolve(import.meta.dirname, 'resample-wasm.ts'), 'utf8')).toBe(tsOf(built));
  });
});

describe('shapes whose intermediate buffer the pixel limits do not bound', () => {
  it('16384×2 → 16×16384 is resized across first (the vertical pass alone would need 2 GiB) and stays exact on a flat image', async () => {
    const data = new Uint8Array(16384 * 2 * 4);
    for (let i = 0; i < data.length; i += 4) data.set([12, 34, 56, 255], i);
    const out = await resizeBitmap({ width: 16384, height: 2, data }, 16, 16384);
    expect([out.width, out.height]).toEqual([16, 16384]);
    expect(out.data.every((value, i) => value === [12, 34, 56, 255][i % 4])).toBe(true);
  });

  it('blocks are at most 256 px a side, so their 32-bit sums cannot overflow', () => {
    expect(blockSide(16384, 16384, 16, 16)).toBe(256);
    const data = new Uint8Array(600 * 1 * 4).fill(255);
    const out = boxShrink({ width: 600, height: 1, data }, 256);
    expect([...out.data.slice(0, 4)]).toEqual([255, 255, 255, 255]);
  });
});
