// GIF: the first frame decoded by omggif onto the logical screen (uncovered pixels stay
// transparent); encoded by gifenc with a 255-colour palette quantised from the visible pixels,
// plus one transparent entry when the image has transparency. Animations: every frame
// composited onto the screen with its disposal, and written back as full-screen frames, each
// with its own palette.
import * as gifencModule from 'gifenc';
import { GifReader } from 'omggif';
import type { Animation } from '../../lib/images/animation';
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
const gifenc = (
  'GIFEncoder' in gifencModule ? gifencModule : (gifencModule as unknown as { default: typeof gifencModule }).default
) as typeof gifencModule;
const { GIFEncoder, applyPalette, quantize } = gifenc;

/** Alpha below this is transparent in a GIF, at or above it opaque (GIF has 1-bit alpha). */
const ALPHA_THRESHOLD = 128;

/**
 * Every frame as shown: drawn over what the previous ones left (transparent pixels draw
 * nothing), then disposed as it says (2: its rectangle cleared to transparent, as browsers and
 * libvips do, not to the background colour; 3: the screen restored to what it was before it).
 * Delays in ms (a GIF stores hundredths); `loop` counts plays, as libvips does: no NETSCAPE
 * block is one play, a stored 0 is forever, a stored n is n + 1.
 */
export function decodeGifAnimation(bytes: Uint8Array): Animation {
  try {
    const reader = new GifReader(bytes);
    const { width, height } = reader;
    let canvas = new Uint8Array(width * height * 4);
    const frames: Animation['frames'] = [];
    for (let i = 0; i < reader.numFrames(); i++) {
      const info = reader.frameInfo(i);
      const saved = info.disposal === 3 ? canvas.slice() : undefined;
      reader.decodeAndBlitFrameRGBA(i, canvas);
      frames.push({ image: { width, height, data: canvas.slice() }, delay: info.delay * 10 });
      if (saved) canvas = saved;
      else if (info.disposal === 2) {
        const right = Math.min(width, info.x + info.width);
        for (let y = info.y; y < Math.min(height, info.y + info.height); y++)
          canvas.fill(0, (y * width + info.x) * 4, (y * width + right) * 4);
      }
    }
    if (frames.length < 1) throw new Error('no frames');
    const stored = reader.loopCount();
    return { frames, loop: stored === null ? 1 : stored === 0 ? 0 : stored + 1 };
  } catch (error) {
    throw new ImageDataError(`GIF decoder: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function encodeGif(image: Bitmap): Uint8Array {
  const { palette, index, transparent, transparentIndex } = indexed(image);
  const gif = GIFEncoder();
  gif.writeFrame(index, image.width, image.height, { palette, transparent, transparentIndex, repeat: -1 });
  gif.finish();
  return gif.bytes();
}

/**
 * Full-screen frames, each quantised alone (the first palette is the global one, the others
 * local) and disposed to transparent, so each shows exactly its own pixels.
 */
export function encodeGifAnimation(animation: Animation): Uint8Array {
  const gif = GIFEncoder();
  // gifenc's `repeat`: -1 writes no NETSCAPE block (one play), 0 forever, n extra plays.
  const repeat = animation.loop === 0 ? 0 : Math.min(animation.loop - 1, 65_535) || -1;
  animation.frames.forEach(({ image, delay }, i) => {
    const { palette, index, transparent, transparentIndex } = indexed(image);
    gif.writeFrame(index, image.width, image.height, {
      palette,
      transparent,
      transparentIndex,
      delay,
      dispose: 2,
      ...(i === 0 ? { repeat } : {}),
    });
  });
  gif.finish();
  return gif.bytes();
}

function indexed(image: Bitmap) {
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
  return { palette, index, transparent, transparentIndex };
}
