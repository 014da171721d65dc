// The TIFF decoder: files libvips writes in every layout we decode, pixel for pixel against
// libvips itself; and hostile structures (directory loops, decompression bombs, blocks outside
// the file, oversized tiles and JPEG frames), refused before their cost is paid. And the writer:
// its files read back, by libvips and by our decoder, to exactly the pixels written.
import sharp from 'sharp';
import { Deflate, zlibSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { decode, meanDifference, photo } from '../../../tests/support/image-fixtures';
import { jpegWithScans } from '../../../tests/support/hostile-images';
import { decodeTiffRgba, tiffRefusal } from '../../../tests/support/tiff-decode';
import { buildTiff, rgbTags, type Directory } from '../../../tests/support/tiff-builder';
import { assetPath } from '../node';
import { ImageDataError, ImageRefusedError } from '../types';
import { tiffEncoder } from './tiff';
import { MAX_DIRECTORIES } from './tiff-layout';

const raw = (width: number, height: number, channels: 1 | 3 | 4) => {
  const image = photo(width, height, { alpha: channels === 4 });
  return sharp(Buffer.from(image.data), { raw: { width, height, channels: 4 } }).toColourspace(
    channels === 1 ? 'b-w' : 'srgb',
  );
};

describe('TIFF files we write read back to the pixels written', () => {
  const encode = tiffEncoder({
    wasm: async (name) => new WebAssembly.Module(await readFile(assetPath(name))),
    bytes: async (name) => new Uint8Array(await readFile(assetPath(name))),
  });
  // One strip; several strips (256 KB each) with a short last one; rows wider than a strip.
  for (const [width, height] of [
    [70, 45],
    [600, 401],
    [90_000, 3],
  ] as const) {
    for (const alpha of [false, true]) {
      it(`${width}×${height}, ${alpha ? 'RGBA' : 'RGB'}`, async () => {
        const image = photo(width, height, { alpha });
        const tiff = await encode(image);
        const theirs = await decode(Buffer.from(tiff));
        expect([theirs.format, theirs.width, theirs.height]).toEqual(['tiff', width, height]);
        expect(theirs.data.equals(image.data)).toBe(true);
        expect(Buffer.from(decodeTiffRgba(tiff).data).equals(image.data)).toBe(true);
        // Deterministic: the same bytes for the same pixels, whatever was encoded before.
        expect(Buffer.from(await encode(image)).equals(tiff)).toBe(true);
      });
    }
  }
});

describe('TIFF files libvips writes decode to the pixels libvips reads', () => {
  const layouts = [
    ...['none', 'lzw', 'deflate', 'packbits'].flatMap((compression) => [
      { compression, predictor: 'none' },
      ...(compression === 'lzw' || compression === 'deflate' ? [{ compression, predictor: 'horizontal' }] : []),
    ]),
  ] as const;
  for (const { compression, predictor } of layouts) {
    for (const tile of [false, true]) {
      for (const channels of [1, 3, 4] as const) {
        it(`${compression}, predictor ${predictor}, ${tile ? 'tiled' : 'stripped'}, ${channels} channel(s)`, async () => {
          // 70×45: not a multiple of the 16-pixel tiles, so edge tiles are cropped.
          let image = raw(70, 45, channels);
          if (channels === 3) image = image.removeAlpha();
          const tiff = await image
            .tiff({ compression, predictor, tile, tileWidth: 16, tileHeight: 16 } as never)
            .toBuffer();
          const ours = decodeTiffRgba(tiff);
          const theirs = await decode(tiff);
          expect([ours.width, ours.height]).toEqual([70, 45]);
          expect(Buffer.from(ours.data).equals(theirs.data)).toBe(true);
        });
      }
    }
  }

  it.each([1, 2, 4] as const)('%i-bit grey', async (bitdepth) => {
    const tiff = await raw(37, 11, 1).tiff({ bitdepth, compression: 'lzw' }).toBuffer();
    expect(Buffer.from(decodeTiffRgba(tiff).data).equals((await decode(tiff)).data)).toBe(true);
  });

  it('16-bit RGB, big strips: within rounding of libvips', async () => {
    const tiff = await raw(64, 40, 3)
      .removeAlpha()
      .toColourspace('rgb16')
      .tiff({ compression: 'deflate', predictor: 'horizontal' })
      .toBuffer();
    const ours = decodeTiffRgba(tiff);
    expect(
      meanDifference({ format: 'tiff', width: 64, height: 40, data: Buffer.from(ours.data) }, await decode(tiff)),
    ).toBeLessThan(1);
  });

  it('JPEG tiles', async () => {
    const tiff = await raw(70, 45, 3)
      .removeAlpha()
      .tiff({ compression: 'jpeg', quality: 95, tile: true, tileWidth: 32, tileHeight: 32 })
      .toBuffer();
    const ours = decodeTiffRgba(tiff);
    expect(
      meanDifference({ format: 'tiff', width: 70, height: 45, data: Buffer.from(ours.data) }, await decode(tiff)),
    ).toBeLessThan(1.5);
  });
});

describe('hostile TIFF structures are refused before their cost is paid', () => {
  const pixel = new Uint8Array([255, 0, 0]);

  it('a directory that points to itself (the 158-byte file that took 4 GB)', () => {
    const tiff = buildTiff([{ tags: rgbTags(1, 1), blocks: [pixel], next: 'self' }]);
    expect(tiff.length).toBeLessThan(160);
    expect(tiffRefusal(tiff)).toBe("'image' is not a readable TIFF image: its image directories form a loop.");
  });

  it('a loop through a later directory', () => {
    const tiff = buildTiff([
      { tags: rgbTags(1, 1), blocks: [pixel] },
      { tags: rgbTags(1, 1), blocks: [pixel], next: 0 },
    ]);
    expect(tiffRefusal(tiff)).toMatch(/form a loop/);
  });

  it(`a chain of 20,000 directories: the first image is decoded, only ${MAX_DIRECTORIES} directories are walked`, () => {
    const directories: Directory[] = Array.from({ length: 20_000 }, (_, i) =>
      i === 0 ? { tags: rgbTags(1, 1), blocks: [pixel] } : { tags: { 256: 1 } },
    );
    // A loop far down the chain is never reached.
    directories[19_999]!.next = 1;
    const image = decodeTiffRgba(buildTiff(directories));
    expect([image.width, image.height, ...image.data]).toEqual([1, 1, 255, 0, 0, 255]);
  });

  it('a 1×1 image whose Deflate strip inflates to 64 MiB', () => {
    // Streamed, so the test itself never holds 64 MiB either.
    const chunks: Uint8Array[] = [];
    const deflate = new Deflate({ level: 6 }, (chunk) => chunks.push(chunk));
    const zeros = new Uint8Array(1 << 20);
    for (let i = 0; i < 64; i++) deflate.push(zeros, i === 63);
    const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0) + 6);
    body.set([0x78, 0xda]);
    chunks.reduce((at, c) => (body.set(c, at), at + c.length), 2);
    const tiff = buildTiff([{ tags: rgbTags(1, 1, 8), blocks: [body] }]);
    expect(tiff.length).toBeLessThan(100_000);

    const before = process.memoryUsage().arrayBuffers;
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: strip 1 decompresses to more than the 1,027 bytes its 1×1 pixels can hold.",
    );
    // Loose: the refused strip's output was never kept (a retained inflate would be 64 MiB).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(32 * 1048576);
  });

  it('an LZW strip of repeated 3,839-byte codes (77 MB from 30 KB)', () => {
    const codes = [256, 0];
    for (let code = 258; code < 4096; code++) codes.push(code);
    for (let i = 0; i < 20_000; i++) codes.push(4095);
    codes.push(257);
    const tiff = buildTiff([{ tags: rgbTags(4, 4, 5), blocks: [lzwBits(codes)] }]);
    expect(tiffRefusal(tiff)).toMatch(
      /^'image' is not a readable TIFF image: strip 1 decompresses to more than the 1,072 bytes its 4×4 pixels can hold\.$/,
    );
  });

  it('a PackBits strip of 128-byte runs (64 MB from 1 MB)', () => {
    const runs = new Uint8Array(1 << 20);
    for (let i = 0; i < runs.length; i += 2) runs[i] = 0x81;
    expect(tiffRefusal(buildTiff([{ tags: rgbTags(2, 2, 32773), blocks: [runs] }]))).toMatch(
      /strip 1 decompresses to more than/,
    );
  });

  it('a strip that lies outside the file', () => {
    const tiff = buildTiff([{ tags: { ...rgbTags(1, 1), 273: 1_000_000, 279: 3 } }]);
    expect(tiffRefusal(tiff)).toMatch(
      /^'image' is not a readable TIFF image: strip 1 \(3 bytes at offset 1000000\) lies outside the \d+-byte file\.$/,
    );
  });

  it('a byte count past the end of the file', () => {
    const tiff = buildTiff([{ tags: { ...rgbTags(1, 1), 273: 8, 279: 3_000_000 } }]);
    expect(tiffRefusal(tiff)).toMatch(/strip 1 \(3,000,000 bytes at offset 8\) lies outside/);
  });

  it('tag values that lie outside the file', () => {
    const tiff = buildTiff([{ tags: rgbTags(1, 1), blocks: [pixel] }]);
    // BitsPerSample (3 SHORTs, stored after the directory): point its values past the end.
    const view = new DataView(tiff.buffer);
    const ifd = view.getUint32(4, true);
    for (let i = 0; i < view.getUint16(ifd, true); i++)
      if (view.getUint16(ifd + 2 + i * 12, true) === 258) view.setUint32(ifd + 2 + i * 12 + 8, 0xfffffff0, true);
    expect(tiffRefusal(tiff)).toBe("'image' is not a readable TIFF image: the values of tag 258 lie outside the file.");
  });

  it('fewer strips than the rows need', () => {
    const tiff = buildTiff([{ tags: { ...rgbTags(1, 10), 278: 1 }, blocks: [pixel] }]);
    expect(tiffRefusal(tiff)).toBe("'image' is not a readable TIFF image: it needs 10 strips but declares 1.");
  });

  it('a 1×1 image in one 65,536 × 65,536 tile', () => {
    const tiff = buildTiff([{ tags: { ...rgbTags(1, 1), 322: 65536, 323: 65536 }, blocks: [pixel], tiled: true }]);
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: its 65536×65536 tiles pad the 1×1 image to more than 16 MB.",
    );
  });

  it('more raw data than a 40-megapixel 16-bit RGBA image', () => {
    const tiff = buildTiff([{ tags: { ...rgbTags(8000, 5000), 258: [32, 32, 32, 32], 277: 4 }, blocks: [pixel] }]);
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: its 8000×5000 pixels at 128 bits each need 610 MB; the maximum is 305 MB.",
    );
  });

  it('a JPEG strip whose frame is larger than the strip', async () => {
    const jpeg = await raw(64, 64, 3).removeAlpha().jpeg().toBuffer();
    const tiff = buildTiff([{ tags: { ...rgbTags(1, 1, 7), 262: 6 }, blocks: [jpeg] }]);
    expect(tiffRefusal(tiff)).toBe(
      "'image' is not a readable TIFF image: the JPEG data of strip 1 is 64×64 pixels, larger than its 1×1.",
    );
  });

  it('JPEG strips with more scans than their pixels allow', async () => {
    // One scan repeated: a progressive decoder goes over the whole image once per scan.
    const small = buildTiff([{ tags: { ...rgbTags(8, 8, 7), 262: 6 }, blocks: [await jpegWithScans(8, 8, 1001)] }]);
    expect(tiffRefusal(small)).toBe(
      "'image' is not a readable TIFF image: the JPEG data of strip 1 has 1,001 scans; at most 1,000 are allowed.",
    );
    // 4000×4000 in 16 strips of 250 rows: 40 scans each would be 640 M scan-pixels (maxJpegScans).
    const strip = await jpegWithScans(4000, 250, 41);
    const large = buildTiff([
      { tags: { ...rgbTags(4000, 4000, 7), 262: 6, 278: 250 }, blocks: Array<Buffer>(16).fill(strip) },
    ]);
    expect(tiffRefusal(large)).toBe(
      "'image' is not a readable TIFF image: the JPEG data of strip 1 has 41 scans; at most 40 are allowed.",
    );
  });

  it('unsupported variants are named', () => {
    const planar = buildTiff([{ tags: { ...rgbTags(1, 1), 258: [1, 1, 1], 284: 2 }, blocks: [pixel, pixel, pixel] }]);
    expect(tiffRefusal(planar)).toBe(
      'TIFF images with separate colour planes (PlanarConfiguration 2) of 1-bit samples are not supported.',
    );
    const float = buildTiff([{ tags: { ...rgbTags(1, 1, 8), 317: 3 }, blocks: [zlibSync(pixel)] }]);
    expect(tiffRefusal(float)).toBe('TIFF predictor 3 with 8-bit samples is not supported.');
  });

  it('damaged compressed data is an ImageDataError, not a refusal', () => {
    const tiff = buildTiff([{ tags: rgbTags(1, 1, 5), blocks: [new Uint8Array([0xff, 0xff, 0xff, 0xff])] }]);
    expect(() => decodeTiffRgba(tiff)).toThrow(ImageDataError);
    expect(() => decodeTiffRgba(tiff)).not.toThrow(ImageRefusedError);
  });
});

/** TIFF LZW codes packed most significant bit first, widths growing as the decoder's do. */
function lzwBits(codes: number[]): Uint8Array {
  const out: number[] = [];
  let bits = 0;
  let count = 0;
  let width = 9;
  let next = 258;
  let afterClear = true;
  for (const code of codes) {
    bits = (bits << width) | code;
    count += width;
    while (count >= 8) {
      count -= 8;
      out.push((bits >>> count) & 255);
    }
    bits &= (1 << count) - 1;
    if (code === 256) {
      width = 9;
      next = 258;
      afterClear = true;
      continue;
    }
    if (!afterClear && next < 4096) next++;
    afterClear = false;
    if (next >= (1 << width) - 1 && width < 12) width++;
  }
  if (count > 0) out.push((bits << (8 - count)) & 255);
  return new Uint8Array(out);
}
