// A fast path for the common PNGs: the runtime's own zlib inflates (inflate.ts) and tight JS
// unfilters and widens to RGBA. In Node the Rust decoder in png.ts takes about twice as long
// on an unfiltered photo and a third longer on a Paeth-filtered one, most of it inflating in
// WASM. Whatever this path does not fully understand it declines (`undefined`), and png.ts
// hands the file to the Rust decoder, so every file decodes as before: the same pixels, the
// same errors. Declined: interlacing, 16-bit samples, APNG, iCCP/iTXt/zTXt and unknown chunks
// (whose validity the Rust decoder judges by its own rules), damaged zlib streams and any
// other structural oddity.
import type { Bitmap } from '../types';
import type { Inflate } from './inflate';
import { unfilterRow } from './png-unfilter';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Ancillary chunks allowed before the image data, each with the test its content must pass.
 * The Rust decoder parses gAMA, cHRM, pHYs, sRGB and tEXt and rejects a malformed one (or a
 * second one of the first four), so those pass only where it accepts them (tested against it
 * in png.test.ts); the others listed it skips unread. A chunk not listed (iCCP, iTXt, zTXt,
 * acTL, unknown ones…) sends the file to the Rust decoder.
 */
const ANCILLARY = new Map<string, (content: Uint8Array) => boolean>(
  Object.entries({
    gAMA: (content) => content.length === 4,
    cHRM: (content) => content.length === 32,
    pHYs: (content) => content.length === 9 && content[8]! <= 1, // unit: unknown or metre
    sRGB: (content) => content.length === 1 && content[0]! <= 3, // a rendering intent
    tEXt: (content) => {
      const keyword = content.indexOf(0); // a keyword of 1–79 bytes, then a NUL
      return keyword >= 1 && keyword <= 79;
    },
    bKGD: () => true,
    sBIT: () => true,
    tIME: () => true,
    eXIf: () => true,
    hIST: () => true,
  }),
);
const SINGLE = new Set(['gAMA', 'cHRM', 'pHYs', 'sRGB']);

interface Header {
  width: number;
  height: number;
  /** Bits per sample: 8, or 1, 2 or 4 for grey and palette images. */
  depth: number;
  /** PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. */
  colour: number;
  palette?: Uint8Array;
  transparency?: Uint8Array;
}

const CHANNELS: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

// The widening loops write whole pixels as 32-bit words, which presumes a little-endian
// machine (every current browser and Node platform); elsewhere the path declines.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** The pixels of `bytes`, or `undefined` when the file is not one this path decodes. */
export async function decodeCommonPng(bytes: Uint8Array, inflate: Inflate): Promise<Bitmap | undefined> {
  if (!LITTLE_ENDIAN) return undefined;
  const parsed = readChunks(bytes);
  if (!parsed) return undefined;
  const { header, data } = parsed;
  const rowBytes = Math.ceil((header.width * header.depth * CHANNELS[header.colour]!) / 8);
  const raw = await inflate(data, (rowBytes + 1) * header.height);
  return raw && toBitmap(raw, header, rowBytes);
}

