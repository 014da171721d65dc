// Golden vectors: CSS Color 4 examples (hsl(120 100% 25%) is green #008000, rebeccapurple is
// #663399 = hsl(270 50% 40%), navy is #000080) and conversions worked out by hand from the
// formulas (noted where rounding matters).
import type { ToolCase } from '../define';

const ok = (hex: string, rgb: [number, number, number], hsl: [number, number, number], hsv: [number, number, number], alpha?: number) => ({
  hex,
  rgb: { r: rgb[0], g: rgb[1], b: rgb[2], css: `rgb(${rgb.join(', ')})` },
  hsl: { h: hsl[0], s: hsl[1], l: hsl[2], css: `hsl(${hsl[0]}, ${hsl[1]}%, ${hsl[2]}%)` },
  hsv: { h: hsv[0], s: hsv[1], v: hsv[2] },
  valid: true,
  ...(alpha === undefined ? {} : { alpha }),
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
  { name: '#rrggbb', body: { color: '#ff0000' }, status: 200, expect: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]) },
  { name: '#rgb shorthand, upper case', body: { color: '#FFF' }, status: 200, expect: ok('#ffffff', [255, 255, 255], [0, 0, 100], [0, 0, 100]) },
  { name: 'rrggbb without #', body: { color: 'ff6347' }, status: 200, expect: TOMATO },
  { name: 'rgb(r,g,b) with free case and spaces', body: { color: '  RGB( 255 , 99 , 71 ) ' }, status: 200, expect: TOMATO },
  { name: 'bare r,g,b', body: { color: '255,99,71' }, status: 200, expect: TOMATO },
  { name: 'CSS named colour', body: { color: 'Tomato' }, status: 200, expect: TOMATO },
  {
    name: 'CSS Color 4: hsl(120, 100%, 25%) is green #008000 (G = 127.5 rounds half up)',
    body: { color: 'hsl(120, 100%, 25%)' },
    status: 200,
    expect: ok('#008000', [0, 128, 0], [120, 100, 25], [120, 100, 50]),
  },
  {
    name: 'CSS Color 4: rebeccapurple is #663399 = hsl(270 50% 40%)',
    body: { color: 'rebeccapurple' },
    status: 200,
    expect: ok('#663399', [102, 51, 153], [270, 50, 40], [270, 67, 60]),
  },
  {
    name: 'hsb() is HSV: hsb(240, 100%, 50%) is navy',
    body: { color: 'hsb(240, 100%, 50%)' },
    status: 200,
    expect: ok('#000080', [0, 0, 128], [240, 100, 25], [240, 100, 50]),
  },
  { name: 'hsv input comes back as its own hsv', body: { color: 'hsv(0, 100%, 100%)' }, status: 200, expect: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]) },
  { name: 'hue 360 wraps to 0', body: { color: 'hsl(360, 100%, 50%)' }, status: 200, expect: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100]) },
  { name: 'a negative hue wraps around the circle', body: { color: 'hsl(-120, 100%, 50%)' }, status: 200, expect: ok('#0000ff', [0, 0, 255], [240, 100, 50], [240, 100, 100]) },
  {
    // Exact hue 359.6°: B = (0.5 − 0.5 × 0.98667) × 255 = 1.7 → 2, while the reported hue rounds to 360 → 0.
    name: 'every form comes from the exact colour, not from the rounded hue',
    body: { color: 'hsl(359.6, 100%, 50%)' },
    status: 200,
    expect: ok('#ff0002', [255, 0, 2], [0, 100, 50], [0, 100, 100]),
  },
  { name: 'hue in turns, CSS Color 4 space syntax', body: { color: 'hsl(0.5turn 100% 50%)' }, status: 200, expect: ok('#00ffff', [0, 255, 255], [180, 100, 50], [180, 100, 100]) },
  {
    name: 'percentages for RGB channels (50% = 127.5 rounds half up to 128)',
    body: { color: 'rgb(100%, 50%, 0%)' },
    status: 200,
    expect: ok('#ff8000', [255, 128, 0], [30, 100, 50], [30, 100, 100]),
  },
  { name: 'CSS Color 4 rgb(255 0 0 / 50%) reports alpha', body: { color: 'rgb(255 0 0 / 50%)' }, status: 200, expect: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100], 0.5) },
  { name: 'rgba() with alpha', body: { color: 'rgba(255, 99, 71, 0.25)' }, status: 200, expect: { ...TOMATO, alpha: 0.25 } },
  { name: '#rrggbbaa: alpha 0x80 = 128/255 = 0.502', body: { color: '#FF000080' }, status: 200, expect: ok('#ff0000', [255, 0, 0], [0, 100, 50], [0, 100, 100], 0.502) },
  { name: 'hsla() with alpha 1 omits alpha', body: { color: 'hsla(120, 100%, 25%, 1)' }, status: 200, expect: ok('#008000', [0, 128, 0], [120, 100, 25], [120, 100, 50]) },
  { name: 'transparent is black with alpha 0', body: { color: 'transparent' }, status: 200, expect: ok('#000000', [0, 0, 0], [0, 0, 0], [0, 0, 0], 0) },
  { name: 'red above 255 is invalid and named', body: { color: 'rgb(256, 0, 0)' }, status: 200, match: invalid(/\bred\b.*256.*out of range \(0–255\)/) },
  { name: 'a negative channel is invalid and named', body: { color: 'rgb(0, -1, 0)' }, status: 200, match: invalid(/\bgreen\b.*-1.*out of range/) },
  { name: 'saturation above 100% is invalid and named', body: { color: 'hsl(120, 101%, 50%)' }, status: 200, match: invalid(/\bsaturation\b.*101%.*out of range \(0–100%\)/) },
  { name: 'value above 100% is invalid and named', body: { color: 'hsv(0, 50%, 120%)' }, status: 200, match: invalid(/\bvalue\b.*120%.*out of range/) },
  { name: 'alpha above 1 is invalid and named', body: { color: 'rgba(0, 0, 0, 1.5)' }, status: 200, match: invalid(/\balpha\b.*1\.5.*out of range \(0–1\)/) },
  { name: 'unreadable text gives the zeroed shape', body: { color: 'not-a-color' }, status: 200, match: invalid(/^Unrecognized color 'not-a-color'/) },
  { name: 'mixed commas and spaces are invalid', body: { color: 'rgb(255 0, 0)' }, status: 200, match: invalid(/commas|spaces/) },
  { name: 'too few values are invalid', body: { color: 'rgb(1, 2)' }, status: 200, match: invalid(/takes 3 values/) },
  { name: 'empty color is a schema error', body: { color: '' }, status: 400, match: { error: /'color' must not be empty/ } },
  { name: 'missing color is a schema error', body: {}, status: 400, match: { error: /'color' is required/ } },
  { name: 'a number instead of a string is a schema error', body: { color: 0xff0000 }, status: 400, match: { error: /'color' must be a string \(got a number\)/ } },
];

export default cases;
