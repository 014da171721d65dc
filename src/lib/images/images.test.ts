// The pure image helpers: sniffing and header probes against sharp's reading of real files,
// the fit plan, Base64, and the golden vectors' samples against the fixture files.
import sharp from 'sharp';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { avifClaiming, jpegWithScans } from '../../../tests/support/hostile-images';
import { fixture } from '../../../tests/support/image-fixtures';
import { withTransforms } from '../../../tests/support/avif-transform.mjs';
import { decodeBase64, encodeBase64 } from '../base64';
import { planFit } from './fit';
import { ENCODER_MAX_SIDE, MAX_SIDE, checkEncodable } from './limits';
import { sniffFormat } from './formats';
import { probe } from './probe';
import * as samples from './samples';
import { svgSize, withSize } from './svg';

const FIXTURES = readdirSync(resolve(import.meta.dirname, '../../../tests/fixtures/images')).filter(
  (name) => !name.endsWith('.mjs'),
);
const EXPECTED_FORMAT: Record<string, string> = {
  png: 'png',
  jpeg: 'jpeg',
  webp: 'webp',
  avif: 'avif',
  tiff: 'tiff',
  gif: 'gif',
  svg: 'svg',
  heic: 'heic',
};

describe('sniffFormat', () => {
  it.each(FIXTURES)('%s', (name) => {
    expect(sniffFormat(fixture(name))).toBe(EXPECTED_FORMAT[name.slice(name.lastIndexOf('.') + 1)]);
  });

  it('is not fooled by text or short input', () => {
    expect(sniffFormat(new TextEncoder().encode('Hello, World!'))).toBeUndefined();
    expect(sniffFormat(new Uint8Array([0x89, 0x50]))).toBeUndefined();
    expect(sniffFormat(new TextEncoder().encode('<html><svg></svg></html>'))).toBeUndefined();
    expect(
      sniffFormat(
        new TextEncoder().encode(
          '\uFEFF<?xml version="1.0"?><!-- x --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"><svg/>',
        ),
      ),
    ).toBe('svg');
  });
});

