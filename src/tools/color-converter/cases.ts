// Golden vectors: CSS Color 4 examples (hsl(120 100% 25%) is green #008000, rebeccapurple is
// #663399 = hsl(270 50% 40%), navy is #000080) and conversions worked out by hand from the
// formulas (noted where rounding matters).
// Issue 16 (CSS Color 4/5 spaces, gamut mapping, contrast): every hex, in_gamut, oklch and oklab
// below was computed with culori 4 (an independent library: the tool itself uses colorjs.io)
// and the WCAG ratios with culori's wcagContrast and WebAIM's checker (#767676 on white 4.54).
import type { ToolCase } from '../vectors';

const ok = (
  hex: string,
  rgb: [number, number, number],
  hsl: [number, number, number],
  hsv: [number, number, number],
  alpha?: number,
) => ({
  hex,
  rgb: { r: rgb[0], g: rgb[1], b: rgb[2], css: `rgb(${rgb.join(', ')})` },
  hsl: { h: hsl[0], s: hsl[1], l: hsl[2], css: `hsl(${hsl[0]}, ${hsl[1]}%, ${hsl[2]}%)` },
  hsv: { h: hsv[0], s: hsv[1], v: hsv[2] },
  valid: true,
  // A pattern (ToolCase.match): the forms above exactly, alpha absent when opaque; the CSS Color 4/5
  // forms are checked by the cases below.
  alpha,
});

/** The CSS Color 4/5 forms of a valid answer, as a pattern. */
const modern = (hex: string, inGamut: boolean, extra: Record<string, unknown> = {}) => ({
  hex,
  in_gamut: inGamut,
  valid: true,
  ...extra,
});

const invalid = (error: RegExp) => ({
  hex: '',
  rgb: { r: 0, g: 0, b: 0, css: '' },
  hsl: { h: 0, s: 0, l: 0, css: '' },
  hsv: { h: 0, s: 0, v: 0 },
  valid: false,
  error,
});

// tomato: d = 255 - 71 = 184; L = 326/510 = 63.9%; S = (184/255)/(184/255) = 100%;
// H = 60 × 28/184 = 9.1°; HSV S = 184/255 = 72.2%, V = 100%.
const TOMATO = ok('#ff6347', [255, 99, 71], [9, 100, 64], [9, 72, 100]);

