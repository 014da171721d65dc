// JPEG: libjpeg-turbo built to WASM with our WebAssembly SIMD (vendor/libjpeg-turbo-wasm), as
// two modules. The decoder can decode straight to 1/2, 1/4 or 1/8 of the size — libvips's
// shrink-on-load, the reason for this build. The encoder writes baseline 4:2:0 with the
// standard Huffman tables (no optimisation pass), the islow DCT: libjpeg-turbo's own code, not
// MozJPEG's trellis quantisation, which @jsquash/jpeg's build cannot switch off and which
// costs ~300 ms on a 2 MP photo (bench/images.mjs). A separate module because decoding is far
// more common than encoding and every JPEG input loads the decoder.
import createJpegDecoder, { type JpegDecoderModule } from '@devtoolbox/libjpeg-turbo-wasm/jpeg_dec.js';
import createJpegEncoder, { type JpegEncoderModule } from '@devtoolbox/libjpeg-turbo-wasm/jpeg_enc.js';
import type { CmykImage } from '../../lib/images/cmyk';
import type { AssetLoader } from '../assets';
import { ImageDataError, type Bitmap, type DecodeOptions } from '../types';
import { emscripten, once } from './common';

export function jpegCodec(assets: AssetLoader) {
  const decoder = once(async () => emscripten(createJpegDecoder as never, await assets.wasm('jpeg-dec.wasm')) as Promise<JpegDecoderModule>);
  const encoder = once(async () => emscripten(createJpegEncoder as never, await assets.wasm('jpeg-enc.wasm')) as Promise<JpegEncoderModule>);
  return {
    // Pixels as stored: EXIF orientation is applied by the tool (one code path for every format);
    // CMYK as CMYK, which the colour stage converts (colour-profile.ts).
    decode: async (bytes: Uint8Array, { shrink = 1 }: DecodeOptions = {}): Promise<Bitmap | CmykImage> => decodeWith(await decoder(), bytes, shrink),
    /** Quality 1–100; alpha is ignored (the converter flattens transparency first). */
    encode: async (image: Bitmap, quality: number): Promise<Uint8Array> => encodeWith(await encoder(), image, quality),
  };
}

function encodeWith(module: JpegEncoderModule, image: Bitmap, quality: number): Uint8Array {
  const { width, height, data } = image;
  const pixels = module._malloc(width * height * 4);
  if (!pixels) throw new Error('JPEG encoder: out of memory');
  module.HEAPU8.set(data.subarray(0, width * height * 4), pixels);
  const output = module._encode_jpeg(pixels, width, height, Math.round(Math.min(100, Math.max(1, quality))));
  module._free(pixels);
  if (!output) {
    const reason = module.UTF8ToString(module._encode_error());
    throw new Error(`JPEG encoder: ${reason}`);
  }
  // A copy out of the WASM heap (HEAPU8 may be replaced when the heap grows), then freed.
  const bytes = module.HEAPU8.slice(output, output + module._encoded_size());
  module._free(output);
  return bytes;
}

function decodeWith(module: JpegDecoderModule, bytes: Uint8Array, shrink: number): Bitmap | CmykImage {
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
  if (!module._decoded_cmyk()) return { width, height, data };
  // Photoshop (Adobe APP14) stores CMYK inverted; the colour stage takes 0 = no ink.
  if (module._decoded_adobe()) for (let i = 0; i < data.length; i++) data[i] = 255 - data[i]!;
  return { width, height, cmyk: data };
}