/** The header and the IDAT payloads, or `undefined` for anything outside the fast path. */
function readChunks(bytes: Uint8Array): { header: Header; data: Uint8Array[] } | undefined {
  if (bytes.length < 8 || SIGNATURE.some((value, i) => bytes[i] !== value)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Header | undefined;
  const data: Uint8Array[] = [];
  const seen = new Set<string>();
  for (let at = 8; ;) {
    if (at + 8 > bytes.length) return undefined;
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    const body = at + 8;
    // The CRC must be there, though it goes unchecked (the Rust decoder is told to ignore it).
    if (length > 0x7fffffff || body + length + 4 > bytes.length) return undefined;
    const content = bytes.subarray(body, body + length);
    at = body + length + 4;

    if (type === 'IDAT') {
      if (!header || (header.colour === 3 && !header.palette)) return undefined;
      data.push(content);
    } else if (header && data.length > 0) {
      // The image data has ended, and the Rust decoder reads no further: nor does this.
      return { header, data };
    } else if (!header) {
      if (type !== 'IHDR' || length !== 13) return undefined;
      header = readHeader(content, view, body);
      if (!header) return undefined;
    } else if (type === 'PLTE') {
      if (
        header.colour !== 3 ||
        header.palette ||
        header.transparency ||
        length === 0 ||
        length % 3 !== 0 ||
        length / 3 > 1 << header.depth
      )
        return undefined;
      header.palette = content;
    } else if (type === 'tRNS') {
      if (header.transparency || !transparencyFits(header, content)) return undefined;
      header.transparency = content;
    } else {
      if (!ANCILLARY.get(type)?.(content) || (SINGLE.has(type) && seen.has(type))) return undefined;
      seen.add(type);
    }
  }
}

function readHeader(content: Uint8Array, view: DataView, at: number): Header | undefined {
  const width = view.getUint32(at);
  const height = view.getUint32(at + 4);
  const depth = content[8]!;
  const colour = content[9]!;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return undefined;
  if (content[10] !== 0 || content[11] !== 0 || content[12] !== 0) return undefined; // compression, filter, interlace
  if (CHANNELS[colour] === undefined) return undefined;
  const lowDepth = (colour === 0 || colour === 3) && (depth === 1 || depth === 2 || depth === 4);
  if (depth !== 8 && !lowDepth) return undefined;
  return { width, height, depth, colour };
}

/** tRNS as the spec has it: after PLTE for palettes; for grey and RGB, samples below 2^depth. */
function transparencyFits(header: Header, content: Uint8Array): boolean {
  if (header.colour === 3) return !!header.palette && content.length > 0 && content.length <= header.palette.length / 3;
  const samples = header.colour === 0 ? 1 : header.colour === 2 ? 3 : 0;
  if (samples === 0 || content.length !== samples * 2) return false;
  for (let i = 0; i < content.length; i += 2) {
    if (content[i] !== 0 || content[i + 1]! >= 1 << header.depth) return false;
  }
  return true;
}

/** Unfilters the inflated rows and widens them to RGBA, row by row while each is in cache. */
function toBitmap(raw: Uint8Array, header: Header, rowBytes: number): Bitmap | undefined {
  const { width, height, colour } = header;
  const data = new Uint8Array(width * height * 4);
  const pixels = new Uint32Array(data.buffer);
  const bpp = Math.max(1, (header.depth * CHANNELS[colour]!) >> 3);
  const stride = rowBytes + 1;
  const widen = widener(header);
  for (let y = 0, start = 1; y < height; y++, start += stride) {
    if (!unfilterRow(raw, raw[start - 1]!, start, start + rowBytes, y === 0 ? -1 : start - stride, bpp))
      return undefined;
    if (!widen(raw, start, rowBytes, data, pixels, y * width)) return undefined;
  }
  return { width, height, data };
}

/** Writes one unfiltered row as RGBA at pixel `at`; false if a palette index has no entry. */
type Widen = (
  raw: Uint8Array,
  start: number,
  rowBytes: number,
  data: Uint8Array,
  pixels: Uint32Array,
  at: number,
) => boolean;

function widener(header: Header): Widen {
  const { colour, transparency } = header;
  if (colour === 6) {
    return (raw, start, rowBytes, data, _pixels, at) => {
      data.set(raw.subarray(start, start + rowBytes), at * 4);
      return true;
    };
  }
  if (colour === 2 && !transparency) return widenOpaqueRgb(header.width);
  if (colour === 2) {
    // An RGB tRNS names one colour that is fully transparent; every other pixel is opaque.
    const key = transparency ? transparency[1]! | (transparency[3]! << 8) | (transparency[5]! << 16) : -1;
    return (raw, start, rowBytes, _data, pixels, at) => {
      const end = start + rowBytes;
      for (let i = start, o = at; i < end; i += 3, o++) {
        const rgb = raw[i]! | (raw[i + 1]! << 8) | (raw[i + 2]! << 16);
        pixels[o] = rgb === key ? rgb : (rgb | 0xff000000) >>> 0;
      }
      return true;
    };
  }
  if (colour === 4) {
    return (raw, start, rowBytes, _data, pixels, at) => {
      const end = start + rowBytes;
      for (let i = start, o = at; i < end; i += 2, o++) {
        const v = raw[i]!;
        pixels[o] = (v | (v << 8) | (v << 16) | (raw[i + 1]! << 24)) >>> 0;
      }
      return true;
    };
  }
  // Grey and palette: one sample of `depth` bits per pixel, looked up in a table of RGBA words.
  const table = lookupTable(header);
  const { width, depth } = header;
  if (depth === 8) {
    return (raw, start, _rowBytes, _data, pixels, at) => {
      for (let x = 0; x < width; x++) {
        const v = raw[start + x]!;
        if (v >= table.length) return false;
        pixels[at + x] = table[v]!;
      }
      return true;
    };
  }
  const perByte = 8 / depth;
  const mask = (1 << depth) - 1;
  return (raw, start, _rowBytes, _data, pixels, at) => {
    for (let x = 0; x < width; x++) {
      const v = (raw[start + Math.floor(x / perByte)]! >> (8 - depth - (x % perByte) * depth)) & mask;
      if (v >= table.length) return false;
      pixels[at + x] = table[v]!;
    }
    return true;
  };
}

/**
 * RGB without tRNS (every pixel opaque), word-wide: each row is copied to an aligned scratch
 * row (a memcpy), whose every three 32-bit words hold four pixels, so a pixel costs one load
 * and a few shifts instead of three byte loads: about 1.6× the byte loop in V8 (2 MP: 5 → 3 ms).
 */
function widenOpaqueRgb(width: number): Widen {
  const quads = width >> 2;
  const scratch = new Uint8Array(quads * 12);
  const words = new Int32Array(scratch.buffer);
  const OPAQUE = -16777216; // 0xff000000 as a signed word, so V8 stays in 32-bit integers
  let signed: Int32Array | undefined; // the bitmap's words, signed: made on the first row
  return (raw, start, rowBytes, _data, pixels, at) => {
    if (signed?.buffer !== pixels.buffer) signed = new Int32Array(pixels.buffer, pixels.byteOffset, pixels.length);
    scratch.set(raw.subarray(start, start + quads * 12));
    let o = at;
    for (let k = 0; k < quads * 3; k += 3, o += 4) {
      const a = words[k]!;
      const b = words[k + 1]!;
      const c = words[k + 2]!;
      signed[o] = a | OPAQUE; // r0 g0 b0 | r1
      signed[o + 1] = (a >>> 24) | (b << 8) | OPAQUE; // r1 | g1 b1 | r2 g2
      signed[o + 2] = (b >>> 16) | (c << 16) | OPAQUE; // r2 g2 | b2 | r3 g3 b3
      signed[o + 3] = (c >>> 8) | OPAQUE;
    }
    // The last 0–3 pixels, byte by byte.
    for (let i = start + quads * 12, end = start + rowBytes; i < end; i += 3, o++) {
      signed[o] = raw[i]! | (raw[i + 1]! << 8) | (raw[i + 2]! << 16) | OPAQUE;
    }
    return true;
  };
}

/** RGBA words for each sample value: palette entries with their tRNS alpha, or scaled grey. */
function lookupTable(header: Header): Uint32Array {
  const { colour, depth, palette, transparency } = header;
  const entries = colour === 3 ? palette!.length / 3 : 1 << depth;
  const table = new Uint32Array(entries);
  for (let v = 0; v < entries; v++) {
    if (colour === 3) {
      const alpha = transparency && v < transparency.length ? transparency[v]! : 255;
      table[v] = (palette![v * 3]! | (palette![v * 3 + 1]! << 8) | (palette![v * 3 + 2]! << 16) | (alpha << 24)) >>> 0;
    } else {
      // Low-depth grey scales up by bit replication, e.g. 4-bit 0xA becomes 0xAA.
      const grey = (v * 255) / ((1 << depth) - 1);
      const alpha = transparency && transparency[1] === v ? 0 : 255;
      table[v] = (grey | (grey << 8) | (grey << 16) | (alpha << 24)) >>> 0;
    }
  }
  return table;
}
