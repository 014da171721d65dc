// TIFF: the structure read and checked by tiff-layout.ts, the strips or tiles decompressed by
// our bounded decompressors (tiff-blocks.ts) into a buffer of exactly the declared size, then
// converted to RGBA by tiff-pixels.ts; JPEG strips and tiles, once checked to be no larger than
// their block, are decoded one by one by utif2's JPEG decoder (pdf.js's). Encoded by our own
// small writer: RGB(A) 8-bit, Deflate (libdeflate in WASM, zlib-deflate.ts) with the horizontal
// predictor, alpha marked unassociated (t338 = 2), which utif2's own writer gets wrong.
import UTIF from 'utif2';
import type { Bitmap } from '../types';
import { ImageDataError, ImageRefusedError } from '../types';
import type { AssetLoader } from '../assets';
import { jpegProcess, jpegStructure, maxJpegScans } from './jpeg-markers';
import { BlockDamaged, BlockOverflow, DECOMPRESSORS } from './tiff-blocks';
import { upsampleYcbcr } from './tiff-colour';
import { blockName, damaged, readTiffLayout, thousands, type TiffLayout } from './tiff-layout';
import { tiffToCmyk, tiffToRgba, type RawSamples } from './tiff-pixels';
import type { CmykImage } from '../../lib/images/cmyk';
import { zlibDeflater, type ZlibCompressor } from './zlib-deflate';

