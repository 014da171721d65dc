import { defineTool, ToolInputError } from '../define';
import { contrast } from './contrast';
import { colorForms, oklabOf, type Triple } from '../../lib/colour/convert';
import { toCmyk } from './cmyk';
import { nearestName } from './nearest-name';
import { palette } from './palette';
import { parseColor } from '../../lib/colour/parse';
import { Input, Output } from './schema';

/** The palette around a colour; its own step shows the colour's own hex and OKLCH, exactly as the answer above gives them. */
function scaleOf(color: Parameters<typeof oklabOf>[0], hex: string, oklch: string) {
  const [l, a, b] = oklabOf(color);
  const steps = palette([l, Math.hypot(a, b), ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360]);
  return steps.map((step) => (step.input ? { ...step, hex, oklch } : step));
}

export default defineTool({
  slug: 'color-converter',
  name: 'Color Converter',
  summary:
    'Converts a colour between HEX, RGB, HSL, HSV, HWB, OKLCH, OKLab and CMYK (also lab(), lch(), color(display-p3 …), CSS names and alpha), maps out-of-sRGB colours into gamut, names the nearest CSS colour, makes a 50–950 palette, and checks WCAG contrast against a second colour.',
  tag: 'conversion',
  category: 'convert',
  icon: 'palette',
  blurb: 'Hex, RGB, HSL, OKLCH forms; WCAG contrast.',
  keywords: [
    'color',
    'colour',
    'hex color',
    'rgb',
    'rgba',
    'hsl',
    'hsla',
    'hsv',
    'hsb',
    'oklch',
    'oklab',
    'lab',
    'lch',
    'hwb',
    'display-p3',
    'gamut',
    'contrast',
    'wcag',
    'css color',
    'named color',
    'picker',
    'cmyk',
    'device-cmyk',
    'print',
    'nearest color name',
    'palette',
    'tints',
    'shades',
    'tailwind',
  ],
  paste: [{ kind: 'color', field: 'color' }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'A hex colour', input: { color: '#ff6347' } },
    { summary: 'HSL to the other forms', input: { color: 'hsl(120, 100%, 25%)' } },
    { summary: 'CSS Color 4 syntax with alpha', input: { color: 'rgb(255 0 0 / 50%)' } },
    { summary: 'A Display P3 colour outside sRGB, gamut-mapped', input: { color: 'color(display-p3 1 0 0)' } },
    {
      summary: 'OKLCH with a WCAG contrast check on white',
      input: { color: 'oklch(0.5 0.1 250)', contrast_with: 'white' },
    },
    {
      summary: 'CMYK in, with its CMYK, nearest CSS name and a 50–950 palette',
      input: { color: 'cmyk(0, 61, 72, 0)', include: ['cmyk', 'name', 'palette'] },
    },
  ],
  run({ color, contrast_with, include = [] }) {
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
    const withContrast =
      against === undefined
        ? forms
        : {
            ...forms,
            contrast: contrast({ rgb: [forms.rgb.r, forms.rgb.g, forms.rgb.b], alpha: alpha ?? 1 }, against),
          };
    const painted: Triple = [forms.rgb.r, forms.rgb.g, forms.rgb.b];
    const extras = {
      ...(include.includes('cmyk') && { cmyk: toCmyk(painted) }),
      ...(include.includes('name') && { name: nearestName(painted, forms.hex) }),
      ...(include.includes('palette') && { palette: scaleOf(parsed.color, forms.hex, forms.oklch) }),
    };
    return alpha === undefined
      ? { ...withContrast, ...extras, valid: true }
      : { ...withContrast, ...extras, valid: true, alpha };
  },
});
