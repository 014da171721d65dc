// JPEG downscales against a textbook Lanczos3 of the full decode (tests/support/lanczos-
// reference.ts): ours through the resizer (shrink-on-load, block average, resampler) must score
// within 1 dB of sharp's, or better, on real photos of the shared corpus at 2.5×, 4× and 7×.
// Decoding at 1/2, 1/4 or 1/8 is a box filter; started too early it made downscales visibly
// softer (36 dB where sharp scored 55 at 2.5×: platform/shrink.ts). Skipped without the corpus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../support/doors';
import { referenceLanczos3 } from '../support/lanczos-reference';
import { CORPUS_DIR, corpusPresent, psnr } from './compare.mjs';

// Upright photos (no EXIF rotation): 4:2:0 and 4:4:4 colour, grey, 0.03 to 6 megapixels.
const PHOTOS = [
  'sharp/2569067123_aca715a2ee_o.jpg',
  'sharp/flowers.jpeg',
  'sharp/Landscape_1.jpg',
  'sharp/Portrait_1.jpg',
  'libjpeg-turbo/testorig.jpg',
  'libvips/cd1.1.jpg',
];
const FACTORS = [2.5, 4, 7];

const rgba = async (image: Sharp) => {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
};

describe.skipIf(!corpusPresent())('JPEG downscales against a reference Lanczos3', () => {
  for (const name of PHOTOS) {
    it(`${name} at ${FACTORS.join('×, ')}×: within 1 dB of sharp, or better`, async () => {
      const bytes = readFileSync(join(CORPUS_DIR, name));
      const full = await rgba(sharp(bytes));
      for (const factor of FACTORS) {
        const width = Math.round(full.width / factor);
        const height = Math.round(full.height / factor);
        const reference = referenceLanczos3(full, width, height).data;
        const reply = await call('image-resizer', {
          image: bytes.toString('base64'),
          width,
          height,
          fit: 'fill',
          format: 'png',
        });
        expect(reply.status).toBe(200);
        const ours = await rgba(sharp(Buffer.from((reply.body as { image: string }).image, 'base64')));
        const theirs = await rgba(sharp(bytes).resize(width, height, { fit: 'fill' }));
        expect([ours.width, ours.height]).toEqual([width, height]);
        const [us, them] = [psnr(ours.data, reference), psnr(theirs.data, reference)];
        expect(
          us,
          `${name} at ${factor}×: ours ${us.toFixed(1)} dB, sharp ${them.toFixed(1)} dB`,
        ).toBeGreaterThanOrEqual(them - 1);
      }
    }, 120_000); // a generous bound for a loaded machine: ~7 s for the 6 MP photo on a quiet one
  }
});
