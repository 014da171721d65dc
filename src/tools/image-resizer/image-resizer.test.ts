// The resizer through invoke(), checked against sharp (libvips) as the independent reference:
// the fit table's sizes, and pixels after crop, rotate and flip (lossless PNG, so exactly).
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  decode,
  distance,
  fixture,
  fixture64,
  meanDifference,
  pixel,
  quadrantCentres,
} from '../../../tests/support/image-fixtures';
import { withTransforms } from '../../../tests/support/avif-transform.mjs';
import { Output } from './schema';
import { call } from '../../../tests/support/doors';

async function resize(body: Record<string, unknown>) {
  const reply = await call('image-resizer', body);
  if (reply.status !== 200) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
  expect(Output.safeParse(reply.body).success).toBe(true);
  return reply.body as {
    image: string;
    format: string;
    width: number;
    height: number;
    originalWidth: number;
    originalHeight: number;
    sizeBytes: number;
    frames?: number;
    notice?: string;
  };
}

const QUADS = fixture('quadrants.png');

describe('the fit table agrees with sharp', () => {
  const boxes: [number | undefined, number | undefined][] = [
    [20, undefined],
    [undefined, 12],
    [100, undefined],
    [undefined, 7],
    [30, 30],
    [100, 30],
    [30, 100],
    [13, 17],
    [64, 64],
    [1, 1],
    [3, 200],
  ];
  for (const fit of ['inside', 'contain', 'cover', 'fill', 'outside'] as const) {
    for (const [width, height] of boxes) {
      it(`${fit} ${width ?? '-'}×${height ?? '-'}`, async () => {
        const ours = await resize({ image: QUADS.toString('base64'), width, height, fit });
        // docs/contract.md: with one side set the other follows the aspect ratio whatever the fit
        // (sharp's `fill` would keep the unset side instead).
        const theirs = await sharp(QUADS)
          .resize({ width, height, fit: width && height ? fit : 'inside' })
          .png()
          .toBuffer({ resolveWithObject: true });
        expect([ours.width, ours.height]).toEqual([theirs.info.width, theirs.info.height]);
        const decoded = await decode(ours.image);
        expect([decoded.width, decoded.height]).toEqual([ours.width, ours.height]);
        expect(ours.sizeBytes).toBe(Buffer.from(ours.image, 'base64').length);
      });
    }
  }
});

