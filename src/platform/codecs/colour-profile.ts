// Colour management on decode: pixels that carry an ICC profile other than sRGB are converted to
// sRGB through it with littleCMS (lcms-wasm), as libvips does, so a Display P3 or ProPhoto photo
// keeps its colours. CMYK images (decoders hand them over as CmykImage) go through their profile,
// else the naive conversion (src/lib/images/cmyk.ts). littleCMS is loaded only when an image
// needs it: most files carry no profile or an sRGB one, which is recognised here without it.
import { cmykToRgba, isCmyk, type CmykImage } from '../../lib/images/cmyk';
import type { AssetLoader } from '../assets';
import type { Bitmap } from '../types';
import { emscripten, once } from './common';

// littleCMS pixel formats (lcms2.h): colour space << 16 | extra channels << 7 | channels << 3 | bytes.
const TYPE_RGB_8 = (4 << 16) | (3 << 3) | 1;
const TYPE_RGBA_8 = TYPE_RGB_8 | (1 << 7);
const TYPE_GRAY_8 = (3 << 16) | (1 << 3) | 1;
const TYPE_CMYK_8 = (6 << 16) | (4 << 3) | 1;
/** What sharp asks libvips for when it converts to sRGB; the same as relative for matrix profiles. */
const INTENT_PERCEPTUAL = 0;
const FLAGS_COPY_ALPHA = 0x04000000;
/** Pixels per call into the WASM heap: bounds the heap a large image needs. */
const CHUNK = 1 << 20;

export type Decoded = Bitmap | CmykImage;

export function colourManager(assets: AssetLoader) {
  const lcms = once(async () => {
    const [{ instantiate }, module] = await Promise.all([import('lcms-wasm'), assets.wasm('lcms.wasm')]);
    return emscripten(instantiate, module, 'lcms.wasm');
  });

  /** The decoded image as sRGB RGBA, converted through `profile` where it says another space. */
  return async function toSrgb(image: Decoded, profile: Uint8Array | undefined): Promise<Bitmap> {
    const space = profile && profileSpace(profile);
    if (isCmyk(image)) {
      if (space !== 'CMYK') return { width: image.width, height: image.height, data: cmykToRgba(image) };
      return transformCmyk(await lcms(), image, profile!);
    }
    if (!space || space === 'CMYK' || isSrgb(profile!)) return image; // no profile, or one for other pixels
    return space === 'GRAY'
      ? transformGrey(await lcms(), image, profile!)
      : transformRgb(await lcms(), image, profile!);
  };
}

/** Whether toSrgb converts an RGB or grey image's colours through `profile` (not sRGB, not CMYK). */
export function convertsColours(profile: Uint8Array | undefined): boolean {
  const space = profile && profileSpace(profile);
  return (space === 'RGB' || space === 'GRAY') && !isSrgb(profile!);
}

type Lcms = Awaited<ReturnType<typeof import('lcms-wasm').instantiate>>;

/** The profile's data colour space, when it is one the decoders produce. */
function profileSpace(profile: Uint8Array): 'RGB' | 'GRAY' | 'CMYK' | undefined {
  const space = String.fromCharCode(...profile.subarray(16, 20));
  return space === 'RGB ' ? 'RGB' : space === 'GRAY' ? 'GRAY' : space === 'CMYK' ? 'CMYK' : undefined;
}

/**
 * Opens the profile and sRGB, makes the transform, runs `use` with it, and frees all of them.
 * False when littleCMS cannot make the transform (a damaged profile).
 */
function withTransform(
  lcms: Lcms,
  profile: Uint8Array,
  inputFormat: number,
  outputFormat: number,
  flags: number,
  use: (transform: number) => void,
): boolean {
  const input = lcms.cmsOpenProfileFromMem(profile, profile.length);
  if (!input) return false; // damaged: the pixels are taken as sRGB, as libvips does
  const srgb = lcms.cmsCreate_sRGBProfile();
  const transform = lcms.cmsCreateTransform(input, inputFormat, srgb, outputFormat, INTENT_PERCEPTUAL, flags);
  try {
    if (transform) use(transform);
    return transform !== 0;
  } finally {
    if (transform) lcms.cmsDeleteTransform(transform);
    lcms.cmsCloseProfile(srgb);
    lcms.cmsCloseProfile(input);
  }
}

/** Runs `transform` over `pixels` pixels of `input`, a chunk at a time, into `output`. */
function run(
  lcms: Lcms,
  transform: number,
  input: Uint8Array,
  inSize: number,
  output: Uint8Array,
  outSize: number,
): void {
  const pixels = input.length / inSize;
  const step = Math.min(CHUNK, pixels);
  const from = lcms._malloc(step * inSize);
  const to = lcms._malloc(step * outSize);
  if (!from || !to) throw new Error('colour transform: out of memory');
  try {
    for (let start = 0; start < pixels; start += step) {
      const count = Math.min(step, pixels - start);
      lcms.HEAPU8.set(input.subarray(start * inSize, (start + count) * inSize), from);
      lcms._cmsDoTransform(transform, from, to, count);
      // HEAPU8 is read again after the call: the heap may have grown and been replaced.
      output.set(lcms.HEAPU8.subarray(to, to + count * outSize), start * outSize);
    }
  } finally {
    lcms._free(from);
    lcms._free(to);
  }
}

function transformRgb(lcms: Lcms, image: Bitmap, profile: Uint8Array): Bitmap {
  const data = new Uint8Array(image.data.length);
  const done = withTransform(lcms, profile, TYPE_RGBA_8, TYPE_RGBA_8, FLAGS_COPY_ALPHA, (transform) =>
    run(lcms, transform, image.data, 4, data, 4),
  );
  return done ? { width: image.width, height: image.height, data } : image;
}

