// TIFF variants from the wild, each against libvips' (libtiff's) reading of the same file: 4-bit
// grey, CIELab, subsampled YCbCr, JPEG tiles holding RGB, CMYK, old-style LZW, signed grey;
// and the refusals that name what is not read. Files are built here (tests/support/tiff-builder.ts)
// or written by libvips; the corpus files that showed each fault are in tests/corpus.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeTiffRgba, tiffRefusal } from '../../../tests/support/tiff-decode';
import { buildTiff, type TagValue } from '../../../tests/support/tiff-builder';
import { libvipsPixels, psnr, type Pixels } from '../../../tests/corpus/compare.mjs';
import { prng } from '../../../tests/support/prng';
import { isCmyk } from '../../lib/images/cmyk';
import { decodeTiff } from './tiff';

const W = 37;
const H = 11;

async function libvips(tiff: Uint8Array, options?: { failOn: 'none' }): Promise<Pixels> {
  const reference = options ? await sharpPixels(tiff, options) : await libvipsPixels(tiff);
  if ('error' in reference) throw new Error(`libvips refuses the test file: ${reference.error}`);
  return reference;
}

async function sharpPixels(tiff: Uint8Array, options: { failOn: 'none' }): Promise<Pixels> {
  const { data, info } = await sharp(tiff, options)
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

/** Our decoding is libvips' within `minPsnr` dB (Infinity: identical). */
async function expectLibvips(tiff: Uint8Array, minPsnr = Infinity, options?: { failOn: 'none' }) {
  const ours = decodeTiffRgba(tiff);
  const theirs = await libvips(tiff, options);
  expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
  if (minPsnr === Infinity) expect(Buffer.from(ours.data).equals(Buffer.from(theirs.data))).toBe(true);
  else expect(psnr(ours.data, theirs.data)).toBeGreaterThanOrEqual(minPsnr);
}

/** `count` random bytes, the same on every run. */
const noise = (count: number, seed = 7) => {
  const next = prng(seed);
  return Uint8Array.from({ length: count }, () => Math.floor(next() * 256));
};

const tags = (bits: number[], photometric: number, extra: Record<number, TagValue> = {}): Record<number, TagValue> => ({
  256: W,
  257: H,
  258: bits,
  259: 1,
  262: photometric,
  277: bits.length,
  278: H,
  ...extra,
});

describe('grey at every depth', () => {
  // libvips/4bit.tif came out all transparent black: BlackIsZero at 4 bits had no conversion.
  for (const bits of [1, 2, 4, 8, 16]) {
    for (const photometric of [0, 1]) {
      it(`${bits}-bit, ${photometric === 0 ? 'WhiteIsZero' : 'BlackIsZero'}, uncompressed`, async () => {
        const rowBytes = Math.ceil((W * bits) / 8);
        await expectLibvips(buildTiff([{ tags: tags([bits], photometric), blocks: [noise(rowBytes * H)] }]));
      });
    }
  }

  it('1-bit with FillOrder 2 (bits least significant first)', async () => {
    const rowBytes = Math.ceil(W / 8);
    await expectLibvips(buildTiff([{ tags: tags([1], 1, { 266: 2 }), blocks: [noise(rowBytes * H)] }]));
  });

  it('8-bit grey with alpha (ExtraSamples unassociated)', async () => {
    await expectLibvips(buildTiff([{ tags: tags([8, 8], 1, { 338: 2 }), blocks: [noise(W * H * 2)] }]));
  });

  it('signed 8-bit grey: negative values are black, as libvips casts them', async () => {
    await expectLibvips(buildTiff([{ tags: tags([8], 1, { 339: 2 }), blocks: [noise(W * H)] }]));
  });
});

describe('colour spaces other than RGB', () => {
  // sharp/cielab-dagams.tiff (16-bit LZW CIELab) came out all transparent black.
  /** A CIELab file of smooth colours (L 20–90, a and b within ±`chroma`) at `bits`, signed a and b. */
  const labTiff = (bits: number, chroma: number) => {
    const bytes = new Uint8Array(W * H * 3 * (bits / 8));
    const view = new DataView(bytes.buffer);
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const L = 20 + (70 * x) / W;
        const a = chroma * (-1 + (2 * y) / (H - 1));
        const b = chroma * (1 - (2 * x) / (W - 1));
        const i = (y * W + x) * 3;
        if (bits === 8) bytes.set([Math.round((L * 255) / 100), Math.round(a) & 255, Math.round(b) & 255], i);
        else
          [Math.round((L * 65535) / 100), Math.round(a * 256) & 0xffff, Math.round(b * 256) & 0xffff].forEach((v, c) =>
            view.setUint16(2 * (i + c), v, true),
          );
      }
    }
    return buildTiff([{ tags: tags([bits, bits, bits], 8), blocks: [bytes] }]);
  };

  it('CIELab, 16-bit: greys exactly as libvips, colours within 30 dB (D50 here, D65 there: docs/limits.md)', async () => {
    await expectLibvips(labTiff(16, 0), 50);
    await expectLibvips(labTiff(16, 40), 30);
  });

  it('CIELab, 8-bit (libvips refuses 3-sample 8-bit Lab): as its 16-bit twin', () => {
    expect(psnr(decodeTiffRgba(labTiff(8, 40)).data, decodeTiffRgba(labTiff(16, 40)).data)).toBeGreaterThan(40);
  });

  // libvips/subsampled.tif (YCbCr 4:2:0, LZW) came out in green stripes.
  it.each([
    [2, 2],
    [2, 1],
    [4, 2],
  ])('YCbCr with %i×%i chroma subsampling', async (h, v) => {
    const units = Math.ceil(W / h) * Math.ceil(H / v);
    const tiff = buildTiff([{ tags: tags([8, 8, 8], 6, { 530: [h, v] }), blocks: [noise(units * (h * v + 2))] }]);
    await expectLibvips(tiff, 45);
  });

  it('YCbCr 4:2:0 in 16×16 tiles, the edge tiles cropped: as the same image in one strip', async () => {
    // libvips refuses subsampled tiles ("Invalid tile byte count"): its stripped twin, which
    // libvips reads as we do (above), is the reference.
    const luma = noise(48 * 16, 40);
    const chroma = noise(24 * 8 * 2, 41);
    /** The 4:2:0 data units of the region x0…x0+width, rows 0…height (2×2 luma, then Cb, Cr). */
    const units = (x0: number, width: number, height: number) => {
      const out: number[] = [];
      for (let uy = 0; uy < Math.ceil(height / 2); uy++) {
        for (let ux = 0; ux < Math.ceil(width / 2); ux++) {
          const x = x0 / 2 + ux;
          for (let dy = 0; dy < 2; dy++)
            for (let dx = 0; dx < 2; dx++) out.push(luma[(2 * uy + dy) * 48 + 2 * x + dx]!);
          out.push(chroma[2 * (uy * 24 + x)]!, chroma[2 * (uy * 24 + x) + 1]!);
        }
      }
      return new Uint8Array(out);
    };
    const { 278: _strips, ...tileTags } = tags([8, 8, 8], 6, { 530: [2, 2], 322: 16, 323: 16 });
    const tiled = buildTiff([{ tags: tileTags, blocks: [0, 16, 32].map((x) => units(x, 16, 16)), tiled: true }]);
    const stripped = buildTiff([{ tags: tags([8, 8, 8], 6, { 530: [2, 2] }), blocks: [units(0, W, H)] }]);
    await expectLibvips(stripped, 45);
    expect(Buffer.from(decodeTiffRgba(tiled).data).equals(Buffer.from(decodeTiffRgba(stripped).data))).toBe(true);
  });

  it('YCbCr without subsampling: the textbook (JPEG, ITU-R BT.601 full range) conversion', () => {
    // libvips returns these samples unconverted, as if RGB (docs/limits.md), so the reference is the formula.
    const ycc = noise(W * H * 3, 9);
    const ours = decodeTiffRgba(buildTiff([{ tags: tags([8, 8, 8], 6, { 530: [1, 1] }), blocks: [ycc] }]));
    const clamp = (v: number) => Math.min(255, Math.max(0, Math.round(v)));
    for (let i = 0; i < W * H; i++) {
      const [y, cb, cr] = [ycc[3 * i]!, ycc[3 * i + 1]! - 128, ycc[3 * i + 2]! - 128];
      const expected = [clamp(y + 1.402 * cr), clamp(y - 0.344136 * cb - 0.714136 * cr), clamp(y + 1.772 * cb)];
      for (let c = 0; c < 3; c++) expect(Math.abs(ours.data[4 * i + c]! - expected[c]!)).toBeLessThanOrEqual(1);
    }
  });

  it('CMYK: handed to the colour stage as stored (0 = no ink), alpha apart', async () => {
    const cmyk = noise(W * H * 4);
    const image = decodeTiff(buildTiff([{ tags: tags([8, 8, 8, 8], 5, { 332: 1 }), blocks: [cmyk] }]));
    expect(isCmyk(image) && Buffer.from(image.cmyk).equals(Buffer.from(cmyk))).toBe(true);
    // Without a profile, the naive conversion: every ink taking away its complement.
    const ours = decodeTiffRgba(buildTiff([{ tags: tags([8, 8, 8, 8], 5, { 332: 1 }), blocks: [cmyk] }]));
    for (let i = 0; i < W * H; i++) {
      const [c, m, y, k] = cmyk.subarray(4 * i, 4 * i + 4);
      const expected = [c!, m!, y!].map((ink) => Math.round(((255 - ink) * (255 - k!)) / 255));
      expect([...ours.data.subarray(4 * i, 4 * i + 4)]).toEqual([...expected, 255]);
    }
  });

  it('CMYK in JPEG strips, as libvips writes it: the inks of its uncompressed twin', async () => {
    const png = await sharp(Buffer.from(noise(W * H * 3, 4)), { raw: { width: W, height: H, channels: 3 } })
      .blur(3)
      .png()
      .toBuffer();
    const jpeg = await sharp(png).toColourspace('cmyk').tiff({ compression: 'jpeg', quality: 95 }).toBuffer();
    const plain = await sharp(png).toColourspace('cmyk').tiff({ compression: 'none' }).toBuffer();
    // Inverted inks (Adobe's JPEG habit, which a JPEG decoder may assume) would be far off.
    expect(psnr(decodeTiffRgba(jpeg).data, decodeTiffRgba(plain).data)).toBeGreaterThan(38);
  });
});