describe('pixels', () => {
  it('contain pads with transparency (PNG, WebP) or white (JPEG), centred', async () => {
    const png = await decode(
      (await resize({ image: QUADS.toString('base64'), width: 40, height: 40, fit: 'contain' })).image,
    );
    expect(pixel(png, 20, 2)[3]).toBe(0); // padding above the 40×24 picture (8 rows each side)
    expect(pixel(png, 20, 37)[3]).toBe(0);
    expect(pixel(png, 5, 12)).toEqual([255, 0, 0, 255]);
    const jpeg = await decode(
      (
        await resize({
          image: QUADS.toString('base64'),
          width: 40,
          height: 40,
          fit: 'contain',
          format: 'jpeg',
          quality: 95,
        })
      ).image,
    );
    expect(distance(pixel(jpeg, 20, 2), [255, 255, 255, 255])).toBeLessThanOrEqual(6);
  });

  it('cover keeps the centre', async () => {
    const out = await decode(
      (await resize({ image: QUADS.toString('base64'), width: 24, height: 24, fit: 'cover' })).image,
    );
    expect(distance(pixel(out, 2, 2), [255, 0, 0, 255])).toBeLessThanOrEqual(2);
    expect(distance(pixel(out, 21, 21), [255, 255, 0, 255])).toBeLessThanOrEqual(2);
  });

  it('resampling is as good as sharp’s Lanczos3', async () => {
    const photo = await sharp({ create: { width: 160, height: 96, channels: 3, background: '#808080' } })
      .composite([
        { input: fixture('text.svg'), left: 0, top: 0 },
        { input: QUADS, left: 110, top: 60 },
      ])
      .png()
      .toBuffer();
    for (const [width, height] of [
      [80, 48],
      [67, 40],
      [300, 180],
    ]) {
      const ours = await decode((await resize({ image: photo.toString('base64'), width, height, fit: 'fill' })).image);
      const theirs = await decode(
        await sharp(photo).resize({ width, height, fit: 'fill', kernel: 'lanczos3' }).png().toBuffer(),
      );
      expect(meanDifference(ours, theirs), `${width}×${height}`).toBeLessThan(3);
    }
  });

  // The `kernel` field end to end (a real photograph, JPEG in, lossless PNG out) against sharp's
  // kernel of the same name on the same file. Measured 1.12 / 1.03 / 0.9 for the smooth kernels
  // at 2.4×: we decode this JPEG at half size (DCT scaling), sharp at full size; nearest keeps
  // the DCT shrink to 4× and more, as sharp does, and picks the same pixels.
  const COFFEE = readFileSync(resolve(import.meta.dirname, '../../../static/examples/coffee.jpg'));
  it.each([
    ['lanczos3', 250, 1.5],
    ['cubic', 250, 1.5],
    ['linear', 250, 1.5],
    ['nearest', 300, 0.5], // 2×: shrunk on load in the DCT domain by both, then taken as it is
    ['nearest', 150, 1.5],
    ['lanczos3', 900, 3.0], // enlarging: sharp's affine sits a quarter pixel off; close, not equal
  ] as const)('kernel %s to %i px wide: mean difference to sharp ≤ %f', async (kernel, width, bound) => {
    const ours = await decode((await resize({ image: COFFEE.toString('base64'), width, kernel })).image);
    const theirs = await decode(await sharp(COFFEE).resize({ width, kernel }).png().toBuffer());
    expect(meanDifference(ours, theirs)).toBeLessThanOrEqual(bound);
  });

  it('the kernels differ where they should: nearest keeps hard edges that lanczos3 blends', async () => {
    const image = QUADS.toString('base64');
    const nearest = await decode((await resize({ image, width: 120, kernel: 'nearest' })).image);
    const lanczos = await decode((await resize({ image, width: 120 })).image);
    // Enlarged 3×, the red|lime edge at x = 60: nearest has only the two colours, lanczos3 a ramp.
    expect(pixel(nearest, 59, 10)).toEqual([255, 0, 0, 255]);
    expect(pixel(nearest, 60, 10)).toEqual([0, 255, 0, 255]);
    expect(distance(pixel(lanczos, 59, 10), [255, 0, 0, 255])).toBeGreaterThan(20);
  });

  it('contain pads with the background colour: kept as given in PNG, flattened onto white in JPEG', async () => {
    const image = QUADS.toString('base64');
    const png = await decode(
      (await resize({ image, width: 40, height: 40, fit: 'contain', background: '#0000ff80' })).image,
    );
    expect(pixel(png, 20, 2)).toEqual([0, 0, 255, 128]); // sharp's background option gives the same
    expect(pixel(png, 5, 12)).toEqual([255, 0, 0, 255]); // the picture untouched
    const viaSharp = await decode(
      await sharp(QUADS).resize({ width: 40, height: 40, fit: 'contain', background: '#0000ff80' }).png().toBuffer(),
    );
    expect(pixel(viaSharp, 20, 2)).toEqual(pixel(png, 20, 2));
    const jpeg = await decode(
      (await resize({ image, width: 40, height: 40, fit: 'contain', background: 'navy', format: 'jpeg', quality: 95 }))
        .image,
    );
    expect(distance(pixel(jpeg, 20, 2), [0, 0, 128, 255])).toBeLessThanOrEqual(6);
    const half = await decode(
      (
        await resize({
          image,
          width: 40,
          height: 40,
          fit: 'contain',
          background: '#00008080',
          format: 'jpeg',
          quality: 95,
        })
      ).image,
    );
    expect(distance(pixel(half, 20, 2), [127, 127, 191, 255])).toBeLessThanOrEqual(6); // navy at half over white
    const named = await decode(
      (await resize({ image, width: 40, height: 40, fit: 'contain', background: 'white' })).image,
    );
    expect(pixel(named, 20, 37)).toEqual([255, 255, 255, 255]);
  });

  describe('crop, rotate, flip in the contract’s order, exactly as sharp does each step', () => {
    // Our order is crop → rotate → flip; sharp flips before rotating, so the reference runs
    // each step as its own sharp pass.
    async function reference(
      crop: { left: number; top: number; width: number; height: number } | undefined,
      rotate: number,
      flipH: boolean,
      flipV: boolean,
    ) {
      let bytes: Buffer = QUADS;
      if (crop) bytes = await sharp(bytes).extract(crop).png().toBuffer();
      if (rotate) bytes = await sharp(bytes).rotate(rotate).png().toBuffer();
      if (flipH) bytes = await sharp(bytes).flop().png().toBuffer();
      if (flipV) bytes = await sharp(bytes).flip().png().toBuffer();
      return decode(bytes);
    }
    const crops = [undefined, { left: 5, top: 3, width: 30, height: 14 }, { left: 0, top: 12, width: 20, height: 12 }];
    for (const crop of crops) {
      for (const rotate of [0, 90, 180, 270, -90, 720]) {
        for (const [flipH, flipV] of [
          [false, false],
          [true, false],
          [false, true],
          [true, true],
        ] as const) {
          it(`crop ${crop ? Object.values(crop).join(',') : 'none'}, rotate ${rotate}, flipH ${flipH}, flipV ${flipV}`, async () => {
            const body = {
              image: QUADS.toString('base64'),
              rotate,
              flipHorizontal: flipH,
              flipVertical: flipV,
              ...(crop ? { cropX: crop.left, cropY: crop.top, cropWidth: crop.width, cropHeight: crop.height } : {}),
            };
            const ours = await decode((await resize(body)).image);
            const theirs = await reference(crop, ((rotate % 360) + 360) % 360, flipH, flipV);
            expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
            expect(ours.data.equals(theirs.data)).toBe(true);
          });
        }
      }
    }
  });

  it('EXIF orientation comes first and crop coordinates are the upright image’s', async () => {
    for (let orientation = 1; orientation <= 8; orientation++) {
      const file = fixture(`exif-${orientation}.jpeg`);
      const upright = await sharp(file).rotate().png().toBuffer({ resolveWithObject: true });
      const out = await resize({ image: file.toString('base64'), cropX: 2, cropY: 3, cropWidth: 10, cropHeight: 15 });
      expect([out.originalWidth, out.originalHeight]).toEqual([upright.info.width, upright.info.height]);
      const theirs = await decode(
        await sharp(upright.data).extract({ left: 2, top: 3, width: 10, height: 15 }).png().toBuffer(),
      );
      const ours = await decode(out.image);
      quadrantCentres(ours).forEach((colour, i) =>
        expect(distance(colour, quadrantCentres(theirs)[i]!), `orientation ${orientation}`).toBeLessThanOrEqual(4),
      );
    }
  });

  it('AVIF irot/imir come first: sizes planned on the shown image, as libheif shows it', async () => {
    const file = Buffer.from(
      withTransforms(fixture('quadrants.avif'), [
        ['irot', 1],
        ['imir', 0],
      ]),
    );
    const shown = await sharp(file).png().toBuffer({ resolveWithObject: true });
    const out = await resize({ image: file.toString('base64'), width: 12 });
    expect([out.originalWidth, out.originalHeight, out.width, out.height]).toEqual([
      shown.info.width,
      shown.info.height,
      12,
      20,
    ]);
    const theirs = await decode(await sharp(shown.data).resize({ width: 12 }).png().toBuffer());
    quadrantCentres(await decode(out.image)).forEach((colour, i) =>
      expect(distance(colour, quadrantCentres(theirs)[i]!)).toBeLessThanOrEqual(8),
    );
  });

  it('resize applies to the rotated result', async () => {
    const out = await resize({ image: QUADS.toString('base64'), rotate: 90, width: 12 });
    expect([out.width, out.height]).toEqual([12, 20]);
  });
});

