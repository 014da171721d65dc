// CMYK out, by CSS Color 5's naive conversion (§14.3, no ICC profile): black is what the
// brightest channel leaves, and each ink covers what its channel lacks of the rest. Real print
// CMYK depends on the press's profile; the naive form is what design tools show by default and
// what `device-cmyk()` and `cmyk()` read back (src/lib/colour/parse.ts).
import { roundHalfUp, type Triple } from '../../lib/colour/convert';

export interface Cmyk {
  c: number;
  m: number;
  y: number;
  k: number;
  css: string;
}

/** The CMYK percentages (integers, half up) of an 8-bit sRGB colour. */
export function toCmyk([r, g, b]: Triple): Cmyk {
  const k = 1 - Math.max(r, g, b) / 255;
  const ink = (channel: number) => (k >= 1 ? 0 : (1 - channel / 255 - k) / (1 - k));
  const [c, m, y, black] = [ink(r), ink(g), ink(b), k].map((share) => roundHalfUp(share * 100)) as [
    number,
    number,
    number,
    number,
  ];
  return { c, m, y, k: black, css: `device-cmyk(${c}% ${m}% ${y}% ${black}%)` };
}
