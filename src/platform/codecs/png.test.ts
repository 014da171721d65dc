// The PNG decoder's fast path (png-fast.ts) against two independent decoders: the Rust `png`
// crate it stands in for (@jsquash/png, byte for byte, errors included) and libvips (sharp).
// Test files come from sharp and from a small encoder here that writes every colour type, bit
// depth and filter type, with and without tRNS.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import initPng, { decode as rustDecode } from '@jsquash/png/codec/pkg/squoosh_png.js';
import { fixture, photo } from '../../../tests/support/image-fixtures';
import { prng } from '../../../tests/support/prng';
import { nodeImages } from '../node';
import { ImageDataError } from '../types';
import { createImagePlatform } from './index';
import { scriptInflate, streamInflate } from './inflate';
import { decodeCommonPng } from './png-fast';

const wasm = new WebAssembly.Module(
  readFileSync(createRequire(import.meta.url).resolve('@jsquash/png/codec/pkg/squoosh_png_bg.wasm')),
);
await initPng(wasm);
/** The platform as browsers build it: the web-standard inflater. */
const browserLike = createImagePlatform({ wasm: async () => wasm, bytes: async () => new Uint8Array() }, streamInflate);
/** The platform as Node's worker threads build it: the script inflater. */
const workerLike = createImagePlatform({ wasm: async () => wasm, bytes: async () => new Uint8Array() }, scriptInflate);

/** The Rust decoder's verdict: RGBA bytes, or its error. */
/**
 * Pixels as a short comparable summary: equal arrays give equal summaries, and a difference names
 * its first index (toEqual on the raw arrays spends minutes diffing 10⁵ numbers when one is off).
 */
function pixels(data: ArrayLike<number>, reference?: ArrayLike<number>): string {
  if (reference) {
    for (let i = 0; i < Math.max(data.length, reference.length); i++) {
      if (data[i] !== reference[i])
        return `${data.length} bytes, first difference at ${i}: ${data[i]} (expected ${reference[i]})`;
    }
  }
  return `${data.length} bytes`;
}

function rust(bytes: Uint8Array): { width: number; height: number; data: Uint8Array } | 'error' {
  try {
    const image = rustDecode(bytes);
    return { width: image.width, height: image.height, data: new Uint8Array(image.data) };
  } catch {
    return 'error';
  }
}

/** Ours through every door's inflater; each must match the Rust decoder exactly. */
async function expectSameAsRust(bytes: Uint8Array, label = ''): Promise<void> {
  const expected = rust(bytes);
  for (const platform of [nodeImages, browserLike, workerLike]) {
    const ours = await platform.decode(bytes, 'png').then(
      (image) => ({
        width: image.width,
        height: image.height,
        data: pixels(image.data, expected === 'error' ? undefined : expected.data),
      }),
      (error: unknown) => {
        expect(error, label).toBeInstanceOf(ImageDataError);
        return 'error' as const;
      },
    );
    expect(ours, label).toEqual(expected === 'error' ? expected : { ...expected, data: pixels(expected.data) });
  }
}

/** libvips' RGBA, 8 bits per channel. */
async function viaSharp(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await sharp(bytes).toColourspace('srgb').ensureAlpha().raw({ depth: 'uchar' }).toBuffer());
}

/** Our decode of `bytes` against libvips', by the first differing byte. */
async function expectSameAsSharp(bytes: Uint8Array, label = 'libvips'): Promise<void> {
  const reference = await viaSharp(bytes);
  expect(pixels((await nodeImages.decode(bytes, 'png')).data, reference), label).toBe(pixels(reference));
}

// ---- a small PNG writer, independent of the decoder under test ----

function chunk(type: string, content: ArrayLike<number>): Buffer {
  const out = Buffer.alloc(12 + content.length);
  out.writeUInt32BE(content.length, 0);
  out.write(type, 4, 'latin1');
  out.set(content, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + content.length)), 8 + content.length);
  return out;
}

