// What the pages need of a `background` colour without loading colorjs.io: whether the text is
// a colour at all (the colour converter's parser: syntax and ranges), and its RGBA when it is
// in an sRGB model (hex, names, rgb(), hsl(), hsv(), hwb()), computed with the converter's own
// formulas and rounding. lab(), lch(), oklab(), oklch() and color() need colour.ts.
import { parseColor } from '../colour/parse';
import { roundHalfUp, srgbModelToRgb } from '../colour/srgb';

/** Straight (not premultiplied) 8-bit RGBA. */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

/** The parser's refusal of `value` (without its "Invalid color: " lead), or undefined for a colour. */
export function colourProblem(value: string): string | undefined {
  const parsed = parseColor(value);
  return parsed.ok ? undefined : parsed.error.replace(/^Invalid color: /, '').replace(/\.$/, '');
}

export const isColour = (value: string): boolean => parseColor(value).ok;

/** RGBA of a colour in an sRGB model; 'css' for one of the CSS spaces (colour.ts reads it); undefined when no colour. */
export function quickRgba(value: string): Rgba | 'css' | undefined {
  const parsed = parseColor(value);
  if (!parsed.ok) return undefined;
  const { color } = parsed;
  if (color.model !== 'rgb' && color.model !== 'hsl' && color.model !== 'hsv' && color.model !== 'hwb') return 'css';
  const [r, g, b] = srgbModelToRgb(color as typeof color & { model: 'rgb' }).map(roundHalfUp);
  return [r!, g!, b!, roundHalfUp(color.alpha * 255)];
}
