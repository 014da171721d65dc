// Reading a colour as a person types it (docs/contract.md §4 color-converter): hex with or without
// `#`, rgb()/rgba(), hsl()/hsla(), hsv()/hsb() (+a), a bare `r,g,b`, CSS named colours, in
// the legacy comma syntax or the CSS Color 4 space syntax with `/ alpha`. Case and spaces are
// free. The result keeps the colour exactly as given (no rounding) in its own model, so every
// output can be computed from the exact colour.
//
// Decisions where docs/contract.md is silent:
// - Hex without `#` may have 3, 4, 6 or 8 digits like with it (no CSS name is made of hex
//   digits only, so nothing is ambiguous).
// - `transparent` is rgba(0, 0, 0, 0), as in CSS; `currentcolor` and other context-dependent
//   keywords are not accepted.
// - CSS Color 4/5 functions: hwb(), lab(), lch(), oklab(), oklch() and color(<space>
//   …) with the spaces srgb, srgb-linear, display-p3, a98-rgb, prophoto-rgb, rec2020, xyz,
//   xyz-d50, xyz-d65. Percentages map to the CSS reference ranges (lab a/b 100% = 125, lch C
//   100% = 150, oklab a/b and oklch C 100% = 0.4, color() channels 100% = 1). Where CSS would
//   clamp a lightness or a chroma, we refuse it with the channel's name (as for RGB above 255):
//   L outside 0–100 (lab, lch) or 0–1 (oklab, oklch), a negative chroma. color() channels may
//   lie outside 0–1: that is how a colour outside the space's gamut is written. So that the
//   float math stays finite and the gamut search short, the other channels are bounded at 8×
//   their CSS reference range (lab a/b and lch C ±1000, oklab a/b and oklch C ±3.2, color()
//   channels ±8): far past any real colour, and named when exceeded.
// - `none` (a missing component) is accepted for any channel and for alpha and counts as 0,
//   as CSS does when converting.
// - Hue is an angle: a number is degrees; `deg`, `grad`, `rad` and `turn` are accepted; any
//   finite hue, negative or above 360, wraps around the circle (CSS). The range errors of the
//   CONTRACT ("negatives") are about the other channels.
// - Saturation/lightness/value may be written with or without `%` (hsl(120, 100, 50)).
// - Channels may have decimals and exponents (CSS <number>); an RGB channel may be a percentage
//   of 255; alpha is 0–1 or 0–100%.
// - A bare list `r,g,b` (or `r g b`, or with a fourth alpha) is RGB.
// - CMYK, the way designers hand it over, is read with CSS Color 5's naive conversion (no ICC
//   profile: red = 1 − min(1, c·(1 − k) + k), and so on): `device-cmyk(c m y k [/ α])` as CSS
//   writes it (a number is 0–1, a percentage 0–100%), and `cmyk(c, m, y, k)` as print tools do
//   (each 0–100, `%` optional; commas or spaces). The result is an exact sRGB colour.
import { NAMED_COLORS } from './named';

/** The sRGB-based models converted by hand in convert.ts (their answers predate the CSS Color 4/5 spaces, and stay byte for byte). */
export type SrgbModel = 'rgb' | 'hsl' | 'hsv' | 'hwb';
/** CSS Color 4 spaces converted with colorjs.io; the names are colorjs.io's space ids. */
export type CssSpace =
  | 'lab'
  | 'lch'
  | 'oklab'
  | 'oklch'
  | 'srgb'
  | 'srgb-linear'
  | 'p3'
  | 'a98rgb'
  | 'prophoto'
  | 'rec2020'
  | 'xyz-d65'
  | 'xyz-d50';
export type Model = SrgbModel | CssSpace;

/** A colour exactly as given: channels of its own model and alpha 0–1. */
export interface ExactColor {
  model: Model;
  /**
   * rgb: red, green, blue 0–255; hsl: hue (degrees, any), saturation, lightness 0–100; hsv: hue,
   * saturation, value 0–100; hwb: hue, whiteness, blackness 0–100; CSS spaces: colorjs.io's
   * coordinates (lab L 0–100, oklab L 0–1, rgb spaces 0–1 nominal, hue in degrees).
   */
  channels: [number, number, number];
  alpha: number;
}

export type ParseResult = { ok: true; color: ExactColor } | { ok: false; error: string };

const CHANNEL_NAMES: Record<string, [string, string, string]> = {
  rgb: ['red', 'green', 'blue'],
  hsl: ['hue', 'saturation', 'lightness'],
  hsv: ['hue', 'saturation', 'value'],
  hsb: ['hue', 'saturation', 'brightness'],
  hwb: ['hue', 'whiteness', 'blackness'],
  lab: ['lightness', 'a', 'b'],
  lch: ['lightness', 'chroma', 'hue'],
  oklab: ['lightness', 'a', 'b'],
  oklch: ['lightness', 'chroma', 'hue'],
};