/** RGBA, or CMYK as stored, which the colour stage converts (through the file's profile, if any). */
export function decodeTiff(bytes: Uint8Array): Bitmap | CmykImage {
  const layout = readTiffLayout(bytes);
  const { width, height } = layout;
  try {
    const raw: RawSamples =
      layout.compression === 7
        ? decodeJpegBlocks(bytes, layout)
        : {
            data: layout.planes > 1 ? decodePlanes(bytes, layout) : decodeBlocks(bytes, layout),
            width,
            height,
            rowBytes: layout.rowBytes,
            bitsPerSample: layout.bitsPerSample,
            samplesPerPixel: layout.samplesPerPixel,
            colour: layout.colour,
          };
    return raw.colour.photometric === 5 ? tiffToCmyk(raw) : { width, height, data: tiffToRgba(raw) };
  } catch (error) {
    if (error instanceof ImageDataError) throw error;
    throw new ImageDataError(`TIFF decoder: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Separate planes, each decoded as a one-sample image, interleaved into one raw image. */
function decodePlanes(bytes: Uint8Array, layout: TiffLayout): Uint8Array {
  const { blocks, width, height, planes } = layout;
  const sampleBytes = layout.bitsPerSample / 8;
  const perPlane = blocks.offsets.length / planes;
  const raw = new Uint8Array(layout.rowBytes * height);
  for (let p = 0; p < planes; p++) {
    const range = (list: number[]) => list.slice(p * perPlane, (p + 1) * perPlane);
    const plane = decodeBlocks(bytes, {
      ...layout,
      samplesPerPixel: 1,
      planes: 1,
      rowBytes: width * sampleBytes,
      blocks: { ...blocks, offsets: range(blocks.offsets), counts: range(blocks.counts) },
    });
    for (let i = 0, o = p * sampleBytes; i < plane.length; i += sampleBytes, o += planes * sampleBytes) {
      for (let b = 0; b < sampleBytes; b++) raw[o + b] = plane[i + b]!;
    }
  }
  return raw;
}

/** Each byte with its bits in reverse order: FillOrder 2 data is read through it. */
const REVERSED_BITS = Uint8Array.from({ length: 256 }, (_, b) => {
  let r = 0;
  for (let bit = 0; bit < 8; bit++) if (b & (1 << bit)) r |= 0x80 >> bit;
  return r;
});

/** Every strip or tile into one raw image of `rowBytes × height` bytes. */
function decodeBlocks(bytes: Uint8Array, layout: TiffLayout): Uint8Array {
  const { blocks, width, height, rowBytes } = layout;
  const raw = new Uint8Array(rowBytes * height);
  const decompress = DECOMPRESSORS[layout.compression]!;
  // A last strip may be padded to full height; beyond that, one more row (or 1 KB) of slack
  // for writers that emit a little trailing data. More than that is refused.
  const limit = blocks.bytes + Math.max(blocks.rowBytes, 1024);
  const tile = blocks.tiled ? new Uint8Array(blocks.bytes) : undefined;
  // Subsampled YCbCr is stored in data units of h×v pixels: each block is spread out to one
  // Y, Cb, Cr triple a pixel before it takes its place.
  const [h, v] = layout.colour.ycbcr?.subsampling ?? [1, 1];
  const units = h * v > 1 ? new Uint8Array(blocks.bytes) : undefined;
  const bytesPerPixel = (layout.bitsPerSample * layout.samplesPerPixel) / 8;
  for (let i = 0; i < blocks.offsets.length; i++) {
    const stored = bytes.subarray(blocks.offsets[i], blocks.offsets[i]! + blocks.counts[i]!);
    const src = layout.fillOrder === 2 ? stored.map((b) => REVERSED_BITS[b]!) : stored;
    const x = (i % blocks.across) * blocks.width;
    const y = Math.floor(i / blocks.across) * blocks.height;
    const rows = Math.min(blocks.height, height - y);
    const out = tile ?? raw.subarray(y * rowBytes, (y + rows) * rowBytes);
    tile?.fill(0);
    units?.fill(0);
    let held: number;
    try {
      held = decompress(src, units ?? out, limit);
    } catch (error) {
      if (error instanceof BlockOverflow) {
        throw new ImageRefusedError(
          `'image' is not a readable TIFF image: ${blockName(blocks, i)} decompresses to more than the ${thousands(limit)} bytes its ${blocks.width}×${blocks.height} pixels can hold.`,
        );
      }
      if (error instanceof BlockDamaged) throw damaged(blocks, i, error.message);
      throw error;
    }
    // Every pixel comes from the data, or the file is refused (libtiff too fails a short block).
    const blockRows = tile ? blocks.height : rows;
    const needed = units
      ? Math.ceil(blocks.width / h) * Math.ceil(blockRows / v) * (h * v + 2)
      : blockRows * blocks.rowBytes;
    if (held < needed) {
      throw new ImageRefusedError(
        `'image' is not a readable TIFF image: ${blockName(blocks, i)} holds ${thousands(held)} of the ${thousands(needed)} bytes its pixels need (the file is truncated or damaged).`,
      );
    }
    if (units) upsampleYcbcr(units, blocks.width, tile ? blocks.height : rows, h, v, out, blocks.rowBytes);
    if (!tile) continue;
    normaliseRows(tile, blocks.height, blocks.rowBytes, blocks.width, layout);
    // The tile's visible part into the image (tile widths are whole bytes: tiff-layout.ts).
    const visible = Math.ceil(Math.min(blocks.width, width - x) * bytesPerPixel);
    const left = x * bytesPerPixel;
    for (let r = 0; r < rows; r++)
      raw.set(tile.subarray(r * blocks.rowBytes, r * blocks.rowBytes + visible), (y + r) * rowBytes + left);
  }
  if (!tile) normaliseRows(raw, height, rowBytes, width, layout);
  return raw;
}

/**
 * Decompressed rows as tiff-pixels.ts reads them: big-endian 16- and 32-bit samples to
 * little-endian, then the horizontal differencing of predictor 2 undone (tiff-layout.ts allows
 * it on 8 and 16 bits).
 */
function normaliseRows(data: Uint8Array, rows: number, rowBytes: number, pixels: number, layout: TiffLayout): void {
  const { bitsPerSample, samplesPerPixel: spp } = layout;
  if (bitsPerSample === 16 && !layout.littleEndian) {
    for (let i = 0; i + 1 < rows * rowBytes; i += 2) {
      const t = data[i]!;
      data[i] = data[i + 1]!;
      data[i + 1] = t;
    }
  }
  if (bitsPerSample === 32 && !layout.littleEndian) {
    for (let i = 0; i + 3 < rows * rowBytes; i += 4) {
      const a = data[i]!,
        b = data[i + 1]!;
      data[i] = data[i + 3]!;
      data[i + 1] = data[i + 2]!;
      data[i + 2] = b;
      data[i + 3] = a;
    }
  }
  if (layout.predictor !== 2) return;
  const samples = pixels * spp;
  for (let y = 0; y < rows; y++) {
    const row = y * rowBytes;
    if (bitsPerSample === 8) {
      for (let j = row + spp; j < row + samples; j++) data[j] = data[j]! + data[j - spp]!;
    } else {
      for (let j = spp; j < samples; j++) {
        const a = row + 2 * j;
        const b = a - 2 * spp;
        const v = data[a]! + data[b]! + ((data[a + 1]! + data[b + 1]!) << 8);
        data[a] = v;
        data[a + 1] = v >> 8;
      }
    }
  }
}

/** Adobe's APP14 segment with transform 0: "the components are not YCbCr", so no conversion. */
const ADOBE_NO_TRANSFORM = [0xff, 0xee, 0, 14, 0x41, 0x64, 0x6f, 0x62, 0x65, 0, 100, 0, 0, 0, 0, 0];

/**
 * One JPEG stream for a strip or tile: JPEGTables (without their end marker) before the block's
 * data (without its start marker). For RGB photometric the samples are RGB, not YCbCr (libtiff
 * tells libjpeg so through JPEGCOLORMODE): an Adobe marker saying so goes in first, so the
 * decoder does not convert them as YCbCr (a strip's own Adobe marker, later, still rules).
 */
function jpegStream(tables: Uint8Array | undefined, block: Uint8Array, rgb: boolean): Uint8Array {
  const parts: ArrayLike<number>[] = [[0xff, 0xd8]];
  if (rgb) parts.push(ADOBE_NO_TRANSFORM);
  const body = (b: Uint8Array) => b.subarray(b[0] === 0xff && b[1] === 0xd8 ? 2 : 0);
  if (tables) {
    let end = tables.length;
    if (end >= 2 && tables[end - 2] === 0xff && tables[end - 1] === 0xd9) end -= 2;
    parts.push(body(tables.subarray(0, end)));
  }
  parts.push(body(block));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

interface JpegParser {
  width: number;
  height: number;
  parse(data: Uint8Array): void;
  getData(options: {
    width: number;
    height: number;
    forceRGB: boolean;
    isSourcePDF: boolean;
  }): Uint8Array | Uint8ClampedArray;
}
const JpegDecoder = (UTIF as unknown as { JpegDecoder: new () => JpegParser }).JpegDecoder;

/**
 * JPEG strips or tiles (compression 7), each decoded on its own into 8-bit samples, once its
 * frame header is checked: no larger than its block (the decoder allocates what it says), a
 * process the decoder has (baseline, extended or progressive Huffman), a bounded number of scans.
 */
function decodeJpegBlocks(bytes: Uint8Array, layout: TiffLayout): RawSamples {
  const { blocks, width, height, colour } = layout;
  const tables = layout.jpegTables;
  const tableFrame = tables && jpegStructure(tables).frame;
  // Every strip may have this many: all together they make that many passes over the image.
  const maxScans = maxJpegScans(blocks.width * blocks.height * blocks.offsets.length);
  const refuse = (i: number, reason: string): never => {
    throw new ImageRefusedError(
      `'image' is not a readable TIFF image: the JPEG data of ${blockName(blocks, i)} ${reason}.`,
    );
  };
  for (let i = 0; i < blocks.offsets.length; i++) {
    const strip = jpegStructure(bytes.subarray(blocks.offsets[i], blocks.offsets[i]! + blocks.counts[i]!));
    const frame = strip.frame ?? tableFrame;
    if (!frame) throw damaged(blocks, i, 'JPEG data without a frame header');
    if (frame.width > blocks.width || frame.height > blocks.height)
      refuse(i, `is ${frame.width}×${frame.height} pixels, larger than its ${blocks.width}×${blocks.height}`);
    const process = jpegProcess(frame);
    if (process) throw new ImageRefusedError(`TIFF images compressed with ${process} are not supported.`);
    if (frame.components !== layout.samplesPerPixel)
      refuse(i, `has ${frame.components} components; the image has ${layout.samplesPerPixel} samples per pixel`);
    if (strip.scans > maxScans)
      refuse(i, `has ${thousands(strip.scans)} scans; at most ${thousands(maxScans)} are allowed`);
  }
  const spp = layout.samplesPerPixel;
  const rowBytes = width * spp;
  const data = new Uint8Array(rowBytes * height);
  const rgb = colour.photometric === 2;
  for (let i = 0; i < blocks.offsets.length; i++) {
    const parser = new JpegDecoder();
    try {
      parser.parse(jpegStream(tables, bytes.subarray(blocks.offsets[i], blocks.offsets[i]! + blocks.counts[i]!), rgb));
    } catch (error) {
      throw damaged(blocks, i, `JPEG data: ${error instanceof Error ? error.message : String(error)}`);
    }
    // isSourcePDF: CMYK as stored; otherwise the decoder inverts it (Adobe's JPEG habit, not TIFF's).
    const samples = parser.getData({ width: parser.width, height: parser.height, forceRGB: false, isSourcePDF: true });
    if (samples.length !== parser.width * parser.height * spp)
      throw damaged(
        blocks,
        i,
        `JPEG data decodes to ${samples.length} samples, not ${parser.width}×${parser.height}×${spp}`,
      );
    const x = (i % blocks.across) * blocks.width;
    const y = Math.floor(i / blocks.across) * blocks.height;
    // The block's visible part, which the frame must cover: every pixel comes from the data.
    const columns = Math.min(blocks.width, width - x);
    const rows = Math.min(blocks.height, height - y);
    if (parser.width < columns || parser.height < rows)
      refuse(i, `is ${parser.width}×${parser.height} pixels, too small to fill its ${blocks.width}×${blocks.height}`);
    for (let r = 0; r < rows; r++)
      data.set(
        samples.subarray(r * parser.width * spp, (r * parser.width + columns) * spp),
        (y + r) * rowBytes + x * spp,
      );
  }
  // The decoder has turned YCbCr into RGB; RGB and grey came out as they were.
  const photometric = colour.photometric === 6 ? 2 : colour.photometric;
  return { data, width, height, rowBytes, bitsPerSample: 8, samplesPerPixel: spp, colour: { ...colour, photometric } };
}

/** Rows per strip are chosen so that a strip holds about this many bytes. */
const STRIP_BYTES = 256 * 1024;

/** The TIFF writer with its Deflate, loaded on first use; its WASM buffers are freed after each image. */
export function tiffEncoder(assets: AssetLoader): (image: Bitmap) => Promise<Uint8Array> {
  const deflater = zlibDeflater(assets);
  return async (image) => {
    const compressor = (await deflater())();
    try {
      return encodeTiff(image, compressor);
    } finally {
      compressor.release();
    }
  };
}

export function encodeTiff(image: Bitmap, compressor: ZlibCompressor): Uint8Array {
  const { width, height } = image;
  // A plain Uint8Array view whatever the caller passed (Buffer, a subarray…): one element kind
  // keeps the row loop monomorphic.
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 4);
  let opaque = true;
  for (let i = 3; i < data.length; i += 4)
    if (data[i] !== 255) {
      opaque = false;
      break;
    }
  const samples = opaque ? 3 : 4;
  const rowBytes = width * samples;
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / rowBytes)));

  const strips: Uint8Array[] = [];
  const buffer = new Uint8Array(rowsPerStrip * rowBytes); // reused: the compressor returns a copy
  for (let top = 0; top < height; top += rowsPerStrip) {
    const rows = Math.min(rowsPerStrip, height - top);
    const strip = buffer.subarray(0, rows * rowBytes);
    for (let y = 0; y < rows; y++) differenceRow(data, (top + y) * width * 4, width, strip, y * rowBytes, samples);
    // Strip by strip (~256 KB each): the WASM heap holds one strip and its output at a time.
    strips.push(compressor.compress(strip));
  }

  const entries: [tag: number, type: number, values: number[]][] = [
    [256, LONG, [width]],
    [257, LONG, [height]],
    [258, SHORT, Array(samples).fill(8)],
    [259, SHORT, [8]], // Adobe Deflate
    [262, SHORT, [2]], // RGB
    [273, LONG, []], // StripOffsets, filled in below
    [277, SHORT, [samples]],
    [278, LONG, [rowsPerStrip]],
    [279, LONG, strips.map((strip) => strip.length)],
    [284, SHORT, [1]], // chunky
    [317, SHORT, [2]], // horizontal differencing
  ];
  if (samples === 4) entries.push([338, SHORT, [2]]); // unassociated alpha

  let offset = 8;
  const stripOffsets = strips.map((strip) => {
    const at = offset;
    offset += strip.length;
    return at;
  });
  entries[5]![2] = stripOffsets;
  offset += offset & 1; // the IFD starts on a word boundary
  const ifdOffset = offset;
  const ifdSize = 2 + entries.length * 12 + 4;
  // Values longer than 4 bytes live after the IFD.
  let extra = ifdOffset + ifdSize;
  const extraAt = entries.map(([, type, values]) => {
    const size = values.length * (type === LONG ? 4 : 2);
    if (size <= 4) return -1;
    const at = extra;
    extra += size + (size & 1);
    return at;
  });

  const out = new Uint8Array(extra);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, ifdOffset, true);
  for (const [i, strip] of strips.entries()) out.set(strip, stripOffsets[i]!);
  view.setUint16(ifdOffset, entries.length, true);
  entries.forEach(([tag, type, values], i) => {
    const at = ifdOffset + 2 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, values.length, true);
    let target = extraAt[i]! >= 0 ? extraAt[i]! : at + 8;
    if (extraAt[i]! >= 0) view.setUint32(at + 8, target, true);
    for (const value of values) {
      if (type === LONG) view.setUint32(target, value, true);
      else view.setUint16(target, value, true);
      target += type === LONG ? 4 : 2;
    }
  });
  view.setUint32(ifdOffset + 2 + entries.length * 12, 0, true); // no next IFD
  return out;
}

/**
 * One row of RGBA pixels from byte `from` as TIFF predictor 2 stores it, per sample: the first pixel
 * as is, then each sample minus the same sample of the pixel before, modulo 256. One pass with
 * the previous pixel in registers, rather than a copy and then a second, differencing pass.
 */
function differenceRow(
  data: Uint8Array,
  from: number,
  width: number,
  out: Uint8Array,
  at: number,
  samples: number,
): void {
  let r = 0,
    g = 0,
    b = 0,
    a = 0;
  let o = at;
  for (let i = from, end = from + width * 4; i < end; i += 4) {
    const pr = data[i]!,
      pg = data[i + 1]!,
      pb = data[i + 2]!;
    out[o] = pr - r;
    out[o + 1] = pg - g;
    out[o + 2] = pb - b;
    r = pr;
    g = pg;
    b = pb;
    if (samples === 4) {
      const pa = data[i + 3]!;
      out[o + 3] = pa - a;
      a = pa;
    }
    o += samples;
  }
}

const SHORT = 3;
const LONG = 4;
