// The 148 named colours of CSS Color Module Level 4 §6.1 (the 147 of SVG/CSS3 plus
// rebeccapurple; gray/grey variants are separate names), from the `color-name` package.
import colors from 'color-name';

const hex = (channels: readonly number[]) => channels.map((c) => c.toString(16).padStart(2, '0')).join('');

/** Lowercase CSS colour name → `rrggbb`. */
export const NAMED_COLORS: ReadonlyMap<string, string> = new Map(
  Object.entries(colors).map(([name, rgb]) => [name, hex(rgb)]),
);