/** Kinds of channel in the CSS Color 4 functions: `percent` is what 100% means. */
type Slot = { kind: 'hue' } | { kind: 'range'; min: number; max: number; percent: number };

const LAB_L: Slot = { kind: 'range', min: 0, max: 100, percent: 100 };
const OK_L: Slot = { kind: 'range', min: 0, max: 1, percent: 1 };
const HUE: Slot = { kind: 'hue' };
const LAB_AB: Slot = { kind: 'range', min: -1000, max: 1000, percent: 125 };
const OK_AB: Slot = { kind: 'range', min: -3.2, max: 3.2, percent: 0.4 };
const SLOTS: Record<'lab' | 'lch' | 'oklab' | 'oklch', [Slot, Slot, Slot]> = {
  lab: [LAB_L, LAB_AB, LAB_AB],
  lch: [LAB_L, { kind: 'range', min: 0, max: 1000, percent: 150 }, HUE],
  oklab: [OK_L, OK_AB, OK_AB],
  oklch: [OK_L, { kind: 'range', min: 0, max: 3.2, percent: 0.4 }, HUE],
};
const COLOR_CHANNEL: Slot = { kind: 'range', min: -8, max: 8, percent: 1 };

/** color(<space> …): the CSS name → colorjs.io's id. */
const COLOR_SPACES: Record<string, CssSpace> = {
  srgb: 'srgb',
  'srgb-linear': 'srgb-linear',
  'display-p3': 'p3',
  'a98-rgb': 'a98rgb',
  'prophoto-rgb': 'prophoto',
  rec2020: 'rec2020',
  xyz: 'xyz-d65',
  'xyz-d65': 'xyz-d65',
  'xyz-d50': 'xyz-d50',
};

const FUNCTIONS: Record<string, string> = {
  rgb: 'rgb',
  rgba: 'rgb',
  hsl: 'hsl',
  hsla: 'hsl',
  hsv: 'hsv',
  hsva: 'hsv',
  hsb: 'hsb',
  hsba: 'hsb',
  hwb: 'hwb',
  hwba: 'hwb',
  lab: 'lab',
  lch: 'lch',
  oklab: 'oklab',
  oklch: 'oklch',
  color: 'color',
  cmyk: 'cmyk',
  cmyka: 'cmyk',
  'device-cmyk': 'device-cmyk',
};

// The two sentences below predate cmyk() and stay as they were: callers match them.
const SUPPORTED = 'use rgb(), hsl(), hsv(), hwb(), lab(), lch(), oklab(), oklch() or color()';

const HEX = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const FUNCTION = /^([a-z]+(?:-[a-z]+)?)\s*\(([^()]*)\)$/;
const NONE = 'none';
/** A CSS <number> with an optional unit. */
const VALUE = /^([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)(%|deg|grad|rad|turn)?$/;

const DEGREES_PER: Record<string, number> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };

class Invalid extends Error {}

export function parseColor(input: string): ParseResult {
  const text = input.trim().toLowerCase();
  try {
    return { ok: true, color: read(text) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, error: error.message };
    throw error;
  }
}

function read(text: string): ExactColor {
  if (text === 'transparent') return { model: 'rgb', channels: [0, 0, 0], alpha: 0 };
  const named = NAMED_COLORS.get(text);
  if (named !== undefined) return fromHex(named);
  const hex = HEX.exec(text);
  if (hex) return fromHex(hex[1]!);
  const call = FUNCTION.exec(text);
  if (call) {
    const kind = FUNCTIONS[call[1]!];
    if (kind === undefined) throw new Invalid(`Invalid color: unsupported function '${call[1]}()': ${SUPPORTED}.`);
    if (kind === 'color') return fromColorFunction(call[2]!);
    if (kind === 'cmyk' || kind === 'device-cmyk') return fromCmyk(kind, call[2]!);
    if (kind === 'lab' || kind === 'lch' || kind === 'oklab' || kind === 'oklch') return fromCssSpace(kind, call[2]!);
    return fromArguments(kind, `${call[1]}()`, call[2]!);
  }
  if (/^[\d.+\-\s,/%e]+$/.test(text) && /\d/.test(text)) return fromArguments('rgb', 'r,g,b', text);
  throw new Invalid(
    `Unrecognized color ${quote(text)}: use #rrggbb, #rgb, rrggbb, rgb(r, g, b), r,g,b, hsl(h, s%, l%), hsv(h, s%, v%), hwb(), lab(), lch(), oklab(), oklch(), color(display-p3 r g b) or a CSS color name.`,
  );
}

