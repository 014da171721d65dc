// The sizes an AVIF file states, read from its boxes without decoding: every `ispe` property,
// every grid's output size, and every AV1 item's sequence header (the largest frame the AV1
// decoder will allocate). The last matters because libavif compares the decoded frame with
// `ispe` only after dav1d has decoded it: a 482-byte file whose `ispe` said 16×16 around a
// 4096×4096 frame cost 250 MB and 1.4 s before it was refused (measured on this machine).
// Boxes: ISO/IEC 14496-12 (iinf, iloc, idat) and 23008-12 (ispe, grid); OBUs: AV1 §5.3, §5.5.
// Also the primary item's orientation (`irot`, `imir`), which libavif reports but leaves to the
// caller to apply.
import { BoxBytes } from './box-bytes';
import { HeaderError } from './header-error';
import { orientationOf, type Transform } from './pixels';

interface Box {
  type: string;
  /** Where its content starts (after size and type) and where it ends. */
  body: number;
  end: number;
}

function* boxes(b: BoxBytes, start: number, end: number): Generator<Box> {
  for (let at = start; at + 8 <= end;) {
    let size = b.be(at, 4);
    let header = 8;
    if (size === 1) {
      size = b.be(at + 8, 8);
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) throw new HeaderError('bad box size');
    yield { type: b.tag(at + 4), body: at + header, end: Math.min(at + size, end) };
    at += size;
  }
}

export interface Size {
  width: number;
  height: number;
}

/** The largest width and height the file states anywhere; zero when it states none. */
export function avifSizes(bytes: Uint8Array): Size {
  const b = new BoxBytes(bytes);
  const size: Size = { width: 0, height: 0 };
  const grow = (width: number, height: number) => {
    size.width = Math.max(size.width, width);
    size.height = Math.max(size.height, height);
  };
  const meta = [...boxes(b, 0, bytes.length)].find((box) => box.type === 'meta');
  if (!meta) return size;
  const children = [...boxes(b, meta.body + 4, meta.end)];
  const types = new Map<number, string>();
  let locations: ItemLocation[] = [];
  let idat = 0;
  for (const box of children) {
    if (box.type === 'iinf') readItemTypes(b, box, types);
    else if (box.type === 'iloc') locations = readLocations(b, box);
    else if (box.type === 'idat') idat = box.body;
    else if (box.type === 'iprp') {
      for (const ipco of boxes(b, box.body, box.end)) {
        if (ipco.type !== 'ipco') continue;
        for (const property of boxes(b, ipco.body, ipco.end))
          if (property.type === 'ispe') grow(b.be(property.body + 4, 4), b.be(property.body + 8, 4));
      }
    }
  }
  for (const location of locations) {
    const type = types.get(location.item);
    if (type !== 'av01' && type !== 'grid') continue;
    const start = (location.method === 1 ? idat : 0) + location.offset;
    const data = bytes.subarray(start, start + Math.min(location.length || Infinity, 256));
    if (type === 'grid') {
      const wide = (b.u8(start + 1) & 1) === 1 ? 4 : 2;
      grow(b.be(start + 4, wide), b.be(start + 4 + wide, wide));
    } else {
      const frame = av1MaxFrameSize(data);
      if (!frame) throw new HeaderError(`AV1 item ${location.item} has no sequence header`);
      grow(frame.width, frame.height);
    }
  }
  return size;
}

function readItemTypes(b: BoxBytes, iinf: Box, types: Map<number, string>): void {
  const version = b.u8(iinf.body);
  for (const infe of boxes(b, iinf.body + 4 + (version === 0 ? 2 : 4), iinf.end)) {
    const infeVersion = b.u8(infe.body);
    if (infe.type !== 'infe' || infeVersion < 2) continue;
    const idSize = infeVersion === 2 ? 2 : 4;
    types.set(b.be(infe.body + 4, idSize), b.tag(infe.body + 4 + idSize + 2));
  }
}

interface ItemLocation {
  item: number;
  /** 0: offset in the file; 1: offset in `idat`; others are not followed (libavif neither). */
  method: number;
  offset: number;
  /** Of the first extent; 0 means "to the end". */
  length: number;
}

function readLocations(b: BoxBytes, iloc: Box): ItemLocation[] {
  let at = iloc.body;
  const version = b.u8(at);
  const sizes = b.u8(at + 4);
  const more = b.u8(at + 5);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const count = b.be(at + 6, version < 2 ? 2 : 4);
  at += 6 + (version < 2 ? 2 : 4);
  const out: ItemLocation[] = [];
  for (let i = 0; i < count && at < iloc.end; i++) {
    const item = b.be(at, version < 2 ? 2 : 4);
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = b.be(at, 2) & 15;
      at += 2;
    }
    const reference = b.be(at, 2);
    const base = b.be(at + 2, baseSize);
    const extents = b.be(at + 2 + baseSize, 2);
    at += 4 + baseSize;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = b.be(at, offsetSize);
      const length = b.be(at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      if (e === 0 && reference === 0 && method <= 1) out.push({ item, method, offset: base + offset, length });
    }
  }
  return out;
}

/** AV1 §4.10.5: unsigned LEB128. */
function leb128(data: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    if (at + i >= data.length) throw new RangeError('header ends early');
    const byte = data[at + i]!;
    value += (byte & 0x7f) * 2 ** (7 * i);
    if (!(byte & 0x80)) return [value, at + i + 1];
  }
  throw new HeaderError('bad OBU size');
}

