// An AVIF without a `pixi` (pixel information) property, made readable by libavif's strict
// reader: the property is added, as its AV1 configuration (`av1C`) describes the pixels, and
// associated with every AV1 item. Older encoders omitted it; libheif (libvips) reads such files,
// and libavif's own non-strict mode assumes the same (the depth and channels of the AV1 stream).
// Boxes: ISO/IEC 14496-12 (meta, iinf, iloc) and 23008-12 (iprp, ipco, ipma, pixi);
// av1C: AV1-ISOBMFF §2.3.3. Everything that moves is rewritten: the sizes of the boxes that
// grow, and the file offsets (`iloc`) of the data after `meta`.
import { BoxBytes, concatBytes } from './box-bytes';

interface Box {
  type: string;
  /** The box's first byte (its 32-bit size), its content, its end. */
  start: number;
  body: number;
  end: number;
}

/** The boxes from `start` to `end`; undefined where one uses a 64-bit or "to the end" size (not rewritten here). */
function children(r: BoxBytes, start: number, end: number): Box[] | undefined {
  const out: Box[] = [];
  for (let at = start; at + 8 <= end;) {
    const size = r.be(at, 4);
    if (size < 8 || at + size > end) return undefined;
    out.push({ type: r.tag(at + 4), start: at, body: at + 8, end: at + size });
    at += size;
  }
  return out;
}

function put(bytes: Uint8Array, at: number, size: number, value: number): boolean {
  if (value >= 2 ** (8 * size)) return false;
  for (let i = size - 1; i >= 0; i--, value = Math.floor(value / 256)) bytes[at + i] = value % 256;
  return true;
}

/**
 * The file with a `pixi` property for each AV1 item, or undefined when it has one already, or
 * when its boxes are not laid out as this rewrite expects (the caller then refuses by name).
 */
export function withPixi(bytes: Uint8Array): Uint8Array | undefined {
  try {
    return rewrite(bytes);
  } catch {
    return undefined;
  }
}

