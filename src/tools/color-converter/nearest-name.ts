// The CSS named colour nearest to a colour, by distance in OKLab (ΔEOK, the CSS Color 4 colour
// difference): perceptually even, so "nearest" is what an eye would pick.
import type { Triple } from '../../lib/colour/convert';
import { NAMED_COLORS } from '../../lib/colour/named';
import { srgbToOklab } from '../../lib/colour/spaces';

export interface NearestName {
  name: string;
  hex: string;
  exact: boolean;
  distance: number;
}

let named: { name: string; hex: string; oklab: Triple }[] | undefined;

/** The 148 names once, in alphabetical order so that of two names for one colour (aqua, cyan) the first wins. */
function namedColours() {
  named ??= [...NAMED_COLORS]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, digits]) => ({
      name,
      hex: `#${digits}`,
      oklab: srgbToOklab([0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as Triple),
    }));
  return named;
}

/** The nearest name to an 8-bit sRGB colour; `distance` is ΔEOK to 4 decimals (0.02 is about the smallest visible step). */
export function nearestName(rgb: Triple, hex: string): NearestName {
  const [l, a, b] = srgbToOklab(rgb);
  let best = namedColours()[0]!;
  let bestDistance = Infinity;
  for (const each of namedColours()) {
    const distance = Math.hypot(each.oklab[0] - l, each.oklab[1] - a, each.oklab[2] - b);
    if (distance < bestDistance) [best, bestDistance] = [each, distance];
  }
  const exact = best.hex === hex;
  return { name: best.name, hex: best.hex, exact, distance: exact ? 0 : Math.round(bestDistance * 1e4) / 1e4 };
}
