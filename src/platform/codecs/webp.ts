// WebP through libwebp's WASM builds in @jsquash/webp. The encoder has a SIMD build; both
// give the same bytes, the SIMD one is faster, and every engine we target has SIMD.
import decoderFactory from '@jsquash/webp/codec/dec/webp_dec.js';
import encoderFactory from '@jsquash/webp/codec/enc/webp_enc.js';
import simdEncoderFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions } from '@jsquash/webp/meta.js';
import type { AssetLoader } from '../assets';
import { ImageRefusedError, type Bitmap } from '../types';
import { bitmapOf, decoding, emscripten, once } from './common';

/** The smallest module using a SIMD instruction (as wasm-feature-detect probes it). */
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);
const MAX_SIDE = 16_383;

/**
 * VP8L, pixel-exact: `exact` keeps the colour of fully transparent pixels (libwebp would
 * otherwise rewrite them to compress better), so decoding returns the very RGBA given. In this
 * mode libwebp reads `quality` as effort, not fidelity; it is fixed at cwebp's -lossless default
 * (75, method 4) so the caller's quality cannot change the bytes.
 */
const LOSSLESS = { ...defaultOptions, lossless: 1, exact: 1, quality: 75, method: 4 };

export const hasWasmSimd = (): boolean => WebAssembly.validate(SIMD_PROBE);

export function webpCodec(assets: AssetLoader) {
  const decoder = once(
    async () => emscripten(decoderFactory as never, await assets.wasm('webp-dec.wasm')) as Promise<DecoderModule>,
  );
  const encoder = once(async () =>
    hasWasmSimd()
      ? (emscripten(simdEncoderFactory as never, await assets.wasm('webp-enc-simd.wasm')) as Promise<EncoderModule>)
      : (emscripten(encoderFactory as never, await assets.wasm('webp-enc.wasm')) as Promise<EncoderModule>),
  );
  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      const module = await decoder();
      return bitmapOf(decoding('WebP', () => module.decode(bytes)));
    },
    async encode(image: Bitmap, quality: number, lossless = false): Promise<Uint8Array> {
      // VP8/VP8L headers store each side in 14 bits; libwebp just fails beyond (src/lib/images/limits.ts).
      if (image.width > MAX_SIDE || image.height > MAX_SIDE) {
        throw new ImageRefusedError(
          `WebP images can be at most 16,383 pixels per side; the output would be ${image.width}×${image.height}.`,
        );
      }
      const module = await encoder();
      // method 4 (libwebp's and sharp's default effort): 1.4× sharp's time for the same bytes.
      const output = module.encode(
        image.data,
        image.width,
        image.height,
        lossless ? LOSSLESS : { ...defaultOptions, quality },
      );
      if (!output) throw new Error('WebP encoder failed');
      return new Uint8Array(output);
    },
  };
}

interface DecoderModule {
  decode(data: Uint8Array): { width: number; height: number; data: Uint8ClampedArray } | null;
}
interface EncoderModule {
  encode(data: Uint8Array, width: number, height: number, options: typeof defaultOptions): Uint8Array | null;
}
