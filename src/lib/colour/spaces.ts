// The CSS Color 4 spaces beyond sRGB, through colorjs.io (by the CSS Color spec's editors):
// conversion to sRGB, the sRGB gamut test and CSS Color 4 §13.2 gamut mapping (binary search on
// OKLCH chroma, deltaEOK, JND 0.02: colorjs.io's toGamutCSS is that algorithm), and OKLab for
// every colour. The procedural `colorjs.io/fn` entry keeps the bundle to the spaces named here.
import {
  A98RGB,
  ColorSpace,
  Lab,
  LCH,
  OKLab,
  OKLCH,
  P3,
  ProPhoto,
  REC_2020,
  sRGB,
  sRGB_Linear,
  XYZ_D50,
  XYZ_D65,
  inGamut,
  to,
  toGamutCSS,
  type PlainColorObject,
} from 'colorjs.io/fn';
import type { CssSpace } from './parse';
import type { Triple } from './srgb';

const SPACES: Record<CssSpace, ColorSpace> = {
  lab: Lab,
  lch: LCH,
  oklab: OKLab,
  oklch: OKLCH,
  srgb: sRGB,
  'srgb-linear': sRGB_Linear,
  p3: P3,
  a98rgb: A98RGB,
  prophoto: ProPhoto,
  rec2020: REC_2020,
  'xyz-d65': XYZ_D65,
  'xyz-d50': XYZ_D50,
};
// colorjs.io converts along each space's `base` chain; registering the spaces lets it look
// them up by id on the way (D50 Lab → XYZ D50 → XYZ D65 → linear sRGB → sRGB). Registered on
// first use, not on import: a module without side effects is left out of the pages that import
// the `background` schema but never convert a CSS-space colour (their first-load weight).
let registered = false;

const color = (space: ColorSpace, coords: Triple): PlainColorObject => {
  if (!registered) {
    for (const each of Object.values(SPACES)) ColorSpace.register(each);
    registered = true;
  }
  return { space, coords: [...coords], alpha: 1 };
};

/**
 * A colour of a CSS space in sRGB 0–255 (unrounded), and whether it lay inside sRGB. Outside,
 * the answer is the CSS Color 4 gamut-mapped colour; inside, float noise past 0–1 is clamped.
 */
export function cssToSrgb(space: CssSpace, coords: Triple): { rgb: Triple; inGamut: boolean } {
  const origin = color(SPACES[space], coords);
  const inside = inGamut(origin, sRGB);
  const mapped = inside ? to(origin, sRGB) : toGamutCSS(origin, { space: sRGB });
  // Snapping at a millionth of a channel drops float noise (oklch(1 0 0) is 254.9999999 and
  // 255.0000002, which would give white a hue and a saturation) far below any rounding step.
  const rgb = mapped.coords.map((c) => Math.round(Math.min(1, Math.max(0, c ?? 0)) * 255e6) / 1e6) as Triple;
  return { rgb, inGamut: inside };
}

/** OKLab [L 0–1, a, b] of a CSS-space colour as given (not gamut-mapped: OKLab holds every colour). */
export function cssToOklab(space: CssSpace, coords: Triple): Triple {
  return to(color(SPACES[space], coords), OKLab).coords.map((c) => c ?? 0) as Triple;
}

/** OKLab of an sRGB colour given as 0–255 channels. */
export function srgbToOklab(rgb: Triple): Triple {
  return cssToOklab('srgb', rgb.map((c) => c / 255) as Triple);
}
