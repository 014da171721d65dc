// Numeric Unix timestamps, read exactly: the digits are shifted as a decimal string and only the
// whole-millisecond part becomes a BigInt, so `1700000000.123` seconds is 1700000000123 ms with
// no binary floating-point error, and a 16 MiB run of digits costs one linear scan.
import { MAX_MS, RANGE } from '../../lib/civil';
import { found } from './scan';

export type Unit = 'seconds' | 'milliseconds' | 'microseconds' | 'nanoseconds';

export type NumericResult = { ok: true; ms: number; unit: Unit } | { ok: false; error: string };

/** Power of ten that turns each unit into milliseconds. */
const TO_MS: Record<Unit, number> = { seconds: 3, milliseconds: 0, microseconds: -3, nanoseconds: -6 };

/** The only numeric form: optional sign, digits, optional `.digits`. */
const STRICT = /^([+-]?)(\d+)(?:\.(\d+))?$/;
/** Inputs that are clearly meant as numbers, so that their mistakes are explained as such. */
const NUMBER_LIKE = /^[+-]?[\d.]+(?:[eE][+-]?\d*)?$|^[+-]$/;

export const looksNumeric = (text: string) => NUMBER_LIKE.test(text);

function hasNonZeroDigit(digits: string, from: number): boolean {
  for (let i = from; i < digits.length; i++) if (digits.charCodeAt(i) !== 0x30) return true;
  return false;
}

/**
 * Reads `text` (already trimmed; `offset` is its index in the field as sent, for positions).
 * The unit follows from the magnitude (docs/contract.md): |n| < 1e11 seconds, < 1e14 ms, < 1e17 µs,
 * else ns. Sub-millisecond parts are floored toward −∞, which makes `unix_ms` the millisecond
 * that contains the instant (as `unix_seconds` = floor(ms / 1000) is its second) for negative
 * timestamps too: -0.0005 s is 1969-12-31T23:59:59.999Z, not the epoch.
 */
export function parseNumeric(text: string, field: string, offset: number): NumericResult {
  const m = STRICT.exec(text);
  if (!m) return { ok: false, error: explain(text, field, offset) };
  const negative = m[1] === '-';
  const whole = m[2]!.replace(/^0+/, '');
  const fraction = m[3] ?? '';
  // |n| < 10^k exactly when the integer part has at most k digits.
  const unit: Unit =
    whole.length <= 11
      ? 'seconds'
      : whole.length <= 14
        ? 'milliseconds'
        : whole.length <= 17
          ? 'microseconds'
          : 'nanoseconds';
  const outOfRange = { ok: false as const, error: `'input' read as ${unit} is out of range: ${RANGE}.` };
  if (whole.length > 24) return outOfRange; // beyond any unit's range; keeps BigInt small

  const shift = TO_MS[unit];
  let msDigits: string;
  let dropped: boolean; // a non-zero digit below the millisecond
  if (shift >= 0) {
    msDigits = whole + fraction.slice(0, shift).padEnd(shift, '0');
    dropped = hasNonZeroDigit(fraction, shift);
  } else {
    const keep = Math.max(whole.length + shift, 0);
    msDigits = whole.slice(0, keep);
    dropped = hasNonZeroDigit(whole, keep) || hasNonZeroDigit(fraction, 0);
  }
  let ms = BigInt(msDigits || '0');
  if (negative) ms = -ms - (dropped ? 1n : 0n);
  // The exact instant must be in range: 8.64e15 ms plus a nanosecond is out, even though its
  // floored millisecond is not (below the range, flooring already pushes it out).
  const max = BigInt(MAX_MS);
  if (ms > max || ms < -max || (ms === max && dropped)) return outOfRange;
  return { ok: true, ms: Number(ms), unit };
}

/** Why a number-like text is not a timestamp, with the 1-based position of the culprit. */
function explain(text: string, field: string, offset: number): string {
  const at = (i: number) => found(field, offset + i, offset + text.length);
  const e = text.search(/[eE]/);
  if (e >= 0)
    return `'input' uses exponent notation (${at(e)}), which is not supported; write the timestamp as plain digits.`;
  const first = text.indexOf('.');
  const second = text.indexOf('.', first + 1);
  if (second >= 0) return `'input' has a second decimal point (${at(second)}); a timestamp has at most one.`;
  const digitsFrom = /^[+-]/.test(text) ? 1 : 0;
  if (first === digitsFrom) return `'input' needs a digit before the decimal point (${at(first)}).`;
  return `'input' needs digits after ${first >= 0 ? 'the decimal point' : 'the sign'}: expected a digit, found ${at(text.length)}.`;
}