/** Grey pixels (R = G = B) through a grey profile: 256 values, so a table. */
function transformGrey(lcms: Lcms, image: Bitmap, profile: Uint8Array): Bitmap {
  const levels = Uint8Array.from({ length: 256 }, (_, i) => i);
  const table = new Uint8Array(256 * 3);
  const done = withTransform(lcms, profile, TYPE_GRAY_8, TYPE_RGB_8, 0, (transform) =>
    run(lcms, transform, levels, 1, table, 3),
  );
  if (!done) return image;
  const data = new Uint8Array(image.data.length);
  const source = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const at = source[i]! * 3;
    data[i] = table[at]!;
    data[i + 1] = table[at + 1]!;
    data[i + 2] = table[at + 2]!;
    data[i + 3] = source[i + 3]!;
  }
  return { width: image.width, height: image.height, data };
}

function transformCmyk(lcms: Lcms, image: CmykImage, profile: Uint8Array): Bitmap {
  const pixels = image.width * image.height;
  const rgb = new Uint8Array(pixels * 3);
  const done = withTransform(lcms, profile, TYPE_CMYK_8, TYPE_RGB_8, 0, (transform) =>
    run(lcms, transform, image.cmyk, 4, rgb, 3),
  );
  if (!done) return { width: image.width, height: image.height, data: cmykToRgba(image) };
  const data = new Uint8Array(pixels * 4);
  for (let p = 0, i = 0, j = 0; p < pixels; p++, i += 4, j += 3) {
    data[i] = rgb[j]!;
    data[i + 1] = rgb[j + 1]!;
    data[i + 2] = rgb[j + 2]!;
    data[i + 3] = image.alpha ? image.alpha[p]! : 255;
  }
  return { width: image.width, height: image.height, data };
}

// sRGB's colorants as ICC profiles state them (adapted to D50), and its tone curve at three
// points (linear light). A profile matching both is sRGB whatever its name, and needs no work.
const SRGB_COLORANTS: Record<string, readonly number[]> = {
  rXYZ: [0.4361, 0.2225, 0.0139],
  gXYZ: [0.3851, 0.7169, 0.0971],
  bXYZ: [0.1431, 0.0606, 0.7141],
};
const srgbCurve = (x: number) => (x <= 0.04045 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4);
const CURVE_POINTS = [0.1, 0.5, 0.9];

/** Whether an RGB profile is sRGB: its colorants and its three tone curves match sRGB's. */
export function isSrgb(profile: Uint8Array): boolean {
  try {
    const tags = tagTable(profile);
    for (const [name, expected] of Object.entries(SRGB_COLORANTS)) {
      const at = tags.get(name);
      if (at === undefined || tagType(profile, at) !== 'XYZ ') return false;
      for (let i = 0; i < 3; i++)
        if (Math.abs(s15Fixed16(profile, at + 8 + i * 4) - expected[i]!) > 0.0025) return false;
    }
    for (const name of ['rTRC', 'gTRC', 'bTRC']) {
      const at = tags.get(name);
      if (at === undefined) return false;
      for (const x of CURVE_POINTS) {
        const y = evaluateCurve(profile, at, x);
        if (y === undefined || Math.abs(y - srgbCurve(x)) > 0.003) return false;
      }
    }
    return true;
  } catch {
    return false; // a profile that ends early: let littleCMS judge it
  }
}

function u32(b: Uint8Array, at: number): number {
  if (at + 4 > b.length) throw new RangeError('ends early');
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}
const u16 = (b: Uint8Array, at: number) => u32(b, at - 2) & 0xffff;
const s15Fixed16 = (b: Uint8Array, at: number) => (u32(b, at) | 0) / 65536;
const tagType = (b: Uint8Array, at: number) => String.fromCharCode(...b.subarray(at, at + 4));

/** Tag signature → offset of its data. */
function tagTable(profile: Uint8Array): Map<string, number> {
  const tags = new Map<string, number>();
  const count = Math.min(u32(profile, 128), 100);
  for (let i = 0; i < count; i++) {
    const entry = 132 + i * 12;
    tags.set(tagType(profile, entry), u32(profile, entry + 4));
  }
  return tags;
}

/** A `curv` or `para` tone curve at x (0–1), or undefined for another type. */
function evaluateCurve(profile: Uint8Array, at: number, x: number): number | undefined {
  const type = tagType(profile, at);
  if (type === 'curv') {
    const n = u32(profile, at + 8);
    if (n === 0) return x;
    if (n === 1) return x ** (u16(profile, at + 12) / 256);
    const position = x * (n - 1);
    const low = Math.floor(position);
    const a = u16(profile, at + 12 + low * 2) / 65535;
    const b = u16(profile, at + 12 + Math.min(n - 1, low + 1) * 2) / 65535;
    return a + (b - a) * (position - low);
  }
  if (type === 'para') {
    const kind = u16(profile, at + 8);
    const p = Array.from({ length: [1, 3, 4, 5, 7][kind] ?? 0 }, (_, i) => s15Fixed16(profile, at + 12 + i * 4));
    const [g = 1, a = 1, b = 0, c = 0, d = 0, e = 0, f = 0] = p;
    switch (kind) {
      case 0:
        return x ** g;
      case 1:
        return x >= -b / a ? (a * x + b) ** g : 0;
      case 2:
        return x >= -b / a ? (a * x + b) ** g + c : c;
      case 3:
        return x >= d ? (a * x + b) ** g : c * x;
      case 4:
        return x >= d ? (a * x + b) ** g + e : c * x + f;
    }
  }
  return undefined;
}
