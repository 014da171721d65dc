// A tagged subset of the shared corpus (../shared/corpus: the codec projects' own test images)
// through the image converter, each against libvips (sharp) as expectations.ts says: same size
// and within 35 dB, or a refusal that names its reason. Skipped, saying so, where the corpus is
// absent. The whole corpus runs in bench/corpus.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call } from '../support/doors';
import { CORPUS_DIR, MIN_PSNR, compareFile, corpusPresent, formatFromName, psnr } from './compare.mjs';
import { EXPECTATIONS } from './expectations';

const present = corpusPresent();
if (!present) console.warn(`corpus tests skipped: no corpus at ${CORPUS_DIR} (set CORPUS_DIR to run them)`);

const GENERIC = /damaged, truncated or uses an unsupported variant/;

describe.skipIf(!present)('corpus files against libvips', () => {
  for (const [name, expected] of Object.entries(EXPECTATIONS)) {
    it(`${name}: ${typeof expected === 'string' ? expected : Object.keys(expected)[0]}`, async () => {
      const bytes = readFileSync(join(CORPUS_DIR, name));
      const result = await compareFile(call, bytes, formatFromName(name));
      if (expected === 'match') {
        expect(result.kind, `${result.message ?? ''} ${result.libvips ?? ''}`).toBe('match');
      } else if ('refused' in expected) {
        expect(result.kind).toBe('refused');
        expect(result.message).not.toMatch(GENERIC);
        expect(result.message).toMatch(expected.refused);
      } else if ('libvipsWarns' in expected) {
        expect(result.kind, result.message).toBe('read');
        const reply = await call('image-converter', {
          image: bytes.toString('base64'),
          from: formatFromName(name),
          to: 'png',
        });
        const ours = await sharp(Buffer.from((reply.body as { image: string }).image, 'base64'))
          .ensureAlpha()
          .raw()
          .toBuffer();
        const theirs = await sharp(bytes, { failOn: 'none' })
          .toColourspace('srgb')
          .ensureAlpha()
          .raw({ depth: 'uchar' })
          .toBuffer();
        expect(ours.length).toBe(theirs.length);
        expect(psnr(ours, theirs)).toBeGreaterThanOrEqual(MIN_PSNR);
      } else {
        expect(['match', 'differ'], result.message).toContain(result.kind);
        expect(result.message ?? '').not.toMatch(/libvips \d+×\d+/); // the same size
      }
    });
  }
});
