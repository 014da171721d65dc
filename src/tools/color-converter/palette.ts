// A Tailwind-style scale of tints and shades (50, 100 … 900, 950) around a colour, made in OKLCH
// so that the steps look evenly spaced and keep their hue:
// - Lightness follows Tailwind v4's scale (its default palette's OKLCH lightness per step). The
//   colour itself sits at the step whose lightness is nearest to its own, exactly; the steps
//   between it and the ends are shifted by the same offset, tapering to none at 50 and 950, so
//   the scale stays monotonic (the offset is at most half the gap to a neighbour).
// - Chroma follows Tailwind's profile (low at the ends, highest around 500–600), scaled so that
//   the colour's own step keeps its chroma; hue stays the colour's.
// - Each step is mapped into sRGB the CSS Color 4 way (its `hex`); `oklch` is the step as made.
import { colorForms } from '../../lib/colour/convert';

export const PALETTE_STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
/** OKLCH lightness (0–1) per step: Tailwind v4's default palette (its `red`, the others are within a few %). */
const LIGHTNESS = [0.971, 0.936, 0.885, 0.808, 0.704, 0.637, 0.577, 0.505, 0.444, 0.396, 0.258];
/** Relative chroma per step: Tailwind v4's `red` chroma divided by its largest. */
const CHROMA = [0.053, 0.131, 0.253, 0.465, 0.78, 0.967, 1, 0.869, 0.722, 0.576, 0.376];

export interface PaletteStep {
  step: (typeof PALETTE_STEPS)[number];
  hex: string;
  oklch: string;
  /** Present (true) on the step that is the colour itself. */
  input?: true;
}

/** The scale around a colour given as OKLCH (L 0–1, C, H degrees). */
export function palette([l, c, h]: [number, number, number]): PaletteStep[] {
  let anchor = 0;
  for (let i = 1; i < LIGHTNESS.length; i++)
    if (Math.abs(LIGHTNESS[i]! - l) < Math.abs(LIGHTNESS[anchor]! - l)) anchor = i;
  const offset = l - LIGHTNESS[anchor]!;
  const last = LIGHTNESS.length - 1;
  return PALETTE_STEPS.map((step, i) => {
    // 1 at the colour's step, falling linearly to 0 at 50 and at 950 (unless it is one of them).
    const weight = i === anchor ? 1 : i < anchor ? i / anchor : (last - i) / (last - anchor);
    const lightness = Math.min(1, Math.max(0, LIGHTNESS[i]! + offset * weight));
    const chroma = i === anchor ? c : (c * CHROMA[i]!) / CHROMA[anchor]!;
    const forms = colorForms({ model: 'oklch', channels: [lightness, chroma, h], alpha: 1 });
    const entry: PaletteStep = { step, hex: forms.hex, oklch: forms.oklch };
    if (i === anchor) entry.input = true;
    return entry;
  });
}
