import { defineTool, ToolInputError } from '../define';
import { contrast } from './contrast';
import { colorForms, type Triple } from '../../lib/colour/convert';
import { parseColor } from '../../lib/colour/parse';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'color-converter',
  name: 'Color Converter',
  summary: 'Converts a colour between HEX, RGB, HSL, HSV, HWB, OKLCH and OKLab (also lab(), lch(), color(display-p3 …), CSS names and alpha), maps out-of-sRGB colours into gamut, and checks WCAG contrast against a second colour.',
  tag: 'conversion',
  category: 'convert',
  icon: 'palette',
  blurb: 'Hex, RGB, HSL, OKLCH forms; WCAG contrast.',
  keywords: ['color', 'colour', 'hex color', 'rgb', 'rgba', 'hsl', 'hsla', 'hsv', 'hsb', 'oklch', 'oklab', 'lab', 'lch', 'hwb', 'display-p3', 'gamut', 'contrast', 'wcag', 'css color', 'named color', 'picker'],
  paste: [{ kind: 'color', field: 'color' }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'A hex colour', input: { color: '#ff6347' } },
    { summary: 'HSL to the other forms', input: { color: 'hsl(120, 100%, 25%)' } },
    { summary: 'CSS Color 4 syntax with alpha', input: { color: 'rgb(255 0 0 / 50%)' } },
    { summary: 'A Display P3 colour outside sRGB, gamut-mapped', input: { color: 'color(display-p3 1 0 0)' } },
    { summary: 'OKLCH with a WCAG contrast check on white', input: { color: 'oklch(0.5 0.1 250)', contrast_with: 'white' } },
  ],
  run({ color, contrast_with }) {
    // A second colour that cannot be read is a request error naming the field (the main colour
    // keeps its documented 200 valid:false answer).
    let against: { rgb: Triple; alpha: number } | undefined;
    if (contrast_with !== undefined) {
      const other = parseColor(contrast_with);
      if (!other.ok) throw new ToolInputError(`'contrast_with' is not a colour: ${other.error}`);
      const forms = colorForms(other.color);
      against = { rgb: [forms.rgb.r, forms.rgb.g, forms.rgb.b], alpha: forms.alpha ?? 1 };
    }
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
    const withContrast = against === undefined
      ? forms
      : { ...forms, contrast: contrast({ rgb: [forms.rgb.r, forms.rgb.g, forms.rgb.b], alpha: alpha ?? 1 }, against) };
    return alpha === undefined ? { ...withContrast, valid: true } : { ...withContrast, valid: true, alpha };
  },
});
