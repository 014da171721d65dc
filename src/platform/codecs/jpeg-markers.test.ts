// jpegStructure's walk over entropy-coded data (which jumps from 0xFF to 0xFF) against a
// byte-by-byte reading of ITU T.81 B.1.1.5 written here: after a scan header, every 0xFF is
// either stuffing (0xFF 0x00), a restart marker (0xFF 0xD0–0xD7) or the next marker. The scan
// count and frame must agree on made-up streams with every edge, on libjpeg's progressive files,
// and on every JPEG of the shared corpus (when present).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR, corpusPresent } from '../../../tests/corpus/compare.mjs';
import { photoJpeg } from '../../../tests/support/image-fixtures';
import { jpegStructure } from './jpeg-markers';

/** The scans (SOS markers) of a JPEG stream, one byte at a time. */
function referenceScans(bytes: Uint8Array): number {
  let scans = 0;
  let at = bytes[0] === 0xff && bytes[1] === 0xd8 ? 2 : 0;
  while (at + 1 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    if (marker === 0xff) at += 1;
    else if (marker === 0xd9) break;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) at += 2;
    else {
      if (at + 4 > bytes.length) break;
      at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!);
      if (marker !== 0xda) continue;
      scans++;
      for (; at + 1 < bytes.length; at++) {
        const next = bytes[at + 1]!;
        if (bytes[at] === 0xff && next !== 0x00 && (next < 0xd0 || next > 0xd7)) break;
      }
    }
  }
  return scans;
}

const SOS = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 63, 0];
const stream = (...parts: number[][]) => new Uint8Array([0xff, 0xd8, ...parts.flat()]);

describe('jpegStructure: scans', () => {
  it.each([
    [
      'stuffing and restarts inside a scan',
      stream(SOS, [1, 0xff, 0x00, 2, 0xff, 0xd0, 3, 0xff, 0xd7, 5], SOS, [4], [0xff, 0xd9]),
    ],
    ['a scan that runs to the end of the file', stream(SOS, [1, 2, 3, 4])],
    ['a 0xFF as the very last byte', stream(SOS, [1, 2, 0xff])],
    ['stuffing as the last two bytes', stream(SOS, [1, 0xff, 0x00])],
    ['fill bytes before the next marker', stream(SOS, [7, 0xff, 0xff, 0xff], SOS, [8, 0xff, 0xd9])],
    ['a scan header whose length runs past the end', stream([0xff, 0xda, 0x40, 0x00, 1])],
    ['an empty scan', stream(SOS, SOS, SOS)],
  ])('%s', (_, bytes) => {
    const { scans } = jpegStructure(bytes);
    expect(scans).toBe(referenceScans(bytes));
    expect(scans).toBeGreaterThan(0);
  });

  it('libjpeg’s files: ten scans for progressive colour (jpeg_simple_progression), one for baseline', async () => {
    expect(jpegStructure(await photoJpeg(97, 61, { progressive: true })).scans).toBe(10);
    expect(jpegStructure(await photoJpeg(97, 61)).scans).toBe(1);
  });

  it.skipIf(!corpusPresent())('every JPEG of the shared corpus, as read byte by byte', () => {
    const files = readdirSync(CORPUS_DIR, { recursive: true, encoding: 'utf8' }).filter((name) =>
      /\.(jpe?g|jfif)$/i.test(name),
    );
    expect(files.length).toBeGreaterThan(100);
    for (const name of files) {
      const bytes = new Uint8Array(readFileSync(join(CORPUS_DIR, name)));
      expect([name, jpegStructure(bytes).scans]).toEqual([name, referenceScans(bytes)]);
    }
  });
});