function rewrite(bytes: Uint8Array): Uint8Array | undefined {
  const r = new BoxBytes(bytes);
  const meta = children(r, 0, bytes.length)?.find((box) => box.type === 'meta');
  if (!meta) return undefined;
  const inMeta = children(r, meta.body + 4, meta.end);
  const iinf = inMeta?.find((box) => box.type === 'iinf');
  const iloc = inMeta?.find((box) => box.type === 'iloc');
  const iprp = inMeta?.find((box) => box.type === 'iprp');
  const inIprp = iprp && children(r, iprp.body, iprp.end);
  const ipco = inIprp?.find((box) => box.type === 'ipco');
  const ipma = inIprp?.find((box) => box.type === 'ipma');
  if (!iinf || !iloc || !iprp || !ipco || !ipma || inIprp!.filter((box) => box.type === 'ipma').length !== 1)
    return undefined;
  const properties = children(r, ipco.body, ipco.end);
  if (!properties || properties.some((property) => property.type === 'pixi')) return undefined;

  // The AV1 items.
  const av1 = new Set<number>();
  const iinfVersion = r.u8(iinf.body);
  for (const infe of children(r, iinf.body + 4 + (iinfVersion === 0 ? 2 : 4), iinf.end) ?? []) {
    const version = r.u8(infe.body);
    if (infe.type !== 'infe' || version < 2) continue;
    const idSize = version === 2 ? 2 : 4;
    if (r.tag(infe.body + 4 + idSize + 2) === 'av01') av1.add(r.be(infe.body + 4, idSize));
  }
  if (!av1.size) return undefined;

  // Each AV1 item's associations; its av1C gives the pixi it needs (channels, bit depth).
  const version = r.u8(ipma.body);
  const wide = (r.u8(ipma.body + 3) & 1) === 1;
  const idSize = version < 1 ? 2 : 4;
  const entries: { item: number; countAt: number; end: number; pixi?: string }[] = [];
  let at = ipma.body + 8;
  for (let i = 0, n = r.be(ipma.body + 4, 4); i < n; i++) {
    const item = r.be(at, idSize);
    const countAt = at + idSize;
    const count = r.u8(countAt);
    let pixi: string | undefined;
    at = countAt + 1;
    for (let a = 0; a < count; a++, at += wide ? 2 : 1) {
      const property = properties[(wide ? r.be(at, 2) & 0x7fff : r.u8(at) & 0x7f) - 1];
      if (property?.type !== 'av1C') continue;
      const flags = r.u8(property.body + 2);
      const depth = flags & 0x40 ? (flags & 0x20 ? 12 : 10) : 8;
      const channels = flags & 0x10 ? 1 : 3;
      pixi = [channels, ...Array<number>(channels).fill(depth)].join(',');
    }
    if (at > ipma.end) return undefined;
    entries.push({ item, countAt, end: at, pixi: av1.has(item) ? pixi : undefined });
  }
  const needing = entries.filter((entry) => entry.pixi);
  if (!needing.length || needing.some((entry) => r.u8(entry.countAt) === 255)) return undefined;

  // One pixi property per kind, after the others.
  const kinds = [...new Set(needing.map((entry) => entry.pixi!))];
  const index = new Map(kinds.map((kind, k) => [kind, properties.length + 1 + k]));
  if (properties.length + kinds.length > (wide ? 0x7fff : 0x7f)) return undefined;
  const pixiBoxes = kinds.map((kind) => {
    const values = kind.split(',').map(Number);
    const box = new Uint8Array(12 + values.length);
    put(box, 0, 4, box.length);
    box.set([0x70, 0x69, 0x78, 0x69], 4); // 'pixi', version 0, flags 0
    box.set(values, 12);
    return box;
  });

  // Insertions, by position in the original file.
  const inserts: { at: number; bytes: Uint8Array }[] = [{ at: ipco.end, bytes: concatBytes(pixiBoxes) }];
  for (const entry of needing) {
    const association = index.get(entry.pixi!)!;
    inserts.push({
      at: entry.end,
      bytes: wide ? Uint8Array.of(association >> 8, association & 0xff) : Uint8Array.of(association),
    });
  }
  const grown = (box: Box) =>
    inserts
      .filter((insert) => insert.at > box.start && insert.at <= box.end)
      .reduce((sum, insert) => sum + insert.bytes.length, 0);
  const delta = grown(meta);

  const out = bytes.slice();
  for (const box of [meta, iprp, ipco, ipma])
    if (!put(out, box.start, 4, box.end - box.start + grown(box))) return undefined;
  for (const entry of needing) out[entry.countAt] = r.u8(entry.countAt) + 1;
  if (!shiftLocations(r, out, iloc, meta.end, delta)) return undefined;

  inserts.sort((a, b) => a.at - b.at);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const insert of inserts) {
    parts.push(out.subarray(from, insert.at), insert.bytes);
    from = insert.at;
  }
  parts.push(out.subarray(from));
  return concatBytes(parts);
}

/** Adds `delta` to every file offset (construction method 0) at or after `after`, in place. */
function shiftLocations(r: BoxBytes, out: Uint8Array, iloc: Box, after: number, delta: number): boolean {
  let at = iloc.body;
  const version = r.u8(at);
  const sizes = r.u8(at + 4);
  const more = r.u8(at + 5);
  const [offsetSize, lengthSize, baseSize] = [sizes >> 4, sizes & 15, more >> 4];
  const indexSize = version === 1 || version === 2 ? more & 15 : 0;
  const wideIds = version === 2;
  const count = r.be(at + 6, wideIds ? 4 : 2);
  at += 6 + (wideIds ? 4 : 2);
  for (let i = 0; i < count; i++) {
    at += wideIds ? 4 : 2;
    let method = 0;
    if (version === 1 || version === 2) {
      method = r.be(at, 2) & 15;
      at += 2;
    }
    at += 2; // data reference index
    const baseAt = at;
    const base = r.be(at, baseSize);
    const extents = r.be(at + baseSize, 2);
    at += baseSize + 2;
    // A base at or after `meta` moves the extents with it; else each extent's offset moves.
    const moveBase = method === 0 && baseSize > 0 && base >= after;
    if (moveBase && !put(out, baseAt, baseSize, base + delta)) return false;
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      const offset = r.be(at, offsetSize);
      if (method === 0 && !moveBase && base + offset >= after) {
        if (offsetSize === 0 || !put(out, at, offsetSize, offset + delta)) return false;
      }
      at += offsetSize + lengthSize;
    }
    if (at > iloc.end) return false;
  }
  return true;
}
