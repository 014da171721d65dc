// The page's time limit for one image: the documented formula (docs/limits.md), its floor and
// ceiling, and the header sizes it is computed from.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CEILING_S, FLOOR_S, headerSize, workLimitMs } from './work-limit';

describe('workLimitMs', () => {
  it('is 20 s + 2 s per MP read + the format’s seconds per MP written, within the floor and the ceiling', () => {
    // 40 MP into lossless WebP, the case that ran out of a fixed 120 s: 20 + 80 + 800 s.
    expect(workLimitMs({ pixelsIn: 40e6, format: 'webp', lossless: true })).toBe(900_000);
    expect(workLimitMs({ pixelsIn: 40e6, format: 'webp' })).toBe((20 + 80 + 240) * 1000);
    // 12 MP JPEG → 3 MP JPEG: 20 + 24 + 6 = 50 s, raised to the floor.
    expect(workLimitMs({ pixelsIn: 12e6, pixelsOut: 3e6, format: 'jpeg' })).toBe(FLOOR_S * 1000);
    expect(workLimitMs({ pixelsIn: 40e6, pixelsOut: 200e6, format: 'avif', lossless: true })).toBe(CEILING_S * 1000);
    // A size the page could not read counts as the largest allowed (40 MP).
    expect(workLimitMs({ pixelsIn: undefined, format: 'webp', lossless: true })).toBe(900_000);
  });

  it('grows with the pixels and with the slower encoders', () => {
    const at = (mp: number, format: 'png' | 'webp' | 'avif', lossless = false) =>
      workLimitMs({ pixelsIn: mp * 1e6, format, lossless });
    expect(at(30, 'png')).toBeLessThan(at(40, 'png'));
    expect(at(30, 'webp')).toBeLessThan(at(30, 'webp', true));
    expect(at(30, 'webp')).toBeLessThan(at(30, 'avif'));
  });
});

describe('headerSize', () => {
  it('reads a PNG’s and a JPEG’s stored size from their headers; none for SVG or unreadable bytes', async () => {
    const png = await sharp({ create: { width: 321, height: 123, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await headerSize(new Blob([png]), 'png')).toEqual({ width: 321, height: 123 });
    expect(await headerSize(new Blob([jpeg]), 'jpeg')).toEqual({ width: 321, height: 123 });
    expect(await headerSize(new Blob(['<svg/>']), 'svg')).toBeUndefined();
    expect(await headerSize(new Blob(['not a png']), 'png')).toBeUndefined();
  });
});
