// Reads an image's dimensions (and JPEG EXIF orientation) from its header, touching no pixel
// data, so that a small file claiming a huge canvas is refused before anything is allocated.
// Where a format can state several sizes (WebP chunks, AVIF items, GIF frames), the largest
// is reported, because that is what a decoder might allocate.
import { ToolInputError } from '../../tools/define';
import { isSof, jpegHeader, jpegProcess, jpegStructure, maxJpegScans } from '../../platform/codecs/jpeg-markers';
import { compressionName } from './tiff-compressions';
import { avifOrientation, avifSizes } from './avif-header';
import { FORMAT_NAMES } from './formats';
import { HeaderError } from './header-error';
import { thousands } from './limits';
import type { DecodedFormat } from './formats';

export interface Probe {
  width: number;
  height: number;
  /** EXIF orientation 1–8 (1: as stored). */
  orientation: number;
  /** Animated WebP: decode the first frame (see webp-frame.ts). */
  animated?: boolean;
}

class Reader {
  constructor(readonly bytes: Uint8Array) {}
  need(at: number, length: number): void {
    if (at < 0 || at + length > this.bytes.length) throw new RangeError('header ends early');
  }
  u8(at: number): number {
    this.need(at, 1);
    return this.bytes[at]!;
  }
  be16(at: number): number {
    this.need(at, 2);
    return (this.bytes[at]! << 8) | this.bytes[at + 1]!;
  }
  le16(at: number): number {
    this.need(at, 2);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }
  le24(at: number): number {
    this.need(at, 3);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8) | (this.bytes[at + 2]! << 16);
  }
  be32(at: number): number {
    this.need(at, 4);
    return (
      ((this.bytes[at]! << 24) | (this.bytes[at + 1]! << 16) | (this.bytes[at + 2]! << 8) | this.bytes[at + 3]!) >>> 0
    );
  }
  le32(at: number): number {
    this.need(at, 4);
    return (
      (this.bytes[at]! | (this.bytes[at + 1]! << 8) | (this.bytes[at + 2]! << 16) | (this.bytes[at + 3]! << 24)) >>> 0
    );
  }
  tag(at: number): string {
    this.need(at, 4);
    return String.fromCharCode(this.bytes[at]!, this.bytes[at + 1]!, this.bytes[at + 2]!, this.bytes[at + 3]!);
  }
}

function png(r: Reader): Probe {
  if (r.tag(12) !== 'IHDR') throw new HeaderError('the IHDR chunk is missing');
  return { width: r.be32(16), height: r.be32(20), orientation: 1 };
}

