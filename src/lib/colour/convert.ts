// Conversions between RGB, HSL and HSV on exact (unrounded) values, and the rounded response
// forms (docs/contract.md §4 color-converter): every output is computed from the exact colour,
// never from another rounded output, and the input's own model is reported as given.
// Formulas: CSS Color 4 §7.1 (HSL ↔ sRGB), §8 (HWB) and the standard hexcone model for HSV.
// The other CSS spaces (lab, oklch, color(display-p3 …)…) reach sRGB through spaces.ts.
import type { ExactColor } from './parse';
import { cssToOklab, cssToSrgb, srgbToOklab } from './spaces';
import { fromRgb, hslToHsv, hslToRgb, hsvToHsl, hsvToHwb, hsvToRgb, hwbToHsv, roundHalfUp, type Triple } from './srgb';

export { fromRgb, hslToHsv, hslToRgb, hsvToHsl, hsvToHwb, hsvToRgb, hwbToHsv, roundHalfUp, type Triple };

export interface ColorForms {
  hex: string;
  rgb: { r: number; g: number; b: number; css: string };
  hsl: { h: number; s: number; l: number; css: string };
  hsv: { h: number; s: number; v: number };
  hwb: string;
  oklch: string;
  oklab: string;
  css: { hex: string; rgb: string; hsl: string; hwb: string; oklch: string; oklab: string };
  in_gamut: boolean;
  alpha?: number;
}

/** A hue in [0, 360) from any angle; rounding 359.5 up gives 360, which wraps to 0. */
function roundHue(h: number): number {
  const rounded = roundHalfUp(((h % 360) + 360) % 360);
  return rounded >= 360 ? 0 : rounded;
}

const hex2 = (n: number) => n.toString(16).padStart(2, '0');

/** A number half up at `digits` decimals, without trailing zeros or a negative zero. */
export function decimal(x: number, digits: number): string {
  const scale = 10 ** digits;
  const rounded = roundHalfUp(x * scale) / scale;
  return String(rounded === 0 ? 0 : rounded);
}

/**
 * `oklch(L% C H)` and `oklab(L% a b)`: L as a percentage with 2 decimals, C/a/b with 4, H with
 * 2 (what oklch.com and colorjs.io print); a hue whose chroma rounds to 0 is noise and prints 0.
 */
function oklabForms([l, a, b]: Triple): { oklch: string; oklab: string } {
  const lightness = `${decimal(l * 100, 2)}%`;
  const chroma = decimal(Math.hypot(a, b), 4);
  const h = chroma === '0' ? 0 : ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
  const hue = decimal(h, 2) === '360' ? '0' : decimal(h, 2);
  return {
    oklch: `oklch(${lightness} ${chroma} ${hue})`,
    oklab: `oklab(${lightness} ${decimal(a, 4)} ${decimal(b, 4)})`,
  };
}

/** The sRGB, HSL and HSV of a colour (unrounded), whether it was inside sRGB, and its OKLab. */
function exactForms({ model, channels }: ExactColor): {
  rgb: Triple;
  hsl: Triple;
  hsv: Triple;
  inGamut: boolean;
  oklab: Triple;
} {
  if (model !== 'rgb' && model !== 'hsl' && model !== 'hsv' && model !== 'hwb') {
    const { rgb, inGamut } = cssToSrgb(model, channels);
    return { rgb, ...fromRgb(rgb), inGamut, oklab: cssToOklab(model, channels) };
  }
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
    hsv = model === 'hwb' ? hwbToHsv(own) : own;
    rgb = hsvToRgb(hsv);
    hsl = hsvToHsl(hsv);
  }
  return { rgb, hsl, hsv, inGamut: true, oklab: srgbToOklab(rgb) };
}

/** A colour's OKLab [L 0–1, a, b] as given (not gamut-mapped). */
export function oklabOf(color: ExactColor): Triple {
  return exactForms(color).oklab;
}

/** A colour as sRGB 0–255, rounded half up as every answer rounds it (gamut-mapped if outside). */
export function rgbOf(color: ExactColor): Triple {
  return exactForms(color).rgb.map(roundHalfUp) as Triple;
}

export function colorForms(color: ExactColor): ColorForms {
  const { rgb, hsl, hsv, inGamut, oklab } = exactForms(color);
  const { alpha } = color;

  const [r, g, b] = rgb.map(roundHalfUp) as Triple;
  const [hh, hs, hl] = [roundHue(hsl[0]), roundHalfUp(hsl[1]), roundHalfUp(hsl[2])];
  // An HWB input comes back as its own hwb, like HSL and HSV; others derive it from HSV.
  const hwbExact = color.model === 'hwb' ? color.channels : hsvToHwb(hsv);
  const [wh, ww, wb] = [roundHue(hwbExact[0]), roundHalfUp(hwbExact[1]), roundHalfUp(hwbExact[2])];
  const hex = `#${hex2(r)}${hex2(g)}${hex2(b)}`;
  const hwb = `hwb(${wh} ${ww}% ${wb}%)`;
  const { oklch, oklab: oklabCss } = oklabForms(oklab);
  // Alpha to 3 decimals, half up; omitted when opaque (CONTRACT: "omitted when 1").
  const a = roundHalfUp(alpha * 1000) / 1000;
  // Copyable forms that keep the alpha: the legacy comma forms for rgb/hsl (like rgb.css) and
  // `/ A` for the space-separated ones; #rrggbbaa for hex.
  const slash = (css: string) => (a === 1 ? css : `${css.slice(0, -1)} / ${a})`);
  const forms: ColorForms = {
    hex,
    rgb: { r, g, b, css: `rgb(${r}, ${g}, ${b})` },
    hsl: { h: hh, s: hs, l: hl, css: `hsl(${hh}, ${hs}%, ${hl}%)` },
    hsv: { h: roundHue(hsv[0]), s: roundHalfUp(hsv[1]), v: roundHalfUp(hsv[2]) },
    hwb,
    oklch,
    oklab: oklabCss,
    css:
      a === 1
        ? { hex, rgb: `rgb(${r}, ${g}, ${b})`, hsl: `hsl(${hh}, ${hs}%, ${hl}%)`, hwb, oklch, oklab: oklabCss }
        : {
            hex: hex + hex2(roundHalfUp(a * 255)),
            rgb: `rgba(${r}, ${g}, ${b}, ${a})`,
            hsl: `hsla(${hh}, ${hs}%, ${hl}%, ${a})`,
            hwb: slash(hwb),
            oklch: slash(oklch),
            oklab: slash(oklabCss),
          },
    in_gamut: inGamut,
  };
  if (a !== 1) forms.alpha = a;
  return forms;
}
