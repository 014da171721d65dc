// A TIFF file's structure, read and checked before any pixel is decoded: the directory chain
// (walked once, a loop refused), the first image's directory (the only one decoded) and where
// its strips or tiles lie. utif2's own reader follows every directory, sub-directory and maker
// note without loop detection and trusts every count (a 158-byte file whose directory points
// to itself took the server from 1.8 to 5.8 GB), so it is never called. Every size below follows from the declared width and height, which
// the tools have already held to their limits (src/lib/images/limits.ts).
import { groupThousands } from '../../lib/digits';
import { compressionName } from '../../lib/images/tiff-compressions';
import { ImageDataError, ImageRefusedError } from '../types';

/** Directories walked: the first is decoded, the others are only checked for a loop. */
export const MAX_DIRECTORIES = 64;
/** Raw bytes of the first image before conversion to RGBA: 40 MP at 64 bits per pixel. */
export const MAX_RAW_BYTES = 40_000_000 * 8;
/** Tiles may pad the image, within this many bytes or 4× the image, whichever is more. */
const MIN_TILE_ALLOWANCE = 16 * 1048576;
/** JPEGTables are copied in front of every JPEG strip or tile; real tables are under 1 KB. */
export const MAX_JPEG_TABLES = 65536;

/** Compression types decoded (tiff.ts); src/lib/images/probe.ts names them to the user. */
export const COMPRESSIONS = new Set([1, 5, 7, 8, 32773, 32946]);

export interface TiffBlocks {
  tiled: boolean;
  /** Size in pixels of one strip (as wide as the image) or tile. */
  width: number;
  height: number;
  across: number;
  down: number;
  /** Bytes of one row of a block, and of a whole block. */
  rowBytes: number;
  bytes: number;
  /** Every block of the first plane, then of the next (PlanarConfiguration 2). */
  offsets: number[];
  counts: number[];
}

export interface TiffLayout {
  littleEndian: boolean;
  width: number;
  height: number;
  compression: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  predictor: number;
  /** FillOrder (tag 266): 2 when the bits of every stored byte run least significant first. */
  fillOrder: number;
  /** 1, or the samples per pixel when each sample has its own strips or tiles (PlanarConfiguration 2). */
  planes: number;
  /** Bytes of one row of the whole image: `rowBytes × height` is the raw image. */
  rowBytes: number;
  blocks: TiffBlocks;
  /** How the samples are to be read as colour (tiff-pixels.ts converts them to RGBA). */
  colour: TiffColour;
  /** JPEGTables (tag 347), put in front of every JPEG strip or tile. */
  jpegTables?: Uint8Array;
}

/** PhotometricInterpretation values read, as TIFF 6.0 and its supplements name them. */
export const PHOTOMETRICS: Record<number, string> = {
  0: 'WhiteIsZero',
  1: 'BlackIsZero',
  2: 'RGB',
  3: 'palette',
  4: 'transparency mask',
  5: 'CMYK (separated)',
  6: 'YCbCr',
  8: 'CIELab',
  9: 'ICC Lab',
  10: 'ITU Lab',
  32844: 'LogL',
  32845: 'LogLuv',
  34892: 'LinearRaw',
};

/** Colour samples per pixel of each PhotometricInterpretation decoded; the rest are extra samples. */
export const COLOUR_SAMPLES: Record<number, number> = { 0: 1, 1: 1, 2: 3, 3: 1, 5: 4, 6: 3, 8: 3, 9: 3 };

export interface TiffColour {
  photometric: number;
  /** 1 unsigned integer, 2 signed integer, 3 IEEE float (SampleFormat, tag 339). */
  sampleFormat: number;
  /** ExtraSamples (tag 338) of the first extra sample: 0 unspecified, 1 associated alpha, 2 unassociated. */
  alpha?: number;
  /** ColorMap (tag 320): 2^bits red values, then green, then blue, 16 bits each. */
  colourMap?: number[];
  /** YCbCrCoefficients (529), YCbCrSubSampling (530) and ReferenceBlackWhite (532). */
  ycbcr?: { coefficients: number[]; subsampling: [number, number]; reference: number[] };
}

const fail = (reason: string): never => {
  throw new ImageRefusedError(`'image' is not a readable TIFF image: ${reason}.`);
};

