// The sRGB models by hand, on exact (unrounded) values: RGB, HSL, HSV and HWB, and the rounding
// of the answers. Kept apart from the CSS spaces (spaces.ts, colorjs.io) so that the pages can
// read these colours without loading colorjs.io (the `background` fields' swatches, colour.ts).
// Formulas: CSS Color 4 §7.1 (HSL ↔ sRGB), §8 (HWB) and the standard hexcone model for HSV.
import type { ExactColor } from './parse';

export type Triple = [number, number, number];

/**
 * Half up to an integer. Values that are halves in exact arithmetic can land a hair below .5
 * in binary floating point (HSL → RGB), so a tolerance far below any meaningful difference
 * keeps them halves.
 */
export const roundHalfUp = (x: number) => Math.floor(x + 0.5 + 1e-9);

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

/** HWB → HSV (CSS Color 4 §8: whiteness + blackness ≥ 100% is a grey of ratio w / (w + b)). */
export function hwbToHsv([h, w, b]: Triple): Triple {
  if (w + b >= 100) {
    const grey = (w / (w + b)) * 100;
    return [h, 0, grey];
  }
  const v = 100 - b;
  return [h, v === 0 ? 0 : (1 - w / v) * 100, v];
}

/** HSV → HWB: whiteness is what the value keeps of no colour, blackness what it lacks. */
export const hsvToHwb = ([h, s, v]: Triple): Triple => [h, ((100 - s) * v) / 100, 100 - v];

/** A colour of an sRGB model (rgb, hsl, hsv, hwb) as unrounded RGB 0–255. */
export function srgbModelToRgb({ model, channels }: ExactColor & { model: 'rgb' | 'hsl' | 'hsv' | 'hwb' }): Triple {
  if (model === 'rgb') return channels;
  const own: Triple = [((channels[0] % 360) + 360) % 360, channels[1], channels[2]];
  if (model === 'hsl') return hslToRgb(own);
  return hsvToRgb(model === 'hwb' ? hwbToHsv(own) : own);
}
