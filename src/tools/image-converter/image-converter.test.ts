// The converter through invoke() with real files of every format, each output decoded again by
// sharp (libvips) as the independent reference: format, size and pixels.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { invoke } from '../../core/invoke';
import type { ToolContext } from '../define';
import type { ImagePlatform } from '../../platform/types';
import { zlibSync } from 'fflate';
import sharp from 'sharp';
import {
  QUADRANT_COLOURS,
  decode,
  distance,
  fixture,
  fixture64,
  photo,
  pixel,
  quadrantCentres,
} from '../../../tests/support/image-fixtures';
import { avifClaiming } from '../../../tests/support/hostile-images';
import { withTransforms } from '../../../tests/support/avif-transform.mjs';
import { buildTiff, rgbTags } from '../../../tests/support/tiff-builder';
import tool from './tool';
import { Output } from './schema';
import { nodeContext } from '../../platform/node-context';
import { DEVICE_MAX_INPUT_BYTES } from '../../lib/images/limits';
import { call } from '../../../tests/support/doors';

const INPUTS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif', 'svg'] as const;
const OUTPUTS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif'] as const;
const SHARP_FORMAT = { png: 'png', jpeg: 'jpeg', webp: 'webp', avif: 'heif', tiff: 'tiff', gif: 'gif' };
const LOSSY = new Set(['jpeg', 'webp', 'avif']);

async function convert(body: Record<string, unknown>) {
  const reply = await call('image-converter', body);
  if (reply.status !== 200) throw new Error(`${reply.status} ${JSON.stringify(reply.body)}`);
  expect(Output.safeParse(reply.body).success).toBe(true);
  return reply.body as {
    image: string;
    format: string;
    width: number;
    height: number;
    size_bytes: number;
    frames?: number;
    notice?: string;
  };
}

describe('every input format to every output format', () => {
  for (const from of INPUTS) {
    for (const to of OUTPUTS) {
      it(`${from} → ${to}`, async () => {
        const out = await convert({ image: fixture64(`quadrants.${from}`), from, to });
        const decoded = await decode(out.image);
        expect(out.format).toBe(to);
        expect(decoded.format).toBe(SHARP_FORMAT[to]);
        expect([out.width, out.height]).toEqual([40, 24]);
        expect([decoded.width, decoded.height]).toEqual([40, 24]);
        expect(out.size_bytes).toBe(Buffer.from(out.image, 'base64').length);
        // Lossless paths keep the colours exactly (GIF: they are among its 256); lossy ones closely.
        const tolerance = LOSSY.has(from) || LOSSY.has(to) ? 40 : 0;
        quadrantCentres(decoded).forEach((colour, i) =>
          expect(distance(colour, QUADRANT_COLOURS[i]!), `quadrant ${i}: ${colour}`).toBeLessThanOrEqual(tolerance),
        );
      });
    }
  }
});

describe('alpha', () => {
  const transparentInputs = ['png', 'webp', 'avif', 'tiff'] as const;
  for (const from of transparentInputs) {
    for (const to of ['png', 'webp', 'avif', 'tiff'] as const) {
      it(`${from} → ${to} keeps transparency`, async () => {
        const decoded = await decode((await convert({ image: fixture64(`alpha.${from}`), from, to })).image);
        const tolerance = from === 'avif' || to === 'avif' || to === 'webp' ? 12 : 0;
        expect(distance(pixel(decoded, 4, 4), [255, 0, 0, 255])).toBeLessThanOrEqual(tolerance);
        expect(pixel(decoded, 28, 4)[3]).toBe(0);
        expect(Math.abs(pixel(decoded, 8, 28)[3]! - 128)).toBeLessThanOrEqual(tolerance + 1);
      });
    }
  }

  it('GIF output keeps transparency as its transparent index', async () => {
    const decoded = await decode((await convert({ image: fixture64('alpha.png'), from: 'png', to: 'gif' })).image);
    expect(pixel(decoded, 4, 4)).toEqual([255, 0, 0, 255]);
    expect(pixel(decoded, 28, 4)[3]).toBe(0);
    // 1-bit alpha: the half-transparent band (alpha 128) is shown.
    expect(pixel(decoded, 8, 28)).toEqual([0, 0, 255, 255]);
  });

  it('GIF input keeps its transparency', async () => {
    const decoded = await decode((await convert({ image: fixture64('alpha.gif'), from: 'gif', to: 'png' })).image);
    expect(pixel(decoded, 4, 4)).toEqual([255, 0, 0, 255]);
    expect(pixel(decoded, 28, 4)[3]).toBe(0);
  });

  it('JPEG output flattens onto white', async () => {
    const decoded = await decode(
      (await convert({ image: fixture64('alpha.png'), from: 'png', to: 'jpeg', quality: 95 })).image,
    );
    expect(distance(pixel(decoded, 4, 4), [255, 0, 0, 255])).toBeLessThanOrEqual(8);
    expect(distance(pixel(decoded, 28, 4), [255, 255, 255, 255])).toBeLessThanOrEqual(8);
    // Blue at alpha 128 over white: (127, 127, 255).
    expect(distance(pixel(decoded, 8, 28), [127, 127, 255, 255])).toBeLessThanOrEqual(8);
  });
});

