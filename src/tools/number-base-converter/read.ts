// Reads the `input` field: sign, prefix, digits and separators, reporting the first problem
// with its 1-based position in the field as sent (docs/contract.md §1: trimming does not shift it).
//
// Decisions where docs/contract.md §4 is silent:
// - Blanks are what String.prototype.trim removes (Unicode white space and line breaks), so a
//   number pasted with narrow no-break spaces or across lines reads as expected.
// - A separator (`_` or a blank) must stand between two digits, or between the prefix and a
//   digit (`0x_FF`, as Python allows). Leading, trailing or after-the-sign separators are
//   refused, as is `+` (only `-` is a sign).
// - `-0` is zero: the converted values carry no sign; `input_normalized` keeps the `-` as read.
import { ToolInputError } from '../define';
import { characterPosition as position, quoteCharacter } from '../../lib/text-position';

export const MAX_DIGITS = 1_000_000;

/** Digit value of each ASCII character (0–9, A–Z, a–z), -1 for anything else. */
export const DIGIT_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 36; i++) {
  const symbol = i.toString(36);
  DIGIT_VALUE[symbol.charCodeAt(0)] = i;
  DIGIT_VALUE[symbol.toUpperCase().charCodeAt(0)] = i;
}

const PREFIX: Record<number, string> = { 2: 'b', 8: 'o', 16: 'x' };

export interface ReadNumber {
  negative: boolean;
  /** The digits, without sign, prefix or separators, in the case they were written. */
  digits: string;
}

export function readNumber(input: string, base: number): ReadNumber {
  const end = input.trimEnd().length;
  let i = input.length - input.trimStart().length;

  const negative = input.charCodeAt(i) === 0x2d; /* - */
  if (negative) i++;
  // No prefix letter is a digit of its own base, so reading one is never ambiguous.
  const prefix = PREFIX[base];
  const hasPrefix = prefix !== undefined && input[i] === '0' && input[i + 1]?.toLowerCase() === prefix;
  if (hasPrefix) i += 2;

  const runs: string[] = [];
  let count = 0;
  let runStart = i;
  let separatorAt = -1; // start of the separators seen since the last digit
  for (; i < end; i++) {
    const c = input.charCodeAt(i);
    const value = c < 128 ? DIGIT_VALUE[c]! : -1;
    if (value >= 0 && value < base) {
      if (separatorAt >= 0) {
        runStart = i;
        separatorAt = -1;
      }
      if (++count > MAX_DIGITS) {
        throw new ToolInputError("'input' has more than 1,000,000 digits; at most 1,000,000 digits are converted.");
      }
      continue;
    }
    if (c === 0x5f /* _ */ || isBlank(c)) {
      if (count === 0 && !hasPrefix) throw misplacedSeparator(input, i);
      if (separatorAt < 0) {
        if (i > runStart) runs.push(input.slice(runStart, i));
        separatorAt = i;
      }
      continue;
    }
    throw new ToolInputError(
      `Character ${describeChar(input, i)} at position ${position(input, i)} is not valid in base ${base}`,
    );
  }
  if (separatorAt >= 0) throw misplacedSeparator(input, separatorAt);
  if (count === 0)
    throw new ToolInputError(`'input' has no digits to convert: expected at least one base-${base} digit.`);
  runs.push(input.slice(runStart, end));
  return { negative, digits: runs.length === 1 ? runs[0]! : runs.join('') };
}

/** White space as String.prototype.trim and /\s/ know it, without a regex per character. */
function isBlank(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function misplacedSeparator(input: string, index: number): ToolInputError {
  return new ToolInputError(
    `Separator ${describeChar(input, index)} at position ${position(input, index)} is not between two digits`,
  );
}

/** Spaces, controls, blanks, zero-width and format characters, surrogates: named as U+XXXX. */
const invisible = (cp: number) =>
  cp <= 0x20 ||
  (cp >= 0x7f && cp <= 0xa0) ||
  cp === 0xad ||
  isBlank(cp) ||
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0xd800 && cp <= 0xdfff);

/** Quotes a character for a message; invisible ones are spelled as U+XXXX. */
const describeChar = (text: string, index: number) => quoteCharacter(text, index, invisible);