const cases: ToolCase[] = [
  {
    name: '#rrggbb',
    body: { color: '#ff0000' },
    status: 200,
    match: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]),
  },
  {
    name: '#rgb shorthand, upper case',
    body: { color: '#FFF' },
    status: 200,
    match: ok('#ffffff', [255, 255, 255], [0, 0, 100], [0, 0, 100]),
  },
  { name: 'rrggbb without #', body: { color: 'ff6347' }, status: 200, match: TOMATO },
  {
    name: 'rgb(r,g,b) with free case and spaces',
    body: { color: '  RGB( 255 , 99 , 71 ) ' },
    status: 200,
    match: TOMATO,
  },
  { name: 'bare r,g,b', body: { color: '255,99,71' }, status: 200, match: TOMATO },
  { name: 'CSS named colour', body: { color: 'Tomato' }, status: 200, match: TOMATO },
  {
    name: 'CSS Color 4: hsl(120, 100%, 25%) is green #008000 (G = 127.5 rounds half up)',
    body: { color: 'hsl(120, 100%, 25%)' },
    status: 200,
    match: ok('#008000', [0, 128, 0], [120, 100, 25], [120, 100, 50]),
  },
  {
    name: 'CSS Color 4: rebeccapurple is #663399 = hsl(270 50% 40%)',
    body: { color: 'rebeccapurple' },
    status: 200,
    match: ok('#663399', [102, 51, 153], [270, 50, 40], [270, 67, 60]),
  },
  {
    name: 'hsb() is HSV: hsb(240, 100%, 50%) is navy',
    body: { color: 'hsb(240, 100%, 50%)' },
    status: 200,
    match: ok('#000080', [0, 0, 128], [240, 100, 25], [240, 100, 50]),
  },
  {
    name: 'hsv input comes back as its own hsv',
    body: { color: 'hsv(0, 100%, 100%)' },
    status: 200,
    match: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]),
  },
  {
    name: 'hue 360 wraps to 0',
    body: { color: 'hsl(360, 100%, 50%)' },
    status: 200,
    match: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]),
  },
  {
    name: 'a negative hue wraps around the circle',
    body: { color: 'hsl(-120, 100%, 50%)' },
    status: 200,
    match: ok('#0000ff', [0, 0, 255], [240, 100, 50], [240, 100, 100]),
  },
  {
    // Exact hue 359.6°: B = (0.5 − 0.5 × 0.98667) × 255 = 1.7 → 2, while the reported hue rounds to 360 → 0.
    name: 'every form comes from the exact colour, not from the rounded hue',
    body: { color: 'hsl(359.6, 100%, 50%)' },
    status: 200,
    match: ok('#ff0002', [255, 0, 2], [0, 100, 50], [0, 100, 100]),
  },
  {
    name: 'hue in turns, CSS Color 4 space syntax',
    body: { color: 'hsl(0.5turn 100% 50%)' },
    status: 200,
    match: ok('#00ffff', [0, 255, 255], [180, 100, 50], [180, 100, 100]),
  },
  {
    name: 'percentages for RGB channels (50% = 127.5 rounds half up to 128)',
    body: { color: 'rgb(100%, 50%, 0%)' },
    status: 200,
    match: ok('#ff8000', [255, 128, 0], [30, 100, 50], [30, 100, 100]),
  },
  {
    name: 'CSS Color 4 rgb(255 0 0 / 50%) reports alpha',
    body: { color: 'rgb(255 0 0 / 50%)' },
    status: 200,
    match: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100], 0.5),
  },
  {
    name: 'rgba() with alpha',
    body: { color: 'rgba(255, 99, 71, 0.25)' },
    status: 200,
    match: { ...TOMATO, alpha: 0.25 },
  },
  {
    name: '#rrggbbaa: alpha 0x80 = 128/255 = 0.502',
    body: { color: '#FF000080' },
    status: 200,
    match: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100], 0.502),
  },
  {
    name: 'hsla() with alpha 1 omits alpha',
    body: { color: 'hsla(120, 100%, 25%, 1)' },
    status: 200,
    match: ok('#008000', [0, 128, 0], [120, 100, 25], [120, 100, 50]),
  },
  {
    name: 'transparent is black with alpha 0',
    body: { color: 'transparent' },
    status: 200,
    match: ok('#000000', [0, 0, 0], [0, 0, 0], [0, 0, 0], 0),
  },
  {
    name: 'red above 255 is invalid and named',
    body: { color: 'rgb(256, 0, 0)' },
    status: 200,
    match: invalid(/\bred\b.*256.*out of range \(0–255\)/),
  },
  {
    name: 'a negative channel is invalid and named',
    body: { color: 'rgb(0, -1, 0)' },
    status: 200,
    match: invalid(/\bgreen\b.*-1.*out of range/),
  },
  {
    name: 'saturation above 100% is invalid and named',
    body: { color: 'hsl(120, 101%, 50%)' },
    status: 200,
    match: invalid(/\bsaturation\b.*101%.*out of range \(0–100%\)/),
  },
  {
    name: 'value above 100% is invalid and named',
    body: { color: 'hsv(0, 50%, 120%)' },
    status: 200,
    match: invalid(/\bvalue\b.*120%.*out of range/),
  },
  {
    name: 'alpha above 1 is invalid and named',
    body: { color: 'rgba(0, 0, 0, 1.5)' },
    status: 200,
    match: invalid(/\balpha\b.*1\.5.*out of range \(0–1\)/),
  },
  {
    name: 'unreadable text gives the zeroed shape',
    body: { color: 'not-a-color' },
    status: 200,
    match: invalid(/^Unrecognized color 'not-a-color'/),
  },
  {
    name: 'mixed commas and spaces are invalid',
    body: { color: 'rgb(255 0, 0)' },
    status: 200,
    match: invalid(/commas|spaces/),
  },
  { name: 'too few values are invalid', body: { color: 'rgb(1, 2)' }, status: 200, match: invalid(/takes 3 values/) },
  // ---- Issue 16: CSS Color 4/5 spaces (references: culori 4).
  {
    name: 'tomato also as hwb, oklch and oklab (opaque css forms equal the plain ones)',
    body: { color: 'tomato' },
    status: 200,
    expect: {
      hex: '#ff6347',
      rgb: { r: 255, g: 99, b: 71, css: 'rgb(255, 99, 71)' },
      hsl: { h: 9, s: 100, l: 64, css: 'hsl(9, 100%, 64%)' },
      hsv: { h: 9, s: 72, v: 100 },
      valid: true,
      hwb: 'hwb(9 28% 0%)',
      oklch: 'oklch(69.62% 0.1955 32.32)',
      oklab: 'oklab(69.62% 0.1652 0.1045)',
      css: {
        hex: '#ff6347',
        rgb: 'rgb(255, 99, 71)',
        hsl: 'hsl(9, 100%, 64%)',
        hwb: 'hwb(9 28% 0%)',
        oklch: 'oklch(69.62% 0.1955 32.32)',
        oklab: 'oklab(69.62% 0.1652 0.1045)',
      },
      in_gamut: true,
    },
  },
  {
    name: 'rebeccapurple in hwb and oklch',
    body: { color: 'rebeccapurple' },
    status: 200,
    match: modern('#663399', true, { hwb: 'hwb(270 20% 40%)', oklch: 'oklch(44.03% 0.1603 303.37)' }),
  },
  {
    name: 'oklch() inside sRGB',
    body: { color: 'oklch(0.7 0.1 200)' },
    status: 200,
    match: modern('#40b1b7', true, { oklch: 'oklch(70% 0.1 200)', oklab: 'oklab(70% -0.094 -0.0342)' }),
  },
  {
    name: 'color(display-p3 1 0 0) lies outside sRGB: CSS Color 4 gamut mapping, oklch of the P3 colour itself',
    body: { color: 'color(display-p3 1 0 0)' },
    status: 200,
    match: modern('#ff0b0c', false, { oklch: 'oklch(64.86% 0.2995 28.96)', oklab: 'oklab(64.86% 0.262 0.145)' }),
  },
  {
    name: 'lab() (D50) just outside sRGB is gamut-mapped',
    body: { color: 'lab(50% 40 59.5)' },
    status: 200,
    match: modern('#bf5700', false),
  },
  {
    name: 'lch() inside sRGB',
    body: { color: 'lch(52.2345% 72.2 56.2)' },
    status: 200,
    match: modern('#c65d06', true),
  },
  {
    name: 'color(rec2020 0 1 0) is gamut-mapped',
    body: { color: 'color(rec2020 0 1 0)' },
    status: 200,
    match: modern('#00f272', false),
  },
  {
    name: 'color(srgb …) halves round up; hwb from the exact colour',
    body: { color: 'color(srgb 0.5 0.25 1)' },
    status: 200,
    match: modern('#8040ff', true, { hwb: 'hwb(260 25% 0%)' }),
  },
  {
    name: 'hwb() comes back as its own hwb',
    body: { color: 'hwb(120 10% 20%)' },
    status: 200,
    match: modern('#1acc1a', true, { hwb: 'hwb(120 10% 20%)', oklch: 'oklch(73.45% 0.2422 142.61)' }),
  },
  {
    name: '`none` is a missing component and counts as 0',
    body: { color: 'oklch(0.7 none 200)' },
    status: 200,
    match: modern('#9e9e9e', true, { oklch: 'oklch(70% 0 0)' }),
  },
  {
    name: 'alpha is kept in every css form (0.25 × 255 = 63.75 → 0x40)',
    body: { color: 'oklab(0.5 0.1 -0.1 / 0.25)' },
    status: 200,
    match: {
      hex: '#81459a',
      alpha: 0.25,
      css: {
        hex: '#81459a40',
        rgb: 'rgba(129, 69, 154, 0.25)',
        hsl: /^hsla\(\d+, \d+%, \d+%, 0\.25\)$/,
        hwb: /^hwb\(\d+ \d+% \d+% \/ 0\.25\)$/,
        oklch: 'oklch(50% 0.1414 315 / 0.25)',
        oklab: 'oklab(50% 0.1 -0.1 / 0.25)',
      },
    },
  },
  {
    name: 'legacy rgba() keeps its alpha in css.rgb and css.hex',
    body: { color: 'rgba(255, 99, 71, 0.5)' },
    status: 200,
    match: { css: { hex: '#ff634780', rgb: 'rgba(255, 99, 71, 0.5)', hsl: 'hsla(9, 100%, 64%, 0.5)' } },
  },
  {
    name: 'an oklch lightness above 1 is invalid and named',
    body: { color: 'oklch(1.5 0.1 20)' },
    status: 200,
    match: invalid(/\blightness\b.*1\.5.*out of range/),
  },
  {
    name: 'a negative lch chroma is invalid and named',
    body: { color: 'lch(50% -1 20)' },
    status: 200,
    match: invalid(/\bchroma\b.*-1.*out of range/),
  },
  {
    name: 'color() with an unknown space names the spaces',
    body: { color: 'color(cmyk 1 0 0)' },
    status: 200,
    match: invalid(/color\(\) needs a colour space.*display-p3.*'cmyk'/),
  },
  {
    name: 'oklch() with commas is invalid',
    body: { color: 'oklch(0.5, 0.1, 20)' },
    status: 200,
    match: invalid(/oklch\(\) takes values separated by spaces/),
  },
  // ---- Issue 16: WCAG 2.x contrast (color = text, contrast_with = background).
  {
    name: 'contrast: #767676 on white is 4.54, the lightest grey passing AA (WebAIM)',
    body: { color: '#767676', contrast_with: 'white' },
    status: 200,
    match: {
      contrast: {
        ratio: 4.54,
        aa_normal: true,
        aa_large: true,
        aaa_normal: false,
        aaa_large: true,
        foreground: '#767676',
        background: '#ffffff',
      },
    },
  },
  {
    name: 'contrast: #777 on white is 4.47 (4.478 truncated, never rounded up): AA fails for normal text',
    body: { color: '#777', contrast_with: '#fff' },
    status: 200,
    match: { contrast: { ratio: 4.47, aa_normal: false, aa_large: true, aaa_normal: false, aaa_large: false } },
  },
  {
    name: 'contrast: black on white is exactly 21',
    body: { color: 'black', contrast_with: 'white' },
    status: 200,
    match: { contrast: { ratio: 21, aa_normal: true, aa_large: true, aaa_normal: true, aaa_large: true } },
  },
  {
    name: 'contrast: the text alpha is composited over the background (50% black on white paints #808080, 3.949)',
    body: { color: 'rgb(0 0 0 / 50%)', contrast_with: 'white' },
    status: 200,
    match: { contrast: { ratio: 3.94, foreground: '#808080', background: '#ffffff' } },
  },
  {
    name: 'contrast: a P3 colour is measured as gamut-mapped (#ff0b0c on black, 5.305)',
    body: { color: 'color(display-p3 1 0 0)', contrast_with: 'black' },
    status: 200,
    match: { contrast: { ratio: 5.3, aa_normal: true, aaa_normal: false } },
  },
  {
    name: 'contrast: an unreadable contrast_with is a 400 naming the field',
    body: { color: 'red', contrast_with: 'nope' },
    status: 400,
    match: { error: /^'contrast_with' is not a colour: Unrecognized color 'nope'/ },
  },
  {
    name: 'contrast: an empty contrast_with is a schema error',
    body: { color: 'red', contrast_with: '' },
    status: 400,
    match: { error: /'contrast_with' must not be empty/ },
  },
  {
    name: 'contrast: an invalid color gives the zeroed shape without contrast',
    body: { color: 'rgb(300 0 0)', contrast_with: 'white' },
    status: 200,
    match: { ...invalid(/\bred\b/), contrast: undefined },
  },
  // ---- CMYK (naive, CSS Color 5 §14.3: the numbers as ImageMagick computes them), nearest name, palette
  {
    name: 'cmyk() in, percentages without %: tomato',
    body: { color: 'cmyk(0, 61, 72, 0)' },
    status: 200,
    match: { hex: '#ff6347', valid: true, cmyk: undefined },
  },
  {
    name: 'device-cmyk() in, CSS numbers 0–1 and an alpha',
    body: { color: 'device-cmyk(0.1 0.2 0.3 0.4 / 50%)' },
    status: 200,
    match: { hex: '#8a7a6b', alpha: 0.5, valid: true },
  },
  {
    name: 'cmyk() with 100% black is black whatever the inks',
    body: { color: 'cmyk(30%, 40%, 50%, 100%)' },
    status: 200,
    match: { hex: '#000000', valid: true },
  },
  {
    name: 'cmyk() takes four values',
    body: { color: 'cmyk(0, 61, 72)' },
    status: 200,
    match: invalid(
      /^Invalid color: cmyk\(\) takes 4 values \(cyan, magenta, yellow, black\) and an optional alpha, got 3\.$/,
    ),
  },
  {
    name: 'cmyk() over 100 names the ink',
    body: { color: 'cmyk(0, 161, 72, 0)' },
    status: 200,
    match: invalid(/magenta '161' is out of range \(0–100%\)/),
  },
  {
    name: 'include cmyk: #32669a is 68% 34% 0% 40%, as ImageMagick reads it',
    body: { color: '#32669a', include: ['cmyk'] },
    status: 200,
    match: {
      cmyk: { c: 68, m: 34, y: 0, k: 40, css: 'device-cmyk(68% 34% 0% 40%)' },
      name: undefined,
      palette: undefined,
    },
  },
  {
    name: 'include cmyk: white has no ink',
    body: { color: 'white', include: ['cmyk'] },
    status: 200,
    match: { cmyk: { c: 0, m: 0, y: 0, k: 0 } },
  },
  {
    name: 'include name: tomato is itself',
    body: { color: '#FF6347', include: ['name'] },
    status: 200,
    match: { name: { name: 'tomato', hex: '#ff6347', exact: true, distance: 0 }, cmyk: undefined },
  },
  {
    name: 'include name: of two names for one colour the first alphabetically (aqua, not cyan)',
    body: { color: 'cyan', include: ['name'] },
    status: 200,
    match: { name: { name: 'aqua', exact: true } },
  },
  {
    name: 'include name: #7f7f7f is nearest gray, 0.0034 away in OKLab',
    body: { color: '#7f7f7f', include: ['name'] },
    status: 200,
    match: { name: { name: 'gray', hex: '#808080', exact: false, distance: 0.0034 } },
  },
  {
    name: 'include palette: eleven steps, tomato at 400 as itself',
    body: { color: 'tomato', include: ['palette'] },
    status: 200,
    match: {
      palette: [
        { step: 50, hex: /^#[0-9a-f]{6}$/ },
        { step: 100 },
        { step: 200 },
        { step: 300 },
        { step: 400, hex: '#ff6347', oklch: 'oklch(69.62% 0.1955 32.32)', input: true },
        { step: 500, input: undefined },
        { step: 600 },
        { step: 700 },
        { step: 800 },
        { step: 900 },
        { step: 950 },
      ],
    },
  },
  {
    name: 'include with an unknown value is a schema error',
    body: { color: 'red', include: ['pantone'] },
    status: 400,
    match: { error: /'include\[0\]' must be one of "cmyk", "name", "palette"/ },
  },
  {
    name: 'include must be an array',
    body: { color: 'red', include: 'cmyk' },
    status: 400,
    match: { error: /'include' must be an array/ },
  },
  {
    name: 'empty color is a schema error',
    body: { color: '' },
    status: 400,
    match: { error: /'color' must not be empty/ },
  },
  { name: 'missing color is a schema error', body: {}, status: 400, match: { error: /'color' is required/ } },
  {
    name: 'a number instead of a string is a schema error',
    body: { color: 0xff0000 },
    status: 400,
    match: { error: /'color' must be a string \(got a number\)/ },
  },
];

export default cases;