/** Quotes (a prefix of) the input for a message. */
const quote = (text: string) => `'${text.length > 40 ? text.slice(0, 40) + '…' : text}'`;

function fromHex(digits: string): ExactColor {
  const long = digits.length <= 4 ? [...digits].map((d) => d + d).join('') : digits;
  const byte = (i: number) => parseInt(long.slice(i * 2, i * 2 + 2), 16);
  return { model: 'rgb', channels: [byte(0), byte(1), byte(2)], alpha: long.length === 8 ? byte(3) / 255 : 1 };
}

/** The channel values of `rgb(…)` & co. in either syntax: `a, b, c[, α]` or `a b c[ / α]`. */
function splitArguments(what: string, body: string): { values: string[]; alpha: string | undefined } {
  const trimmed = body.trim();
  let values: string[];
  let alpha: string | undefined;
  if (trimmed.includes(',')) {
    if (trimmed.includes('/'))
      throw new Invalid(`Invalid color: ${what}: use either commas or spaces with '/ alpha', not both.`);
    values = trimmed.split(',').map((part) => part.trim());
    if (values.some((part) => part === '' || /\s/.test(part)))
      throw new Invalid(`Invalid color: ${what}: separate the values either all with commas or all with spaces.`);
    if (values.length === 4) alpha = values.pop();
  } else {
    const [main = '', extra, ...rest] = trimmed.split('/');
    if (rest.length > 0) throw new Invalid(`Invalid color: ${what}: only one '/' (before alpha) is allowed.`);
    values = main.trim() === '' ? [] : main.trim().split(/\s+/);
    if (extra !== undefined) {
      alpha = extra.trim();
      if (alpha === '' || /\s/.test(alpha))
        throw new Invalid(`Invalid color: ${what}: expected one alpha value after '/'.`);
    }
  }
  if (values.length !== 3)
    throw new Invalid(
      `Invalid color: ${what} takes 3 values and an optional alpha, got ${values.length}${alpha === undefined ? '' : ' and alpha'}.`,
    );
  return { values, alpha };
}

function fromArguments(kind: string, what: string, body: string): ExactColor {
  const { values, alpha } = splitArguments(what, body);
  const names = CHANNEL_NAMES[kind]!;
  const model: SrgbModel = kind === 'rgb' ? 'rgb' : kind === 'hsl' ? 'hsl' : kind === 'hwb' ? 'hwb' : 'hsv';
  const channels = values.map((token, i) => {
    const name = names[i]!;
    if (model === 'rgb') return channel(token, name, 255, true);
    if (i === 0) return hue(token);
    return channel(token, name, 100, false);
  }) as [number, number, number];
  return { model, channels, alpha: readAlpha(alpha) };
}

const readAlpha = (alpha: string | undefined) => (alpha === undefined ? 1 : channel(alpha, 'alpha', 1, true));

/** lab(), lch(), oklab(), oklch(): CSS Color 4 has only the space syntax for them. */
function fromCssSpace(kind: keyof typeof SLOTS, body: string): ExactColor {
  const what = `${kind}()`;
  if (body.includes(',')) throw new Invalid(`Invalid color: ${what} takes values separated by spaces, not commas.`);
  const { values, alpha } = splitArguments(what, body);
  const names = CHANNEL_NAMES[kind]!;
  const channels = values.map((token, i) => slot(token, names[i]!, SLOTS[kind][i]!)) as [number, number, number];
  return { model: kind, channels, alpha: readAlpha(alpha) };
}

/**
 * cmyk(c, m, y, k) (each 0–100, `%` optional) or device-cmyk(c m y k [/ α]) (0–1, or 0–100%),
 * to sRGB by CSS Color 5's naive formula.
 */
