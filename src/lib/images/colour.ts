// The colour of a `background` field (image-converter, image-resizer, background-remover), read
// by the colour converter's own parser (src/lib/colour/parse.ts): every spelling the
// colour converter reads, a `background` takes: hex with or without alpha, CSS names,
// `transparent`, rgb(), hsl(), hsv(), hwb(), lab(), lch(), oklab(), oklch(), color(<space> …),
// either syntax. A colour outside sRGB is gamut-mapped as the colour converter maps it (CSS Color
// 4), then rounded to 8 bits, as are the channels and the alpha (alpha × 255, half up).
//
// The pages read colours in the sRGB models with colour-syntax.ts alone; this module (with
// colorjs.io, for the CSS spaces) is loaded by the tools, and by a page only for such a colour.
import { parseColor } from '../colour/parse';
import { rgbOf } from '../colour/convert';
import { roundHalfUp } from '../colour/srgb';
import type { Rgba } from './colour-syntax';

export type { Rgba } from './colour-syntax';

/** `#0af`, `rgb(0 170 255 / 50%)`, `oklch(70% 0.1 250)`, `white` → 8-bit RGBA; undefined when it is not a colour. */
export function parseColour(value: string): Rgba | undefined {
  const parsed = parseColor(value);
  if (!parsed.ok) return undefined;
  const [r, g, b] = rgbOf(parsed.color);
  return [r, g, b, roundHalfUp(parsed.color.alpha * 255)];
}
