// Finds the ICC colour profile an image file carries, without decoding its pixels: PNG `iCCP`,
// JPEG `APP2 ICC_PROFILE` segments, WebP `ICCP`, AVIF and HEIC `colr` (prof/rICC) of the primary item,
// TIFF tag 34675. A damaged or absent profile is `undefined`: the pixels are then taken as sRGB,
// as libvips and browsers do.
import { Unzlib } from 'fflate';
import type { DecodedFormat } from '../types';
import { jpegHeader } from './jpeg-markers';
import { concatBytes } from '../../lib/images/box-bytes';
import { nclxProfile } from '../../lib/images/nclx-profile';

/** Larger than any real profile (CMYK press profiles are ~1 MB); bounds an inflating iCCP. */
export const MAX_PROFILE_BYTES = 8 << 20;

export function embeddedProfile(bytes: Uint8Array, format: DecodedFormat): Uint8Array | undefined {
  try {
    const profile = FINDERS[format]?.(bytes);
    // An ICC header is 128 bytes and starts with the profile's own size; 'acsp' at 36.
    if (!profile || profile.length < 132 || tag(profile, 36) !== 'acsp') return undefined;
    return profile;
  } catch {
    return undefined; // a structure that ends early: no usable profile
  }
}

const FINDERS: Partial<Record<DecodedFormat, (bytes: Uint8Array) => Uint8Array | undefined>> = {
  png: pngProfile,
  jpeg: jpegProfile,
  webp: webpProfile,
  avif: avifProfile,
  heic: avifProfile, // the same HEIF boxes
  tiff: tiffProfile,
};

function tag(bytes: Uint8Array, at: number): string {
  if (at + 4 > bytes.length) throw new RangeError('ends early');
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}
const be32 = (b: Uint8Array, at: number) => {
  if (at + 4 > b.length) throw new RangeError('ends early');
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
};
const le32 = (b: Uint8Array, at: number) => {
  if (at + 4 > b.length) throw new RangeError('ends early');
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
};

/** PNG: the `iCCP` chunk before the first IDAT: a name, NUL, method 0, a zlib stream. */
function pngProfile(bytes: Uint8Array): Uint8Array | undefined {
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = be32(bytes, at);
    const type = tag(bytes, at + 4);
    const body = at + 8;
    if (type === 'IDAT' || type === 'IEND') return undefined;
    if (type === 'iCCP') {
      const content = bytes.subarray(body, Math.min(body + length, bytes.length));
      const nul = content.indexOf(0);
      if (nul < 1 || nul > 79 || content[nul + 1] !== 0) return undefined;
      return inflateBounded(content.subarray(nul + 2));
    }
    at = body + length + 4;
  }
  return undefined;
}

function inflateBounded(stream: Uint8Array): Uint8Array | undefined {
  const parts: Uint8Array[] = [];
  let total = 0;
  const unzlib = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > MAX_PROFILE_BYTES) throw new RangeError('profile too large');
    parts.push(chunk);
  });
  unzlib.push(stream, true);
  const out = new Uint8Array(total);
  let filled = 0;
  for (const part of parts) {
    out.set(part, filled);
    filled += part.length;
  }
  return out;
}

const ICC_SIGNATURE = 'ICC_PROFILE\0';

/** JPEG: APP2 segments `ICC_PROFILE\0`, sequence number, count, then a piece, in any order. */
function jpegProfile(bytes: Uint8Array): Uint8Array | undefined {
  const pieces = new Map<number, Uint8Array>();
  let count = 0;
  for (const { marker, content } of jpegHeader(bytes).segments) {
    if (marker !== 0xe2 || content.length < 14) continue;
    if (String.fromCharCode(...content.subarray(0, 12)) !== ICC_SIGNATURE) continue;
    const sequence = content[12]!;
    count = Math.max(count, content[13]!);
    if (!pieces.has(sequence)) pieces.set(sequence, content.subarray(14));
  }
  if (count === 0) return undefined;
  const ordered: Uint8Array[] = [];
  for (let sequence = 1; sequence <= count; sequence++) {
    const piece = pieces.get(sequence);
    if (!piece) return undefined; // a missing piece: the profile cannot be trusted
    ordered.push(piece);
  }
  return concatBytes(ordered);
}

/** WebP: the `ICCP` chunk of an extended (VP8X) file. */
function webpProfile(bytes: Uint8Array): Uint8Array | undefined {
  if (tag(bytes, 0) !== 'RIFF' || tag(bytes, 8) !== 'WEBP') return undefined;
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = tag(bytes, at);
    const size = le32(bytes, at + 4);
    if (type === 'ICCP') return bytes.subarray(at + 8, Math.min(at + 8 + size, bytes.length));
    if (type === 'VP8 ' || type === 'VP8L' || type === 'ANMF') return undefined; // ICCP precedes the image
    at += 8 + size + (size & 1);
  }
  return undefined;
}

