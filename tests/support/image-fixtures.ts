// Image fixtures (tests/fixtures/images, made by its generate.mjs) and sharp as the independent
// decoder that every image test checks our outputs with.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp, { type JpegOptions } from 'sharp';
import { prng } from './prng';

const DIR = resolve(import.meta.dirname, '../fixtures/images');

export const fixture = (name: string): Buffer => readFileSync(resolve(DIR, name));
export const fixture64 = (name: string): string => fixture(name).toString('base64');

export interface Decoded {
  /** sharp's name of the container: png, jpeg, webp, heif (AVIF), tiff, gif. */
  format: string;
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel. */
  data: Buffer;
}

/** Decodes with sharp (libvips), first frame only, no auto-orientation. */
export async function decode(bytes: Buffer | string): Promise<Decoded> {
  const input = typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : bytes;
  const { format } = await sharp(input).metadata();
  const { data, info } = await sharp(input).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { format: format!, width: info.width, height: info.height, data };
}

export const pixel = (image: Decoded, x: number, y: number): number[] => [
  ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4),
];

/** Largest difference of any channel between two RGBA colours. */
export const distance = (a: number[], b: number[]): number => Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));

/** The four quadrant colours of quadrants.* (generate.mjs), opaque. */
export const QUADRANT_COLOURS = [
  [255, 0, 0, 255],
  [0, 255, 0, 255],
  [0, 0, 255, 255],
  [255, 255, 0, 255],
];

/** The colour at the centre of each quadrant, TL, TR, BL, BR. */
export function quadrantCentres(image: Decoded): number[][] {
  const [w, h] = [image.width, image.height];
  return [
    pixel(image, w >> 2, h >> 2),
    pixel(image, (3 * w) >> 2, h >> 2),
    pixel(image, w >> 2, (3 * h) >> 2),
    pixel(image, (3 * w) >> 2, (3 * h) >> 2),
  ];
}

/** Mean absolute difference per channel of two same-size RGBA images. */
export function meanDifference(a: Decoded, b: Decoded): number {
  if (a.width !== b.width || a.height !== b.height)
    throw new Error(`sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

/**
 * A deterministic photo-like RGBA image: horizontal and vertical gradients, a fine wave pattern
 * and noise (±noise/2 on red and green). `alpha`: a left-to-right transparency ramp.
 */
export function photo(
  width: number,
  height: number,
  { alpha = false, noise = 16, seed = 3 } = {},
): { width: number; height: number; data: Uint8Array } {
  const random = prng(seed);
  const data = new Uint8ClampedArray(width * height * 4); // clamps and rounds what it is given
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const n = (random() - 0.5) * noise;
      data[i] = (255 * x) / width + n;
      data[i + 1] = (255 * y) / height + n;
      data[i + 2] = 128 + 100 * Math.sin(x / 9) * Math.cos(y / 7);
      data[i + 3] = alpha ? (255 * x) / Math.max(1, width - 1) : 255;
    }
  }
  return { width, height, data: new Uint8Array(data.buffer) };
}

/** `photo` as a JPEG written by libvips (4:2:0 and quality 90 unless `options` say otherwise). */
export function photoJpeg(width: number, height: number, options: JpegOptions = {}, noise = 16): Promise<Buffer> {
  const { data } = photo(width, height, { noise });
  return sharp(Buffer.from(data), { raw: { width, height, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 90, ...options })
    .toBuffer();
}
