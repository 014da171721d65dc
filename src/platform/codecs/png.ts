// PNG through the Rust `png` crate build of @jsquash/png (wasm-bindgen: one instance per realm).
import initPng, { decode, encode } from '@jsquash/png/codec/pkg/squoosh_png.js';
import type { AssetLoader } from '../assets';
import type { Bitmap } from '../types';
import { bitmapOf, decoding, once } from './common';

export function pngCodec(assets: AssetLoader) {
  const ready = once(async () => initPng(await assets.wasm('png.wasm')));
  return {
    async decode(bytes: Uint8Array): Promise<Bitmap> {
      await ready();
      return bitmapOf(decoding('PNG', () => decode(bytes)));
    },
    async encode(image: Bitmap): Promise<Uint8Array> {
      await ready();
      return encode(image.data, image.width, image.height, 8);
    },
  };
}