describe('quality', () => {
  for (const to of ['jpeg', 'webp', 'avif'] as const) {
    it(`${to}: a lower quality gives a smaller file`, async () => {
      const image = fixture64('text.svg');
      const low = await convert({ image, from: 'svg', to, quality: 10 });
      const high = await convert({ image, from: 'svg', to, quality: 95 });
      expect(low.size_bytes).toBeLessThan(high.size_bytes);
    });
  }

  it('defaults to 80', async () => {
    const image = fixture64('text.svg');
    expect((await convert({ image, from: 'svg', to: 'jpeg' })).image).toBe(
      (await convert({ image, from: 'svg', to: 'jpeg', quality: 80 })).image,
    );
  });

  it('gives the same bytes every time', async () => {
    for (const to of OUTPUTS) {
      const body = { image: fixture64('quadrants.jpeg'), from: 'jpeg', to };
      expect((await convert(body)).image, to).toBe((await convert(body)).image);
    }
  });
});

describe('lossless', () => {
  // A photo-like image with an alpha ramp from 0 (column 0: transparent pixels with colours) to
  // 255, written as PNG by libvips; the outputs are decoded by libvips again and compared byte
  // for byte with the raw pixels: exact, transparent pixels' colours included.
  const source = photo(61, 37, { alpha: true, noise: 40 });
  const png64 = async () =>
    (
      await sharp(Buffer.from(source.data), { raw: { width: 61, height: 37, channels: 4 } })
        .png()
        .toBuffer()
    ).toString('base64');

  for (const to of ['webp', 'avif'] as const) {
    it(`${to}: decoding gives back exactly the input's pixels`, async () => {
      const decoded = await decode((await convert({ image: await png64(), from: 'png', to, lossless: true })).image);
      expect([decoded.width, decoded.height]).toEqual([61, 37]);
      expect(decoded.data.equals(Buffer.from(source.data))).toBe(true);
    });

    it(`${to}: quality is ignored when lossless`, async () => {
      const image = await png64();
      const low = await convert({ image, from: 'png', to, lossless: true, quality: 5 });
      expect(low.image).toBe((await convert({ image, from: 'png', to, lossless: true, quality: 100 })).image);
      expect(low.image).toBe((await convert({ image, from: 'png', to, lossless: true })).image);
    });

    it(`${to}: false is the default (lossy, as before)`, async () => {
      const image = await png64();
      const lossy = await convert({ image, from: 'png', to, lossless: false });
      expect(lossy.image).toBe((await convert({ image, from: 'png', to })).image);
      expect((await decode(lossy.image)).data.equals(Buffer.from(source.data))).toBe(false);
    });
  }

  it('PNG and TIFF are lossless anyway: the same bytes either way', async () => {
    for (const to of ['png', 'tiff'] as const) {
      const body = { image: fixture64('alpha.png'), from: 'png', to };
      expect((await convert({ ...body, lossless: true })).image, to).toBe((await convert(body)).image);
    }
  });

  it('JPEG and GIF have no lossless mode: a 400 naming the field, before decoding', async () => {
    // Not even an image: the refusal comes first.
    const jpeg = await call('image-converter', { image: 'SGVsbG8=', from: 'png', to: 'jpeg', lossless: true });
    expect(jpeg).toMatchObject({
      status: 400,
      body: {
        error: "'lossless' is not available for JPEG: it is always lossy; use PNG, WebP or AVIF for an exact copy.",
      },
    });
    const gif = await call('image-converter', {
      image: fixture64('alpha.png'),
      from: 'png',
      to: 'gif',
      lossless: true,
    });
    expect(gif).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^'lossless' is not available for GIF: /) },
    });
  });

  it('must be a boolean', async () => {
    const reply = await call('image-converter', {
      image: fixture64('alpha.png'),
      from: 'png',
      to: 'webp',
      lossless: 'yes',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/'lossless' must be a boolean/);
  });
});

