// The Node image platform's codecs against sharp (libvips) as the independent decoder and
// encoder: lossless formats pixel for pixel, our JPEG (libjpeg-turbo in WASM) and TIFF writers read back by libvips.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decode, fixture, meanDifference, photo as photoImage } from '../../tests/support/image-fixtures';
import { nodeImages } from './node';
import { ImageDataError, ImageRefusedError, type Bitmap } from './types';

const photo = (width: number, height: number, alpha = false): Bitmap => photoImage(width, height, { alpha });
const asSharp = (image: Bitmap) =>
  sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 4 } });
const rawOf = async (image: Bitmap) => decode(await asSharp(image).png().toBuffer());
const encodeJpeg = (image: Bitmap, quality: number) => nodeImages.encode(image, 'jpeg', { quality });

describe('decoders agree with libvips', () => {
  it.each([
    'quadrants.png',
    'alpha.png',
    'quadrants.webp',
    'alpha.webp',
    'quadrants.tiff',
    'quadrants-deflate.tiff',
    'alpha.tiff',
    'quadrants.gif',
    'alpha.gif',
  ])('%s: identical pixels', async (name) => {
    const format = name.slice(name.lastIndexOf('.') + 1) as 'png';
    const ours = await nodeImages.decode(fixture(name), format);
    const theirs = await decode(fixture(name));
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    // Fully transparent pixels may carry any colour: compare alpha there, everything elsewhere.
    for (let i = 0; i < theirs.data.length; i += 4) {
      if (theirs.data[i + 3] === 0) expect(ours.data[i + 3]).toBe(0);
      else expect([...ours.data.subarray(i, i + 4)], `${name} byte ${i}`).toEqual([...theirs.data.subarray(i, i + 4)]);
    }
  });

  it.each(['quadrants.jpeg', 'quadrants.avif', 'alpha.avif', 'quadrants-jpeg.tiff'])(
    '%s: within rounding of libvips',
    async (name) => {
      const format = (name.endsWith('jpeg.tiff') ? 'tiff' : name.slice(name.lastIndexOf('.') + 1)) as 'jpeg';
      const ours = await nodeImages.decode(fixture(name), format);
      expect(
        meanDifference(
          { format, width: ours.width, height: ours.height, data: Buffer.from(ours.data) },
          await decode(fixture(name)),
        ),
      ).toBeLessThan(1.5);
    },
  );

  it('a photo-sized JPEG from libvips', async () => {
    const image = photo(640, 480);
    const jpeg = await asSharp(image).jpeg({ quality: 90 }).toBuffer();
    const ours = await nodeImages.decode(jpeg, 'jpeg');
    expect(
      meanDifference({ format: 'jpeg', width: 640, height: 480, data: Buffer.from(ours.data) }, await decode(jpeg)),
    ).toBeLessThan(1);
  });

  it('garbage is an ImageDataError, and the codec still works afterwards', async () => {
    for (const format of ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif'] as const) {
      const bytes = fixture(`quadrants.${format}`);
      const broken = new Uint8Array(bytes);
      broken.fill(0x55, Math.min(40, bytes.length >> 1));
      // Some decoders fill damaged data with grey (libjpeg); none may fail any other way.
      const outcome = await nodeImages.decode(broken.subarray(0, Math.max(60, bytes.length >> 1)), format).then(
        () => 'decoded',
        (error: unknown) => error,
      );
      expect(outcome === 'decoded' || outcome instanceof ImageDataError, `${format}: ${String(outcome)}`).toBe(true);
      expect((await nodeImages.decode(bytes, format)).width, format).toBe(40);
    }
  });
});

/** Every DHT segment's tables in a JPEG file, in order, up to the first scan. */
function huffmanTables(file: Buffer) {
  const tables: { cls: number; bits: number[]; symbols: number[] }[] = [];
  for (let at = 2; at < file.length;) {
    const marker = file[at + 1]!;
    const length = file.readUInt16BE(at + 2);
    if (marker === 0xc4) {
      for (let p = at + 4; p < at + 2 + length;) {
        const bits = [...file.subarray(p + 1, p + 17)];
        const count = bits.reduce((a, b) => a + b, 0);
        tables.push({ cls: file[p]!, bits, symbols: [...file.subarray(p + 17, p + 17 + count)] });
        p += 17 + count;
      }
    }
    if (marker === 0xda) break;
    at += 2 + length;
  }
  return tables;
}

