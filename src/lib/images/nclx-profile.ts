// An ICC profile for the colours a HEIF/AVIF `colr` box of type `nclx` states by number
// (ITU-T H.273 colour primaries and transfer characteristics) instead of by profile: iPhones
// write Display P3 this way. The colour stage (platform/codecs/colour-profile.ts) then converts
// it to sRGB as it converts an embedded P3 profile. A matrix/TRC profile (ICC.1:2010): the
// primaries adapted to D50 (Bradford), the transfer as a parametric curve.

/** H.273 colour primaries → the red, green, blue and white chromaticities (x, y). */
const PRIMARIES: Record<number, readonly (readonly [number, number])[]> = {
  9: [
    [0.708, 0.292],
    [0.17, 0.797],
    [0.131, 0.046],
    [0.3127, 0.329],
  ], // BT.2020
  12: [
    [0.68, 0.32],
    [0.265, 0.69],
    [0.15, 0.06],
    [0.3127, 0.329],
  ], // Display P3 (SMPTE EG 432-1)
};
export const SRGB_PRIMARIES: readonly (readonly [number, number])[] = [
  [0.64, 0.33],
  [0.3, 0.6],
  [0.15, 0.06],
  [0.3127, 0.329],
];

/** H.273 transfer characteristics → ICC parametric curve type 3 (g, a, b, c, d): Y = (aX + b)^g for X ≥ d, else cX. */
const SRGB_CURVE = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045] as const;
const BT709_CURVE = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081] as const;
const TRANSFERS: Record<number, readonly number[]> = {
  1: BT709_CURVE,
  6: BT709_CURVE,
  13: SRGB_CURVE,
  14: BT709_CURVE,
  15: BT709_CURVE,
};

const D50 = [0.9642, 1, 0.8249] as const;

type Matrix = number[][];
const multiply = (a: Matrix, b: Matrix): Matrix =>
  a.map((row) => b[0]!.map((_, j) => row.reduce((sum, value, k) => sum + value * b[k]![j]!, 0)));
function invert(m: Matrix): Matrix {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [
    [number, number, number],
    [number, number, number],
    [number, number, number],
  ];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}
const xyz = ([x, y]: readonly [number, number]) => [x / y, 1, (1 - x - y) / y];
const BRADFORD: Matrix = [
  [0.8951, 0.2664, -0.1614],
  [-0.7502, 1.7135, 0.0367],
  [0.0389, -0.0685, 1.0296],
];

/** The red, green and blue colorants (XYZ, adapted to D50), as an ICC profile states them. */
export function colorants(chromaticities: readonly (readonly [number, number])[]): number[][] {
  const [r, g, b, w] = chromaticities.map(xyz) as [number[], number[], number[], number[]];
  const primaries: Matrix = [0, 1, 2].map((row) => [r[row]!, g[row]!, b[row]!]);
  const scale = multiply(
    invert(primaries),
    w.map((value) => [value]),
  );
  const toXyz = primaries.map((row) => row.map((value, column) => value * scale[column]![0]!));
  const cone = (white: readonly number[]) =>
    multiply(
      BRADFORD,
      white.map((value) => [value]),
    ).map(([value]) => value!);
  const [from, to] = [cone(w), cone(D50)];
  const adapt = multiply(
    invert(BRADFORD),
    multiply(
      [0, 1, 2].map((i) => [0, 1, 2].map((j) => (i === j ? to[i]! / from[i]! : 0))),
      BRADFORD,
    ),
  );
  const adapted = multiply(adapt, toXyz);
  return [0, 1, 2].map((column) => adapted.map((row) => row[column]!));
}

/** The profile for these numbers, or undefined when they say sRGB (or what is not known here). */
export function nclxProfile(primaries: number, transfer: number): Uint8Array | undefined {
  const chromaticities = PRIMARIES[primaries];
  const curve = TRANSFERS[transfer];
  if (!chromaticities || !curve) return undefined;
  const tags: [string, Uint8Array][] = [
    ['wtpt', xyzTag(D50)],
    ...colorants(chromaticities).map((values, i): [string, Uint8Array] => [
      ['rXYZ', 'gXYZ', 'bXYZ'][i]!,
      xyzTag(values),
    ]),
  ];
  const trc = paraTag(curve);
  const count = tags.length + 3;
  const size = 128 + 4 + 12 * count + tags.length * 20 + trc.length;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, size);
  view.setUint32(8, 0x04300000); // version 4.3
  ascii(out, 12, 'mntrRGB XYZ ');
  ascii(out, 36, 'acsp');
  D50.forEach((value, i) => view.setInt32(68 + i * 4, Math.round(value * 65536)));
  view.setUint32(128, count);
  let at = 128 + 4 + 12 * count;
  let entry = 132;
  for (const [name, data] of tags) {
    ascii(out, entry, name);
    view.setUint32(entry + 4, at);
    view.setUint32(entry + 8, data.length);
    out.set(data, at);
    entry += 12;
    at += data.length;
  }
  // The three tone curves share one tag.
  for (const name of ['rTRC', 'gTRC', 'bTRC']) {
    ascii(out, entry, name);
    view.setUint32(entry + 4, at);
    view.setUint32(entry + 8, trc.length);
    entry += 12;
  }
  out.set(trc, at);
  return out;
}

function ascii(out: Uint8Array, at: number, text: string): void {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
}

function xyzTag(values: readonly number[]): Uint8Array {
  const tag = new Uint8Array(20);
  ascii(tag, 0, 'XYZ ');
  values.forEach((value, i) => new DataView(tag.buffer).setInt32(8 + i * 4, Math.round(value * 65536)));
  return tag;
}

function paraTag(curve: readonly number[]): Uint8Array {
  const tag = new Uint8Array(12 + curve.length * 4);
  const view = new DataView(tag.buffer);
  ascii(tag, 0, 'para');
  view.setUint16(8, 3);
  curve.forEach((value, i) => view.setInt32(12 + i * 4, Math.round(value * 65536)));
  return tag;
}