class Reader {
  readonly little: boolean;
  constructor(readonly bytes: Uint8Array) {
    this.little = bytes[0] === 0x49;
  }
  inside(at: number, length: number): boolean {
    return at >= 0 && length >= 0 && at + length <= this.bytes.length;
  }
  u16(at: number): number {
    const b = this.bytes;
    return this.little ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
  }
  u32(at: number): number {
    const b = this.bytes;
    return (
      (this.little
        ? b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)
        : (b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
    );
  }
}

/** The first directory's offset, after walking the chain: a loop is refused, the rest ignored. */
function firstDirectory(r: Reader): number {
  if (!r.inside(0, 8)) fail('the header ends early');
  const first = r.u32(4);
  const seen = new Set<number>();
  for (let at = first, n = 0; at !== 0 && n < MAX_DIRECTORIES; n++) {
    if (seen.has(at)) fail('its image directories form a loop');
    seen.add(at);
    const complete = r.inside(at, 2) && r.inside(at, 2 + r.u16(at) * 12 + 4);
    if (!complete) {
      if (n === 0) fail('the first image directory lies outside the file');
      break; // a later directory is never read; libtiff too stops at a bad link
    }
    at = r.u32(at + 2 + r.u16(at) * 12);
  }
  return first;
}

/** BYTE, SHORT, LONG, RATIONAL (read as its quotient), UNDEFINED. */
const TYPE_SIZES: Record<number, number> = { 1: 1, 3: 2, 4: 4, 5: 8, 7: 1 };
/** Tags read: the layout's and those that say how samples become colours. */
const WANTED = new Set([
  256, 257, 258, 259, 262, 266, 273, 277, 278, 279, 284, 317, 320, 322, 323, 324, 325, 332, 334, 338, 339, 347, 529,
  530, 532,
]);

/** The first directory's wanted tags; values must lie inside the file. The last copy of a tag wins. */
function readDirectory(r: Reader, at: number): Map<number, number[] | Uint8Array> {
  const tags = new Map<number, number[] | Uint8Array>();
  const count = r.u16(at);
  for (let i = 0; i < count; i++) {
    const entry = at + 2 + i * 12;
    const tag = r.u16(entry);
    if (!WANTED.has(tag)) continue;
    const type = r.u16(entry + 2);
    const n = r.u32(entry + 4);
    const size = TYPE_SIZES[type];
    if (!size) fail(`tag ${tag} has type ${type}, not a number`);
    const length = n * size!;
    const where = length <= 4 ? entry + 8 : r.u32(entry + 8);
    if (!r.inside(where, length)) fail(`the values of tag ${tag} lie outside the file`);
    if (size === 1) tags.set(tag, r.bytes.subarray(where, where + length));
    else if (size === 8)
      tags.set(
        tag,
        Array.from({ length: n }, (_, k) => r.u32(where + 8 * k) / (r.u32(where + 8 * k + 4) || 1)),
      );
    else
      tags.set(
        tag,
        Array.from({ length: n }, (_, k) => (size === 2 ? r.u16(where + 2 * k) : r.u32(where + 4 * k))),
      );
  }
  return tags;
}

const first = (values: number[] | Uint8Array | undefined, otherwise: number): number =>
  values && values.length > 0 ? values[0]! : otherwise;
/** 1234567 → "1,234,567" (no locale: every runtime writes the same message). */
export const thousands = groupThousands;
const plural = (n: number, word: string) => `${thousands(n)} ${word}${n === 1 ? '' : 's'}`;

export function readTiffLayout(bytes: Uint8Array): TiffLayout {
  const r = new Reader(bytes);
  const tags = readDirectory(r, firstDirectory(r));
  const get = (tag: number) => tags.get(tag);

  const width = first(get(256), 0);
  const height = first(get(257), 0);
  if (width < 1 || height < 1) fail(`the image has no pixels (${width}×${height})`);
  const compression = first(get(259), 1);
  if (!COMPRESSIONS.has(compression)) throw new ImageRefusedError(`${compressionName(compression)} is not supported.`);

  const depths = [...(get(258) ?? [1])];
  const bitsPerSample = depths[0]!;
  if (depths.some((d) => d !== bitsPerSample))
    throw new ImageRefusedError(
      `TIFF images whose samples differ in bit depth (${depths.join(', ')}) are not supported.`,
    );
  if (![1, 2, 4, 8, 16, 32].includes(bitsPerSample))
    throw new ImageRefusedError(`TIFF images with ${bitsPerSample} bits per sample are not supported.`);
  const samplesPerPixel = first(get(277), 1);
  if (samplesPerPixel < 1) fail('it declares no samples per pixel');
  // Separate planes (PlanarConfiguration 2): one set of strips or tiles per sample, whole bytes each.
  const planes = samplesPerPixel > 1 && first(get(284), 1) === 2 ? samplesPerPixel : 1;
  if (planes > 1 && (bitsPerSample < 8 || compression === 7)) {
    throw new ImageRefusedError(
      `TIFF images with separate colour planes (PlanarConfiguration 2) of ${compression === 7 ? 'JPEG data' : `${bitsPerSample}-bit samples`} are not supported.`,
    );
  }
  const predictor = first(get(317), 1);
  if (predictor !== 1 && !(predictor === 2 && (bitsPerSample === 8 || bitsPerSample === 16))) {
    throw new ImageRefusedError(`TIFF predictor ${predictor} with ${bitsPerSample}-bit samples is not supported.`);
  }

  const bitsPerPixel = bitsPerSample * samplesPerPixel;
  const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
  const rawBytes = rowBytes * height;
  if (rawBytes > MAX_RAW_BYTES) {
    fail(
      `its ${width}×${height} pixels at ${bitsPerPixel} bits each need ${(rawBytes / 1048576).toFixed(0)} MB; the maximum is ${(MAX_RAW_BYTES / 1048576).toFixed(0)} MB`,
    );
  }

  const blocks = readBlocks(r, tags, width, height, bitsPerPixel / planes, rawBytes, planes);
  const tables = get(347);
  if (tables && tables.length > MAX_JPEG_TABLES)
    fail(`its JPEG tables take ${plural(tables.length, 'byte')}; at most ${MAX_JPEG_TABLES} are allowed`);

  const colour = readColour(tags, compression, bitsPerSample, samplesPerPixel);
  const jpegTables = tables instanceof Uint8Array ? tables : undefined;
  const fillOrder = first(get(266), 1) === 2 ? 2 : 1;
  return {
    littleEndian: r.little,
    width,
    height,
    compression,
    bitsPerSample,
    samplesPerPixel,
    planes,
    fillOrder,
    predictor,
    rowBytes,
    blocks,
    colour,
    jpegTables,
  };
}

/** Sample bits and formats decoded per PhotometricInterpretation (tiff-pixels.ts); others are refused by name. */
function readColour(
  tags: Map<number, number[] | Uint8Array>,
  compression: number,
  bits: number,
  spp: number,
): TiffColour {
  // No PhotometricInterpretation: what libtiff assumes (RGB for 3 or more samples, else grey).
  const photometric = first(tags.get(262), spp >= 3 ? 2 : 1);
  const sampleFormat = first(tags.get(339), 1);
  const name = PHOTOMETRICS[photometric]
    ? `${PHOTOMETRICS[photometric]} (PhotometricInterpretation ${photometric})`
    : `PhotometricInterpretation ${photometric}`;
  const refuse = (what: string): never => {
    throw new ImageRefusedError(`TIFF images ${what} are not supported.`);
  };
  const channels = COLOUR_SAMPLES[photometric];
  if (channels === undefined) refuse(`in ${name}`);
  if (spp < channels!) refuse(`in ${name} with ${spp} sample${spp === 1 ? '' : 's'} per pixel`);
  // Floats (0–1) in grey and RGB; signed integers in grey, whose negative values read as black.
  const readable =
    sampleFormat === 1 ||
    (sampleFormat === 3 && bits === 32 && photometric <= 2) ||
    (sampleFormat === 2 && bits >= 8 && photometric === 1);
  if (!readable) {
    refuse(
      `with ${bits}-bit ${sampleFormat === 3 ? 'floating-point' : sampleFormat === 2 ? 'signed integer' : `SampleFormat ${sampleFormat}`} samples in ${name}`,
    );
  }
  if (compression === 7) {
    // The JPEG decoder gives 8-bit samples (12-bit JPEG is refused by its frame header).
    if (bits !== 8 || ![1, 2, 5, 6].includes(photometric))
      refuse(`in ${name} with ${bits}-bit JPEG-compressed samples`);
  }
  const allowed: Record<number, number[]> = {
    0: [1, 2, 4, 8, 16, 32],
    1: [1, 2, 4, 8, 16, 32],
    2: [8, 16, 32],
    3: [1, 2, 4, 8, 16],
    5: [8, 16],
    6: [8],
    8: [8, 16],
    9: [8, 16],
  };
  if (!allowed[photometric]!.includes(bits)) refuse(`in ${name} with ${bits} bits per sample`);
  if (photometric === 5 && first(tags.get(332), 1) !== 1) refuse('with inks other than CMYK (InkSet 2)');
  const colour: TiffColour = { photometric, sampleFormat };
  if (spp > channels!) colour.alpha = first(tags.get(338), 0);
  if (photometric === 3) {
    const map = tags.get(320);
    if (!map || map.length < 3 * 2 ** bits)
      fail(
        `its palette (ColorMap) has ${map ? map.length : 0} values; ${3 * 2 ** bits} are needed for ${bits}-bit indices`,
      );
    colour.colourMap = [...map!];
  }
  if (photometric === 6) {
    // JPEG-compressed YCbCr is the JPEG decoder's to convert: the samples reach us as RGB.
    const sub = tags.get(530);
    const subsampling: [number, number] =
      compression === 7 ? [1, 1] : [first(sub, 2), sub && sub.length > 1 ? sub[1]! : 2];
    if (!subsampling.every((n) => n === 1 || n === 2 || n === 4) || subsampling[1] > subsampling[0]) {
      refuse(`in YCbCr with ${subsampling.join('×')} chroma subsampling`);
    }
    if (
      subsampling[0] * subsampling[1] > 1 &&
      (spp !== 3 || first(tags.get(317), 1) !== 1 || first(tags.get(284), 1) !== 1)
    ) {
      refuse('in subsampled YCbCr with extra samples, a predictor or separate planes');
    }
    const coefficients = tags.get(529);
    const reference = tags.get(532);
    colour.ycbcr = {
      coefficients: coefficients && coefficients.length >= 3 ? [...coefficients] : [0.299, 0.587, 0.114],
      subsampling,
      reference: reference && reference.length >= 6 ? [...reference] : [0, 255, 128, 255, 128, 255],
    };
  }
  return colour;
}

/** Strips or tiles: their size, and offsets and byte counts that lie inside the file. */
/** `bitsPerPixel` of one block's pixels: of one sample when the samples lie in `planes` planes. */
function readBlocks(
  r: Reader,
  tags: Map<number, number[] | Uint8Array>,
  width: number,
  height: number,
  bitsPerPixel: number,
  rawBytes: number,
  planes: number,
): TiffBlocks {
  const tiled = tags.has(322) || tags.has(323);
  let block: Omit<TiffBlocks, 'offsets' | 'counts'>;
  if (tiled) {
    const tileWidth = first(tags.get(322), 0);
    const tileHeight = first(tags.get(323), 0);
    if (tileWidth < 1 || tileHeight < 1) fail(`its tiles have no pixels (${tileWidth}×${tileHeight})`);
    // TIFF 6.0 makes tile widths multiples of 16, so every tile starts on a whole byte.
    if ((tileWidth * bitsPerPixel) % 8 !== 0)
      fail(`its tiles are ${tileWidth} pixels wide, which is not a whole number of bytes`);
    const across = Math.ceil(width / tileWidth);
    const down = Math.ceil(height / tileHeight);
    const rowBytes = Math.ceil((tileWidth * bitsPerPixel) / 8);
    // Checked before multiplying further: a tile may be declared 4 billion pixels wide.
    const allowance = Math.max(4 * rawBytes, MIN_TILE_ALLOWANCE);
    if (rowBytes * tileHeight > allowance || across * down * rowBytes * tileHeight > allowance) {
      fail(
        `its ${tileWidth}×${tileHeight} tiles pad the ${width}×${height} image to more than ${(allowance / 1048576).toFixed(0)} MB`,
      );
    }
    block = { tiled, width: tileWidth, height: tileHeight, across, down, rowBytes, bytes: rowBytes * tileHeight };
  } else {
    const rowsPerStrip = Math.min(first(tags.get(278), height), height);
    if (rowsPerStrip < 1) fail('it declares 0 rows per strip');
    const rowBytes = Math.ceil((width * bitsPerPixel) / 8);
    block = {
      tiled,
      width,
      height: rowsPerStrip,
      across: 1,
      down: Math.ceil(height / rowsPerStrip),
      rowBytes,
      bytes: rowBytes * rowsPerStrip,
    };
  }

  const what = tiled ? 'tile' : 'strip';
  const offsets = tags.get(tiled ? 324 : 273);
  const counts = tags.get(tiled ? 325 : 279);
  const needed = block.across * block.down * planes;
  if (!offsets || !counts) fail(`it has no ${what} offsets or byte counts`);
  if (offsets!.length < needed || counts!.length < needed) {
    fail(`it needs ${plural(needed, what)} but declares ${thousands(Math.min(offsets!.length, counts!.length))}`);
  }
  for (let i = 0; i < needed; i++) {
    if (!r.inside(offsets![i]!, counts![i]!)) {
      fail(
        `${what} ${i + 1} (${plural(counts![i]!, 'byte')} at offset ${offsets![i]}) lies outside the ${thousands(r.bytes.length)}-byte file`,
      );
    }
  }
  return { ...block, offsets: [...offsets!].slice(0, needed), counts: [...counts!].slice(0, needed) };
}

/** For messages: "strip 3" or "tile 3". */
export const blockName = (blocks: TiffBlocks, index: number): string =>
  `${blocks.tiled ? 'tile' : 'strip'} ${index + 1}`;

/** A damaged stream inside a block: the generic "could not be decoded" 400. */
export const damaged = (blocks: TiffBlocks, index: number, reason: string): ImageDataError =>
  new ImageDataError(`TIFF decoder: ${blockName(blocks, index)}: ${reason}`);
