// A JPEG reduced 2–4× decoded straight to the size the resizer asks for, in the decoder's module
// (vendor/libjpeg-turbo-wasm/decode.c, decode_jpeg_planar): libjpeg's raw output gives the Y, Cb
// and Cr planes at their own resolutions (no chroma upsampling, no colour conversion), each plane
// is resampled straight to the target size with this file's weights, and YCbCr→RGB then runs on
// the target's pixels only. Resampling and the colour matrix are both linear, so this is the
// whole decode's resample up to rounding; it skips the millions of upsampled and converted
// pixels the whole decode writes and reads (bench/jpeg-downscale.mjs: docs/limits.md).
//
// Chroma samples sit at the centre of the luma pixels they span (JFIF; libjpeg's triangle
// upsampling assumes the same), so a plane of subsampled chroma is resampled with the image's
// scale ÷ the span: output pixel i lands on chroma coordinate (i + 0.5)·scale/span − 0.5, the
// point the luma pixel centre (i + 0.5)·scale − 0.5 covers.
import type { JpegDecoderModule } from '@devtoolbox/libjpeg-turbo-wasm/jpeg_dec.js';
import type { Kernel } from '../../lib/images/kernels';
import { shrinkFactor } from '../shrink';
import { axisWeights } from './resample-weights';

export interface Target {
  width: number;
  height: number;
  kernel: Kernel;
}

/**
 * Whether resampling from×to takes the planar route: a smooth kernel, at least 2× on each axis
 * (so subsampled chroma is reduced too, never enlarged) and short of the reductions that shrink
 * on load (platform/shrink.ts), which decode at 1/2, 1/4 or 1/8 and resample that.
 */
export function planarReduction(fromWidth: number, fromHeight: number, to: Target): boolean {
  return to.kernel !== 'nearest' && to.width * 2 <= fromWidth && to.height * 2 <= fromHeight && shrinkFactor(fromWidth, fromHeight, to.width, to.height) === 1;
}

/**
 * RGBA pixels at `to`'s size from the JPEG at `input` (in the module's heap): a pointer to free,
 * 0 on failure (the reason in _decode_error), or undefined when the file (CMYK, YCCK, RGB, an
 * unusual sampling) or the reduction does not take the planar route.
 */
export function decodePlanar(module: JpegDecoderModule, input: number, size: number, to: Target): number | undefined {
  const layout = module._planar_layout(input, size);
  if (!layout) return undefined;
  const width = module._decoded_width();
  const height = module._decoded_height();
  if (to.kernel === 'nearest' || !planarReduction(width, height, to)) return undefined;
  const [across, down] = [(layout >> 4) & 15, (layout >> 8) & 15] as (1 | 2)[];
  const luma = [axisWeights(width, to.width, to.kernel), axisWeights(height, to.height, to.kernel)];
  const chroma = (layout & 15) === 3 ? [axisWeights(width, to.width, to.kernel, across), axisWeights(height, to.height, to.kernel, down)] : luma; // grey: unused
  const axes = [...luma, ...chroma];
  const bytes = 48 + axes.reduce((sum, axis) => sum + axis.starts.byteLength + axis.pairs.byteLength, 0);
  const tables = module._malloc(bytes);
  if (!tables) throw new Error('JPEG decoder: out of memory');
  // Read after the malloc: growing the heap replaces HEAPU8.
  const heap = module.HEAPU8;
  const header = new Int32Array(12);
  let at = tables + 48;
  const put = (array: Int32Array) => {
    heap.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    return (at += array.byteLength) - array.byteLength;
  };
  axes.forEach((axis, i) => header.set([axis.taps, put(axis.starts), put(axis.pairs)], i * 3));
  heap.set(new Uint8Array(header.buffer), tables);
  const pixels = module._decode_jpeg_planar(input, size, to.width, to.height, tables);
  module._free(tables);
  return pixels;
}
