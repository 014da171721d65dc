// Animated WebP output: each frame after the first is only the rectangle that changed, so a
// small sprite moving over a large canvas is small; the frame count, delays and loop are kept,
// and the frames decode (ours, and libwebp's own through sharp) to exactly the frames given.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Animation } from '../../lib/images/animation';
import { changedRect, readWebpAnimation } from '../../lib/images/webp-animation';
import { nodeImages } from '../node';

const SIDE = 96;
const SPRITE = 8;
const FRAMES = 12;

/** A noisy canvas with a red 8×8 sprite moving diagonally (odd steps: rectangles start on odd pixels too). */
function sprite(): Animation {
  return {
    loop: 3,
    frames: Array.from({ length: FRAMES }, (_, i) => {
      const data = new Uint8Array(SIDE * SIDE * 4);
      // A noisy background (as a photo's), which costs a full frame dearly.
      for (let p = 0; p < SIDE * SIDE; p++) data.set([(p * 2654435761) >>> 24, (p * 40503) & 255, 128, 255], p * 4);
      for (let y = 0; y < SPRITE; y++)
        for (let x = 0; x < SPRITE; x++) data.set([220, 20, 40, 255], ((5 + i * 7 + y) * SIDE + 3 + i * 7 + x) * 4);
      return { image: { width: SIDE, height: SIDE, data }, delay: 40 + i * 10 };
    }),
  };
}

describe('animated WebP of changed rectangles', () => {
  it('finds the changed rectangle, widened to even x and y', () => {
    const { frames } = sprite();
    expect(changedRect(undefined, frames[0]!.image)).toEqual({ x: 0, y: 0, width: SIDE, height: SIDE });
    // The sprite leaves (3,5)–(10,12) for (10,12)–(17,19): together x 3–17, y 5–19; x, y made even.
    expect(changedRect(frames[0]!.image, frames[1]!.image)).toEqual({ x: 2, y: 4, width: 16, height: 16 });
    expect(changedRect(frames[0]!.image, frames[0]!.image)).toEqual({ x: 0, y: 0, width: 1, height: 1 });
  });

  it('a moving sprite: small frames, every frame, delay and the loop kept, the pixels exact (ours and libwebp)', async () => {
    const animation = sprite();
    const out = await nodeImages.encodeAnimation(animation, 'webp', { quality: 80, lossless: true });
    const record = readWebpAnimation(out)!;
    expect(record.frames.length).toBe(FRAMES);
    expect(record.loop).toBe(3);
    expect(record.frames.map((frame) => frame.duration)).toEqual(animation.frames.map((frame) => frame.delay));
    expect(record.frames.slice(1).every((frame) => frame.width <= 16 && frame.height <= 16)).toBe(true);
    // Twelve full canvases would be about twelve times the first frame: well under half that.
    const first = await nodeImages.encode(animation.frames[0]!.image, 'webp', { quality: 80, lossless: true });
    expect(out.length).toBeLessThan((FRAMES * first.length) / 2);

    const ours = await nodeImages.decodeAnimation(out, 'webp');
    expect(ours.frames.map((frame) => frame.delay)).toEqual(animation.frames.map((frame) => frame.delay));
    ours.frames.forEach((frame, i) =>
      expect(Buffer.compare(Buffer.from(frame.image.data), Buffer.from(animation.frames[i]!.image.data))).toBe(0),
    );

    const libwebp = await sharp(Buffer.from(out), { animated: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const meta = await sharp(Buffer.from(out), { animated: true }).metadata();
    expect([meta.pages, meta.loop]).toEqual([FRAMES, 3]);
    expect(meta.delay).toEqual(animation.frames.map((frame) => frame.delay));
    const expected = Buffer.concat(animation.frames.map((frame) => Buffer.from(frame.image.data)));
    expect(Buffer.compare(libwebp.data, expected)).toBe(0);
  });
});
