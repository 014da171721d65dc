// Adds HEIF transformative properties (`irot`, `imir`, ISO/IEC 23008-12 §6.5.10, §6.5.12) to an
// AVIF written by sharp/libheif, which cannot write them itself: the boxes are appended to
// `ipco`, associated (essential) with the primary item in `ipma` in the order given, the sizes of
// the enclosing boxes grow, and every file offset in `iloc` moves past the inserted bytes. Used
// by tests/fixtures/images/generate.mjs and by the unit tests, which compare our decode with sharp's (libheif applies
// these properties) — so the test files come from an independent encoder and decoder.

const be = (b, at, n) => {
  let v = 0;
  for (let i = 0; i < n; i++) v = v * 256 + b[at + i];
  return v;
};
const setBe = (b, at, n, v) => {
  for (let i = n - 1; i >= 0; i--, v = Math.floor(v / 256)) b[at + i] = v & 255;
};
const tag = (b, at) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

function children(b, start, end) {
  const out = [];
  for (let at = start; at + 8 <= end;) {
    const size = be(b, at, 4);
    out.push({ type: tag(b, at + 4), at, size });
    at += size;
  }
  return out;
}

/** `ops`: e.g. [['irot', 1], ['imir', 0]] (irot: anticlockwise quarter turns; imir: axis). */
export function withTransforms(input, ops) {
  const b = Uint8Array.from(input);
  const meta = children(b, 0, b.length).find((box) => box.type === 'meta');
  const inMeta = children(b, meta.at + 12, meta.at + meta.size);
  const iprp = inMeta.find((box) => box.type === 'iprp');
  const iloc = inMeta.find((box) => box.type === 'iloc');
  const pitm = inMeta.find((box) => box.type === 'pitm');
  const primary = be(b, pitm.at + 12, b[pitm.at + 8] === 0 ? 2 : 4);
  const [ipco, ipma] = children(b, iprp.at + 8, iprp.at + iprp.size);
  if (ipco.type !== 'ipco' || ipma.type !== 'ipma') throw new Error('expected ipco then ipma');
  const count = children(b, ipco.at + 8, ipco.at + ipco.size).length;
  const properties = ops.map(([type, value]) =>
    Uint8Array.from([0, 0, 0, 9, ...[...type].map((c) => c.charCodeAt(0)), value]),
  );
  const added = properties.reduce((n, p) => n + p.length, 0);

  // The primary item's ipma entry gets one association per op (1-byte form: essential bit + 7-bit index).
  const version = b[ipma.at + 8];
  const wide = (b[ipma.at + 11] & 1) === 1;
  if (wide) throw new Error('16-bit ipma indices are not handled');
  let at = ipma.at + 16;
  let insertAt = -1;
  for (let i = 0, n = be(b, ipma.at + 12, 4); i < n; i++) {
    const item = be(b, at, version < 1 ? 2 : 4);
    at += version < 1 ? 2 : 4;
    const associations = b[at];
    if (item === primary) {
      b[at] = associations + ops.length;
      insertAt = at + 1 + associations;
    }
    at += 1 + associations;
  }
  if (insertAt < 0) throw new Error('the primary item has no ipma entry');
  const associations = Uint8Array.from(ops.map((_, i) => 0x80 | (count + 1 + i)));
  const shift = added + associations.length;

  for (const box of [meta, iprp]) setBe(b, box.at, 4, box.size + shift);
  setBe(b, ipco.at, 4, ipco.size + added);
  setBe(b, ipma.at, 4, ipma.size + associations.length);

  // iloc offsets (construction method 0, into the file) move by `shift` when past the meta box.
  if (iloc.at > ipco.at) throw new Error('iloc after iprp is not handled');
  const v = b[iloc.at + 8];
  const [offsetSize, lengthSize, baseSize] = [b[iloc.at + 12] >> 4, b[iloc.at + 12] & 15, b[iloc.at + 13] >> 4];
  const indexSize = v >= 1 ? b[iloc.at + 13] & 15 : 0;
  at = iloc.at + 14;
  const items = be(b, at, v < 2 ? 2 : 4);
  at += v < 2 ? 2 : 4;
  for (let i = 0; i < items; i++) {
    at += v < 2 ? 2 : 4;
    let method = 0;
    if (v >= 1) {
      method = be(b, at, 2) & 15;
      at += 2;
    }
    at += 2; // data_reference_index
    const baseAt = at;
    at += baseSize;
    const extents = be(b, at, 2);
    at += 2;
    const moveBase = method === 0 && baseSize > 0;
    if (moveBase) setBe(b, baseAt, baseSize, be(b, baseAt, baseSize) + shift);
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      if (method === 0 && !moveBase) setBe(b, at, offsetSize, be(b, at, offsetSize) + shift);
      at += offsetSize + lengthSize;
    }
  }

  const end = ipco.at + ipco.size;
  return Uint8Array.from([
    ...b.subarray(0, end),
    ...properties.flatMap((p) => [...p]),
    ...b.subarray(end, insertAt),
    ...associations,
    ...b.subarray(insertAt),
  ]);
}