interface Spec {
  width: number;
  height: number;
  depth: number;
  colour: number;
  /** Filter type of row y. */
  filter: (y: number) => number;
  palette?: number[];
  trns?: number[];
  /** Chunks between IHDR (and PLTE, tRNS) and the image data. */
  before?: Buffer[];
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/** Deterministic samples of `depth` bits, packed into rows as the PNG spec lays them out. */
function samples(spec: Spec, seed = 1): Uint8Array[] {
  const rowBytes = Math.ceil((spec.width * spec.depth * CHANNELS[spec.colour]!) / 8);
  const limit = spec.colour === 3 ? spec.palette!.length / 3 : 1 << spec.depth;
  const perRow = spec.width * CHANNELS[spec.colour]!;
  return Array.from({ length: spec.height }, (_, y) => {
    const row = new Uint8Array(rowBytes);
    for (let s = 0; s < perRow; s++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      // Smooth ramps plus noise, so every predictor gets chosen somewhere.
      const value = ((s * 7 + y * 5 + (seed >>> 28)) % limit) >>> 0;
      const bit = s * spec.depth;
      row[bit >> 3]! |= value << (8 - spec.depth - (bit & 7));
    }
    return row;
  });
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function encode(spec: Spec, rows = samples(spec)): Uint8Array {
  const bpp = Math.max(1, (spec.depth * CHANNELS[spec.colour]!) >> 3);
  const filtered = rows.map((row, y) => {
    const type = spec.filter(y);
    const up = y > 0 ? rows[y - 1]! : new Uint8Array(row.length);
    const out = [type];
    for (let i = 0; i < row.length; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const c = i >= bpp ? up[i - bpp]! : 0;
      const predictor = [0, a, up[i]!, (a + up[i]!) >> 1, paeth(a, up[i]!, c)][type]!;
      out.push((row[i]! - predictor) & 255);
    }
    return out;
  });
  const zlib = deflateSync(Uint8Array.from(filtered.flat()));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(spec.width, 0);
  ihdr.writeUInt32BE(spec.height, 4);
  ihdr.set([spec.depth, spec.colour, 0, 0, 0], 8);
  // Several IDAT chunks, as encoders write them.
  const idats = [];
  for (let at = 0; at < zlib.length; at += 97) idats.push(chunk('IDAT', zlib.subarray(at, at + 97)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(spec.palette ? [chunk('PLTE', spec.palette)] : []),
    ...(spec.trns ? [chunk('tRNS', spec.trns)] : []),
    ...(spec.before ?? []),
    ...idats,
    chunk('IEND', []),
  ]);
}

const palette = (entries: number) => Array.from({ length: entries * 3 }, (_, i) => (i * 37 + 11) & 255);

/** Every colour type and bit depth the fast path takes, with tRNS where PNG allows one. */
const KINDS: { name: string; spec: Omit<Spec, 'width' | 'height' | 'filter'> }[] = [
  ...[1, 2, 4, 8].flatMap((depth) => [
    { name: `grey ${depth}-bit`, spec: { depth, colour: 0 } },
    { name: `grey ${depth}-bit + tRNS`, spec: { depth, colour: 0, trns: [0, (1 << depth) - 2] } },
    { name: `palette ${depth}-bit`, spec: { depth, colour: 3, palette: palette(Math.min(1 << depth, 200)) } },
    {
      name: `palette ${depth}-bit + tRNS`,
      spec: { depth, colour: 3, palette: palette(1 << Math.min(depth, 7)), trns: [0, 128, 255].slice(0, 1 << depth) },
    },
  ]),
  { name: 'RGB', spec: { depth: 8, colour: 2 } },
  { name: 'RGB + tRNS', spec: { depth: 8, colour: 2, trns: [0, 12, 0, 17, 0, 22] } },
  { name: 'grey + alpha', spec: { depth: 8, colour: 4 } },
  { name: 'RGBA', spec: { depth: 8, colour: 6 } },
];
const FILTERS: [string, (y: number) => number][] = [
  ['None', () => 0],
  ['Sub', () => 1],
  ['Up', () => 2],
  ['Average', () => 3],
  ['Paeth', () => 4],
  ['mixed', (y) => (y * 3) % 5],
];

describe('the fast path decodes exactly as the Rust decoder and libvips', () => {
  it.each(
    KINDS.flatMap(({ name, spec }) =>
      FILTERS.map(([filterName, filter]) => [`${name}, ${filterName}`, { ...spec, filter }] as const),
    ),
  )('%s', async (label, partial) => {
    // Widths with every remainder mod 4 (the RGB path widens four pixels at a time), and one under 4.
    for (const [width, height] of [
      [13, 7],
      [64, 9],
      [14, 3],
      [15, 2],
      [3, 2],
    ] as const) {
      const spec = { ...partial, width, height };
      const png = encode(spec);
      expect(
        await decodeCommonPng(png, streamInflate),
        `${label} ${width}×${height} takes the fast path`,
      ).toBeDefined();
      await expectSameAsRust(png, `${label} ${width}×${height}`);
      await expectSameAsSharp(png);
    }
  });

  it.each([
    ['RGB', {}],
    ['RGBA', { alpha: true }],
    ['grey', { grey: true }],
    ['palette', { palette: true }],
    ['palette 2-bit', { palette: true, colours: 4 }],
    ['adaptive filters', { adaptiveFiltering: true }],
    ['RGBA, adaptive filters', { alpha: true, adaptiveFiltering: true }],
  ] as const)('a photo-like image written by libvips: %s', async (_, options) => {
    const width = 301;
    const height = 203;
    const pixels = Buffer.from(photo(width, height, { alpha: 'alpha' in options, seed: 9 }).data);
    let image = sharp(pixels, { raw: { width, height, channels: 4 } });
    if ('grey' in options) image = image.toColourspace('b-w');
    if (!('alpha' in options)) image = image.removeAlpha();
    const png = new Uint8Array(
      await image
        .png({
          adaptiveFiltering: 'adaptiveFiltering' in options,
          palette: 'palette' in options,
          colours: 'colours' in options ? options.colours : 256,
        })
        .toBuffer(),
    );
    expect(await decodeCommonPng(png, streamInflate)).toBeDefined();
    await expectSameAsRust(png);
    await expectSameAsSharp(png);
  });

  it.each(['quadrants.png', 'alpha.png', 'truncated-quadrants.png'])('fixture %s', async (name) => {
    await expectSameAsRust(new Uint8Array(fixture(name)), name);
  });
});

describe('what the fast path declines still decodes, through the Rust decoder', () => {
  const base = { width: 13, height: 7, depth: 8, colour: 2, filter: (y: number) => y % 5 };

  it.each([
    [
      'interlaced',
      () =>
        sharp({ create: { width: 33, height: 17, channels: 3, background: '#3a7' } })
          .png({ progressive: true })
          .toBuffer(),
    ],
    [
      '16-bit',
      () =>
        sharp({ create: { width: 33, height: 17, channels: 4, background: '#3a7c' } })
          .toColourspace('rgb16')
          .png()
          .toBuffer(),
    ],
    // sRGB, so the colour stage leaves it as Rust decodes it (other profiles: colour-profile.test.ts).
    [
      'an ICC profile',
      () =>
        sharp({ create: { width: 33, height: 17, channels: 3, background: '#3a7' } })
          .withIccProfile('srgb')
          .png()
          .toBuffer(),
    ],
    ['an iTXt chunk', () => encode({ ...base, before: [chunk('iTXt', Buffer.from('Comment\0\0\0\0\0hi'))] })],
    ['an unknown chunk', () => encode({ ...base, before: [chunk('prVt', [1, 2, 3])] })],
    ['a PLTE in an RGB image', () => encode({ ...base, palette: palette(4) })],
  ])('%s', async (_, make) => {
    const png = new Uint8Array(await make());
    expect(await decodeCommonPng(png, streamInflate)).toBeUndefined();
    expect(rust(png)).not.toBe('error');
    await expectSameAsRust(png);
  });

  it('a palette index beyond the palette', async () => {
    const png = encode(
      { ...base, colour: 3, palette: palette(3) },
      samples({ ...base, colour: 3, palette: palette(200) }),
    );
    expect(await decodeCommonPng(png, streamInflate)).toBeUndefined();
    await expectSameAsRust(png);
  });

  it('a damaged Adler-32, which the Rust decoder is told to ignore', async () => {
    const good = encode(base);
    const bad = new Uint8Array(good);
    const iend = bad.length - 12;
    bad[iend - 5] = bad[iend - 5]! ^ 0xff; // the last byte of the zlib stream, before the last IDAT's CRC
    expect(await decodeCommonPng(bad, streamInflate)).toBeUndefined();
    expect(rust(bad)).toEqual(rust(good));
    await expectSameAsRust(bad);
  });
});

describe('ancillary chunks: accepted and refused exactly where the Rust decoder does', () => {
  const base = { width: 5, height: 3, depth: 8, colour: 2, filter: () => 4 };
  const text = (s: string) => Buffer.from(s, 'latin1');
  it.each([
    ['gAMA', [chunk('gAMA', [0, 0, 177, 143])]],
    ['gAMA of zero', [chunk('gAMA', [0, 0, 0, 0])]],
    ['short gAMA', [chunk('gAMA', [0, 0, 1])]],
    ['two gAMA', [chunk('gAMA', [0, 0, 1, 0]), chunk('gAMA', [0, 0, 1, 0])]],
    ['cHRM of any values', [chunk('cHRM', new Array(32).fill(255))]],
    ['short cHRM', [chunk('cHRM', new Array(31).fill(1))]],
    ['two cHRM', [chunk('cHRM', new Array(32).fill(1)), chunk('cHRM', new Array(32).fill(1))]],
    ['pHYs in metres', [chunk('pHYs', [0, 0, 11, 19, 0, 0, 11, 19, 1])]],
    ['pHYs of an unknown unit', [chunk('pHYs', [0, 0, 0, 1, 0, 0, 0, 1, 5])]],
    ['short pHYs', [chunk('pHYs', [0, 0, 0, 1, 0, 0, 0, 1])]],
    ['two pHYs', [chunk('pHYs', [0, 0, 0, 1, 0, 0, 0, 1, 0]), chunk('pHYs', [0, 0, 0, 1, 0, 0, 0, 1, 0])]],
    ['sRGB', [chunk('sRGB', [0])]],
    ['sRGB of an unknown intent', [chunk('sRGB', [7])]],
    ['two sRGB', [chunk('sRGB', [1]), chunk('sRGB', [1])]],
    ['tEXt', [chunk('tEXt', text('Software\0libvips')), chunk('tEXt', text('Comment\0\xe9t\xe9'))]],
    ['tEXt with an empty text', [chunk('tEXt', text('Title\0'))]],
    ['tEXt with a 79-byte keyword', [chunk('tEXt', text('k'.repeat(79) + '\0x'))]],
    ['tEXt with an 80-byte keyword', [chunk('tEXt', text('k'.repeat(80) + '\0x'))]],
    ['tEXt with an empty keyword', [chunk('tEXt', text('\0x'))]],
    ['tEXt without a NUL', [chunk('tEXt', text('Software'))]],
    [
      'bKGD, sBIT, tIME, eXIf and hIST of any content',
      [chunk('bKGD', [1]), chunk('sBIT', [99]), chunk('tIME', [1]), chunk('eXIf', [1, 2]), chunk('hIST', [3])],
    ],
    [
      'a damaged chunk CRC',
      [
        (() => {
          const c = chunk('gAMA', [0, 0, 1, 0]);
          c[c.length - 1]! ^= 1;
          return c;
        })(),
      ],
    ],
  ] as const)('%s', async (label, before) => {
    await expectSameAsRust(encode({ ...base, before: [...before] }), label);
  });

  it('tRNS the spec does not allow: too short, too wide a sample, on an image with alpha', async () => {
    await expectSameAsRust(encode({ ...base, trns: [0, 1, 0, 2] }));
    await expectSameAsRust(encode({ ...base, trns: [1, 0, 0, 0, 0, 0] }));
    await expectSameAsRust(encode({ ...base, colour: 6, trns: [0, 1, 0, 2, 0, 3] }));
  });
});

describe('damaged files: the same pixels or the same refusal as the Rust decoder', () => {
  it('150 files with a byte changed or the end cut off', async () => {
    const png = encode({
      width: 19,
      height: 11,
      depth: 8,
      colour: 6,
      filter: (y) => y % 5,
      before: [chunk('gAMA', [0, 0, 177, 143]), chunk('tEXt', Buffer.from('a\0b'))],
    });
    const next = prng(5);
    const random = (n: number) => Math.floor(next() * n);
    for (let round = 0; round < 150; round++) {
      const bytes = round % 3 === 0 ? png.slice(0, 8 + random(png.length - 8)) : new Uint8Array(png);
      if (round % 3 !== 0) bytes[8 + random(png.length - 8)] = random(256);
      await expectSameAsRust(bytes, `round ${round}`);
    }
  });
});
