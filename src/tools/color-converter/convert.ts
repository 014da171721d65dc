// Conversions between RGB, HSL and HSV on exact (unrounded) values, and the rounded response
// forms (docs/contract.md §4 color-converter): every output is computed from the exact colour,
// never from another rounded output, and the input's own model is reported as given.
// Formulas: CSS Color 4 §7.1 (HSL ↔ sRGB) and the standard hexcone model for HSV.
import type { ExactColor } from './parse';

export interface ColorForms {
  hex: string;
  rgb: { r: number; g: number; b: number; css: string };
  hsl: { h: number; s: number; l: number; css: string };
  hsv: { h: number; s: number; v: number };
  alpha?: number;
}

export type Triple = [number, number, number];

/**
 * Half up to an integer. Values that are halves in exact arithmetic can land a hair below .5
 * in binary floating point (HSL → RGB), so a tolerance far below any meaningful difference
 * keeps them halves.
 */
export const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

/** A hue in [0, 360) from any angle; rounding 359.5 up gives 360, which wraps to 0. */
function roundHue(h: number): number {
  const rounded = roundHalfUp(((h % 360) + 360) % 360);
  return rounded >= 360 ? 0 : rounded;
}

/** RGB 0–255 → HSL and HSV (hue in degrees, the rest 0–100). */
export function fromRgb([r, g, b]: Triple): { hsl: Triple; hsv: Triple } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = 60 * (((g - b) / d + 6) % 6);
    else if (max === g) h = 60 * ((b - r) / d + 2);
    else h = 60 * ((r - g) / d + 4);
  }
  const l = (max + min) / 2 / 255;
  const sl = d === 0 ? 0 : d / 255 / (1 - Math.abs(2 * l - 1));
  const sv = max === 0 ? 0 : d / max;
  return { hsl: [h, sl * 100, l * 100], hsv: [h, sv * 100, (max / 255) * 100] };
}

/** HSL → RGB 0–255 (CSS Color 4 hslToRgb). */
export function hslToRgb([h, s, l]: Triple): Triple {
  const sat = s / 100;
  const light = l / 100;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return (light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))) * 255;
  };
  return [f(0), f(8), f(4)];
}

/** HSV → RGB 0–255. */
export function hsvToRgb([h, s, v]: Triple): Triple {
  const sat = s / 100;
  const value = v / 100;
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return (value - value * sat * Math.max(0, Math.min(k, 4 - k, 1))) * 255;
  };
  return [f(5), f(3), f(1)];
}

/** HSL → HSV directly (not through RGB, which would add a rounding step of floats). */
export function hslToHsv([h, s, l]: Triple): Triple {
  const light = l / 100;
  const v = light + (s / 100) * Math.min(light, 1 - light);
  return [h, v === 0 ? 0 : 2 * (1 - light / v) * 100, v * 100];
}

export function hsvToHsl([h, s, v]: Triple): Triple {
  const value = v / 100;
  const l = value * (1 - s / 200);
  return [h, l === 0 || l === 1 ? 0 : ((value - l) / Math.min(l, 1 - l)) * 100, l * 100];
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

export function colorForms({ model, channels, alpha }: ExactColor): ColorForms {
  // Hue is normalised first so that hsl→rgb formulas see [0, 360).
  const own: Triple = model === 'rgb' ? channels : [((channels[0] % 360) + 360) % 360, channels[1], channels[2]];
  let rgb: Triple;
  let hsl: Triple;
  let hsv: Triple;
  if (model === 'rgb') {
    rgb = own;
    ({ hsl, hsv } = fromRgb(own));
  } else if (model === 'hsl') {
    hsl = own;
    rgb = hslToRgb(own);
    hsv = hslToHsv(own);
  } else {
    hsv = own;
    rgb = hsvToRgb(own);
    hsl = hsvToHsl(own);
  }

  const [r, g, b] = rgb.map(roundHalfUp) as Triple;
  const [hh, hs, hl] = [roundHue(hsl[0]), roundHalfUp(hsl[1]), roundHalfUp(hsl[2])];
  const forms: ColorForms = {
    hex: `#${hex2(r)}${hex2(g)}${hex2(b)}`,
    rgb: { r, g, b, css: `rgb(${r}, ${g}, ${b})` },
    hsl: { h: hh, s: hs, l: hl, css: `hsl(${hh}, ${hs}%, ${hl}%)` },
    hsv: { h: roundHue(hsv[0]), s: roundHalfUp(hsv[1]), v: roundHalfUp(hsv[2]) },
  };
  // Alpha to 3 decimals, half up; omitted when opaque (CONTRACT: "omitted when 1").
  const a = roundHalfUp(alpha * 1000) / 1000;
  if (a !== 1) forms.alpha = a;
  return forms;
}