describe('JPEG tiles whose photometric is RGB', () => {
  // libvips/CMU-1-Small-Region.svs (Aperio): JPEG tiles of RGB samples, not YCbCr. libtiff
  // decodes them without colour conversion, so a YCbCr JPEG put in such a file reads as its
  // raw Y, Cb, Cr values: exactly what libvips gives.
  it('are read without YCbCr conversion, as libvips reads them', async () => {
    const image = await sharp(Buffer.from(noise(32 * 32 * 3, 11)), { raw: { width: 32, height: 32, channels: 3 } })
      .blur(2)
      .jpeg({ quality: 95 })
      .toBuffer();
    const tiled = (photometric: number) =>
      buildTiff([
        {
          tags: { 256: 30, 257: 20, 258: [8, 8, 8], 259: 7, 262: photometric, 277: 3, 322: 32, 323: 32 },
          blocks: [image],
          tiled: true,
        },
      ]);
    await expectLibvips(tiled(2), 40);
    // The same data marked YCbCr is converted: the two readings differ.
    await expectLibvips(tiled(6), 40);
    expect(psnr(decodeTiffRgba(tiled(2)).data, decodeTiffRgba(tiled(6)).data)).toBeLessThan(30);
  });
});

describe('separate colour planes (PlanarConfiguration 2)', () => {
  // libtiff/minisblack-2c-8b-alpha.tiff (Photoshop: grey and alpha planes, PackBits).
  it('8-bit RGB, one strip per plane', async () => {
    const planes = [1, 2, 3].map((seed) => noise(W * H, seed));
    await expectLibvips(buildTiff([{ tags: tags([8, 8, 8], 2, { 284: 2 }), blocks: planes }]));
  });

  // libvips reads grey-and-alpha planes (it takes them through libtiff's RGBA interface) unlike
  // the same samples interleaved (docs/limits.md): the interleaved twin, which libvips reads as
  // we do, is the reference.
  it.each([8, 16])('%i-bit grey and alpha in strips of 4 rows: as the same samples interleaved', async (bits) => {
    const bytes = bits / 8;
    const grey = noise(W * H * bytes, 1);
    const alpha = noise(W * H * bytes, 2);
    const strips = (plane: Uint8Array) =>
      [0, 4, 8].map((row) => plane.subarray(row * W * bytes, Math.min(H, row + 4) * W * bytes));
    const planar = buildTiff([
      { tags: tags([bits, bits], 1, { 284: 2, 278: 4, 338: 2 }), blocks: [...strips(grey), ...strips(alpha)] },
    ]);
    const interleaved = new Uint8Array(W * H * 2 * bytes);
    for (let i = 0; i < W * H; i++) {
      interleaved.set(grey.subarray(i * bytes, (i + 1) * bytes), 2 * i * bytes);
      interleaved.set(alpha.subarray(i * bytes, (i + 1) * bytes), (2 * i + 1) * bytes);
    }
    const chunky = buildTiff([{ tags: tags([bits, bits], 1, { 338: 2 }), blocks: [interleaved] }]);
    await expectLibvips(chunky);
    expect(Buffer.from(decodeTiffRgba(planar).data).equals(Buffer.from(decodeTiffRgba(chunky).data))).toBe(true);
  });
});

