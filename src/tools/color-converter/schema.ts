import { z } from 'zod';
import { pure } from '../pure';

// The shared shapes of docs/spec.md §2. Exported so that the OpenAPI document can list them under
// components/schemas (docs/contract.md §3).
export const RGB = pure(() =>
  z
    .object({
      r: z.number().int().min(0).max(255).describe('Red, 0–255.'),
      g: z.number().int().min(0).max(255).describe('Green, 0–255.'),
      b: z.number().int().min(0).max(255).describe('Blue, 0–255.'),
      css: z.string().describe('CSS form `rgb(R, G, B)` (empty when the input is invalid).'),
    })
    .describe('A colour as red, green and blue.')
    .meta({ id: 'RGB' }),
);

export const HSL = pure(() =>
  z
    .object({
      h: z.number().int().min(0).max(360).describe('Hue in degrees, 0–359 (360 wraps to 0).'),
      s: z.number().int().min(0).max(100).describe('Saturation, 0–100 (%).'),
      l: z.number().int().min(0).max(100).describe('Lightness, 0–100 (%).'),
      css: z.string().describe('CSS form `hsl(H, S%, L%)` (empty when the input is invalid).'),
    })
    .describe('A colour as hue, saturation and lightness.')
    .meta({ id: 'HSL' }),
);

export const HSV = pure(() =>
  z
    .object({
      h: z.number().int().min(0).max(360).describe('Hue in degrees, 0–359 (360 wraps to 0).'),
      s: z.number().int().min(0).max(100).describe('Saturation, 0–100 (%).'),
      v: z.number().int().min(0).max(100).describe('Value (brightness), 0–100 (%).'),
    })
    .describe('A colour as hue, saturation and value (HSB).')
    .meta({ id: 'HSV' }),
);

/** What a request may ask for beyond the forms every answer has. */
export const EXTRAS = ['cmyk', 'name', 'palette'] as const;

export const Input = pure(() =>
  z.object({
    color: z
      .string()
      .min(1)
      .describe(
        'The colour: `#rrggbb`, `#rgb`, `rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`, `rgba()`, `r,g,b`, `hsl(h, s%, l%)`, `hsla()`, `hsv(h, s%, v%)`, `hsb()`, CSS Color 4 space syntax (`rgb(255 0 0 / 50%)`), CSS Color 4/5 `hwb()`, `lab()`, `lch()`, `oklab()`, `oklch()`, `color(srgb|srgb-linear|display-p3|a98-rgb|prophoto-rgb|rec2020|xyz|xyz-d50|xyz-d65 r g b)` (alpha as `/ 0.5` or `/ 50%`, `none` for a missing component), CMYK as `cmyk(c, m, y, k)` (each 0–100, `%` optional) or CSS Color 5 `device-cmyk(c m y k)` (0–1 or 0–100%; both read by the naive conversion, no ICC profile) or a CSS colour name. Case and spaces are free.',
      ),
    contrast_with: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A second colour (any form `color` accepts), the background of a WCAG 2.x contrast check with `color` as the text; the answer adds `contrast`. An unreadable colour here is a 400. Alpha: the background is composited over white, the text over the background.',
      ),
    include: z
      .array(z.enum(EXTRAS))
      .max(EXTRAS.length)
      .optional()
      .describe(
        'More forms to add to a valid answer: `cmyk` (naive CMYK, as `device-cmyk()`), `name` (the nearest CSS named colour) and `palette` (a 50–950 scale of tints and shades in OKLCH). Absent: none, as before.',
      ),
  }),
);

export const Contrast = pure(() =>
  z
    .object({
      ratio: z
        .number()
        .min(1)
        .max(21)
        .describe(
          'WCAG 2.x contrast ratio, 1–21, truncated to 2 decimals (never rounded up); the verdicts read this number.',
        ),
      aa_normal: z.boolean().describe('AA for normal text: ratio ≥ 4.5.'),
      aa_large: z.boolean().describe('AA for large text (18pt, or 14pt bold) and UI components: ratio ≥ 3.'),
      aaa_normal: z.boolean().describe('AAA for normal text: ratio ≥ 7.'),
      aaa_large: z.boolean().describe('AAA for large text: ratio ≥ 4.5.'),
      foreground: z
        .string()
        .describe(
          'The text colour as painted, `#rrggbb` (gamut-mapped, composited over the background when it has alpha).',
        ),
      background: z
        .string()
        .describe('The background as painted, `#rrggbb` (gamut-mapped, composited over white when it has alpha).'),
    })
    .describe('WCAG 2.x contrast between `color` (text) and `contrast_with` (background).')
    .meta({ id: 'Contrast' }),
);

