// GIF: the first frame decoded by omggif onto the logical screen (uncovered pixels stay
// transparent); encoded by gifenc with a 255-colour palette quantised from the visible pixels,
// plus one transparent entry when the image has transparency.
import * as gifencModule from 'gifenc';
import { GifReader } from 'omggif';
import type { Bitmap } from '../types';
import { ImageDataError } from '../types';

export function decodeGif(bytes: Uint8Array): Bitmap {
  try {
    const reader = new GifReader(bytes);
    if (reader.numFrames() < 1) throw new Error('no frames');
    const data = new Uint8Array(reader.width * reader.height * 4);
    reader.decodeAndBlitFrameRGBA(0, data);
    return { width: reader.width, height: reader.height, data };
  } catch (error) {
    throw new ImageDataError(`GIF decoder: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Bundlers pick gifenc's ES build (named exports); Node itself (the build's config process)
// loads its CommonJS build, whose exports sit on `default`.
const gifenc = ('GIFEncoder' in gifencModule ? gifencModule : (gifencModule as unknown as { default: typeof gifencModule }).default) as typeof gifencModule;
const { GIFEncoder, applyPalette, quantize } = gifenc;

/** Alpha below this is transparent in a GIF, at or above it opaque (GIF has 1-bit alpha). */
const ALPHA_THRESHOLD = 128;

export function encodeGif(image: Bitmap): Uint8Array {
  const { width, height, data } = image;
  let visible = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! >= ALPHA_THRESHOLD) visible++;
  const transparent = visible < width * height;
  // Quantise only the pixels that will be seen, so transparent ones do not take up colours.
  let source = data;
  if (transparent) {
    source = new Uint8Array(Math.max(visible, 1) * 4);
    for (let i = 0, o = 0; i < data.length; i += 4) {
      if (data[i + 3]! < ALPHA_THRESHOLD) continue;
      source[o] = data[i]!;
      source[o + 1] = data[i + 1]!;
      source[o + 2] = data[i + 2]!;
      source[o + 3] = 255;
      o += 4;
    }
  }
  const palette = quantize(source, transparent ? 255 : 256);
  const index = applyPalette(data, palette);
  let transparentIndex = 0;
  if (transparent) {
    transparentIndex = palette.length;
    palette.push([0, 0, 0]);
    for (let p = 0; p < index.length; p++) if (data[p * 4 + 3]! < ALPHA_THRESHOLD) index[p] = transparentIndex;
  }
  const gif = GIFEncoder();
  gif.writeFrame(index, width, height, { palette, transparent, transparentIndex, repeat: -1 });
  gif.finish();
  return gif.bytes();
}