describe('old-style LZW (libtiff before 1991)', () => {
  it('is read as libtiff reads it: codes least significant bit first, widths growing one code later', async () => {
    const pixels = noise(W * H, 5).map((v) => v & 0xf0); // repetitive enough for the table to grow past 511
    const tiff = buildTiff([{ tags: tags([8], 1, { 259: 5 }), blocks: [oldStyleLzw(pixels)] }]);
    expect(Buffer.from(decodeTiffRgba(tiff).data.filter((_, i) => i % 4 === 0)).equals(Buffer.from(pixels))).toBe(true);
    // libvips warns ("Old-style LZW codes, convert file") and reads the same pixels.
    await expectLibvips(tiff, Infinity, { failOn: 'none' });
  });
});

describe('what is not read is refused by name, and nothing is left unwritten', () => {
  it.each<[Record<number, TagValue>, string]>([
    [{ 262: 32844 }, 'TIFF images in LogL (PhotometricInterpretation 32844) are not supported.'],
    [{ 262: 10 }, 'TIFF images in ITU Lab (PhotometricInterpretation 10) are not supported.'],
    [{ 262: 5, 332: 2 }, 'TIFF images with inks other than CMYK (InkSet 2) are not supported.'],
    [
      { 262: 2, 339: [2, 2, 2] },
      'TIFF images with 8-bit signed integer samples in RGB (PhotometricInterpretation 2) are not supported.',
    ],
    [{ 259: 3 }, 'TIFF compression type 3 (CCITT Group 3 fax) is not supported.'],
  ])('%j', (extra, message) => {
    const spp = extra[262] === 5 ? 4 : 3;
    expect(
      tiffRefusal(buildTiff([{ tags: tags(Array<number>(spp).fill(8), 2, extra), blocks: [noise(W * H * spp)] }])),
    ).toBe(message);
  });

  it('a strip shorter than its rows is refused, not left black', () => {
    const tiff = buildTiff([{ tags: tags([8], 1), blocks: [noise(W * H - 5)] }]);
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: strip 1 holds 402 of the 407 bytes its pixels need (the file is truncated or damaged).",
    );
  });

  it('a JPEG tile smaller than its tile is refused', async () => {
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const tiff = buildTiff([
      {
        tags: { 256: 30, 257: 20, 258: [8, 8, 8], 259: 7, 262: 6, 277: 3, 322: 32, 323: 32 },
        blocks: [small],
        tiled: true,
      },
    ]);
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: the JPEG data of tile 1 is 16×16 pixels, too small to fill its 32×32.",
    );
  });

  it('lossless JPEG in a TIFF is named', () => {
    const sof3 = new Uint8Array([
      0xff, 0xd8, 0xff, 0xc3, 0, 17, 8, 0, 1, 0, 1, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 0xff, 0xd9,
    ]);
    const tiff = buildTiff([{ tags: { ...tags([8, 8, 8], 6, { 259: 7 }), 256: 1, 257: 1, 278: 1 }, blocks: [sof3] }]);
    expect(tiffRefusal(tiff)).toBe('TIFF images compressed with lossless JPEG (SOF3) are not supported.');
  });
});

/** Old-style TIFF LZW: codes packed least significant bit first, the width growing at 2^width. */
function oldStyleLzw(data: Uint8Array): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  let width = 9;
  const put = (code: number) => {
    bits |= code << count;
    count += width;
    while (count >= 8) {
      out.push(bits & 255);
      bits >>>= 8;
      count -= 8;
    }
  };
  const table = new Map<string, number>();
  let next = 258;
  put(256);
  let w = '';
  for (const byte of data) {
    const wc = w + String.fromCharCode(byte);
    if (w === '' || table.has(wc)) {
      w = wc;
      continue;
    }
    put(w.length === 1 ? w.charCodeAt(0) : table.get(w)!);
    if (next < 4094) {
      table.set(wc, next++);
      // The decoder adds each entry a code later than the encoder: old-style writers grew the
      // width once the table held 2^width + 1 entries' worth (the new style one code earlier).
      if (next === (1 << width) + 1 && width < 12) width++;
    } else {
      put(256);
      table.clear();
      next = 258;
      width = 9;
    }
    w = String.fromCharCode(byte);
  }
  put(w.length === 1 ? w.charCodeAt(0) : table.get(w)!);
  put(257);
  if (count > 0) out.push(bits & 255);
  return new Uint8Array(out);
}
