// PNG through the Rust `png` crate build of @jsquash/png (wasm-bindgen: one instance per realm),
// behind a faster path for the common files (png-fast.ts): whatever that declines, Rust decodes.
import initPng, { decode, encode } from '@jsquash/png/codec/pkg/squoosh_png.js';
import type { AssetLoader } from '../assets';
import type { Bitmap } from '../types';
import { bitmapOf, decoding, once } from './common';
import type { Inflate } from './inflate';
import { decodeCommonPng } from './png-fast';

export function pngCodec(assets: AssetLoader, inflate: Inflate) {
  const ready = once(async () => initPng(await assets.wasm('png.wasm')));
  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      const fast = await decodeCommonPng(bytes, inflate);
      if (fast) return fast;
      await ready();
      return bitmapOf(decoding('PNG', () => decode(bytes)));
    },
    async encode(image: Bitmap): Promise<Uint8Array> {
      await ready();
      return encode(image.data, image.width, image.height, 8);
    },
  };
}
