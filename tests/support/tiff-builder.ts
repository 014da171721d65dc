// A minimal little-endian TIFF writer for tests: one or more image directories with the given
// tags and data blocks, laid out in order, so a test can build exactly the hostile structure it
// needs (a directory pointing to itself, a strip claiming 1×1 pixels that inflates to 64 MiB).

const SHORT = 3;
const LONG = 4;
const UNDEFINED = 7;

export type TagValue = number | number[] | { type: 'bytes'; bytes: Uint8Array };
export interface Directory {
  tags: Record<number, TagValue>;
  /** Data blocks: their offsets and byte counts are written into `stripTags` (273/279 or 324/325). */
  blocks?: Uint8Array[];
  tiled?: boolean;
  /** Where the next directory pointer goes: an index into the directories, 'self', or an offset. */
  next?: number | 'self' | { offset: number };
}

const valuesOf = (value: TagValue): { type: number; count: number; bytes: Uint8Array } => {
  if (typeof value === 'object' && !Array.isArray(value))
    return { type: UNDEFINED, count: value.bytes.length, bytes: value.bytes };
  const list = Array.isArray(value) ? value : [value];
  const long = list.some((v) => v > 0xffff);
  const bytes = new Uint8Array(list.length * (long ? 4 : 2));
  const view = new DataView(bytes.buffer);
  list.forEach((v, i) => (long ? view.setUint32(i * 4, v, true) : view.setUint16(i * 2, v, true)));
  return { type: long ? LONG : SHORT, count: list.length, bytes };
};

/** Builds the file: header, then per directory its blocks, the directory and its long values. */
export function buildTiff(directories: Directory[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 8;
  const push = (bytes: Uint8Array) => {
    const at = size;
    parts.push(bytes);
    size += bytes.length;
    if (size & 1) {
      parts.push(new Uint8Array(1));
      size += 1;
    }
    return at;
  };
  const directoryAt: number[] = [];
  const nextFields: { field: number; next: Directory['next'] }[] = [];
  const patches: { at: number; value: number }[] = [];
  for (const directory of directories) {
    const tags = { ...directory.tags };
    if (directory.blocks) {
      const offsets = directory.blocks.map((block) => push(block));
      tags[directory.tiled ? 324 : 273] = offsets.length === 1 ? [offsets[0]!] : offsets;
      tags[directory.tiled ? 325 : 279] = directory.blocks.map((block) => block.length);
    }
    const entries = Object.entries(tags)
      .map(([tag, value]) => ({ tag: Number(tag), ...valuesOf(value) }))
      .sort((a, b) => a.tag - b.tag);
    const ifd = new Uint8Array(2 + entries.length * 12 + 4);
    const view = new DataView(ifd.buffer);
    view.setUint16(0, entries.length, true);
    const here = size;
    entries.forEach((entry, i) => {
      const at = 2 + i * 12;
      view.setUint16(at, entry.tag, true);
      view.setUint16(at + 2, entry.type, true);
      view.setUint32(at + 4, entry.count, true);
      if (entry.bytes.length <= 4) ifd.set(entry.bytes, at + 8);
    });
    directoryAt.push(push(ifd));
    nextFields.push({ field: here + ifd.length - 4, next: directory.next });
    // Values longer than 4 bytes follow the directory; their offsets are patched in below.
    entries.forEach((entry, i) => {
      if (entry.bytes.length > 4) patches.push({ at: here + 2 + i * 12 + 8, value: push(entry.bytes) });
    });
  }
  const out = new Uint8Array(size);
  out.set([0x49, 0x49, 42, 0]);
  const view = new DataView(out.buffer);
  view.setUint32(4, directoryAt[0] ?? 0, true);
  let at = 8;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  for (const patch of patches) view.setUint32(patch.at, patch.value, true);
  nextFields.forEach(({ field, next }, i) => {
    const target =
      next === undefined
        ? (directoryAt[i + 1] ?? 0)
        : next === 'self'
          ? directoryAt[i]!
          : typeof next === 'number'
            ? directoryAt[next]!
            : next.offset;
    view.setUint32(field, target, true);
  });
  return out;
}

/** The tags of an 8-bit RGB (or grey, `samples` 1) image in one strip. */
export function rgbTags(width: number, height: number, compression = 1, samples = 3): Record<number, TagValue> {
  return {
    256: width,
    257: height,
    258: Array<number>(samples).fill(8),
    259: compression,
    262: samples === 1 ? 1 : 2,
    277: samples,
    278: height,
  };
}