/** max_frame_width and max_frame_height of the first sequence header OBU, if there is one. */
export function av1MaxFrameSize(data: Uint8Array): Size | undefined {
  for (let at = 0; at < data.length;) {
    const header = data[at]!;
    const type = (header >> 3) & 15;
    at += 1 + ((header >> 2) & 1); // the extension byte, when present
    let size = data.length - at;
    if (header & 2) [size, at] = leb128(data, at);
    if (type === 1) return sequenceHeaderSize(data.subarray(at, at + size));
    at += size;
  }
  return undefined;
}

/** AV1 §5.5.1, read as far as the frame size. */
function sequenceHeaderSize(data: Uint8Array): Size {
  let bit = 0;
  const f = (n: number): number => {
    let value = 0;
    for (let i = 0; i < n; i++, bit++) {
      if (bit >> 3 >= data.length) throw new RangeError('header ends early');
      value = value * 2 + ((data[bit >> 3]! >> (7 - (bit & 7))) & 1);
    }
    return value;
  };
  const uvlc = () => {
    let zeros = 0;
    while (!f(1)) if (++zeros >= 32) return 2 ** 32 - 1;
    return f(zeros) + 2 ** zeros - 1;
  };
  f(3); // seq_profile
  f(1); // still_picture
  if (f(1)) {
    f(5); // reduced_still_picture_header: seq_level_idx[0]
  } else {
    let decoderModel = false;
    let bufferDelayLength = 0;
    if (f(1)) {
      // timing_info
      f(32);
      f(32);
      if (f(1)) uvlc();
      decoderModel = f(1) === 1;
      if (decoderModel) {
        bufferDelayLength = f(5) + 1;
        f(32);
        f(5);
        f(5);
      }
    }
    const initialDisplayDelay = f(1) === 1;
    const operatingPoints = f(5) + 1;
    for (let i = 0; i < operatingPoints; i++) {
      f(12); // operating_point_idc
      if (f(5) > 7) f(1); // seq_level_idx, seq_tier
      if (decoderModel && f(1)) f(2 * bufferDelayLength + 1);
      if (initialDisplayDelay && f(1)) f(4);
    }
  }
  const widthBits = f(4) + 1;
  const heightBits = f(4) + 1;
  return { width: f(widthBits) + 1, height: f(heightBits) + 1 };
}

/** `irot` angles (anticlockwise quarter turns, 23008-12 §6.5.10) as the clockwise transforms of pixels.ts. */
const ROTATIONS: readonly Transform[] = ['identity', 'rotate270', 'rotate180', 'rotate90'];
/**
 * `imir` axis (23008-12:2022 §6.5.12): 0 exchanges top and bottom, 1 left and right. (The 2017
 * edition's wording was read both ways; libheif and libavif both settled on this one.)
 */
const MIRRORS: readonly Transform[] = ['flipV', 'flipH'];

/**
 * The EXIF orientation (1–8) that shows the primary item as HEIF says it is displayed: its
 * `irot` and `imir` properties applied in the order `ipma` associates them (§6.5.1: transformative
 * properties apply in that order). 1 when it has none. A file with several `ipma` boxes or
 * items is read like libavif reads it: the associations of the `pitm` item.
 */
export function avifOrientation(bytes: Uint8Array): number {
  const b = new BoxBytes(bytes);
  const meta = [...boxes(b, 0, bytes.length)].find((box) => box.type === 'meta');
  if (!meta) return 1;
  let primary = -1;
  const properties: Box[] = [];
  const associations: number[] = [];
  const maps: Box[] = [];
  for (const box of boxes(b, meta.body + 4, meta.end)) {
    if (box.type === 'pitm') primary = b.be(box.body + 4, b.u8(box.body) === 0 ? 2 : 4);
    else if (box.type === 'iprp') {
      for (const child of boxes(b, box.body, box.end)) {
        if (child.type === 'ipco') properties.push(...boxes(b, child.body, child.end));
        else if (child.type === 'ipma') maps.push(child);
      }
    }
  }
  for (const ipma of maps) {
    const version = b.u8(ipma.body);
    const wide = (b.u8(ipma.body + 3) & 1) === 1;
    let at = ipma.body + 8;
    for (let i = 0, n = b.be(ipma.body + 4, 4); i < n && at < ipma.end; i++) {
      const item = b.be(at, version < 1 ? 2 : 4);
      at += version < 1 ? 2 : 4;
      const count = b.u8(at++);
      for (let a = 0; a < count; a++, at += wide ? 2 : 1) {
        const index = wide ? b.be(at, 2) & 0x7fff : b.u8(at) & 0x7f;
        if (item === primary && index > 0) associations.push(index);
      }
    }
  }
  const ops: Transform[] = [];
  for (const index of associations) {
    const property = properties[index - 1];
    if (property?.type === 'irot') ops.push(ROTATIONS[b.u8(property.body) & 3]!);
    else if (property?.type === 'imir') ops.push(MIRRORS[b.u8(property.body) & 1]!);
  }
  return orientationOf(ops);
}

/**
 * Whether the file has a `pixi` (pixel information) property. libavif's strict reading (the
 * decoder we have) requires one on every AV1 item and fails without it; other readers (libheif,
 * libvips) do not. Lets a failed decode be refused by name. False where the boxes end early.
 */
export function avifHasPixi(bytes: Uint8Array): boolean {
  try {
    const b = new BoxBytes(bytes);
    const meta = [...boxes(b, 0, bytes.length)].find((box) => box.type === 'meta');
    if (!meta) return false;
    for (const box of boxes(b, meta.body + 4, meta.end)) {
      if (box.type !== 'iprp') continue;
      for (const child of boxes(b, box.body, box.end)) {
        if (child.type === 'ipco' && [...boxes(b, child.body, child.end)].some((property) => property.type === 'pixi'))
          return true;
      }
    }
    return false;
  } catch {
    return false;
  }
}
