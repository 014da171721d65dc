// Small helpers the parsers share: reading fixed-width digits and describing a place in the
// input for error messages (1-based character positions, docs/contract.md §1).
import { characterPosition as position, quoteCharacter } from '../../lib/text-position';

/**
 * Result of a parser: epoch milliseconds (possibly out of range), or a readable problem. `local`
 * is set when the text named no offset or zone: `ms` is then its wall clock read as UTC, which
 * a caller may read in another zone instead (`input_timezone`).
 */
export type Parsed = { ok: true; ms: number; local?: boolean } | { ok: false; error: string };

export const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
export const isAsciiLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/** Value of exactly `count` ASCII digits at `i`, or -1 if any of them is missing. */
export function fixedDigits(text: string, i: number, count: number): number {
  let value = 0;
  for (let k = 0; k < count; k++) {
    const c = text.charCodeAt(i + k); // NaN past the end: not a digit
    if (!isDigit(c)) return -1;
    value = value * 10 + (c - 0x30);
  }
  return value;
}

/** Index just after the run of ASCII digits starting at `i`. */
export function digitRunEnd(text: string, i: number, end: number): number {
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** `'x' at position 7`, or `the end of the input`, naming invisible characters by code point. */
export function found(text: string, i: number, end: number): string {
  if (i >= end) return 'the end of the input';
  return `${quoteCharacter(text, i, invisible)} at position ${position(text, i)}`;
}

const invisible = (cp: number) =>
  cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp <= 0xa0) || (cp >= 0xd800 && cp <= 0xdfff);
