// Resizing: an optional block average first, then the separable resampler (resample.ts: integer
// weights in WebAssembly SIMD; no canvas, no workers, so it runs the same in Node, a Worker and a
// service worker) with one of four kernels, Lanczos3 (sharp's default) unless asked otherwise.
//
// Large reductions first shrink by whole blocks, then the kernel does the rest, as libvips does
// (sharp, on inputs that are not shrunk on load): the block side is the integer part of half the
// reduction (so at least a 2× reduction is left to the kernel; below 4× there are no blocks).
// The smooth kernels average the blocks; nearest keeps each block's top-left pixel, so it stays
// nearest (and matches sharp's to the byte at integer factors). A JPEG arrives already shrunk: its
// decoder did it in the DCT domain (codecs/jpeg.ts, asked by the resizer, sharp's shrink-on-load).
import type { Bitmap } from '../types';
import { resample } from './resample';
import type { Kernel } from '../../lib/images/kernels';
import { MAX_PIXELS } from '../../lib/images/limits';

/** The largest block boxShrink averages: its 32-bit sums hold 256²·255·255. */
export const MAX_BLOCK_SIDE = 256;

export async function resizeBitmap(
  image: Bitmap,
  width: number,
  height: number,
  kernel: Kernel = 'lanczos3',
): Promise<Bitmap> {
  if (width === image.width && height === image.height) return image;
  const side = blockSide(image.width, image.height, width, height);
  const source = kernel === 'nearest' ? subsample(image, side) : boxShrink(image, side);
  if (width === source.width && height === source.height) return source;
  // The resampler's vertical pass comes first, through a buffer of source width × output
  // height, which the 40 MP limits on input and output do not bound (16384×2 → 16×16384 would
  // be 2 GiB). Such a shape is resized across first: both steps' buffers are then within 40 MP.
  if (source.width * height > MAX_PIXELS)
    return resample(await resample(source, width, source.height, kernel), width, height, kernel);
  // (codecs/jpeg.ts resamples as it decodes exactly when this line is reached with side 1: resampledAlone)
  return resample(source, width, height, kernel);
}

/** Whether resizeBitmap runs the resampler alone, in one call (no block average first). */
export function resampledAlone(fromWidth: number, fromHeight: number, toWidth: number, toHeight: number): boolean {
  return blockSide(fromWidth, fromHeight, toWidth, toHeight) === 1 && fromWidth * toHeight <= MAX_PIXELS;
}

/** The side of the blocks averaged before resampling (1: none), at most MAX_BLOCK_SIDE. */
export function blockSide(fromWidth: number, fromHeight: number, toWidth: number, toHeight: number): number {
  const factor = Math.min(fromWidth / toWidth, fromHeight / toHeight);
  return Math.min(MAX_BLOCK_SIDE, Math.max(1, Math.floor(factor / 2)));
}

/** Every `side`-th pixel of every `side`-th row, from the top-left one: nearest's pre-shrink. */
export function subsample(image: Bitmap, side: number): Bitmap {
  if (side === 1) return image;
  const width = Math.ceil(image.width / side);
  const height = Math.ceil(image.height / side);
  const data = image.data.byteOffset % 4 ? image.data.slice() : image.data; // 32-bit view: aligned
  const src = new Uint32Array(data.buffer, data.byteOffset, image.width * image.height);
  const out = new Uint32Array(width * height);
  for (let y = 0, o = 0; y < height; y++) {
    for (let x = 0, s = y * side * image.width; x < width; x++, s += side) out[o++] = src[s]!;
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}

/**
 * Averages `side`×`side` blocks (partial blocks at the right and bottom edges average what they
 * have, as libjpeg's scaled output does). Colour is weighted by alpha, so transparent pixels'
 * hidden colour does not bleed into visible ones (premultiplied, as the resampler works).
 */
export function boxShrink(image: Bitmap, side: number): Bitmap {
  if (side === 1) return image;
  const { width, height, data } = image;
  const outWidth = Math.ceil(width / side);
  const outHeight = Math.ceil(height / side);
  const out = new Uint8Array(outWidth * outHeight * 4);
  // One row of block sums at a time: alpha-weighted r, g, b and plain alpha. Integers: a block
  // sums to at most side²·255·255, inside 32 bits up to 256×256 blocks (MAX_BLOCK_SIDE).
  const sums = new Uint32Array(outWidth * 4);
  const rowBytes = width * 4;
  for (let by = 0; by < outHeight; by++) {
    sums.fill(0);
    const yStart = by * side;
    const yEnd = Math.min(height, yStart + side);
    for (let y = yStart; y < yEnd; y++) {
      const row = y * rowBytes;
      for (let bx = 0, s = 0; bx < outWidth; bx++, s += 4) {
        let r = 0,
          g = 0,
          b = 0,
          a = 0;
        const end = row + Math.min(width, (bx + 1) * side) * 4;
        for (let i = row + bx * side * 4; i < end; i += 4) {
          const alpha = data[i + 3]!;
          r += data[i]! * alpha;
          g += data[i + 1]! * alpha;
          b += data[i + 2]! * alpha;
          a += alpha;
        }
        sums[s]! += r;
        sums[s + 1]! += g;
        sums[s + 2]! += b;
        sums[s + 3]! += a;
      }
    }
    const rows = yEnd - yStart;
    for (let bx = 0, s = 0, o = by * outWidth * 4; bx < outWidth; bx++, s += 4, o += 4) {
      const alpha = sums[s + 3]!;
      const pixels = rows * (Math.min(width, (bx + 1) * side) - bx * side);
      if (alpha > 0) {
        const half = alpha >>> 1; // round to nearest
        out[o] = ((sums[s]! + half) / alpha) | 0;
        out[o + 1] = ((sums[s + 1]! + half) / alpha) | 0;
        out[o + 2] = ((sums[s + 2]! + half) / alpha) | 0;
      }
      out[o + 3] = ((alpha + (pixels >>> 1)) / pixels) | 0;
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}