function gif(r: Reader): Probe {
  let width = r.le16(6);
  let height = r.le16(8);
  const flags = r.u8(10);
  let at = 13 + (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  // Walk to the first image descriptor: its frame is what gets decoded, and it may be larger
  // than the logical screen.
  for (;;) {
    const block = r.u8(at);
    if (block === 0x2c) {
      width = Math.max(width, r.le16(at + 1) + r.le16(at + 5));
      height = Math.max(height, r.le16(at + 3) + r.le16(at + 7));
      return { width, height, orientation: 1 };
    }
    if (block !== 0x21)
      throw new HeaderError(block === 0x3b ? 'the file has no frame' : 'unexpected block in the header');
    at += 2;
    for (let size = r.u8(at); size !== 0; size = r.u8(at)) at += size + 1;
    at += 1;
  }
}

/** JPEG: the SOF segment's size, and Orientation from an EXIF APP1 segment. */
function jpeg(r: Reader): Probe {
  let orientation = 1;
  const { segments, end } = jpegHeader(r.bytes);
  for (const { marker, at, length } of segments) {
    if (marker === 0xe1 && length >= 8 && r.tag(at + 4) === 'Exif') {
      orientation = exifOrientation(r, at + 10, at + 2 + length) ?? orientation;
    }
    if (isSof(marker)) {
      const height = r.be16(at + 5);
      const width = r.be16(at + 7);
      const components = r.u8(at + 9);
      // Named, not "damaged": lossless, hierarchical and 12-bit JPEG are valid files our decoder lacks.
      const kind = jpegProcess({ width, height, marker, precision: r.u8(at + 4), components }, { arithmetic: true });
      if (kind)
        throw new ToolInputError(
          `${kind[0]!.toUpperCase()}${kind.slice(1)} images are not supported; save the image as a baseline JPEG or a PNG and try again.`,
        );
      if (height === 0) throw new HeaderError('the height is defined later in the file (DNL), which is not supported');
      // A progressive decode makes a pass over the image per scan: their number is bounded.
      const { scans } = jpegStructure(r.bytes);
      const allowed = maxJpegScans(width * height);
      if (scans > allowed)
        throw new HeaderError(
          `it has ${thousands(scans)} scans; at most ${thousands(allowed)} are allowed for its ${width}×${height} pixels`,
        );
      return { width, height, orientation };
    }
  }
  if (end === 'ends early') throw new RangeError('header ends early');
  throw new HeaderError(end === 'not a marker' ? 'a marker was expected' : 'no frame header before the image data');
}

/** Orientation (tag 0x0112) from the TIFF structure inside an EXIF segment, if readable. */
function exifOrientation(r: Reader, start: number, end: number): number | undefined {
  try {
    const order = r.tag(start).slice(0, 2);
    if (order !== 'II' && order !== 'MM') return undefined;
    const little = order === 'II';
    const u16 = (at: number) => (at + 2 > end ? NaN : little ? r.le16(at) : r.be16(at));
    const u32 = (at: number) => (at + 4 > end ? NaN : little ? r.le32(at) : r.be32(at));
    const ifd = start + u32(start + 4);
    const count = u16(ifd);
    for (let i = 0; i < count; i++) {
      const entry = ifd + 2 + i * 12;
      if (u16(entry) === 0x0112) {
        const value = u16(entry + 8);
        return value >= 1 && value <= 8 ? value : undefined;
      }
    }
  } catch {
    // A damaged EXIF block does not stop the image from being read: orientation stays 1.
  }
  return undefined;
}

/** WebP: the canvas (VP8X) and every bitstream's own size, frames of an animation included. */
function webp(r: Reader): Probe {
  let width = 0;
  let height = 0;
  let animated = false;
  const end = Math.min(r.bytes.length, 8 + r.le32(4));
  const bitstream = (at: number, tag: string) => {
    if (tag === 'VP8 ') {
      if (r.u8(at + 3) !== 0x9d || r.u8(at + 4) !== 0x01 || r.u8(at + 5) !== 0x2a)
        throw new HeaderError('bad VP8 start code');
      width = Math.max(width, r.le16(at + 6) & 0x3fff);
      height = Math.max(height, r.le16(at + 8) & 0x3fff);
    } else if (tag === 'VP8L') {
      if (r.u8(at) !== 0x2f) throw new HeaderError('bad VP8L signature');
      const bits = r.le32(at + 1);
      width = Math.max(width, (bits & 0x3fff) + 1);
      height = Math.max(height, ((bits >>> 14) & 0x3fff) + 1);
    }
  };
  let chunks = 0;
  for (let at = 12; at + 8 <= end;) {
    const tag = r.tag(at);
    const size = r.le32(at + 4);
    const body = at + 8;
    if (tag === 'VP8X') {
      animated = (r.u8(body) & 0x02) !== 0;
      width = Math.max(width, r.le24(body + 4) + 1);
      height = Math.max(height, r.le24(body + 7) + 1);
    } else if (tag === 'ANMF') {
      width = Math.max(width, r.le24(body + 6) + 1);
      height = Math.max(height, r.le24(body + 9) + 1);
      for (
        let sub = body + 16;
        sub + 8 <= Math.min(body + size, end);
        sub += 8 + r.le32(sub + 4) + (r.le32(sub + 4) & 1)
      ) {
        bitstream(sub + 8, r.tag(sub));
      }
    } else {
      bitstream(body, tag);
    }
    chunks++;
    at = body + size + (size & 1);
  }
  if (chunks === 0 || width === 0) throw new HeaderError('no image chunk');
  return { width, height, orientation: 1, animated };
}

/** TIFF compression types that utif2 decodes correctly (docs/stack.md: others return garbage or spin). */
const TIFF_COMPRESSIONS: Record<number, string> = {
  1: 'none',
  5: 'LZW',
  7: 'JPEG',
  8: 'Deflate',
  32773: 'PackBits',
  32946: 'Deflate',
};

/** TIFF: the first image directory, the one that gets decoded. */
function tiff(r: Reader): Probe {
  const little = r.tag(0).startsWith('II');
  const u16 = (at: number) => (little ? r.le16(at) : r.be16(at));
  const u32 = (at: number) => (little ? r.le32(at) : r.be32(at));
  const ifd = u32(4);
  const count = u16(ifd);
  let width = 0;
  let height = 0;
  let compression = 1;
  let orientation = 1;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 256) width = value;
    else if (tag === 257) height = value;
    else if (tag === 259) compression = value;
    else if (tag === 274 && value >= 1 && value <= 8) orientation = value;
  }
  if (!(compression in TIFF_COMPRESSIONS)) {
    const supported = [...new Set(Object.values(TIFF_COMPRESSIONS))].join(', ');
    throw new ToolInputError(`${compressionName(compression)} is not supported (supported: ${supported}).`);
  }
  return { width, height, orientation };
}

/**
 * AVIF: the largest size any item states, AV1 sequence headers included, and the primary
 * item's `irot`/`imir` as an EXIF orientation (avif-header.ts).
 */
function avif(r: Reader): Probe {
  const { width, height } = avifSizes(r.bytes);
  if (width === 0 || height === 0) throw new HeaderError('no image size (ispe) found');
  return { width, height, orientation: avifOrientation(r.bytes) };
}

/**
 * HEIC: the same boxes as AVIF (the largest `ispe`: a grid's, a tile's, a thumbnail's). libheif
 * applies `irot`/`imir`/`clap` itself, so the size reported is the upright one and the
 * orientation 1; a clean aperture only makes the decoded image smaller than stated.
 */
function heic(r: Reader): Probe {
  const { width, height } = avifSizes(r.bytes);
  if (width === 0 || height === 0) throw new HeaderError('no image size (ispe) found');
  const turned = avifOrientation(r.bytes) >= 5; // EXIF 5–8 turn the image a quarter
  return turned ? { width: height, height: width, orientation: 1 } : { width, height, orientation: 1 };
}

const PROBES: Record<DecodedFormat, (r: Reader) => Probe> = { png, gif, jpeg, webp, tiff, avif, heic };

/** The header's facts, or a 400 naming the format when the header cannot be read. */
export function probe(bytes: Uint8Array, format: DecodedFormat): Probe {
  try {
    return PROBES[format](new Reader(bytes));
  } catch (error) {
    if (error instanceof ToolInputError) throw error;
    const reason = error instanceof HeaderError ? error.message : 'the header ends early';
    throw new ToolInputError(`'image' is not a readable ${FORMAT_NAMES[format]} image: ${reason}.`);
  }
}
