// AVIF through libavif's WASM builds in @jsquash/avif. The single-threaded encoder everywhere:
// the threaded one needs cross-origin isolation and cannot start workers in a service worker.
import decoderFactory from '@jsquash/avif/codec/dec/avif_dec.js';
import encoderFactory from '@jsquash/avif/codec/enc/avif_enc.js';
import { defaultOptions } from '@jsquash/avif/meta.js';
import type { AssetLoader } from '../assets';
import { avifHasPixi } from '../../lib/images/avif-header';
import { withPixi } from '../../lib/images/avif-pixi';
import { ImageDataError, ImageRefusedError, type Bitmap } from '../types';
import { bitmapOf, decoding, emscripten, once } from './common';

/** libaom speed 8: ~0.6 s for 2 MP instead of ~2.3 s at the default 6 (bench/images.mjs). */
const SPEED = 8;

/**
 * What @jsquash/avif's own wrapper sets for lossless: libaom's lossless mode at quality 100,
 * 4:4:4 and an identity matrix (RGB stored as is), alpha lossless too (-1 follows quality).
 */
const LOSSLESS = { ...defaultOptions, lossless: true, quality: 100, qualityAlpha: -1, subsample: 3 };

const NO_PIXI =
  "AVIF images without a 'pixi' (pixel information) property are supported only where one can be added to their boxes, and this one could not be read with it (the AVIF specification requires it, and our decoder, libavif, reads strictly); re-save the image with a current encoder or as PNG or JPEG and try again.";

export function avifCodec(assets: AssetLoader) {
  const decoder = once(
    async () => emscripten(decoderFactory as never, await assets.wasm('avif-dec.wasm')) as Promise<DecoderModule>,
  );
  const encoder = once(
    async () => emscripten(encoderFactory as never, await assets.wasm('avif-enc.wasm')) as Promise<EncoderModule>,
  );
  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      const module = await decoder();
      try {
        return bitmapOf(decoding('AVIF', () => module.decode(bytes, 8)));
      } catch (error) {
        // libavif reads strictly: an AV1 image without `pixi` fails whatever else it holds. Such
        // a file is read with the property added as its AV1 stream describes it (what libavif's
        // non-strict mode and libheif assume); one that still fails is refused by name.
        if (!(error instanceof ImageDataError) || avifHasPixi(bytes)) throw error;
        const mended = withPixi(bytes);
        if (!mended) throw new ImageRefusedError(NO_PIXI);
        try {
          return bitmapOf(decoding('AVIF', () => module.decode(mended, 8)));
        } catch {
          throw new ImageRefusedError(NO_PIXI);
        }
      }
    },
    async encode(image: Bitmap, quality: number, lossless = false): Promise<Uint8Array> {
      const module = await encoder();
      const options = lossless ? { ...LOSSLESS, speed: SPEED } : { ...defaultOptions, quality, speed: SPEED };
      const output = module.encode(image.data, image.width, image.height, options);
      if (!output) throw new Error('AVIF encoder failed');
      return new Uint8Array(output);
    },
  };
}

interface DecoderModule {
  decode(data: Uint8Array, bitDepth: number): { width: number; height: number; data: Uint8ClampedArray } | null;
}
interface EncoderModule {
  encode(data: Uint8Array, width: number, height: number, options: typeof defaultOptions): Uint8Array | null;
}
