// Animated WebP over the still codec: libwebp's decoder and encoder in @jsquash/webp handle one
// still each, so the frames are taken out of the container, decoded and composited, or encoded
// one by one and put into a container (src/lib/images/webp-animation.ts has the container).
import type { Animation } from '../../lib/images/animation';
import {
  changedRect,
  compositeWebpFrames,
  readWebpAnimation,
  writeWebpAnimation,
  type FrameRect,
} from '../../lib/images/webp-animation';
import { ImageDataError, type Bitmap } from '../types';

interface StillCodec {
  decode(bytes: Uint8Array): Promise<Bitmap>;
  encode(image: Bitmap, quality: number, lossless?: boolean): Promise<Uint8Array>;
}

export function webpAnimation(webp: StillCodec) {
  return {
    async decode(bytes: Uint8Array): Promise<Animation> {
      const record = readWebpAnimation(bytes);
      // A still WebP is an animation of one frame.
      if (!record) return { frames: [{ image: await webp.decode(bytes), delay: 0 }], loop: 0 };
      if (record.width === 0) throw new ImageDataError('WebP decoder: an animation without a VP8X canvas');
      const decoded: Bitmap[] = [];
      for (const frame of record.frames) {
        const image = await webp.decode(frame.still);
        if (image.width !== frame.width || image.height !== frame.height)
          throw new ImageDataError('WebP decoder: a frame is not the size its ANMF states');
        decoded.push(image);
      }
      const shown = compositeWebpFrames(record, decoded);
      return { frames: shown.map((image, i) => ({ image, delay: record.frames[i]!.duration })), loop: record.loop };
    },
    // Each frame after the first is only the rectangle that changed (a small moving sprite is
    // a small frame, not a full canvas), written without blending or disposal: the rectangle
    // replaces what was there, the rest of the canvas keeps the frame before.
    async encode(animation: Animation, quality: number, lossless: boolean): Promise<Uint8Array> {
      const { width, height } = animation.frames[0]!.image;
      const stills: Uint8Array[] = [];
      const rects: FrameRect[] = [];
      animation.frames.forEach((frame, i) => rects.push(changedRect(animation.frames[i - 1]?.image, frame.image)));
      for (const [i, frame] of animation.frames.entries())
        stills.push(await webp.encode(crop(frame.image, rects[i]!), quality, lossless));
      return writeWebpAnimation(
        stills,
        rects,
        width,
        height,
        animation.frames.map((frame) => frame.delay),
        animation.loop,
      );
    },
  };
}

/** The rectangle of `image` (the whole image as it is). */
function crop(image: Bitmap, { x, y, width, height }: FrameRect): Bitmap {
  if (x === 0 && y === 0 && width === image.width && height === image.height) return image;
  const data = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++)
    data.set(
      image.data.subarray(((y + row) * image.width + x) * 4, ((y + row) * image.width + x + width) * 4),
      row * width * 4,
    );
  return { width, height, data };
}
