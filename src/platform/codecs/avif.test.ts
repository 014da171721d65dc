// AVIF without a `pixi` property: libavif (our decoder) reads strictly and fails such a file,
// which libvips (libheif) reads; the property is added as the AV1 stream describes the pixels
// (src/lib/images/avif-pixi.ts) and the file decodes as libvips decodes it. One whose boxes
// cannot be completed is refused by name, never "damaged".
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/doors';
import { avifHasPixi } from '../../lib/images/avif-header';
import { withPixi } from '../../lib/images/avif-pixi';
import { nodeImages } from '../node';
import { ImageRefusedError } from '../types';

/** Every `pixi` property renamed to an unknown one (the same sizes): a file libavif refuses. */
function unnamed(good: Uint8Array): Uint8Array {
  const bad = good.slice();
  let renamed = 0;
  for (let at = Buffer.from(bad).indexOf('pixi'); at >= 0; at = Buffer.from(bad).indexOf('pixi', at + 4), renamed++)
    bad.set([0x78, 0x78, 0x78, 0x78], at);
  expect(renamed).toBeGreaterThan(0);
  return bad;
}

/** A 64×48 gradient (with a varying alpha when asked) as AVIF, with and without its pixi. */
async function samples(alpha: boolean): Promise<{ good: Uint8Array; bad: Uint8Array }> {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc(64 * 48 * channels);
  for (let i = 0; i < 64 * 48; i++)
    raw.set([(i % 64) * 4, Math.floor(i / 64) * 5, 128, ...(alpha ? [255 - (i % 64) * 3] : [])], i * channels);
  const good = new Uint8Array(
    await sharp(raw, { raw: { width: 64, height: 48, channels } })
      .avif({ quality: 90 })
      .toBuffer(),
  );
  return { good, bad: unnamed(good) };
}

const maxDifference = (a: Uint8Array, b: Uint8Array) =>
  a.reduce((max, value, i) => Math.max(max, Math.abs(value - b[i]!)), 0);

describe('AVIF without a pixi property', () => {
  it('is found by the header reader', async () => {
    const { good, bad } = await samples(false);
    expect(avifHasPixi(good)).toBe(true);
    expect(avifHasPixi(bad)).toBe(false);
    expect(avifHasPixi(new Uint8Array(10))).toBe(false);
  });

  it.each([false, true])('is read as libvips reads it (alpha: %s), the same pixels as with its pixi', async (alpha) => {
    const { good, bad } = await samples(alpha);
    const mended = withPixi(bad)!;
    expect(avifHasPixi(mended)).toBe(true);
    expect(withPixi(good)).toBeUndefined(); // a file with pixi is left alone
    const [ours, withIt, libvips] = await Promise.all([
      nodeImages.decode(bad, 'avif'),
      nodeImages.decode(good, 'avif'),
      sharp(bad).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    ]);
    expect([ours.width, ours.height]).toEqual([64, 48]);
    expect(maxDifference(ours.data, withIt.data)).toBe(0);
    expect([libvips.info.width, libvips.info.height]).toEqual([64, 48]);
    // libheif's and libavif's YUV → RGB round differently by a level or two.
    expect(maxDifference(ours.data, new Uint8Array(libvips.data))).toBeLessThanOrEqual(3);
  });

  it('answers 200 through the converter', async () => {
    const { bad } = await samples(true);
    const reply = await call('image-converter', {
      image: Buffer.from(bad).toString('base64'),
      from: 'avif',
      to: 'png',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ format: 'png', width: 64, height: 48 });
  });

  it('is refused by name where the boxes cannot be completed (a 400, never the generic sentence)', async () => {
    const { bad } = await samples(false);
    // The AV1 item no longer named av01 in its item info: no item to give the pixi to.
    const broken = bad.slice();
    const at = Buffer.from(broken).indexOf('av01');
    expect(at).toBeGreaterThan(0);
    broken.set([0x78, 0x78, 0x78, 0x78], at);
    expect(withPixi(broken)).toBeUndefined();
    await expect(nodeImages.decode(broken, 'avif')).rejects.toBeInstanceOf(ImageRefusedError);
    const reply = await call('image-converter', {
      image: Buffer.from(broken).toString('base64'),
      from: 'avif',
      to: 'png',
    });
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(
      /^AVIF images without a 'pixi' \(pixel information\) property are supported only where/,
    );
  });
});
