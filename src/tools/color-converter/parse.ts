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
//   keywords, and other colour functions (hwb, lab, color()…), are not accepted.
// - Hue is an angle: a number is degrees; `deg`, `grad`, `rad` and `turn` are accepted; any
//   finite hue, negative or above 360, wraps around the circle (CSS). The range errors of the
//   CONTRACT ("negatives") are about the other channels.
// - Saturation/lightness/value may be written with or without `%` (hsl(120, 100, 50)).
// - Channels may have decimals and exponents (CSS <number>); an RGB channel may be a percentage
//   of 255; alpha is 0–1 or 0–100%.
// - A bare list `r,g,b` (or `r g b`, or with a fourth alpha) is RGB.
import { NAMED_COLORS } from './named';

export type Model = 'rgb' | 'hsl' | 'hsv';

/** A colour exactly as given: channels of its own model and alpha 0–1. */
export interface ExactColor {
  model: Model;
  /** rgb: red, green, blue 0–255; hsl: hue (degrees, any), saturation, lightness 0–100; hsv: hue, saturation, value 0–100. */
  channels: [number, number, number];
  alpha: number;
}

export type ParseResult = { ok: true; color: ExactColor } | { ok: false; error: string };

const CHANNEL_NAMES: Record<string, [string, string, string]> = {
  rgb: ['red', 'green', 'blue'],
  hsl: ['hue', 'saturation', 'lightness'],
  hsv: ['hue', 'saturation', 'value'],
  hsb: ['hue', 'saturation', 'brightness'],
};

const FUNCTIONS: Record<string, string> = {
  rgb: 'rgb', rgba: 'rgb',
  hsl: 'hsl', hsla: 'hsl',
  hsv: 'hsv', hsva: 'hsv',
  hsb: 'hsb', hsba: 'hsb',
};

const HEX = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const FUNCTION = /^([a-z]+)\s*\(([^()]*)\)$/;
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
    if (kind === undefined) throw new Invalid(`Invalid color: unsupported function '${call[1]}()': use rgb(), rgba(), hsl(), hsla(), hsv() or hsb().`);
    return fromArguments(kind, `${call[1]}()`, call[2]!);
  }
  if (/^[\d.+\-\s,/%e]+$/.test(text) && /\d/.test(text)) return fromArguments('rgb', 'r,g,b', text);
  throw new Invalid(
    `Unrecognized color ${quote(text)}: use #rrggbb, #rgb, rrggbb, rgb(r, g, b), r,g,b, hsl(h, s%, l%), hsv(h, s%, v%) or a CSS color name.`,
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
    if (trimmed.includes('/')) throw new Invalid(`Invalid color: ${what}: use either commas or spaces with '/ alpha', not both.`);
    values = trimmed.split(',').map((part) => part.trim());
    if (values.some((part) => part === '' || /\s/.test(part))) throw new Invalid(`Invalid color: ${what}: separate the values either all with commas or all with spaces.`);
    if (values.length === 4) alpha = values.pop();
  } else {
    const [main = '', extra, ...rest] = trimmed.split('/');
    if (rest.length > 0) throw new Invalid(`Invalid color: ${what}: only one '/' (before alpha) is allowed.`);
    values = main.trim() === '' ? [] : main.trim().split(/\s+/);
    if (extra !== undefined) {
      alpha = extra.trim();
      if (alpha === '' || /\s/.test(alpha)) throw new Invalid(`Invalid color: ${what}: expected one alpha value after '/'.`);
    }
  }
  if (values.length !== 3) throw new Invalid(`Invalid color: ${what} takes 3 values and an optional alpha, got ${values.length}${alpha === undefined ? '' : ' and alpha'}.`);
  return { values, alpha };
}

function fromArguments(kind: string, what: string, body: string): ExactColor {
  const { values, alpha } = splitArguments(what, body);
  const names = CHANNEL_NAMES[kind]!;
  const model: Model = kind === 'rgb' ? 'rgb' : kind === 'hsl' ? 'hsl' : 'hsv';
  const channels = values.map((token, i) => {
    const name = names[i]!;
    if (model === 'rgb') return channel(token, name, 255, true);
    if (i === 0) return hue(token);
    return channel(token, name, 100, false);
  }) as [number, number, number];
  return { model, channels, alpha: alpha === undefined ? 1 : channel(alpha, 'alpha', 1, true) };
}

/** A number token (1e400 reads as Infinity, which the range checks then refuse). */
function number(token: string, name: string): { value: number; unit: string | undefined } {
  const match = VALUE.exec(token);
  if (!match) throw new Invalid(`Invalid color: ${name} ${quote(token)} is not a number.`);
  return { value: Number(match[1]), unit: match[2] };
}

function hue(token: string): number {
  const { value, unit } = number(token, 'hue');
  if (unit === '%') throw new Invalid(`Invalid color: hue ${quote(token)} cannot be a percentage (use degrees, or deg, grad, rad, turn).`);
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
  if (unit !== undefined && unit !== '%') throw new Invalid(`Invalid color: ${name} ${quote(token)} cannot have the unit '${unit}'.`);
  const isPercent = unit === '%' || !percentOfMax;
  const limit = isPercent ? 100 : max;
  if (!(value >= 0 && value <= limit)) {
    throw new Invalid(`Invalid color: ${name} ${quote(token)} is out of range (0–${limit}${isPercent ? '%' : ''}).`);
  }
  return unit === '%' && percentOfMax ? (value / 100) * max : value;
}