describe('background', () => {
  // libvips's flatten is the reference: the same PNG laid over the same colour by sharp.
  const flattened = async (colour: string) =>
    decode(await sharp(fixture('alpha.png')).flatten({ background: colour }).png().toBuffer());

  for (const [colour, hex] of [
    ['black', '#000000'],
    ['#f80', '#ff8800'],
    ['rebeccapurple', '#663399'],
  ] as const) {
    it(`PNG on ${colour}: every pixel as sharp's flatten, opaque`, async () => {
      const decoded = await decode(
        (await convert({ image: fixture64('alpha.png'), from: 'png', to: 'png', background: colour })).image,
      );
      const reference = await flattened(hex);
      for (let i = 0; i < decoded.data.length; i++)
        expect(Math.abs(decoded.data[i]! - reference.data[i]!), `byte ${i}`).toBeLessThanOrEqual(1);
      expect(pixel(decoded, 28, 4)).toEqual([...parseHex(hex), 255]);
    });
  }

  it('JPEG on a colour instead of white', async () => {
    const decoded = await decode(
      (await convert({ image: fixture64('alpha.png'), from: 'png', to: 'jpeg', quality: 95, background: '#000080' }))
        .image,
    );
    const reference = await decode(
      await sharp(fixture('alpha.png')).flatten({ background: '#000080' }).jpeg({ quality: 95 }).toBuffer(),
    );
    for (const [x, y] of [
      [4, 4],
      [28, 4],
      [8, 28],
      [28, 28],
    ] as const)
      expect(distance(pixel(decoded, x, y), pixel(reference, x, y)), `${x},${y}`).toBeLessThanOrEqual(8);
    expect(distance(pixel(decoded, 28, 4), [0, 0, 128, 255])).toBeLessThanOrEqual(8);
  });

  it('WebP and AVIF flattened too (and losslessly: exact)', async () => {
    const reference = await flattened('#00ff00');
    for (const to of ['webp', 'avif'] as const) {
      const decoded = await decode(
        (await convert({ image: fixture64('alpha.png'), from: 'png', to, background: 'lime', lossless: true })).image,
      );
      for (let i = 0; i < decoded.data.length; i++)
        expect(Math.abs(decoded.data[i]! - reference.data[i]!), `${to} byte ${i}`).toBeLessThanOrEqual(1);
    }
  });

  it('a translucent colour keeps alpha where the target has it; JPEG lays it over white', async () => {
    const png = await decode(
      (await convert({ image: fixture64('alpha.png'), from: 'png', to: 'png', background: '#00ff0080' })).image,
    );
    expect(pixel(png, 4, 4)).toEqual([255, 0, 0, 255]);
    expect(pixel(png, 28, 4)).toEqual([0, 255, 0, 128]);
    const jpeg = await decode(
      (await convert({ image: fixture64('alpha.png'), from: 'png', to: 'jpeg', quality: 95, background: '#00ff0080' }))
        .image,
    );
    // Half green over white: (127, 255, 127).
    expect(distance(pixel(jpeg, 28, 4), [127, 255, 127, 255])).toBeLessThanOrEqual(8);
  });

  it('left out: JPEG on white and the others keep alpha, as before; transparent is the same', async () => {
    for (const to of OUTPUTS) {
      const body = { image: fixture64('alpha.png'), from: 'png', to };
      expect((await convert({ ...body, background: 'transparent' })).image, to).toBe((await convert(body)).image);
    }
  });

  it('an opaque image is unchanged by it', async () => {
    const body = { image: fixture64('quadrants.png'), from: 'png', to: 'png' };
    expect((await convert({ ...body, background: 'black' })).image).toBe((await convert(body)).image);
  });

  it('not a colour: a 400 naming the field', async () => {
    const reply = await call('image-converter', {
      image: fixture64('alpha.png'),
      from: 'png',
      to: 'jpeg',
      background: 'blurple',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/'background' is not a colour: use hex/);
  });
});

const parseHex = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('EXIF orientation', () => {
  for (let orientation = 1; orientation <= 8; orientation++) {
    it(`orientation ${orientation} is shown upright, as sharp's autoOrient shows it`, async () => {
      const upright = await decode(
        await (
          await import('sharp')
        )
          .default(fixture(`exif-${orientation}.jpeg`))
          .rotate()
          .png()
          .toBuffer(),
      );
      const ours = await decode(
        (await convert({ image: fixture64(`exif-${orientation}.jpeg`), from: 'jpeg', to: 'png' })).image,
      );
      expect([ours.width, ours.height]).toEqual([upright.width, upright.height]);
      quadrantCentres(ours).forEach((colour, i) =>
        expect(distance(colour, quadrantCentres(upright)[i]!)).toBeLessThanOrEqual(4),
      );
    });
  }
});

describe('AVIF orientation (irot, imir)', () => {
  // Every rotation and mirror, and both orders of a pair, patched into sharp's AVIF; libheif
  // (sharp) applies them on decode and is the reference.
  const OPS: [string, number][][] = [
    [['irot', 1]],
    [['irot', 2]],
    [['irot', 3]],
    [['imir', 0]],
    [['imir', 1]],
    [
      ['irot', 1],
      ['imir', 0],
    ],
    [
      ['imir', 0],
      ['irot', 1],
    ],
    [
      ['irot', 3],
      ['imir', 1],
    ],
  ];
  for (const ops of OPS) {
    it(`${ops.map(([type, value]) => `${type} ${value}`).join(', ')} is shown as libheif shows it`, async () => {
      const bytes = Buffer.from(withTransforms(fixture('quadrants.avif'), ops));
      const reference = await decode(await sharp(bytes).png().toBuffer());
      const ours = await decode((await convert({ image: bytes.toString('base64'), from: 'avif', to: 'png' })).image);
      expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
      quadrantCentres(ours).forEach((colour, i) =>
        expect(distance(colour, quadrantCentres(reference)[i]!)).toBeLessThanOrEqual(8),
      );
    });
  }
});

describe('animations: the first frame where the target cannot animate, with a notice', () => {
  for (const name of ['animated.gif', 'animated.webp', 'animated-lossy.webp']) {
    it(name, async () => {
      const reply = await convert({ image: fixture64(name), from: name.endsWith('gif') ? 'gif' : 'webp', to: 'png' });
      const decoded = await decode(reply.image);
      expect([decoded.width, decoded.height]).toEqual([6, 4]);
      expect(distance(pixel(decoded, 3, 2), [255, 0, 0, 255])).toBeLessThanOrEqual(4);
      expect(reply).toMatchObject({
        frames: 1,
        notice:
          'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose GIF or WebP to keep them all.',
      });
    });
  }

  it("a still image has neither field (today's answer)", async () => {
    const reply = await convert({ image: fixture64('quadrants.gif'), from: 'gif', to: 'webp' });
    expect(Object.keys(reply).sort()).toEqual(['format', 'height', 'image', 'size_bytes', 'width']);
  });
});

describe('animations kept: GIF and WebP to GIF and WebP, against sharp (libvips) reading every page', () => {
  /** sharp's reading of an animation: pages, delays, loop, and each page's RGBA. */
  async function pages(bytes: Buffer) {
    const meta = await sharp(bytes, { animated: true }).metadata();
    const { data, info } = await sharp(bytes, { animated: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const height = meta.pageHeight ?? meta.height!;
    const size = info.width * height * 4;
    const frames = Array.from({ length: meta.pages ?? 1 }, (_, i) => data.subarray(i * size, (i + 1) * size));
    return { width: info.width, height, pages: meta.pages ?? 1, delay: meta.delay ?? [], loop: meta.loop ?? 1, frames };
  }
  /** PSNR of two RGBA frames over colour composited on black (alpha weighs), in dB. */
  function psnr(a: Buffer, b: Buffer): number {
    let sum = 0;
    for (let i = 0; i < a.length; i += 4) {
      for (let c = 0; c < 3; c++) sum += ((a[i + c]! * a[i + 3]!) / 255 - (b[i + c]! * b[i + 3]!) / 255) ** 2;
      sum += (a[i + 3]! - b[i + 3]!) ** 2;
    }
    const mse = sum / a.length;
    return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
  }
  const CORPUS = resolve(import.meta.dirname, '../../../../shared/corpus');
  // Small fixtures made by sharp, and real files from libvips' and sharp's test suites: a loop
  // count of 3 and of 11, disposal to background and to previous, transparency, 30 frames.
  const FILES = [
    ['fixture', 'animated.gif'],
    ['fixture', 'animated.webp'],
    ['fixture', 'animated-lossy.webp'],
    ['corpus', 'sharp/animated-loop-3.gif'],
    ['corpus', 'sharp/animated-loop-3.webp'],
    ['corpus', 'sharp/rotating-squares.webp'],
    ['corpus', 'sharp/rotating-squares.gif'],
    ['corpus', 'libvips/dispose-background.gif'],
    ['corpus', 'libvips/dispose-previous.gif'],
    ['corpus', 'libvips/cogs.gif'],
  ] as const;
  for (const [where, name] of FILES) {
    const path = where === 'fixture' ? undefined : resolve(CORPUS, name);
    const present = !path || existsSync(path);
    for (const to of ['gif', 'webp'] as const) {
      it.skipIf(!present)(`${name} → ${to}: every frame, its delay and the loop count`, async () => {
        const input = path ? readFileSync(path) : fixture(name);
        const source = await pages(input);
        const reply = await convert({
          image: input.toString('base64'),
          from: name.endsWith('gif') ? 'gif' : 'webp',
          to,
          lossless: to === 'webp',
        });
        const output = await pages(Buffer.from(reply.image, 'base64'));
        expect(reply.frames).toBe(source.pages);
        expect(reply.notice).toBeUndefined();
        expect([output.width, output.height, output.pages, output.loop]).toEqual([
          source.width,
          source.height,
          source.pages,
          source.loop,
        ]);
        // GIF stores hundredths of a second.
        expect(output.delay).toEqual(to === 'gif' ? source.delay.map((ms) => Math.round(ms / 10) * 10) : source.delay);
        // Lossless WebP is exact; GIF is quantised to 256 colours per frame (alpha to on/off).
        const floor = to === 'webp' ? Infinity : 30;
        source.frames.forEach((frame, i) =>
          expect(psnr(output.frames[i]!, frame), `frame ${i}`).toBeGreaterThanOrEqual(floor),
        );
      });
    }
  }

  it("lossy WebP output: every frame within 35 dB of sharp's reading of the input", async () => {
    const input = fixture('animated.gif');
    const reply = await convert({ image: input.toString('base64'), from: 'gif', to: 'webp', quality: 90 });
    const [source, output] = [await pages(input), await pages(Buffer.from(reply.image, 'base64'))];
    expect(output.pages).toBe(3);
    source.frames.forEach((frame, i) => expect(psnr(output.frames[i]!, frame)).toBeGreaterThanOrEqual(35));
  });

  it('a background flattens every frame', async () => {
    const reply = await convert({ image: fixture64('animated.webp'), from: 'webp', to: 'gif', background: '#000' });
    expect((await pages(Buffer.from(reply.image, 'base64'))).pages).toBe(3);
  });

  it('frames × pixels over 40 megapixels is a 400 naming the limit, before any frame is decoded', async () => {
    // A 2000×2000 screen and 11 frames (each a 1×1 dot): 44 MP of frames, each inside the limit.
    const dot = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0];
    const gif = Buffer.from([
      ...Buffer.from('GIF89a'),
      0xd0,
      0x07,
      0xd0,
      0x07,
      0x80,
      0,
      0,
      255,
      0,
      0,
      0,
      0,
      255,
      ...Array(11).fill(dot).flat(),
      0x3b,
    ]);
    expect((await sharp(gif, { animated: true }).metadata()).pages).toBe(11);
    const { ctx, calls } = watchedAnimation();
    const reply = await invoke(tool, { image: gif.toString('base64'), from: 'gif', to: 'webp' }, ctx);
    expect(reply).toEqual({
      status: 400,
      body: {
        error:
          'The animation is 2000×2000 pixels × 11 frames (44.0 megapixels in all); an animation is kept up to 40 megapixels in all frames. Convert it to PNG or JPEG to keep its first frame.',
      },
    });
    expect(calls).toEqual([]);
    // To PNG only the first frame is decoded, as before.
    expect((await invoke(tool, { image: gif.toString('base64'), from: 'gif', to: 'png' }, ctx)).status).toBe(200);
  });

  it('more than 1,000 frames is a 400 naming the limit (each frame costs time whatever its size)', async () => {
    const dot = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x4c, 0x01, 0];
    const gif = (frames: number) =>
      Buffer.from([
        ...Buffer.from('GIF89a'),
        1,
        0,
        1,
        0,
        0x80,
        0,
        0,
        255,
        0,
        0,
        0,
        0,
        255,
        ...Array(frames).fill(dot).flat(),
        0x3b,
      ]).toString('base64');
    const { ctx, calls } = watchedAnimation();
    expect(await invoke(tool, { image: gif(1001), from: 'gif', to: 'gif' }, ctx)).toEqual({
      status: 400,
      body: {
        error:
          'The animation has 1,001 frames; an animation is kept up to 1,000 frames. Convert it to PNG or JPEG to keep its first frame.',
      },
    });
    expect(calls).toEqual([]);
    expect(await invoke(tool, { image: gif(1000), from: 'gif', to: 'webp' }, ctx)).toMatchObject({
      status: 200,
      body: { frames: 1000 },
    });
  });
});

function watchedAnimation(): { ctx: ToolContext; calls: string[] } {
  const calls: string[] = [];
  const real = nodeContext.images!;
  const images: ImagePlatform = {
    ...real,
    decodeAnimation: (bytes, format) => (calls.push(`decodeAnimation ${format}`), real.decodeAnimation(bytes, format)),
  };
  return { ctx: { ...nodeContext, images }, calls };
}

describe('SVG', () => {
  const darkPixels = (image: { data: Buffer }) => {
    let n = 0;
    for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! < 128 && image.data[i + 3]! > 128) n++;
    return n;
  };

  it('renders text with the bundled font (text is silently dropped without one)', async () => {
    const decoded = await decode((await convert({ image: fixture64('text.svg'), from: 'svg', to: 'png' })).image);
    expect([decoded.width, decoded.height]).toEqual([120, 40]);
    // "Hello" at 24 px covers a few hundred pixels; librsvg (through sharp, with a system font) agrees roughly.
    const reference = await decode(fixture('text.svg'));
    expect(darkPixels(decoded)).toBeGreaterThan(150);
    expect(darkPixels(decoded)).toBeGreaterThan(darkPixels(reference) / 2);
  });

  it('sizes by the viewBox, else 300×150', async () => {
    expect(await convert({ image: fixture64('viewbox.svg'), from: 'svg', to: 'png' })).toMatchObject({
      width: 40,
      height: 24,
    });
    const unsized = await decode((await convert({ image: fixture64('unsized.svg'), from: 'svg', to: 'png' })).image);
    expect([unsized.width, unsized.height]).toEqual([300, 150]);
    expect(pixel(unsized, 150, 75)).toEqual([0, 255, 0, 255]);
  });

  it('draws a remote image reference as nothing, and the rest as usual', async () => {
    const decoded = await decode((await convert({ image: fixture64('remote.svg'), from: 'svg', to: 'png' })).image);
    expect(pixel(decoded, 2, 2)).toEqual([255, 0, 0, 255]);
    expect(pixel(decoded, 8, 8)[3]).toBe(0);
  });

  it('units, one side and a viewBox', async () => {
    const svg = (root: string) =>
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" ${root}><rect width="100%" height="100%" fill="red"/></svg>`,
      ).toString('base64');
    const size = async (root: string) => {
      const out = await convert({ image: svg(root), from: 'svg', to: 'png' });
      return [out.width, out.height];
    };
    expect(await size('width="1in" height="0.5in"')).toEqual([96, 48]);
    expect(await size('width="30" viewBox="0 0 10 20"')).toEqual([30, 60]);
    expect(await size('width="100%" height="50%" viewBox="0 0 40 20"')).toEqual([40, 20]);
    expect(await size('height="10"')).toEqual([300, 10]);
  });

  it('an SVG claiming a huge canvas is refused before rendering', async () => {
    const image = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="30000" height="100"/>').toString(
      'base64',
    );
    expect(await call('image-converter', { image, from: 'svg', to: 'png' })).toEqual({
      status: 400,
      body: { error: 'The image is 30000×100 pixels; each side may be at most 16,384 pixels.' },
    });
  });

  it('an SVG embedding a PNG bomb is refused', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image width="10" height="10" href="data:image/png;base64,${fixture64('bomb-30000.png')}"/></svg>`;
    const reply = await call('image-converter', { image: Buffer.from(svg).toString('base64'), from: 'svg', to: 'png' });
    expect(reply).toEqual({
      status: 400,
      body: { error: 'An image embedded in the SVG is 30000×30000 pixels; each side may be at most 16,384 pixels.' },
    });
  });

  it('entity expansion and deep nesting are refused before parsing, not followed', async () => {
    const entities = ['<!ENTITY a0 "lollollollol">'];
    for (let i = 1; i < 10; i++) entities.push(`<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`);
    const laughs = `<?xml version="1.0"?><!DOCTYPE svg [${entities.join('')}]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a9;</text></svg>`;
    const deep = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<g>'.repeat(100000)}${'</g>'.repeat(100000)}</svg>`;
    for (const [svg, error] of [
      [
        laughs,
        'The SVG expands to 11,444 MB of attributes and text once its entities and references are followed; at most 12 MB are allowed.',
      ],
      [deep, 'The SVG nests elements 100,001 deep; at most 256 levels are allowed.'],
    ]) {
      const reply = await call('image-converter', {
        image: Buffer.from(svg!).toString('base64'),
        from: 'svg',
        to: 'png',
      });
      expect(reply).toEqual({ status: 400, body: { error } });
    }
  });

  it('an SVG too complex to parse or draw in bounded time is a 400 naming what (svg-budget.test.ts, svg-cost.test.ts)', async () => {
    const turbulence =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>';
    expect(
      await call('image-converter', { image: Buffer.from(turbulence).toString('base64'), from: 'svg', to: 'png' }),
    ).toEqual({
      status: 400,
      body: {
        error:
          "The SVG's feTurbulence asks for 100,000 octaves; at most 10 are allowed (further octaves are finer than a pixel).",
      },
    });
    const big = turbulence.replace('100000', '10').replace('width="300" height="150"', 'width="6000" height="6000"');
    const reply = await call('image-converter', { image: Buffer.from(big).toString('base64'), from: 'svg', to: 'png' });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(
      /^The SVG is too complex to render at 6000×6000 pixels: its filters would take about \d+ s to draw/,
    );
    let uses = '<rect id="u0" width="1" height="1"/>';
    for (let i = 1; i <= 10; i++) uses += `<g id="u${i}">${`<use href="#u${i - 1}"/>`.repeat(10)}</g>`;
    const bomb = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><defs>${uses}</defs><use href="#u10"/></svg>`;
    const bombReply = await call('image-converter', {
      image: Buffer.from(bomb).toString('base64'),
      from: 'svg',
      to: 'png',
    });
    expect(bombReply.body.error).toMatch(
      /^The SVG expands to [\d,]+ elements once its <use>, marker and url\(#…\) references are followed; at most 100,000 are allowed\.$/,
    );
  });

  it('markup that is not SVG', async () => {
    const reply = await call('image-converter', {
      image: Buffer.from('<svg><g></svg>').toString('base64'),
      from: 'svg',
      to: 'png',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/could not be decoded as SVG/);
  });
});

describe('limits', () => {
  /** A platform that records whether anything was decoded. */
  function watched(): { ctx: ToolContext; calls: string[] } {
    const calls: string[] = [];
    const real = nodeContext.images!;
    const images: ImagePlatform = {
      decode: (bytes, format) => (calls.push(`decode ${format}`), real.decode(bytes, format)),
      renderSvg: (svg) => (calls.push('renderSvg'), real.renderSvg(svg)),
      encode: (image, format, options) => real.encode(image, format, options),
      resize: (image, width, height) => real.resize(image, width, height),
      decodeAnimation: (bytes, format) => (
        calls.push(`decodeAnimation ${format}`),
        real.decodeAnimation(bytes, format)
      ),
      encodeAnimation: (animation, format, options) => real.encodeAnimation(animation, format, options),
    };
    return { ctx: { ...nodeContext, images }, calls };
  }

  for (const [name, from, error] of [
    ['bomb-30000.png', 'png', 'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.'],
    ['bomb-16384.webp', 'webp', 'The image is 16384×16384 pixels (268.4 megapixels); the maximum is 40 megapixels.'],
    ['bomb-frame.gif', 'gif', 'The image is 20000×20000 pixels; each side may be at most 16,384 pixels.'],
  ] as const) {
    it(`${name} is refused from its header, without decoding`, async () => {
      const { ctx, calls } = watched();
      expect(await invoke(tool, { image: fixture64(name), from, to: 'png' }, ctx)).toEqual({
        status: 400,
        body: { error },
      });
      expect(calls).toEqual([]);
    });
  }

  it('a 16384×1 image to WebP (whose maximum is 16,383) is a 400 before decoding; to PNG it converts', async () => {
    const gif = await (
      await import('sharp')
    )
      .default({ create: { width: 16384, height: 1, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const { ctx, calls } = watched();
    expect(await invoke(tool, { image: gif.toString('base64'), from: 'gif', to: 'webp' }, ctx)).toEqual({
      status: 400,
      body: { error: 'WebP images can be at most 16,383 pixels per side; the output would be 16384×1.' },
    });
    expect(calls).toEqual([]);
    expect(await invoke(tool, { image: gif.toString('base64'), from: 'gif', to: 'png' }, ctx)).toMatchObject({
      status: 200,
      body: { width: 16384, height: 1 },
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="16384"/>').toString('base64');
    expect((await invoke(tool, { image: svg, from: 'svg', to: 'webp' }, ctx)).body).toEqual({
      error: 'WebP images can be at most 16,383 pixels per side; the output would be 1×16384.',
    });
    expect(calls).toEqual(['decode gif']);
  });

  it('an AVIF whose ispe says 16×16 around a 16384×16384 AV1 frame is refused from its header', async () => {
    const { ctx, calls } = watched();
    const image = (await avifClaiming(16, 16384)).toString('base64');
    expect(await invoke(tool, { image, from: 'avif', to: 'png' }, ctx)).toEqual({
      status: 400,
      body: { error: 'The image is 16384×16384 pixels (268.4 megapixels); the maximum is 40 megapixels.' },
    });
    expect(calls).toEqual([]);
  });

  it('a decoder output larger than the header said is a 400, whatever the decoder', async () => {
    const real = nodeContext.images!;
    const images: ImagePlatform = {
      ...real,
      decode: async () => ({ width: 41, height: 24, data: new Uint8Array(41 * 24 * 4) }),
    };
    for (const [name, from] of [
      ['quadrants.png', 'png'],
      ['quadrants.gif', 'gif'],
      ['quadrants.avif', 'avif'],
    ] as const) {
      expect(await invoke(tool, { image: fixture64(name), from, to: 'png' }, { ...nodeContext, images }), name).toEqual(
        {
          status: 400,
          body: {
            error: `'image' is not a readable ${from.toUpperCase()} image: its header says 40×24 pixels but its data decodes to 41×24.`,
          },
        },
      );
    }
  });

  it('a normal image is decoded once', async () => {
    const { ctx, calls } = watched();
    expect((await invoke(tool, { image: fixture64('quadrants.png'), from: 'png', to: 'png' }, ctx)).status).toBe(200);
    expect(calls).toEqual(['decode png']);
  });

  it('40 megapixels pass the header check, one more pixel row does not', async () => {
    const { ctx, calls } = watched();
    const header = (width: number, height: number) => {
      const png = Buffer.from(fixture('bomb-30000.png'));
      png.writeUInt32BE(width, 16);
      png.writeUInt32BE(height, 20);
      return png.toString('base64'); // the CRC no longer matches: the decoder refuses it later
    };
    const over = await invoke(tool, { image: header(5000, 8001), from: 'png', to: 'png' }, ctx);
    expect(over.body.error).toBe('The image is 5000×8001 pixels (40.0 megapixels); the maximum is 40 megapixels.');
    expect(calls).toEqual([]);
    const at = await invoke(tool, { image: header(5000, 8000), from: 'png', to: 'png' }, ctx);
    expect(calls).toEqual(['decode png']);
    expect(at.body.error).toMatch(/could not be decoded as PNG/);
  });

  it('3 MB of decoded input is accepted, one byte more is not', async () => {
    const exactly = Buffer.alloc(3 * 1048576);
    fixture('quadrants.png').copy(exactly); // a PNG followed by padding: accepted
    expect((await call('image-converter', { image: exactly.toString('base64'), from: 'png', to: 'png' })).status).toBe(
      200,
    );
    const over = Buffer.alloc(3 * 1048576 + 1);
    expect(await call('image-converter', { image: over.toString('base64'), from: 'png', to: 'png' })).toEqual({
      status: 400,
      body: { error: 'Input image is 3.0 MB — maximum is 3 MB.' },
    });
    expect(
      (await call('image-converter', { image: Buffer.alloc(4 * 1048576).toString('base64'), from: 'png', to: 'png' }))
        .body,
    ).toEqual({
      error: 'Input image is 4.0 MB — maximum is 3 MB.',
    });
  });

  it('truncated files of every raster format get a 400 naming the format', async () => {
    for (const [name, format] of [
      ['png', 'PNG'],
      ['jpeg', 'JPEG'],
      ['webp', 'WebP'],
      ['gif', 'GIF'],
      ['avif', 'AVIF'],
    ]) {
      const reply = await call('image-converter', {
        image: fixture64(`truncated-quadrants.${name}`),
        from: name,
        to: 'png',
      });
      expect(reply.status, name).toBe(400);
      expect(reply.body.error, name).toMatch(
        new RegExp(`^'image' (could not be decoded as|is not a readable) ${format}`),
      );
    }
  });

  it('TIFF compressions: LZW, Deflate and JPEG are read, others refused', async () => {
    for (const name of ['quadrants.tiff', 'quadrants-deflate.tiff', 'quadrants-jpeg.tiff']) {
      const decoded = await decode((await convert({ image: fixture64(name), from: 'tiff', to: 'png' })).image);
      quadrantCentres(decoded).forEach((colour, i) =>
        expect(distance(colour, QUADRANT_COLOURS[i]!), name).toBeLessThanOrEqual(8),
      );
    }
    expect(
      (await call('image-converter', { image: fixture64('webp-compressed.tiff'), from: 'tiff', to: 'png' })).status,
    ).toBe(400);
  });

  it('hostile TIFF structures are a 400 naming the problem (src/platform/codecs/tiff.test.ts has the rest)', async () => {
    const pixel = new Uint8Array([255, 0, 0]);
    const loop = buildTiff([{ tags: rgbTags(1, 1), blocks: [pixel], next: 'self' }]);
    expect(
      await call('image-converter', { image: Buffer.from(loop).toString('base64'), from: 'tiff', to: 'png' }),
    ).toEqual({
      status: 400,
      body: { error: "'image' is not a readable TIFF image: its image directories form a loop." },
    });
    const bomb = buildTiff([{ tags: rgbTags(1, 1, 8), blocks: [zlibSync(new Uint8Array(8 << 20))] }]);
    expect(
      await call('image-converter', { image: Buffer.from(bomb).toString('base64'), from: 'tiff', to: 'webp' }),
    ).toEqual({
      status: 400,
      body: {
        error:
          "'image' is not a readable TIFF image: strip 1 decompresses to more than the 1,027 bytes its 1×1 pixels can hold.",
      },
    });
  });
});

describe('the device limit (ToolContext.maxImageBytes)', () => {
  // A real PNG followed by padding: 3.5 MB of encoded input, over the API's 3 MB.
  const padded = () => {
    const png = fixture('quadrants.png');
    const bytes = new Uint8Array(Math.round(3.5 * 1048576));
    bytes.set(png);
    return Buffer.from(bytes).toString('base64');
  };
  it('the API door refuses 3.5 MB; the page door (maxImageBytes 50 MB) converts it', async () => {
    const image = padded();
    const api = await invoke(tool, { image, from: 'png', to: 'webp' }, nodeContext);
    expect(api).toEqual({ status: 400, body: { error: 'Input image is 3.5 MB — maximum is 3 MB.' } });
    const page = await invoke(
      tool,
      { image, from: 'png', to: 'webp' },
      { ...nodeContext, maxImageBytes: DEVICE_MAX_INPUT_BYTES },
    );
    expect(page.status).toBe(200);
  });
});