function fromCmyk(kind: 'cmyk' | 'device-cmyk', body: string): ExactColor {
  const what = `${kind}()`;
  const trimmed = body.trim();
  const [main = '', extra, ...rest] = trimmed.split('/');
  if (rest.length > 0) throw new Invalid(`Invalid color: ${what}: only one '/' (before alpha) is allowed.`);
  const values = main.includes(',')
    ? main.split(',').map((part) => part.trim())
    : main.trim() === ''
      ? []
      : main.trim().split(/\s+/);
  let alpha = extra?.trim();
  if (main.includes(',') && values.length === 5 && extra === undefined) alpha = values.pop();
  if (values.length !== 4 || values.some((part) => part === '')) {
    throw new Invalid(
      `Invalid color: ${what} takes 4 values (cyan, magenta, yellow, black) and an optional alpha, got ${values.filter(Boolean).length}.`,
    );
  }
  const [c, m, y, k] = values.map((token, i) => {
    const name = ['cyan', 'magenta', 'yellow', 'black'][i]!;
    // device-cmyk: CSS numbers are fractions of 1; cmyk(): print tools' percentages.
    return kind === 'device-cmyk' ? channel(token, name, 1, true) : channel(token, name, 100, false) / 100;
  }) as [number, number, number, number];
  const toChannel = (ink: number) => 255 * (1 - Math.min(1, ink * (1 - k) + k));
  return { model: 'rgb', channels: [toChannel(c), toChannel(m), toChannel(y)], alpha: readAlpha(alpha) };
}

/** color(<space> c1 c2 c3 [/ alpha]). */
function fromColorFunction(body: string): ExactColor {
  const match = /^\s*([a-z0-9-]+)(?:\s+|$)([^]*)$/.exec(body);
  const space = match ? COLOR_SPACES[match[1]!] : undefined;
  if (!match || space === undefined) {
    throw new Invalid(
      `Invalid color: color() needs a colour space first: ${Object.keys(COLOR_SPACES).join(', ')}${match ? ` (got ${quote(match[1]!)})` : ''}.`,
    );
  }
  const what = `color(${match[1]})`;
  if (match[2]!.includes(','))
    throw new Invalid(`Invalid color: ${what} takes values separated by spaces, not commas.`);
  const { values, alpha } = splitArguments(what, match[2]!);
  const names = space.startsWith('xyz') ? ['x', 'y', 'z'] : ['red', 'green', 'blue'];
  const channels = values.map((token, i) => slot(token, names[i]!, COLOR_CHANNEL)) as [number, number, number];
  return { model: space, channels, alpha: readAlpha(alpha) };
}

/** A channel of a CSS Color 4 function. */
function slot(token: string, name: string, kind: Slot): number {
  if (kind.kind === 'hue') return hue(token);
  const { value, unit } = number(token, name);
  if (unit !== undefined && unit !== '%')
    throw new Invalid(`Invalid color: ${name} ${quote(token)} cannot have the unit '${unit}'.`);
  const scaled = unit === '%' ? (value / 100) * kind.percent : value;
  if (!Number.isFinite(scaled)) throw new Invalid(`Invalid color: ${name} ${quote(token)} is not a finite number.`);
  if (!(scaled >= kind.min && scaled <= kind.max)) {
    const percent = (x: number) => `${Math.round((x / kind.percent) * 100)}%`;
    throw new Invalid(
      `Invalid color: ${name} ${quote(token)} is out of range (${kind.min} to ${kind.max}, or ${percent(kind.min)} to ${percent(kind.max)}).`,
    );
  }
  return scaled;
}

/** A number token (1e400 reads as Infinity, which the range checks then refuse). */
function number(token: string, name: string): { value: number; unit: string | undefined } {
  if (token === NONE) return { value: 0, unit: undefined };
  const match = VALUE.exec(token);
  if (!match) throw new Invalid(`Invalid color: ${name} ${quote(token)} is not a number.`);
  return { value: Number(match[1]), unit: match[2] };
}

function hue(token: string): number {
  const { value, unit } = number(token, 'hue');
  if (unit === '%')
    throw new Invalid(
      `Invalid color: hue ${quote(token)} cannot be a percentage (use degrees, or deg, grad, rad, turn).`,
    );
  const degrees = value * DEGREES_PER[unit ?? 'deg']!;
  if (!Number.isFinite(degrees)) throw new Invalid(`Invalid color: hue ${quote(token)} is not a finite angle.`);
  return degrees;
}

/**
 * A channel with range 0–`max`. `percentOfMax`: a `%` value is that share of `max` (RGB,
 * alpha); otherwise the channel is itself a percentage and `%` is optional (S, L, V).
 */
function channel(token: string, name: string, max: number, percentOfMax: boolean): number {
  const { value, unit } = number(token, name);
  if (unit !== undefined && unit !== '%')
    throw new Invalid(`Invalid color: ${name} ${quote(token)} cannot have the unit '${unit}'.`);
  const isPercent = unit === '%' || !percentOfMax;
  const limit = isPercent ? 100 : max;
  if (!(value >= 0 && value <= limit)) {
    throw new Invalid(`Invalid color: ${name} ${quote(token)} is out of range (0–${limit}${isPercent ? '%' : ''}).`);
  }
  return unit === '%' && percentOfMax ? (value / 100) * max : value;
}
