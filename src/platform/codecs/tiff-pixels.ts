// A TIFF image's decompressed samples to 8-bit straight RGBA: every PhotometricInterpretation
// and depth that tiff-layout.ts lets through (the rest it refuses by name), and nothing else, so
// that every pixel of the result is written. Where samples are deeper than 8 bits they are cut
// to their top 8 bits, as libvips casts; shallower ones are stretched to 0–255.
import { labToSrgb, ycbcrConverter } from './tiff-colour';
import type { CmykImage } from '../../lib/images/cmyk';
import type { TiffColour } from './tiff-layout';

export interface RawSamples {
  data: Uint8Array;
  width: number;
  height: number;
  /** Bytes of one row (rows start on a byte). */
  rowBytes: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  /** 16- and 32-bit samples are little-endian here (tiff.ts swaps big-endian files' first). */
  colour: TiffColour;
}

/** Every sample of one row as a number: unsigned or signed integers as stored, floats as floats. */
function rowReader({
  data,
  width,
  bitsPerSample: bits,
  samplesPerPixel: spp,
  colour,
}: RawSamples): (row: number, to: Float64Array) => void {
  const count = width * spp;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const signed = colour.sampleFormat === 2;
  if (bits === 8)
    return (at, to) => {
      for (let i = 0; i < count; i++) to[i] = signed ? (data[at + i]! << 24) >> 24 : data[at + i]!;
    };
  if (bits === 16)
    return (at, to) => {
      for (let i = 0; i < count; i++)
        to[i] = signed ? view.getInt16(at + 2 * i, true) : view.getUint16(at + 2 * i, true);
    };
  if (bits === 32) {
    if (colour.sampleFormat === 3)
      return (at, to) => {
        for (let i = 0; i < count; i++) to[i] = view.getFloat32(at + 4 * i, true);
      };
    return (at, to) => {
      for (let i = 0; i < count; i++) to[i] = view.getUint32(at + 4 * i, true);
    };
  }
  // 1, 2 or 4 bits, most significant first.
  const perByte = 8 / bits;
  const mask = (1 << bits) - 1;
  return (at, to) => {
    for (let i = 0; i < count; i++)
      to[i] = (data[at + Math.floor(i / perByte)]! >> (8 - bits * ((i % perByte) + 1))) & mask;
  };
}

/** A sample of `bits` (unsigned, or float 0–1) to 0–255. */
function byteScale(bits: number, sampleFormat: number): (v: number) => number {
  if (sampleFormat === 3) return (v) => Math.round(Math.min(1, Math.max(0, v)) * 255);
  // Signed samples: the negative ones are clipped, as libvips casts them.
  if (bits >= 8) {
    const shift = 2 ** (bits - 8);
    return (v) => (v <= 0 ? 0 : Math.floor(v / shift));
  }
  const max = (1 << bits) - 1;
  return (v) => Math.round((v * 255) / max);
}

export function tiffToRgba(raw: RawSamples): Uint8Array {
  const fast = eightBitRgbOrGrey(raw);
  if (fast) return fast;
  const { width, height, rowBytes, bitsPerSample: bits, samplesPerPixel: spp, colour } = raw;
  const rgba = new Uint8Array(width * height * 4);
  const { photometric, alpha } = colour;
  const row = new Float64Array(width * spp);
  const read = rowReader(raw);
  const toByte = byteScale(bits, colour.sampleFormat);
  // The first extra sample is the alpha channel; associated (premultiplied) alpha is undone.
  const channels = photometric === 0 || photometric === 1 || photometric === 3 ? 1 : 3;
  const hasAlpha = alpha !== undefined;
  const premultiplied = alpha === 1;
  const setAlpha = (o: number, i: number) => {
    if (!hasAlpha) {
      rgba[o + 3] = 255;
      return;
    }
    const a = toByte(row[i * spp + channels]!);
    rgba[o + 3] = a;
    if (premultiplied && a > 0 && a < 255)
      for (let c = 0; c < 3; c++) rgba[o + c] = Math.min(255, Math.round((rgba[o + c]! * 255) / a));
  };

  let pixel: (i: number, o: number) => void;
  if (photometric === 0 || photometric === 1) {
    const invert = photometric === 0;
    pixel = (i, o) => {
      const v = toByte(row[i * spp]!);
      rgba[o] = rgba[o + 1] = rgba[o + 2] = invert ? 255 - v : v;
    };
  } else if (photometric === 2) {
    pixel = (i, o) => {
      rgba[o] = toByte(row[i * spp]!);
      rgba[o + 1] = toByte(row[i * spp + 1]!);
      rgba[o + 2] = toByte(row[i * spp + 2]!);
    };
  } else if (photometric === 3) {
    const map = colour.colourMap!;
    const entries = 2 ** bits;
    // Some writers store 8-bit palettes in the 16-bit field; libtiff and libvips read them as such.
    const eightBit = map.slice(0, 3 * entries).every((v) => v < 256);
    const level = (v: number) => (eightBit ? v : v >> 8);
    pixel = (i, o) => {
      const index = row[i * spp]!;
      rgba[o] = level(map[index]!);
      rgba[o + 1] = level(map[entries + index]!);
      rgba[o + 2] = level(map[2 * entries + index]!);
    };
  } else if (photometric === 6) {
    const convert = ycbcrConverter(colour.ycbcr!.coefficients, colour.ycbcr!.reference);
    pixel = (i, o) => convert(row[i * spp]!, row[i * spp + 1]!, row[i * spp + 2]!, rgba, o);
  } else if (photometric === 8 || photometric === 9) {
    // CIELab: L* 0–100 over the unsigned range, a* and b* signed (8-bit: as is; 16-bit: in
    // 1/256ths). ICC Lab: a* and b* unsigned, offset by 128 (8-bit) or 32768 (16-bit).
    const top = 2 ** bits - 1;
    const scale = bits === 16 ? 256 : 1;
    const half = 2 ** (bits - 1);
    const chroma =
      photometric === 8 ? (v: number) => (v >= half ? v - 2 * half : v) / scale : (v: number) => (v - half) / scale;
    pixel = (i, o) =>
      labToSrgb((row[i * spp]! * 100) / top, chroma(row[i * spp + 1]!), chroma(row[i * spp + 2]!), rgba, o);
  } else {
    throw new Error(`PhotometricInterpretation ${photometric} reached the converter`);
  }
  for (let y = 0; y < height; y++) {
    read(y * rowBytes, row);
    for (let i = 0, o = y * width * 4; i < width; i++, o += 4) {
      pixel(i, o);
      setAlpha(o, i);
    }
  }
  return rgba;
}