describe('animations', () => {
  /** sharp's reading of every page: delays, loop, and the pages' RGBA. */
  async function pages(bytes: Buffer) {
    const meta = await sharp(bytes, { animated: true }).metadata();
    const { data, info } = await sharp(bytes, { animated: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const height = meta.pageHeight ?? meta.height!;
    const size = info.width * height * 4;
    return {
      width: info.width,
      height,
      delay: meta.delay ?? [],
      loop: meta.loop ?? 1,
      frames: Array.from({ length: meta.pages ?? 1 }, (_, i) => data.subarray(i * size, (i + 1) * size)),
    };
  }
  const CORPUS = resolve(import.meta.dirname, '../../../../shared/corpus');
  const ROTATING = resolve(CORPUS, 'sharp/rotating-squares.gif');

  it.skipIf(!existsSync(ROTATING))(
    'GIF → WebP: every frame resized, as sharp resizes each page; delays and loop kept',
    async () => {
      const input = readFileSync(ROTATING);
      const out = await resize({ image: input.toString('base64'), width: 40, format: 'webp' });
      // sharp's own resize of every page, read raw (its WebP writer would merge repeated frames).
      const { data, info } = await sharp(input, { animated: true })
        .resize({ width: 40 })
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const ours = await pages(Buffer.from(out.image, 'base64'));
      expect(out).toMatchObject({ frames: 30, width: 40, height: 40, originalWidth: 80, originalHeight: 80 });
      const source = await pages(input);
      expect([ours.width, ours.height, ours.frames.length, ours.loop, ours.delay]).toEqual([
        info.width,
        40,
        30,
        source.loop,
        source.delay,
      ]);
      // Mean difference per channel of colour weighted by alpha (lossy WebP, q85, leaves noise under
      // alpha 0), frame by frame: the same pictures, resampled alike.
      ours.frames.forEach((frame, i) => {
        const theirs = data.subarray(i * frame.length, (i + 1) * frame.length);
        let sum = 0;
        for (let j = 0; j < frame.length; j += 4) {
          for (let c = 0; c < 3; c++)
            sum += Math.abs((frame[j + c]! * frame[j + 3]! - theirs[j + c]! * theirs[j + 3]!) / 255);
          sum += Math.abs(frame[j + 3]! - theirs[j + 3]!);
        }
        expect(sum / frame.length, `frame ${i}`).toBeLessThan(3);
      });
    },
  );

  it('PNG and JPEG keep the first frame and say so', async () => {
    const out = await resize({ image: fixture64('animated.gif'), width: 3, format: 'png' });
    expect(out).toMatchObject({
      width: 3,
      height: 2,
      frames: 1,
      notice: 'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose WebP to keep them all.',
    });
  });

  it('a crop applies to every frame', async () => {
    const out = await resize({
      image: fixture64('animated.webp'),
      cropX: 2,
      cropWidth: 3,
      cropHeight: 2,
      format: 'webp',
    });
    const ours = await pages(Buffer.from(out.image, 'base64'));
    expect([ours.width, ours.height, ours.frames.length]).toEqual([3, 2, 3]);
  });
});

describe('formats', () => {
  for (const format of ['png', 'jpeg', 'webp'] as const) {
    it(`outputs ${format}`, async () => {
      const out = await resize({ image: fixture64('quadrants.avif'), width: 20, format });
      expect((await decode(out.image)).format).toBe(format);
      expect(out.format).toBe(format);
    });
  }

  it('quality applies to JPEG and WebP (default 85)', async () => {
    const image = fixture64('text.svg');
    const size = async (format: string, quality?: number) => (await resize({ image, format, quality })).sizeBytes;
    expect(await size('jpeg', 20)).toBeLessThan(await size('jpeg', 95));
    expect(await size('webp', 20)).toBeLessThan(await size('webp', 95));
    expect(await size('jpeg')).toBe(await size('jpeg', 85));
  });

  it('reads every input format', async () => {
    for (const name of [
      'quadrants.png',
      'quadrants.jpeg',
      'quadrants.webp',
      'quadrants.avif',
      'quadrants.tiff',
      'quadrants.gif',
      'quadrants.svg',
    ]) {
      const out = await resize({ image: fixture64(name), width: 20 });
      expect([out.width, out.height, out.originalWidth, out.originalHeight], name).toEqual([20, 12, 40, 24]);
    }
  });
});

describe('bad input', () => {
  const image = QUADS.toString('base64');
  const error = async (body: Record<string, unknown>) => {
    const reply = await call('image-resizer', { image, ...body });
    expect(reply.status).toBe(400);
    return reply.body.error;
  };

  it('crop areas outside the image or empty', async () => {
    expect(await error({ cropX: 40 })).toBe('Crop area 0×24 at (40, 0) exceeds the image bounds (40×24).');
    expect(await error({ cropY: 10, cropHeight: 15 })).toBe(
      'Crop area 40×15 at (0, 10) exceeds the image bounds (40×24).',
    );
    expect(await error({ cropWidth: 0, cropHeight: 5 })).toBe(
      'Crop area 0×5 at (0, 0) is empty; it needs a width and height of at least 1 pixel within the image bounds (40×24).',
    );
    expect((await call('image-resizer', { image, cropX: 39, cropY: 23 })).status).toBe(200); // the last pixel
  });

  it('rotations that are not multiples of 90', async () => {
    expect(await error({ rotate: 45 })).toBe("'rotate' must be a multiple of 90 degrees (got 45).");
    expect(await error({ rotate: 90.5 })).toBe("'rotate' must be a multiple of 90 degrees (got 90.5).");
    expect(await error({ rotate: '90' })).toMatch(/'rotate' must be a number/);
  });

  it('outputs too large', async () => {
    expect(await error({ height: 16385 })).toBe(
      'The resized image is 27308×16385 pixels; each side may be at most 16,384 pixels.',
    );
    expect(await error({ width: 8000, height: 8000, fit: 'contain' })).toBe(
      'The output is 8000×8000 pixels (64.0 megapixels); the maximum is 40 megapixels.',
    );
  });

  it('WebP output of 16,384 pixels per side (one more than WebP holds) is a 400, with or without a crop', async () => {
    const message = 'WebP images can be at most 16,383 pixels per side; the output would be 16384×1.';
    expect(await error({ width: 16384, height: 1, fit: 'fill', format: 'webp' })).toBe(message);
    expect(await error({ cropWidth: 2, cropHeight: 2, width: 16384, height: 1, fit: 'fill', format: 'webp' })).toBe(
      message,
    );
    expect(await error({ width: 1, height: 16384, fit: 'fill', format: 'webp' })).toBe(
      'WebP images can be at most 16,383 pixels per side; the output would be 1×16384.',
    );
    const widest = await resize({ image, width: 16383, height: 1, fit: 'fill', format: 'webp' });
    expect([widest.width, widest.height]).toEqual([16383, 1]);
    expect((await resize({ image, width: 16384, height: 1, fit: 'fill', format: 'png' })).width).toBe(16384);
  });
});