interface Box {
  type: string;
  body: number;
  end: number;
}

function* boxes(bytes: Uint8Array, start: number, end: number): Generator<Box> {
  for (let at = start; at + 8 <= end;) {
    let size = be32(bytes, at);
    let header = 8;
    if (size === 1) {
      size = be32(bytes, at + 8) * 2 ** 32 + be32(bytes, at + 12);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) return;
    yield { type: tag(bytes, at + 4), body: at + header, end: Math.min(at + size, end) };
    at += size;
  }
}

/**
 * AVIF: the `colr` property of type `prof` or `rICC` associated (ipma) with the primary item
 * (pitm); without those boxes, the first such property. Without one, the profile its `nclx`
 * property describes, when that is not sRGB.
 */
function avifProfile(bytes: Uint8Array): Uint8Array | undefined {
  const meta = [...boxes(bytes, 0, bytes.length)].find((box) => box.type === 'meta');
  if (!meta) return undefined;
  let primary = -1;
  let properties: Box[] = [];
  const associations = new Map<number, number[]>();
  for (const box of boxes(bytes, meta.body + 4, meta.end)) {
    if (box.type === 'pitm')
      primary = bytes[box.body]! === 0 ? (bytes[box.body + 4]! << 8) | bytes[box.body + 5]! : be32(bytes, box.body + 4);
    if (box.type !== 'iprp') continue;
    for (const child of boxes(bytes, box.body, box.end)) {
      if (child.type === 'ipco') properties = [...boxes(bytes, child.body, child.end)];
      if (child.type === 'ipma') readAssociations(bytes, child, associations);
    }
  }
  const colours =
    (primary >= 0 &&
      associations
        .get(primary)
        ?.map((index) => properties[index - 1])
        .filter((box) => box !== undefined)) ||
    properties;
  // An ICC profile wins over colours stated by number (`nclx`: an iPhone's Display P3), which
  // are made into the profile they describe.
  let stated: Uint8Array | undefined;
  for (const box of colours) {
    if (box.type !== 'colr') continue;
    const kind = tag(bytes, box.body);
    if (kind === 'prof' || kind === 'rICC') return bytes.subarray(box.body + 4, box.end);
    if (kind === 'nclx' && box.end - box.body >= 8 && !stated)
      stated = nclxProfile(
        (bytes[box.body + 4]! << 8) | bytes[box.body + 5]!,
        (bytes[box.body + 6]! << 8) | bytes[box.body + 7]!,
      );
  }
  return stated;
}

/** ipma: for each item, the 1-based indices of its properties in ipco. */
function readAssociations(bytes: Uint8Array, box: Box, into: Map<number, number[]>): void {
  const version = bytes[box.body]!;
  const flags = be32(bytes, box.body) & 0xffffff;
  let at = box.body + 4;
  const entries = be32(bytes, at);
  at += 4;
  for (let i = 0; i < entries && at < box.end; i++) {
    const item = version < 1 ? (bytes[at]! << 8) | bytes[at + 1]! : be32(bytes, at);
    at += version < 1 ? 2 : 4;
    const count = bytes[at++]!;
    const indices: number[] = [];
    for (let j = 0; j < count; j++) {
      indices.push(flags & 1 ? ((bytes[at]! << 8) | bytes[at + 1]!) & 0x7fff : bytes[at]! & 0x7f);
      at += flags & 1 ? 2 : 1;
    }
    into.set(item, indices);
  }
}

/** TIFF: tag 34675 (InterColorProfile) of the first directory. */
function tiffProfile(bytes: Uint8Array): Uint8Array | undefined {
  const little = bytes[0] === 0x49;
  if (!little && bytes[0] !== 0x4d) return undefined;
  const u16 = (at: number) => {
    if (at + 2 > bytes.length) throw new RangeError('ends early');
    return little ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!;
  };
  const u32 = (at: number) => (little ? le32(bytes, at) : be32(bytes, at));
  if (u16(2) !== 42) return undefined; // BigTIFF (43) is not read
  const ifd = u32(4);
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) !== 34675) continue;
    const type = u16(entry + 2);
    const count = u32(entry + 4);
    if ((type !== 7 && type !== 1) || count <= 4 || count > MAX_PROFILE_BYTES) return undefined;
    const offset = u32(entry + 8);
    if (offset + count > bytes.length) return undefined;
    return bytes.subarray(offset, offset + count);
  }
  return undefined;
}