describe('our JPEG encoder', () => {
  it('writes the standard Huffman tables, as libjpeg does without optimised coding', async () => {
    const image = photo(64, 64);
    const reference = await asSharp(image).jpeg({ quality: 80, optimiseCoding: false }).toBuffer();
    const ours = Buffer.from(await encodeJpeg(image, 80));
    expect(huffmanTables(ours)).toEqual(huffmanTables(reference));
    expect(huffmanTables(ours).map((table) => table.cls)).toEqual([0x00, 0x10, 0x01, 0x11]);
  });

  it.each([[1], [25], [50], [80], [95], [100]])(
    'quality %i: libvips reads it, as close to the source as libjpeg-turbo',
    async (quality) => {
      const image = photo(250, 130); // not a multiple of the 16-pixel MCU
      const ours = await encodeJpeg(image, quality);
      const decoded = await decode(Buffer.from(ours));
      const meta = await sharp(Buffer.from(ours)).metadata();
      expect([meta.format, meta.width, meta.height, meta.chromaSubsampling, meta.isProgressive]).toEqual([
        'jpeg',
        250,
        130,
        '4:2:0',
        false,
      ]);
      const source = await rawOf(image);
      const libjpeg = await decode(await asSharp(image).jpeg({ quality, chromaSubsampling: '4:2:0' }).toBuffer());
      expect(meanDifference(decoded, source)).toBeLessThanOrEqual(meanDifference(libjpeg, source) * 1.1 + 0.2);
    },
  );

  it('1×1 and very wide images', async () => {
    for (const [width, height] of [
      [1, 1],
      [2000, 3],
      [3, 40],
    ] as const) {
      const meta = await sharp(Buffer.from(await encodeJpeg(photo(width, height), 85))).metadata();
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it.each([
    [20, 50],
    [80, 80],
    [255, 100],
  ])(
    'noise ±%i, hard edges, quality %i: decodes like libjpeg-turbo’s file with the same tables, at about its size',
    async (amount, quality) => {
      // Busy blocks give long runs of large coefficients, long codes and many 0xFF bytes in the
      // coded data, each of which must be followed by a stuffed 0x00.
      const [width, height] = [203, 157];
      let seed = 11;
      const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296;
      const image: Bitmap = { width, height, data: new Uint8Array(width * height * 4) };
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const i = (y * width + x) * 4;
          const edge = ((x >> 3) + (y >> 3)) % 5 === 0 ? 120 : 0;
          for (let c = 0; c < 3; c++)
            image.data[i + c] = Math.max(
              0,
              Math.min(255, 60 + edge + (100 * ((x * (c + 1)) % width)) / width + (random() - 0.5) * amount),
            );
          image.data[i + 3] = 255;
        }
      }
      const ours = Buffer.from(await encodeJpeg(image, quality));
      const libjpeg = await asSharp(image)
        .jpeg({ quality, chromaSubsampling: '4:2:0', optimiseCoding: false })
        .toBuffer();
      // Same library, quantisation and Huffman tables (sharp's libjpeg may be MozJPEG with its own defaults).
      expect(meanDifference(await decode(ours), await decode(libjpeg))).toBeLessThan(1.5);
      expect(Math.abs(ours.length / libjpeg.length - 1)).toBeLessThan(0.03);
      expect(ours.indexOf(Buffer.from([0xff, 0x00]))).toBeGreaterThan(0);
    },
  );

  it.each([[1], [50], [80], [95], [100]])(
    'quality %i: the coded scan is byte for byte libjpeg-turbo’s (sharp without optimised coding)',
    async (quality) => {
      // The same library at the same settings (islow DCT, 4:2:0, standard tables): our SIMD steps
      // must not change a bit. Only the headers before the scan may differ.
      for (const image of [photo(203, 157), photo(1, 1), photo(17, 9)]) {
        const ours = Buffer.from(await encodeJpeg(image, quality));
        const libjpeg = await asSharp(image)
          .removeAlpha()
          .jpeg({ quality, chromaSubsampling: '4:2:0', optimiseCoding: false })
          .toBuffer();
        const scan = (file: Buffer) => file.subarray(file.indexOf(Buffer.from([0xff, 0xda])));
        expect(scan(ours).equals(scan(libjpeg)), `${image.width}×${image.height}`).toBe(true);
      }
    },
  );

  it('pixels in a view at an odd offset of a larger buffer (a Buffer from the pool)', async () => {
    const image = photo(48, 40);
    const backing = Buffer.alloc(image.data.length + 7, 0x55);
    backing.set(image.data, 3);
    const ours = await encodeJpeg({ width: 48, height: 40, data: backing.subarray(3, 3 + image.data.length) }, 90);
    expect(meanDifference(await decode(Buffer.from(ours)), await rawOf(image))).toBeLessThan(3);
  });
});

describe('encoder limits', () => {
  it('WebP refuses 16,384 pixels per side (its maximum is 16,383) as an ImageRefusedError, not a crash', async () => {
    const wide: Bitmap = { width: 16384, height: 1, data: new Uint8Array(16384 * 4) };
    await expect(nodeImages.encode(wide, 'webp', { quality: 80 })).rejects.toThrow(ImageRefusedError);
    await expect(nodeImages.encode(wide, 'webp', { quality: 80 })).rejects.toThrow(
      'WebP images can be at most 16,383 pixels per side; the output would be 16384×1.',
    );
  });
});

describe('encoders round-trip through libvips', () => {
  it('TIFF: lossless, alpha unassociated', async () => {
    for (const alpha of [false, true]) {
      const image = photo(101, 37, alpha);
      const tiff = await nodeImages.encode(image, 'tiff', { quality: 80 });
      const meta = await sharp(Buffer.from(tiff)).metadata();
      expect([meta.format, meta.hasAlpha]).toEqual(['tiff', alpha]);
      const ifd = Buffer.from(tiff).readUInt32LE(4);
      expect(Buffer.from(tiff).readUInt16LE(ifd + 2 + 3 * 12 + 8), 'Compression tag: Deflate').toBe(8);
      expect((await decode(Buffer.from(tiff))).data.equals((await rawOf(image)).data)).toBe(true);
    }
  });

  it('PNG and lossless formats keep every pixel', async () => {
    const image = photo(64, 48, true);
    expect(
      (await decode(Buffer.from(await nodeImages.encode(image, 'png', { quality: 80 })))).data.equals(
        (await rawOf(image)).data,
      ),
    ).toBe(true);
  });

  it('GIF: at most 256 colours, close to the source', async () => {
    const image = photo(64, 48);
    const gif = await decode(Buffer.from(await nodeImages.encode(image, 'gif', { quality: 80 })));
    const colours = new Set<number>();
    for (let i = 0; i < gif.data.length; i += 4) colours.add(gif.data.readUInt32LE(i));
    expect(colours.size).toBeLessThanOrEqual(256);
    expect(meanDifference(gif, await rawOf(image))).toBeLessThan(8);
  });

  it('WebP and AVIF at quality 80 stay close to the source', async () => {
    const image = photo(96, 64, true);
    for (const format of ['webp', 'avif'] as const) {
      const decoded = await decode(Buffer.from(await nodeImages.encode(image, format, { quality: 80 })));
      expect(meanDifference(decoded, await rawOf(image)), format).toBeLessThan(6);
    }
  });
});

describe('SVG', () => {
  it('renders at the stated size with straight (not premultiplied) alpha', async () => {
    const rendered = await nodeImages.renderSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="#ff8000" fill-opacity="0.5"/></svg>',
    );
    expect([rendered.width, rendered.height]).toEqual([4, 2]);
    expect([...rendered.data.subarray(0, 4)]).toEqual([255, 128, 0, 128]);
  });

  it('markup it cannot parse is an ImageDataError', async () => {
    await expect(nodeImages.renderSvg('<svg')).rejects.toBeInstanceOf(ImageDataError);
  });
});