export const CMYK = pure(() =>
  z
    .object({
      c: z.number().int().min(0).max(100).describe('Cyan, 0–100 (%).'),
      m: z.number().int().min(0).max(100).describe('Magenta, 0–100 (%).'),
      y: z.number().int().min(0).max(100).describe('Yellow, 0–100 (%).'),
      k: z.number().int().min(0).max(100).describe('Black (key), 0–100 (%).'),
      css: z.string().describe('CSS Color 5 form `device-cmyk(C% M% Y% K%)`.'),
    })
    .describe('The colour as naive CMYK (CSS Color 5 §14.3: no ICC profile; a press profile gives other inks).')
    .meta({ id: 'CMYK' }),
);

export const Output = pure(() =>
  z.object({
    hex: z.string().describe('Lowercase `#rrggbb` (empty when invalid).'),
    rgb: RGB,
    hsl: HSL,
    hsv: HSV,
    valid: z.boolean().describe('False when the colour could not be read or a channel is out of range.'),
    hwb: z.string().optional().describe('CSS `hwb(H W% B%)`, integers rounded half up (omitted when invalid).'),
    oklch: z
      .string()
      .optional()
      .describe(
        'CSS `oklch(L% C H)` of the colour as given (not gamut-mapped): L 2 decimals, C 4, H 2, rounded half up; H is 0 when C rounds to 0 (omitted when invalid).',
      ),
    oklab: z
      .string()
      .optional()
      .describe('CSS `oklab(L% a b)` of the colour as given: L 2 decimals, a and b 4 (omitted when invalid).'),
    css: z
      .object({
        hex: z.string().describe('`#rrggbb`, or `#rrggbbaa` when alpha < 1.'),
        rgb: z.string().describe('`rgb(R, G, B)`, or `rgba(R, G, B, A)` when alpha < 1.'),
        hsl: z.string().describe('`hsl(H, S%, L%)`, or `hsla(H, S%, L%, A)` when alpha < 1.'),
        hwb: z.string().describe('`hwb(H W% B%)`, with ` / A` when alpha < 1.'),
        oklch: z.string().describe('`oklch(L% C H)`, with ` / A` when alpha < 1.'),
        oklab: z.string().describe('`oklab(L% a b)`, with ` / A` when alpha < 1.'),
      })
      .optional()
      .describe(
        'Copyable CSS forms that keep the alpha (A = `alpha`, 3 decimals) when it is below 1; the same as the opaque forms otherwise (omitted when invalid).',
      ),
    in_gamut: z
      .boolean()
      .optional()
      .describe(
        'False when the colour lies outside sRGB (e.g. `color(display-p3 1 0 0)`); `hex`, `rgb`, `hsl`, `hsv` and `hwb` are then the CSS Color 4 gamut-mapped colour (OKLCH chroma reduced until within deltaEOK 0.02 of sRGB). Omitted when invalid.',
      ),
    contrast: Contrast.optional().describe('With `contrast_with`, when `color` is valid.'),
    cmyk: CMYK.optional().describe(
      'With `include: ["cmyk"]`, when valid: the painted (gamut-mapped, 8-bit) colour as naive CMYK.',
    ),
    name: z
      .object({
        name: z
          .string()
          .describe(
            'The CSS named colour nearest to the painted colour (of two names for one colour, the first alphabetically: aqua, not cyan).',
          ),
        hex: z.string().describe("That name's `#rrggbb`."),
        exact: z.boolean().describe("True when the colour is that name's colour exactly (8-bit)."),
        distance: z
          .number()
          .min(0)
          .describe(
            'ΔEOK between the two (Euclidean distance in OKLab, 4 decimals; 0 when exact, about 0.02 is the smallest visible step).',
          ),
      })
      .optional()
      .describe('With `include: ["name"]`, when valid.'),
    palette: z
      .array(
        z.object({
          step: z.number().int().describe('50, 100, 200 … 900, 950 (lighter to darker).'),
          hex: z.string().describe('`#rrggbb`, mapped into sRGB the CSS Color 4 way.'),
          oklch: z.string().describe('The step as made, `oklch(L% C H)`.'),
          input: z.literal(true).optional().describe('Present on the step that is the colour itself.'),
        }),
      )
      .optional()
      .describe(
        'With `include: ["palette"]`, when valid: eleven steps of the same hue in OKLCH, lightness after Tailwind v4\'s scale; the colour sits at the step nearest its own lightness.',
      ),
    alpha: z
      .number()
      .min(0)
      .lt(1)
      .optional()
      .describe('Opacity 0–1 (3 decimals) when the input has one below 1; omitted when opaque.'),
    error: z.string().optional().describe('Why the colour is invalid, naming the channel when one is out of range.'),
  }),
);
