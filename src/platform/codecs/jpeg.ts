// JPEG: decoded by libjpeg-turbo built to WASM (vendor/libjpeg-turbo-wasm), which can decode
// straight to 1/2, 1/4 or 1/8 of the size — libvips's shrink-on-load, the reason for this
// build; encoded by our baseline encoder (jpeg-encoder.ts), five times faster than MozJPEG's
// trellis quantisation, which @jsquash/jpeg's build cannot switch off (bench/images.mjs).
import createJpegDecoder, { type JpegDecoderModule } from '@devtoolbox/libjpeg-turbo-wasm/jpeg_dec.js';
import type { AssetLoader } from '../assets';
import { ImageDataError, type Bitmap, type DecodeOptions } from '../types';
import { emscripten, once } from './common';
import { encodeJpeg } from './jpeg-encoder';

export function jpegCodec(assets: AssetLoader) {
  const decoder = once(async () => emscripten(createJpegDecoder as never, await assets.wasm('jpeg-dec.wasm')) as Promise<JpegDecoderModule>);
  return {
    // Pixels as stored: EXIF orientation is applied by the tool (one code path for every format).
    decode: async (bytes: Uint8Array, { shrink = 1 }: DecodeOptions = {}): Promise<Bitmap> => decodeWith(await decoder(), bytes, shrink),
    encode: (image: Bitmap, quality: number): Uint8Array => encodeJpeg(image, quality),
  };
}

function decodeWith(module: JpegDecoderModule, bytes: Uint8Array, shrink: number): Bitmap {
  const input = module._malloc(bytes.length);
  if (!input) throw new Error('JPEG decoder: out of memory');
  module.HEAPU8.set(bytes, input);
  const pixels = module._decode_jpeg(input, bytes.length, shrink === 2 || shrink === 4 || shrink === 8 ? shrink : 1);
  module._free(input);
  if (!pixels) {
    const reason = module.UTF8ToString(module._decode_error());
    if (reason === 'out of memory') throw new Error('JPEG decoder: out of memory');
    throw new ImageDataError(`JPEG decoder: ${reason}`);
  }
  const width = module._decoded_width();
  const height = module._decoded_height();
  // A copy out of the WASM heap (HEAPU8 may be replaced when the heap grows), then freed.
  const data = module.HEAPU8.slice(pixels, pixels + width * height * 4);
  module._free(pixels);
  return { width, height, data };
}
