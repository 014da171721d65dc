// The animated WebP container (RIFF: VP8X + ANIM + ANMF, Google's "WebP Container
// Specification"), read and written around still bitstreams: libwebp's decoder in @jsquash/webp
// decodes one still and its encoder writes one, so each frame goes through them alone and this
// module takes frames out of an animation and puts encoded frames into one.
import type { Bitmap } from '../../platform/types';
import { chunk, riff, stillOf } from './webp-frame';

export interface WebpFrameRecord {
  /** The frame's bitstream as a still WebP. */
  still: Uint8Array;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Milliseconds. */
  duration: number;
  /** Alpha-blended over the canvas (else it replaces its rectangle). */
  blend: boolean;
  /** Its rectangle is cleared to transparent before the next frame. */
  dispose: boolean;
}

export interface WebpAnimationRecord {
  width: number;
  height: number;
  /** 0: forever. */
  loop: number;
  frames: WebpFrameRecord[];
}

const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const tag = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** Every frame of an animated WebP; undefined when a chunk runs past the end or a frame has no bitstream. */
export function readWebpAnimation(bytes: Uint8Array): WebpAnimationRecord | undefined {
  const out: WebpAnimationRecord = { width: 0, height: 0, loop: 0, frames: [] };
  for (let at = 12; at + 8 <= bytes.length;) {
    const name = tag(bytes, at);
    const size = le32(bytes, at + 4);
    const body = at + 8;
    if (body + size > bytes.length) return undefined;
    if (name === 'VP8X' && size >= 10) {
      out.width = le24(bytes, body + 4) + 1;
      out.height = le24(bytes, body + 7) + 1;
    } else if (name === 'ANIM' && size >= 6) {
      out.loop = bytes[body + 4]! | (bytes[body + 5]! << 8);
    } else if (name === 'ANMF' && size >= 16) {
      const width = le24(bytes, body + 6) + 1;
      const height = le24(bytes, body + 9) + 1;
      const still = stillOf(bytes, body + 16, body + size, width, height);
      if (!still) return undefined;
      const flags = bytes[body + 15]!;
      out.frames.push({
        still,
        x: le24(bytes, body) * 2,
        y: le24(bytes, body + 3) * 2,
        width,
        height,
        duration: le24(bytes, body + 12),
        blend: (flags & 2) === 0,
        dispose: (flags & 1) === 1,
      });
    }
    at = body + size + (size & 1);
  }
  return out.frames.length ? out : undefined;
}

/**
 * Composites decoded frames as libwebp's WebPAnimDecoder does (a transparent canvas; `blend`:
 * non-premultiplied "over"; `dispose`: the rectangle cleared after the frame is shown) and
 * returns the canvas after each frame.
 */
export function compositeWebpFrames(record: WebpAnimationRecord, decoded: readonly Bitmap[]): Bitmap[] {
  const { width, height } = record;
  const canvas = new Uint8Array(width * height * 4);
  const shown: Bitmap[] = [];
  record.frames.forEach((frame, i) => {
    const image = decoded[i]!;
    const w = Math.min(image.width, width - frame.x);
    const h = Math.min(image.height, height - frame.y);
    for (let row = 0; row < h; row++) {
      for (let col = 0; col < w; col++) {
        const s = (row * image.width + col) * 4;
        const d = ((frame.y + row) * width + frame.x + col) * 4;
        const sa = image.data[s + 3]!;
        if (!frame.blend || sa === 255) {
          canvas.set(image.data.subarray(s, s + 4), d);
        } else if (sa > 0) {
          const da = canvas[d + 3]!;
          // dst = src + dst·(1 − src_a), in alpha-weighted colour, 8-bit as libwebp's BlendPixelNonPremult.
          const dw = (da * (255 - sa)) / 255;
          const a = sa + dw;
          for (let c = 0; c < 3; c++) canvas[d + c] = Math.round((image.data[s + c]! * sa + canvas[d + c]! * dw) / a);
          canvas[d + 3] = Math.round(a);
        }
      }
    }
    shown.push({ width, height, data: canvas.slice() });
    if (frame.dispose)
      for (let row = 0; row < h; row++)
        canvas.fill(0, ((frame.y + row) * width + frame.x) * 4, ((frame.y + row) * width + frame.x + w) * 4);
  });
  return shown;
}

