// Our libjpeg-turbo WASM decoder (vendor/libjpeg-turbo-wasm) against two independent decoders:
// @jsquash/jpeg's MozJPEG build (the same IDCT: pixel for pixel) and sharp/libvips, at full
// size and decoded smaller (libvips's shrink-on-load), and through the resizer end to end.
import mozjpegFactory from '@jsquash/jpeg/codec/dec/mozjpeg_dec.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decode, fixture, meanDifference, photoJpeg } from '../../../tests/support/image-fixtures';
import { nodeImages } from '../node';
import { ImageDataError } from '../types';
import { emscripten } from './common';
import { resizeBitmap } from './resize';
import { call } from '../../../tests/support/doors';

interface MozJpeg {
  decode(data: Uint8Array, preserveOrientation: boolean): { width: number; height: number; data: Uint8ClampedArray };
}

let mozjpeg: MozJpeg;
beforeAll(async () => {
  const wasm = createRequire(import.meta.url).resolve('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm');
  mozjpeg = await emscripten(mozjpegFactory as never, new WebAssembly.Module(readFileSync(wasm)));
});

describe('full size', () => {
  it.each([
    ['4:2:0', {}],
    ['4:4:4', { chromaSubsampling: '4:4:4' }],
    ['progressive', { progressive: true }],
    ['greyscale', {}],
  ] as const)('%s: pixel for pixel what @jsquash/jpeg’s MozJPEG decoder gives', async (name, options) => {
    let bytes = await photoJpeg(301, 203, options);
    if (name === 'greyscale') bytes = await sharp(bytes).greyscale().jpeg().toBuffer();
    const ours = await nodeImages.decode(bytes, 'jpeg');
    const theirs = mozjpeg.decode(bytes, false);
    expect([ours.width, ours.height]).toEqual([301, 203]);
    expect(
      Buffer.from(ours.data).equals(Buffer.from(theirs.data.buffer, theirs.data.byteOffset, theirs.data.byteLength)),
    ).toBe(true);
  });

  // libvips writes only 4:2:0 and 4:4:4; this 301×203 file is ImageMagick's
  // (`convert -size 301x203 plasma:fractal -seed 7 -sampling-factor 2x1 -quality 90`): its
  // chroma is widened by the h2v1 upsampler, 4:2:0's by the h2v2 one (both our SIMD).
  it('4:2:2: pixel for pixel what @jsquash/jpeg’s MozJPEG decoder gives', async () => {
    const bytes = fixture('chroma-422.jpeg');
    const ours = await nodeImages.decode(bytes, 'jpeg');
    const theirs = mozjpeg.decode(bytes, false);
    expect([ours.width, ours.height]).toEqual([301, 203]);
    expect(
      Buffer.from(ours.data).equals(Buffer.from(theirs.data.buffer, theirs.data.byteOffset, theirs.data.byteLength)),
    ).toBe(true);
  });
});

