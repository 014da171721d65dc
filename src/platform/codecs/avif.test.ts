// AVIF decoding's named refusal: libavif (our decoder) reads strictly and fails an image without
// a `pixi` property, which libvips (libheif) reads; the answer must say so, not "damaged".
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../../../tests/support/doors';
import { avifHasPixi } from '../../lib/images/avif-header';
import { nodeImages } from '../node';
import { ImageRefusedError } from '../types';

async function withoutPixi(): Promise<{ good: Uint8Array; bad: Uint8Array }> {
  const good = new Uint8Array(await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } }).avif().toBuffer());
  const bad = good.slice();
  const at = Buffer.from(bad).indexOf('pixi');
  expect(at).toBeGreaterThan(0);
  bad.set([0x78, 0x78, 0x78, 0x78], at); // the property renamed to an unknown one: the same sizes
  return { good, bad };
}

describe('AVIF without a pixi property', () => {
  it('is found by the header reader', async () => {
    const { good, bad } = await withoutPixi();
    expect(avifHasPixi(good)).toBe(true);
    expect(avifHasPixi(bad)).toBe(false);
    expect(avifHasPixi(new Uint8Array(10))).toBe(false);
  });

  it('is refused by name through the decoder and the converter (a 400, never the generic sentence)', async () => {
    const { good, bad } = await withoutPixi();
    expect((await nodeImages.decode(good, 'avif')).width).toBe(64);
    await expect(nodeImages.decode(bad, 'avif')).rejects.toBeInstanceOf(ImageRefusedError);
    const reply = await call('image-converter', { image: Buffer.from(bad).toString('base64'), from: 'avif', to: 'png' });
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(/^AVIF images without a 'pixi' \(pixel information\) property are not supported/);
  });
});
