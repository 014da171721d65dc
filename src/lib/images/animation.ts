// Animations kept through the image tools: the frames of an animated GIF or WebP, each a full
// canvas after its predecessors' blending and disposal, with its delay and the loop count, and
// the bound on their size. Which targets can hold one, and what the answer says when a target
// keeps only the first frame (docs/contract.md, image-converter and image-resizer).
import type { Bitmap } from './bitmap';
import type { DecodedFormat, RasterFormat } from './formats';
import { FORMAT_NAMES } from './formats';
import { MAX_PIXELS, thousands } from './limits';
import { ToolInputError } from '../../tools/define';

export interface AnimationFrame {
  /** The whole canvas as shown while this frame is on screen (straight RGBA). */
  image: Bitmap;
  /** How long it is shown, in milliseconds. */
  delay: number;
}

export interface Animation {
  frames: AnimationFrame[];
  /** How many times it plays: 0 forever (WebP's ANIM and libvips' `loop`; a GIF stores plays − 1). */
  loop: number;
}

/** The formats whose animations are read and written. */
export const ANIMATED_FORMATS = ['gif', 'webp'] as const;
export type AnimatedFormat = (typeof ANIMATED_FORMATS)[number];
export const animates = (format: DecodedFormat): format is AnimatedFormat =>
  (ANIMATED_FORMATS as readonly string[]).includes(format);

/**
 * At most this many frames are kept: each costs a fixed encoding overhead whatever its size
 * (GIF about 6 ms for a 1×1 frame, WebP 0.5 ms, on the reference machine), and a 3 MB GIF can
 * hold some 130,000 one-pixel frames.
 */
export const MAX_FRAMES = 1_000;

/**
 * Kept animations are held to the still images' pixel limit counted over every frame (every
 * frame is a full canvas in memory, and each is resampled and encoded): checked from the header,
 * before any frame is decoded.
 */
export function checkAnimation(width: number, height: number, frames: number): void {
  if (frames > MAX_FRAMES) {
    throw new ToolInputError(
      `The animation has ${thousands(frames)} frames; an animation is kept up to ${thousands(MAX_FRAMES)} frames. Convert it to PNG or JPEG to keep its first frame.`,
    );
  }
  const total = width * height * frames;
  if (total > MAX_PIXELS) {
    throw new ToolInputError(
      `The animation is ${width}×${height} pixels × ${thousands(frames)} frames (${(total / 1e6).toFixed(1)} megapixels in all); an animation is kept up to 40 megapixels in all frames. Convert it to PNG or JPEG to keep its first frame.`,
    );
  }
}

/** The response's sentence when `target` keeps only the first of `frames` frames; `keepers`: the tool's targets that would keep them. */
export function firstFrameNotice(target: RasterFormat, frames: number, keepers: readonly RasterFormat[]): string {
  const choose = keepers.map((format) => FORMAT_NAMES[format]).join(' or ');
  return `${FORMAT_NAMES[target]} cannot hold an animation: only the first of its ${thousands(frames)} frames was kept. Choose ${choose} to keep them all.`;
}

/**
 * How many frames a GIF or WebP holds, from its block and chunk structure without decoding
 * (1 for a still image). A structure that ends early counts the frames found so far: the
 * decoder reports the damage.
 */
export function frameCount(bytes: Uint8Array, format: AnimatedFormat): number {
  return format === 'gif' ? gifFrames(bytes) : webpFrames(bytes);
}

function gifFrames(b: Uint8Array): number {
  let frames = 0;
  const flags = b[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  const skipSubBlocks = () => {
    while (at < b.length && b[at] !== 0) at += b[at]! + 1;
    at += 1;
  };
  while (at < b.length) {
    const block = b[at];
    if (block === 0x2c) {
      frames++;
      const local = b[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 << ((local & 7) + 1) : 0) + 1; // descriptor, local palette, LZW code size
      skipSubBlocks();
    } else if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else break; // the trailer, or damage
  }
  return Math.max(frames, 1);
}

function webpFrames(b: Uint8Array): number {
  let frames = 0;
  const le32 = (at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
  for (let at = 12; at + 8 <= b.length;) {
    if (b[at] === 0x41 && b[at + 1] === 0x4e && b[at + 2] === 0x4d && b[at + 3] === 0x46) frames++; // ANMF
    const size = le32(at + 4);
    at += 8 + size + (size & 1);
  }
  return Math.max(frames, 1);
}