/** Where a frame goes on the canvas (x and y even, as the container stores them halved). */
export interface FrameRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of `frame` that differs from `previous` (same size), widened to even x and y; the
 * whole canvas for the first frame. A frame equal to the one before is 1×1 at the origin (the
 * container has no empty frame, and the frame count and delays are kept).
 */
export function changedRect(previous: Bitmap | undefined, frame: Bitmap): FrameRect {
  const { width, height } = frame;
  if (!previous) return { x: 0, y: 0, width, height };
  let [left, top, right, bottom] = [width, height, -1, -1];
  const words = (data: Uint8Array) =>
    data.byteOffset % 4
      ? new Uint32Array(data.slice().buffer, 0, width * height)
      : new Uint32Array(data.buffer, data.byteOffset, width * height);
  const [a, b] = [words(previous.data), words(frame.data)];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (a[row + x] === b[row + x]) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return { x: 0, y: 0, width: 1, height: 1 };
  left &= ~1;
  top &= ~1;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * An animated WebP of frames, each a still WebP that libwebp wrote (its ALPH and VP8/VP8L chunks
 * are moved into an ANMF) placed at its rectangle: shown in turn for `delays` ms, without
 * blending or disposal, so each frame's rectangle is exactly its encoding and the rest of the
 * canvas stays as the frames before left it. `loop` 0 plays forever.
 */
export function writeWebpAnimation(
  stills: readonly Uint8Array[],
  rects: readonly FrameRect[],
  width: number,
  height: number,
  delays: readonly number[],
  loop: number,
): Uint8Array {
  let alpha = false;
  const le24At = (header: Uint8Array, at: number, value: number) =>
    header.set([value & 255, (value >> 8) & 255, value >> 16], at);
  const frames = stills.map((still, i) => {
    const parts: Uint8Array[] = [];
    for (let at = 12; at + 8 <= still.length;) {
      const name = tag(still, at);
      const size = le32(still, at + 4);
      if (name === 'ALPH' || name === 'VP8 ' || name === 'VP8L')
        parts.push(still.subarray(at, at + 8 + size + (size & 1)));
      // VP8L carries its own alpha; libwebp marks it in VP8X only when it is used.
      if (name === 'ALPH' || (name === 'VP8L' && (still[at + 8 + 4]! & 0x10) !== 0)) alpha = true;
      at += 8 + size + (size & 1);
    }
    const rect = rects[i]!;
    const header = new Uint8Array(16);
    // x / 2, y / 2, width − 1, height − 1 and the duration: 24 bits each.
    le24At(header, 0, rect.x >> 1);
    le24At(header, 3, rect.y >> 1);
    le24At(header, 6, rect.width - 1);
    le24At(header, 9, rect.height - 1);
    le24At(header, 12, Math.min(Math.max(0, Math.round(delays[i] ?? 0)), 0xffffff));
    header[15] = 0b10; // do not blend, do not dispose
    const body = new Uint8Array(16 + parts.reduce((n, p) => n + p.length, 0));
    body.set(header);
    let at = 16;
    for (const part of parts) {
      body.set(part, at);
      at += part.length;
    }
    return chunk('ANMF', body);
  });
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x02 | (alpha ? 0x10 : 0);
  vp8x.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
  vp8x.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
  const anim = new Uint8Array(6); // background: transparent black (a hint only); loop count
  anim[4] = loop & 255;
  anim[5] = (loop >> 8) & 255;
  return riff([chunk('VP8X', vp8x), chunk('ANIM', anim), ...frames]);
}