// The resizer asks for its size when resizing is its next step: where it would run the
// resampler alone, the decoder resamples each row band as it decodes it, and must give the bytes
// of a whole decode followed by the resampler (itself held to sharp in resize.test.ts).
describe('resampled as it decodes', () => {
  const cases = [
    ['4:2:0, 2.4×, lanczos3', () => photoJpeg(301, 203), 125, 85, 'lanczos3'],
    ['4:4:4, 3.1× by 2×, cubic', () => photoJpeg(301, 203, { chromaSubsampling: '4:4:4' }), 97, 101, 'cubic'],
    ['progressive, 1.5×, linear', () => photoJpeg(301, 203, { progressive: true }), 201, 135, 'linear'],
    [
      'greyscale, 2×, lanczos3',
      async () =>
        sharp(await photoJpeg(300, 200))
          .greyscale()
          .jpeg()
          .toBuffer(),
      150,
      100,
      'lanczos3',
    ],
    ['4:2:2, odd target, lanczos3', async () => fixture('chroma-422.jpeg'), 113, 77, 'lanczos3'],
    ['an enlargement, 1.3×', async () => photoJpeg(64, 48), 83, 62, 'lanczos3'],
  ] as const;
  it.each(cases)('%s: the bytes of a whole decode then resample()', async (_, make, width, height, kernel) => {
    const bytes = await make();
    const expected = await resizeBitmap(await nodeImages.decode(bytes, 'jpeg'), width, height, kernel);
    const ours = await nodeImages.decode(bytes, 'jpeg', { resizeTo: { width, height, kernel } });
    expect([ours.width, ours.height]).toEqual([width, height]);
    expect(Buffer.from(ours.data).equals(Buffer.from(expected.data))).toBe(true);
  });

  it('not where the resizer averages blocks first (4× and more), nor for nearest, CMYK or a file cut short: whole', async () => {
    const photo = await photoJpeg(301, 203);
    expect(
      (await nodeImages.decode(photo, 'jpeg', { resizeTo: { width: 60, height: 40, kernel: 'lanczos3' } })).width,
    ).toBe(301);
    expect(
      (await nodeImages.decode(photo, 'jpeg', { resizeTo: { width: 125, height: 85, kernel: 'nearest' } })).width,
    ).toBe(301);
    expect(
      (
        await nodeImages.decode(fixture('cmyk.jpeg'), 'jpeg', {
          resizeTo: { width: 10, height: 10, kernel: 'lanczos3' },
        })
      ).width,
    ).toBeGreaterThan(10);
  });

  it('a file cut in its image data: the rows that are there, as a whole decode then resample() gives them', async () => {
    const bytes = (await photoJpeg(301, 203)).subarray(0, 9000);
    const expected = await resizeBitmap(await nodeImages.decode(bytes, 'jpeg'), 125, 85);
    const ours = await nodeImages.decode(bytes, 'jpeg', { resizeTo: { width: 125, height: 85, kernel: 'lanczos3' } });
    expect(Buffer.from(ours.data).equals(Buffer.from(expected.data))).toBe(true);
  });
});

describe('decoded smaller (shrink-on-load)', () => {
  it.each([2, 4, 8])(
    '1/%i: the size libjpeg gives (sides rounded up), each pixel about its block’s mean',
    async (shrink) => {
      const bytes = await photoJpeg(1001, 667);
      const ours = await nodeImages.decode(bytes, 'jpeg', { shrink });
      const width = Math.ceil(1001 / shrink);
      const height = Math.ceil(667 / shrink);
      expect([ours.width, ours.height]).toEqual([width, height]);
      // The DCT's lowest frequencies of each block are about its mean: compare with the block
      // means of libvips's full-size decode (exactly the DC term at 1/8).
      const full = await decode(bytes);
      let total = 0;
      for (let by = 0; by < height; by++) {
        for (let bx = 0; bx < width; bx++) {
          for (let c = 0; c < 3; c++) {
            let sum = 0;
            let count = 0;
            for (let y = by * shrink; y < Math.min(667, (by + 1) * shrink); y++) {
              for (let x = bx * shrink; x < Math.min(1001, (bx + 1) * shrink); x++, count++)
                sum += full.data[(y * 1001 + x) * 4 + c]!;
            }
            total += Math.abs(sum / count - ours.data[(by * width + bx) * 4 + c]!);
          }
        }
      }
      expect(total / (width * height * 3)).toBeLessThan(2);
    },
  );

  it('other factors are ignored: full size', async () => {
    const bytes = await photoJpeg(64, 48);
    expect((await nodeImages.decode(bytes, 'jpeg', { shrink: 3 })).width).toBe(64);
  });
});

