// The first frame of an animated WebP, which the WebP decoder refuses (docs/stack.md): its
// bitstream chunks are rewrapped as a still WebP, and after decoding it is placed on a
// transparent canvas at the frame's offset (docs/contract.md: animated input gives the first frame).
import type { Bitmap } from '../../platform/types';

export interface WebpFrame {
  /** A still WebP holding only the first frame. */
  still: Uint8Array;
  canvasWidth: number;
  canvasHeight: number;
  x: number;
  y: number;
}

const le24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const le32 = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
const tag = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

export function chunk(name: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + body.length + (body.length & 1));
  for (let i = 0; i < 4; i++) out[i] = name.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, body.length, true);
  out.set(body, 8);
  return out;
}

export function riff(chunks: Uint8Array[]): Uint8Array {
  const size = 4 + chunks.reduce((n, c) => n + c.length, 0);
  const out = new Uint8Array(8 + size);
  out.set([0x52, 0x49, 0x46, 0x46]); // RIFF
  new DataView(out.buffer).setUint32(4, size, true);
  out.set([0x57, 0x45, 0x42, 0x50], 8); // WEBP
  let at = 12;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Undefined when the file has no complete first frame. */
export function firstWebpFrame(bytes: Uint8Array): WebpFrame | undefined {
  let canvasWidth = 0;
  let canvasHeight = 0;
  for (let at = 12; at + 8 <= bytes.length;) {
    const name = tag(bytes, at);
    const size = le32(bytes, at + 4);
    const body = at + 8;
    if (body + size > bytes.length) return undefined;
    if (name === 'VP8X') {
      canvasWidth = le24(bytes, body + 4) + 1;
      canvasHeight = le24(bytes, body + 7) + 1;
    } else if (name === 'ANMF') {
      const x = le24(bytes, body) * 2;
      const y = le24(bytes, body + 3) * 2;
      const width = le24(bytes, body + 6) + 1;
      const height = le24(bytes, body + 9) + 1;
      const still = stillOf(bytes, body + 16, body + size, width, height);
      return still ? { still, canvasWidth, canvasHeight, x, y } : undefined;
    }
    at = body + size + (size & 1);
  }
  return undefined;
}

/**
 * The frame data of an ANMF chunk (its sub-chunks from `start` to `end`) as a still WebP:
 * VP8L or VP8 alone, or lossy with alpha in the extended format (VP8X with the alpha flag, ALPH,
 * VP8). Undefined when it holds no bitstream.
 */
export function stillOf(
  bytes: Uint8Array,
  start: number,
  end: number,
  width: number,
  height: number,
): Uint8Array | undefined {
  let alpha: Uint8Array | undefined;
  for (let sub = start; sub + 8 <= end;) {
    const subName = tag(bytes, sub);
    const subSize = le32(bytes, sub + 4);
    const data = bytes.subarray(sub + 8, sub + 8 + subSize);
    if (subName === 'ALPH') alpha = data;
    else if (subName === 'VP8L') return riff([chunk('VP8L', data)]);
    else if (subName === 'VP8 ') {
      if (!alpha) return riff([chunk('VP8 ', data)]);
      const header = new Uint8Array(10);
      header[0] = 0x10;
      header.set([(width - 1) & 255, ((width - 1) >> 8) & 255, (width - 1) >> 16], 4);
      header.set([(height - 1) & 255, ((height - 1) >> 8) & 255, (height - 1) >> 16], 7);
      return riff([chunk('VP8X', header), chunk('ALPH', alpha), chunk('VP8 ', data)]);
    }
    sub += 8 + subSize + (subSize & 1);
  }
  return undefined;
}

/** Places the decoded frame on the animation's transparent canvas. */
export function onCanvas(frame: Bitmap, placement: WebpFrame): Bitmap {
  const { canvasWidth: width, canvasHeight: height, x, y } = placement;
  if (x === 0 && y === 0 && frame.width === width && frame.height === height) return frame;
  const data = new Uint8Array(width * height * 4);
  const rowWidth = Math.max(0, Math.min(frame.width, width - x));
  for (let row = 0; row < frame.height && y + row < height; row++) {
    const from = row * frame.width * 4;
    data.set(frame.data.subarray(from, from + rowWidth * 4), ((y + row) * width + x) * 4);
  }
  return { width, height, data };
}
