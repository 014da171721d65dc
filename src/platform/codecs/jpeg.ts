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
import { isSof, jpegHeader } from './jpeg-markers';
import { resampledAlone } from './resize';
import { axisWeights, type AxisWeights } from './resample-weights';
import type { Kernel } from '../../lib/images/kernels';

export function jpegCodec(assets: AssetLoader) {
  const decoder = once(
    async () =>
      emscripten(createJpegDecoder as never, await assets.wasm('jpeg-dec.wasm')) as Promise<JpegDecoderModule>,
  );
  const encoder = once(
    async () =>
      emscripten(createJpegEncoder as never, await assets.wasm('jpeg-enc.wasm')) as Promise<JpegEncoderModule>,
  );
  return {
    // Pixels as stored: EXIF orientation is applied by the tool (one code path for every format);
    // CMYK as CMYK, which the colour stage converts (colour-profile.ts).
    decode: async (bytes: Uint8Array, { shrink = 1, resizeTo }: DecodeOptions = {}): Promise<Bitmap | CmykImage> =>
      decodeWith(await decoder(), bytes, shrink, resizeTo),
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

function decodeWith(
  module: JpegDecoderModule,
  bytes: Uint8Array,
  shrink: number,
  resizeTo?: { width: number; height: number; kernel: Kernel },
): Bitmap | CmykImage {
  const input = module._malloc(bytes.length);
  if (!input) throw new Error('JPEG decoder: out of memory');
  module.HEAPU8.set(bytes, input);
  const scaled = shrink === 2 || shrink === 4 || shrink === 8;
  // Resampled as it decodes when the resizer would run the resampler alone on the whole decode
  // (the same weights and arithmetic, so the same bytes; no full-size copy leaves the module).
  const frame = resizeTo && !scaled && resizeTo.kernel !== 'nearest' ? frameSize(bytes) : undefined;
  let pixels: number;
  try {
    const resample = frame && resizeTo && (frame.width !== resizeTo.width || frame.height !== resizeTo.height);
    if (
      resample &&
      resizeTo.kernel !== 'nearest' &&
      resampledAlone(frame.width, frame.height, resizeTo.width, resizeTo.height)
    ) {
      const { kernel } = resizeTo;
      pixels = withTables(
        module,
        [axisWeights(frame.width, resizeTo.width, kernel), axisWeights(frame.height, resizeTo.height, kernel)],
        (tables) =>
          module._decode_jpeg_resized(
            input,
            bytes.length,
            frame.width,
            frame.height,
            resizeTo.width,
            resizeTo.height,
            tables,
          ),
      );
    } else {
      pixels = module._decode_jpeg(input, bytes.length, scaled ? shrink : 1);
    }
  } finally {
    module._free(input);
  }
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

/** The first frame's size (what libjpeg decodes), from its SOF segment; undefined without one. */
function frameSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  for (const { marker, content } of jpegHeader(bytes).segments) {
    if (isSof(marker))
      return content.length >= 5
        ? { width: (content[3]! << 8) | content[4]!, height: (content[1]! << 8) | content[2]! }
        : undefined;
  }
  return undefined;
}

/** Runs `decode` with the axes' weight tables in the module's heap (taps, starts, pairs each). */
function withTables(module: JpegDecoderModule, axes: AxisWeights[], decode: (tables: number) => number): number {
  const header = 4 * 3 * axes.length;
  const tables = module._malloc(
    header + axes.reduce((sum, axis) => sum + axis.starts.byteLength + axis.pairs.byteLength, 0),
  );
  if (!tables) throw new Error('JPEG decoder: out of memory');
  try {
    const heap = module.HEAPU8; // after the malloc: growing the heap replaces HEAPU8
    const fields = new Int32Array(3 * axes.length);
    let at = tables + header;
    const put = (array: Int32Array) => {
      heap.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
      return (at += array.byteLength) - array.byteLength;
    };
    axes.forEach((axis, i) => fields.set([axis.taps, put(axis.starts), put(axis.pairs)], 3 * i));
    heap.set(new Uint8Array(fields.buffer), tables);
    return decode(tables);
  } finally {
    module._free(tables);
  }
}
