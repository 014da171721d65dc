// Image fixtures (tests/fixtures/images, made by its generate.mjs) and sharp as the independent
// decoder that every image test checks our outputs with.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

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

export const pixel = (image: Decoded, x: number, y: number): number[] => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)];

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
  return [pixel(image, w >> 2, h >> 2), pixel(image, (3 * w) >> 2, h >> 2), pixel(image, w >> 2, (3 * h) >> 2), pixel(image, (3 * w) >> 2, (3 * h) >> 2)];
}

/** Mean absolute difference per channel of two same-size RGBA images. */
export function meanDifference(a: Decoded, b: Decoded): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}