/**
 * CMYK samples as stored (TIFF's 0 = no ink, unlike Adobe's JPEGs; InkSet 1, tiff-layout.ts
 * refuses others) for the colour stage, which converts them through the file's profile or the
 * profile-less default (codecs/colour-profile.ts), the same path as CMYK JPEG. Associated alpha
 * is undone as for RGB.
 */
export function tiffToCmyk(raw: RawSamples): CmykImage {
  const { width, height, rowBytes, samplesPerPixel: spp, colour } = raw;
  const read = rowReader(raw);
  const toByte = byteScale(raw.bitsPerSample, colour.sampleFormat);
  const row = new Float64Array(width * spp);
  const cmyk = new Uint8Array(width * height * 4);
  const alpha = colour.alpha === undefined ? undefined : new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    read(y * rowBytes, row);
    for (let x = 0, p = y * width; x < width; x++, p++) {
      const a = alpha ? toByte(row[x * spp + 4]!) : 255;
      if (alpha) alpha[p] = a;
      for (let c = 0; c < 4; c++) {
        const ink = toByte(row[x * spp + c]!);
        cmyk[4 * p + c] = colour.alpha === 1 && a > 0 && a < 255 ? Math.min(255, Math.round((ink * 255) / a)) : ink;
      }
    }
  }
  return alpha ? { width, height, cmyk, alpha } : { width, height, cmyk };
}

/**
 * The common case without a conversion per sample: unsigned grey or RGB of 8, 16 or 32 bits,
 * with or without straight alpha, each sample's top byte copied (16- and 32-bit samples are
 * little-endian here, so that is their last byte). A third of the time of the general path.
 */
function eightBitRgbOrGrey({
  data,
  width,
  height,
  rowBytes,
  bitsPerSample,
  samplesPerPixel: spp,
  colour,
}: RawSamples): Uint8Array | undefined {
  const { photometric, alpha, sampleFormat } = colour;
  if (bitsPerSample < 8 || sampleFormat !== 1 || alpha === 1 || (photometric !== 1 && photometric !== 2))
    return undefined;
  const b = bitsPerSample / 8;
  const step = spp * b;
  const rgba = new Uint8Array(width * height * 4);
  // One loop per case: a branch per pixel costs as much as the copying.
  for (let y = 0, o = 0; y < height; y++) {
    const start = y * rowBytes + b - 1;
    const end = start + width * step;
    if (photometric === 2 && alpha === undefined) {
      for (let i = start; i < end; i += step, o += 4) {
        rgba[o] = data[i]!;
        rgba[o + 1] = data[i + b]!;
        rgba[o + 2] = data[i + 2 * b]!;
        rgba[o + 3] = 255;
      }
    } else if (photometric === 2) {
      for (let i = start; i < end; i += step, o += 4) {
        rgba[o] = data[i]!;
        rgba[o + 1] = data[i + b]!;
        rgba[o + 2] = data[i + 2 * b]!;
        rgba[o + 3] = data[i + 3 * b]!;
      }
    } else {
      for (let i = start; i < end; i += step, o += 4) {
        rgba[o] = rgba[o + 1] = rgba[o + 2] = data[i]!;
        rgba[o + 3] = alpha === undefined ? 255 : data[i + b]!;
      }
    }
  }
  return rgba;
}