describe('probe reads the size sharp reads, without decoding', () => {
  // HEIC: sharp's libheif has no HEVC decoder; heic.test.ts checks its probe against heif-convert.
  const raster = FIXTURES.filter((name) => !/svgz?$|heic$|^bomb|^truncated|webp-compressed|animated-lossy/.test(name));
  it.each(raster)('%s', async (name) => {
    const bytes = fixture(name);
    const meta = await sharp(bytes).metadata();
    const header = probe(bytes, sniffFormat(bytes) as never);
    // libheif reports an AVIF's size after its irot/imir, which the probe reports as an orientation.
    const avif = name.endsWith('.avif');
    const shown = avif && header.orientation >= 5 ? [header.height, header.width] : [header.width, header.height];
    expect(shown).toEqual([meta.width, meta.pageHeight ?? meta.height]);
    expect(avif ? 1 : header.orientation).toBe(meta.orientation ?? 1);
  });

  it('AVIF: irot and imir become the EXIF orientation of the same transform, in ipma order', () => {
    const quads = fixture('quadrants.avif');
    const orientation = (ops: [string, number][]) => probe(withTransforms(quads, ops), 'avif').orientation;
    expect(orientation([])).toBe(1);
    // irot turns anticlockwise: a quarter is EXIF 8 (shown after a clockwise 270° turn).
    expect([1, 2, 3].map((angle) => orientation([['irot', angle]]))).toEqual([8, 3, 6]);
    expect(orientation([['imir', 0]])).toBe(4); // top and bottom exchanged
    expect(orientation([['imir', 1]])).toBe(2); // left and right exchanged
    // The order matters: a quarter turn then a top-bottom mirror is a transpose, the other way round a transverse.
    expect(
      orientation([
        ['irot', 1],
        ['imir', 0],
      ]),
    ).toBe(5);
    expect(
      orientation([
        ['imir', 0],
        ['irot', 1],
      ]),
    ).toBe(7);
  });

  it('reports the hostile headers as they claim', () => {
    expect(probe(fixture('bomb-30000.png'), 'png')).toMatchObject({ width: 30000, height: 30000 });
    expect(probe(fixture('bomb-16384.webp'), 'webp')).toMatchObject({ width: 16384, height: 16384 });
    expect(probe(fixture('bomb-frame.gif'), 'gif')).toMatchObject({ width: 20000, height: 20000 });
  });

  it('AVIF: the size in the AV1 sequence header counts too, not only ispe', async () => {
    // The decoder allocates the AV1 frame first and compares it with ispe afterwards.
    expect(probe(await avifClaiming(16, 16384), 'avif')).toMatchObject({ width: 16384, height: 16384 });
    expect(probe(await avifClaiming(16, 200), 'avif')).toMatchObject({ width: 200, height: 200 });
    expect(probe(await avifClaiming(300, 200), 'avif')).toMatchObject({ width: 300, height: 300 });
  });

  it('JPEG: more scans than the pixels allow (a pass over the image each) are refused', async () => {
    expect(probe(await jpegWithScans(64, 64, 1000), 'jpeg')).toMatchObject({ width: 64, height: 64 });
    const refused = async (width: number, height: number, scans: number) => {
      try {
        probe(await jpegWithScans(width, height, scans), 'jpeg');
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(await refused(64, 64, 1001)).toBe(
      "'image' is not a readable JPEG image: it has 1,001 scans; at most 1,000 are allowed for its 64×64 pixels.",
    );
    expect(await refused(8000, 5000, 17)).toBe(
      "'image' is not a readable JPEG image: it has 17 scans; at most 16 are allowed for its 8000×5000 pixels.",
    );
    expect(await refused(8000, 5000, 16)).toBe('accepted');
  });

  it('marks animated WebP', () => {
    expect(probe(fixture('animated.webp'), 'webp')).toMatchObject({ width: 6, height: 4, animated: true });
    expect(probe(fixture('quadrants.webp'), 'webp').animated).toBe(false);
  });

  it('a header cut short is a clear 400', () => {
    expect(() => probe(fixture('quadrants.png').subarray(0, 20), 'png')).toThrow(
      "'image' is not a readable PNG image: the header ends early.",
    );
    expect(() => probe(fixture('quadrants.jpeg').subarray(0, 30), 'jpeg')).toThrow(
      /^'image' is not a readable JPEG image/,
    );
  });
});

describe('planFit', () => {
  it.each([
    // source 400×300
    [undefined, undefined, 'inside', { width: 400, height: 300 }],
    [200, undefined, 'fill', { width: 200, height: 150 }],
    [undefined, 100, 'cover', { width: 133, height: 100 }],
    [200, 200, 'inside', { width: 200, height: 150 }],
    [200, 200, 'outside', { width: 267, height: 200 }],
    [200, 200, 'fill', { width: 200, height: 200 }],
    [200, 200, 'contain', { width: 200, height: 150, box: { width: 200, height: 200, mode: 'pad' } }],
    [200, 200, 'cover', { width: 267, height: 200, box: { width: 200, height: 200, mode: 'crop' } }],
    [1, 1000, 'inside', { width: 1, height: 1 }],
    [0, 0, 'cover', { width: 400, height: 300 }],
  ] as const)('%s×%s %s', (width, height, fit, plan) => {
    expect(planFit(400, 300, width, height, fit)).toEqual(plan);
  });
});

describe('SVG size', () => {
  it.each([
    ['width="10" height="20"', [10, 20]],
    ['width="10.6px" height="2pt"', [11, 3]],
    ['viewBox="0 0 50 25"', [50, 25]],
    ['viewBox="0,0,50,25" height="50"', [100, 50]],
    ['width="auto" height="50%"', [300, 150]],
    ['', [300, 150]],
  ] as const)('<svg %s>', (attributes, size) => {
    expect(Object.values(svgSize(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}/>`))).toEqual(size);
  });

  it('writes the size into the root only', () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width=\'5cm\' viewBox="0 0 1 1"><svg width="3" height="3"/></svg>';
    expect(withSize(svg, 189, 189)).toBe(
      '<?xml version="1.0"?><svg width="189" height="189" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><svg width="3" height="3"/></svg>',
    );
  });
});

describe('Base64', () => {
  it('encodes as Node does, every length', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 97 + n) & 255);
      expect(encodeBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      const decoded = decodeBase64(Buffer.from(bytes).toString('base64'));
      expect(decoded.ok && Buffer.from(decoded.bytes).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('decodes with whitespace, without padding, and in the URL-safe alphabet', () => {
    const bytes = Buffer.from([251, 255, 191, 0, 1]);
    for (const text of ['+/+/AAE=', '+/+/\nAAE', '-_-_AAE', ' +/+/ AA E= ']) {
      const decoded = decodeBase64(text);
      expect(decoded.ok && Buffer.from(decoded.bytes).equals(bytes), text).toBe(true);
    }
  });

  it('reports the first bad character with its position', () => {
    expect(decodeBase64('AAAA$AAA')).toEqual({
      ok: false,
      error: expect.stringMatching(/^Invalid character '\$' at position 5/),
    });
    expect(decodeBase64('AA=A')).toEqual({ ok: false, error: expect.stringMatching(/Padding/) });
    expect(decodeBase64('AAAAA').ok).toBe(false);
  });
});

describe('golden-vector samples', () => {
  it.each(Object.entries(samples.SAMPLE_FILES))('%s is tests/fixtures/images/%s', (name, file) => {
    expect((samples as unknown as Record<string, string>)[name]).toBe(fixture(file).toString('base64'));
  });
});

describe('encoder limits', () => {
  it('every encoder but WebP writes the largest side the tools accept', () => {
    const below = Object.entries(ENCODER_MAX_SIDE).filter(([, max]) => max < MAX_SIDE);
    expect(below).toEqual([['webp', 16_383]]);
  });

  it("a side over the format's maximum is a 400 naming it", () => {
    expect(() => checkEncodable('webp', 16_384, 1)).toThrow(
      'WebP images can be at most 16,383 pixels per side; the output would be 16384×1.',
    );
    expect(() => checkEncodable('webp', 16_383, 16_383)).not.toThrow();
    expect(() => checkEncodable('gif', 65_536, 1)).toThrow(
      'GIF images can be at most 65,535 pixels per side; the output would be 65536×1.',
    );
  });
});
