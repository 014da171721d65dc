// WCAG 2.x contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio). Decisions:
// - `color` is the text (foreground) and `contrast_with` the background: the order matters only
//   for alpha, since the ratio is symmetric.
// - Alpha: the background is composited over white (a page's default), then the text over that
//   background, in 8-bit sRGB, each channel rounded half up, as a browser paints them.
// - Luminance uses the sRGB transfer with threshold 0.04045 (WCAG 2.2 erratum of 0.03928: no
//   8-bit value lies between the two, so the answers are the same).
// - The ratio is truncated (not rounded) to 2 decimals and the verdicts read that number, so a
//   4.499 never shows as 4.5 next to a fail, and a shown 4.5 always passes AA.
import { roundHalfUp, type Triple } from '../../lib/colour/convert';

export interface Contrast {
  ratio: number;
  aa_normal: boolean;
  aa_large: boolean;
  aaa_normal: boolean;
  aaa_large: boolean;
  foreground: string;
  background: string;
}

/** `top` with opacity `alpha` painted over the opaque `under`, 0–255 rounded. */
export const composite = (top: Triple, alpha: number, under: Triple): Triple =>
  top.map((c, i) => roundHalfUp(c * alpha + under[i]! * (1 - alpha))) as Triple;

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

export const luminance = ([r, g, b]: Triple) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);

const hex = (rgb: Triple) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export function contrast(text: { rgb: Triple; alpha: number }, background: { rgb: Triple; alpha: number }): Contrast {
  const bg = composite(background.rgb, background.alpha, [255, 255, 255]);
  const fg = composite(text.rgb, text.alpha, bg);
  const [light, dark] = [luminance(fg), luminance(bg)].sort((x, y) => y - x) as [number, number];
  // The tolerance keeps exact ratios (21 for black on white) from landing a hair below.
  const ratio = Math.floor(((light + 0.05) / (dark + 0.05)) * 100 + 1e-9) / 100;
  return {
    ratio,
    aa_normal: ratio >= 4.5,
    aa_large: ratio >= 3,
    aaa_normal: ratio >= 7,
    aaa_large: ratio >= 4.5,
    foreground: hex(fg),
    background: hex(bg),
  };
}
