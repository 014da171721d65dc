import { defineTool } from '../define';
import { colorForms } from './convert';
import { parseColor } from './parse';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'color-converter',
  name: 'Color Converter',
  summary: 'Converts a colour between HEX, RGB, HSL and HSV (also CSS names and alpha) and returns all four forms.',
  tag: 'conversion',
  category: 'convert',
  icon: 'palette',
  blurb: 'Hex, RGB, HSL and HSV forms of a colour.',
  keywords: ['color', 'colour', 'hex color', 'rgb', 'rgba', 'hsl', 'hsla', 'hsv', 'hsb', 'oklch', 'css color', 'named color', 'picker'],
  paste: [{ kind: 'color', field: 'color' }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'A hex colour', input: { color: '#ff6347' } },
    { summary: 'HSL to the other forms', input: { color: 'hsl(120, 100%, 25%)' } },
    { summary: 'CSS Color 4 syntax with alpha', input: { color: 'rgb(255 0 0 / 50%)' } },
  ],
  run({ color }) {
    const parsed = parseColor(color);
    // docs/contract.md §4: an unreadable or out-of-range colour is a 200 with this zeroed shape.
    if (!parsed.ok) {
      return {
        hex: '',
        rgb: { r: 0, g: 0, b: 0, css: '' },
        hsl: { h: 0, s: 0, l: 0, css: '' },
        hsv: { h: 0, s: 0, v: 0 },
        valid: false,
        error: parsed.error,
      };
    }
    const { alpha, ...forms } = colorForms(parsed.color);
    return alpha === undefined ? { ...forms, valid: true } : { ...forms, valid: true, alpha };
  },
});