describe('damaged input', () => {
  it('bytes that are not a JPEG are an ImageDataError naming libjpeg’s reason, and the decoder still works', async () => {
    await expect(nodeImages.decode(new TextEncoder().encode('not a jpeg at all'), 'jpeg')).rejects.toThrow(
      ImageDataError,
    );
    await expect(nodeImages.decode(new TextEncoder().encode('not a jpeg at all'), 'jpeg')).rejects.toThrow(
      /Not a JPEG file/,
    );
    expect((await nodeImages.decode(fixture('quadrants.jpeg'), 'jpeg')).width).toBeGreaterThan(0);
  });

  it('a file cut in its image data decodes what is there, as browsers and libvips do', async () => {
    const bytes = await photoJpeg(200, 100);
    const image = await nodeImages.decode(bytes.subarray(0, Math.floor(bytes.length * 0.6)), 'jpeg');
    expect([image.width, image.height]).toEqual([200, 100]);
  });

  it('a file cut in its headers is an ImageDataError', async () => {
    await expect(nodeImages.decode(fixture('truncated-quadrants.jpeg'), 'jpeg')).rejects.toThrow(ImageDataError);
  });

  it('CMYK is read (its colours: colour-profile.test.ts), at full size and decoded smaller', async () => {
    // The four quadrants red, green, blue, yellow, through libvips' press profile and back naively.
    for (const shrink of [1, 2]) {
      const image = await nodeImages.decode(fixture('cmyk.jpeg'), 'jpeg', { shrink });
      expect([image.width, image.height]).toEqual([40 / shrink, 24 / shrink]);
      const at = (x: number, y: number) => [
        ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
      ];
      const [red, green, blue, yellow] = [
        at(image.width / 4, image.height / 4),
        at((3 * image.width) / 4, image.height / 4),
        at(image.width / 4, (3 * image.height) / 4),
        at((3 * image.width) / 4, (3 * image.height) / 4),
      ];
      expect(red[0]! - Math.max(red[1]!, red[2]!)).toBeGreaterThan(100);
      expect(green[1]! - Math.max(green[0]!, green[2]!)).toBeGreaterThan(40);
      expect(blue[2]! - Math.max(blue[0]!, blue[1]!)).toBeGreaterThan(40);
      expect(Math.min(yellow[0]!, yellow[1]!) - yellow[2]!).toBeGreaterThan(100);
    }
  });
});

describe('the resizer decodes JPEGs smaller when it can', () => {
  it.each([
    [3.5, 549, 1],
    [10, 192, 1],
  ])('a %f× reduction: as sharp, which decodes at 1/2 or 1/8 too', async (_factor, width, limit) => {
    const bytes = await photoJpeg(1920, 1080);
    const reply = await call('image-resizer', { image: bytes.toString('base64'), width, format: 'png' });
    const body = reply.body as { image: string; width: number; originalWidth: number; originalHeight: number };
    expect([body.width, body.originalWidth, body.originalHeight]).toEqual([width, 1920, 1080]);
    const theirs = await decode(await sharp(bytes).resize({ width }).png().toBuffer());
    expect(meanDifference(await decode(body.image), theirs)).toBeLessThan(limit);
  });

  it('2 MP → 800 px, where sharp decodes at full size: a 1/2 decode costs a little sharpness', async () => {
    const bytes = await photoJpeg(1920, 1080);
    const reply = await call('image-resizer', { image: bytes.toString('base64'), width: 800, format: 'png' });
    const body = reply.body as { image: string; width: number; height: number };
    expect([body.width, body.height]).toEqual([800, 450]);
    const theirs = await decode(await sharp(bytes).resize({ width: 800 }).png().toBuffer());
    expect(meanDifference(await decode(body.image), theirs)).toBeLessThan(1.5); // measured 0.60
  });

  it('EXIF orientation 6 (a quarter turn): the shrink is planned on the upright size', async () => {
    const bytes = await sharp(await photoJpeg(1200, 800))
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();
    const reply = await call('image-resizer', {
      image: bytes.toString('base64'),
      height: 300,
      rotate: 90,
      format: 'png',
    });
    const body = reply.body as {
      image: string;
      width: number;
      height: number;
      originalWidth: number;
      originalHeight: number;
    };
    expect([body.width, body.height, body.originalWidth, body.originalHeight]).toEqual([450, 300, 800, 1200]);
    const theirs = await decode(await sharp(bytes).rotate().rotate(90).resize({ height: 300 }).png().toBuffer());
    expect(meanDifference(await decode(body.image), theirs)).toBeLessThan(1.5);
  });

  it('with a crop the full image is decoded: crop coordinates are full-size pixels', async () => {
    const bytes = await photoJpeg(1000, 600);
    const reply = await call('image-resizer', {
      image: bytes.toString('base64'),
      cropX: 500,
      cropY: 300,
      cropWidth: 500,
      cropHeight: 300,
      width: 100,
      format: 'png',
    });
    const body = reply.body as { image: string; width: number; height: number };
    expect([body.width, body.height]).toEqual([100, 60]);
    const theirs = await decode(
      await sharp(bytes)
        .extract({ left: 500, top: 300, width: 500, height: 300 })
        .resize({ width: 100 })
        .png()
        .toBuffer(),
    );
    expect(meanDifference(await decode(body.image), theirs)).toBeLessThan(1.5);
  });
});
