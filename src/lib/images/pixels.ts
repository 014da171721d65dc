// Geometry and compositing on straight RGBA bitmaps: orientation, crop, the eight right-angle
// rotations and flips, padding and flattening. Exact integer work, the same on every engine.
import type { Bitmap } from '../../platform/types';

/** The eight rotations/flips of a rectangle (the dihedral group), as EXIF numbers them. */
export type Transform =
  'identity' | 'flipH' | 'rotate180' | 'flipV' | 'transpose' | 'rotate90' | 'transverse' | 'rotate270';

/** EXIF orientation → the transform that shows the image upright. */
export const ORIENTATION_TRANSFORMS: readonly Transform[] = [
  'identity',
  'identity',
  'flipH',
  'rotate180',
  'flipV',
  'transpose',
  'rotate90',
  'transverse',
  'rotate270',
];

/**
 * The EXIF orientation whose transform equals `ops` applied in turn (AVIF's `irot`/`imir`): found
 * by applying both to a 3×2 image of distinct pixels, so it follows `transform` itself.
 */
export function orientationOf(ops: readonly Transform[]): number {
  if (ops.every((op) => op === 'identity')) return 1;
  const probe: Bitmap = { width: 3, height: 2, data: Uint8Array.from({ length: 24 }, (_, i) => i) };
  const same = (a: Bitmap, b: Bitmap) => a.width === b.width && a.data.every((v, i) => v === b.data[i]);
  const wanted = ops.reduce(transform, probe);
  for (let orientation = 1; orientation <= 8; orientation++)
    if (same(transform(probe, ORIENTATION_TRANSFORMS[orientation]!), wanted)) return orientation;
  throw new Error('unreachable: the eight transforms form a group');
}

/** 32-bit view of the pixels (one element per pixel), copying only if misaligned. */
function words(image: Bitmap): Uint32Array {
  const { data } = image;
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, image.width * image.height);
}

/** Applies one of the eight transforms (rotations are clockwise). */
export function transform(image: Bitmap, op: Transform): Bitmap {
  if (op === 'identity') return image;
  const { width: w, height: h } = image;
  const swap = op === 'transpose' || op === 'rotate90' || op === 'transverse' || op === 'rotate270';
  const outW = swap ? h : w;
  const outH = swap ? w : h;
  const src = words(image);
  const out = new Uint8Array(w * h * 4);
  const dst = new Uint32Array(out.buffer);
  // For each output pixel (x, y): the source column and row, as start + x·dx + y·dy.
  let start: number, dx: number, dy: number;
  switch (op) {
    case 'flipH':
      [start, dx, dy] = [w - 1, -1, w];
      break;
    case 'flipV':
      [start, dx, dy] = [(h - 1) * w, 1, -w];
      break;
    case 'rotate180':
      [start, dx, dy] = [h * w - 1, -1, -w];
      break;
    case 'transpose':
      [start, dx, dy] = [0, w, 1];
      break; // out(x, y) = in(y, x)
    case 'rotate90':
      [start, dx, dy] = [(h - 1) * w, -w, 1];
      break; // out(x, y) = in(y, h-1-x)
    case 'transverse':
      [start, dx, dy] = [h * w - 1, -w, -1];
      break; // out(x, y) = in(w-1-y, h-1-x)
    case 'rotate270':
      [start, dx, dy] = [w - 1, w, -1];
      break; // out(x, y) = in(w-1-y, x)
  }
  let o = 0;
  for (let y = 0; y < outH; y++) {
    let s = start + y * dy;
    for (let x = 0; x < outW; x++, s += dx) dst[o++] = src[s]!;
  }
  return { width: outW, height: outH, data: out };
}

export function crop(image: Bitmap, x: number, y: number, width: number, height: number): Bitmap {
  if (x === 0 && y === 0 && width === image.width && height === image.height) return image;
  const out = new Uint8Array(width * height * 4);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 4;
    out.set(image.data.subarray(from, from + width * 4), row * width * 4);
  }
  return { width, height, data: out };
}

/**
 * The image centred on a canvas of `fill` (straight RGBA; default transparent), offsets rounded
 * down as sharp/libvips do. The padding is the colour itself, not composited with anything.
 */
export function pad(
  image: Bitmap,
  width: number,
  height: number,
  fill?: readonly [number, number, number, number],
): Bitmap {
  if (width === image.width && height === image.height) return image;
  const out = new Uint8Array(width * height * 4);
  if (fill) new Uint32Array(out.buffer).fill(new Uint32Array(Uint8Array.from(fill).buffer)[0]!);
  const left = Math.floor((width - image.width) / 2);
  const top = Math.floor((height - image.height) / 2);
  for (let row = 0; row < image.height; row++) {
    const from = row * image.width * 4;
    out.set(image.data.subarray(from, from + image.width * 4), ((top + row) * width + left) * 4);
  }
  return { width, height, data: out };
}

/** Whether any pixel is not fully opaque. */
export function hasAlpha(image: Bitmap): boolean {
  // Word-wide: alpha is each little-endian word's top byte. A run of pixels is ANDed in four
  // independent chains (signed, so V8 keeps them 32-bit integers) and looked at once per run,
  // which keeps the early exit: about 2.5× the byte loop on an opaque 2 MP image.
  const pixels = words(image);
  const signed = new Int32Array(pixels.buffer, pixels.byteOffset, pixels.length);
  const RUN = 4096;
  for (let start = 0; start < signed.length; start += RUN) {
    const end = Math.min(signed.length, start + RUN);
    const whole = start + ((end - start) & ~3);
    let a = -1,
      b = -1,
      c = -1,
      d = -1;
    for (let i = start; i < whole; i += 4) {
      a &= signed[i]!;
      b &= signed[i + 1]!;
      c &= signed[i + 2]!;
      d &= signed[i + 3]!;
    }
    for (let i = whole; i < end; i++) a &= signed[i]!;
    if ((a & b & c & d) >>> 24 !== 255) return true;
  }
  return false;
}

/** Composites onto opaque white (JPEG has no alpha; docs/contract.md). */
export function flattenOnWhite(image: Bitmap): Bitmap {
  if (!hasAlpha(image)) return image;
  const { data } = image;
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    const white = 255 * (255 - a) + 127;
    out[i] = ((data[i]! * a + white) / 255) | 0;
    out[i + 1] = ((data[i + 1]! * a + white) / 255) | 0;
    out[i + 2] = ((data[i + 2]! * a + white) / 255) | 0;
    out[i + 3] = 255;
  }
  return { width: image.width, height: image.height, data: out };
}
