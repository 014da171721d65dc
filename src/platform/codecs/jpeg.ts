// JPEG: decoded by the MozJPEG (libjpeg-turbo) WASM build of @jsquash/jpeg; encoded by our
// baseline encoder (jpeg-encoder.ts), five times faster than MozJPEG's trellis quantisation,
// which its build cannot switch off (bench/images.mjs).
import decoderFactory from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import type { AssetLoader } from '../assets';
import type { Bitmap } from '../types';
import { bitmapOf, decoding, emscripten, once } from './common';
import { encodeJpeg } from './jpeg-encoder';

export function jpegCodec(assets: AssetLoader) {
  const decoder = once(async () => emscripten(decoderFactory as never, await assets.wasm('jpeg-dec.wasm')) as Promise<DecoderModule>);
  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      const module = await decoder();
      // `false`: pixels as stored. EXIF orientation is applied by the tool (one code path for
      // every format, tested against sharp).
      return bitmapOf(decoding('JPEG', () => module.decode(bytes, false)));
    },
    encode: (image: Bitmap, quality: number): Uint8Array => encodeJpeg(image, quality),
  };
}

interface DecoderModule {
  decode(data: Uint8Array, preserveOrientation: boolean): { width: number; height: number; data: Uint8ClampedArray } | null;
}
