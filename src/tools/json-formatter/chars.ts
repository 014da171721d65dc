// Character codes and classes shared by the parser and the fast path. Plain numeric constants,
// because the hot loops compare against them.
export const TAB = 9;
export const LINE_FEED = 10;
export const RETURN = 13;
export const SPACE = 32;
export const QUOTE = 34;
export const PLUS = 43;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const SLASH = 47;
export const ZERO = 48;
export const ONE = 49;
export const NINE = 57;
export const COLON = 58;
export const UPPER_E = 69;
export const OPEN_BRACKET = 91;
export const BACKSLASH = 92;
export const CLOSE_BRACKET = 93;
export const LOWER_B = 98;
export const LOWER_E = 101;
export const LOWER_F = 102;
export const LOWER_N = 110;
export const LOWER_R = 114;
export const LOWER_T = 116;
export const LOWER_U = 117;
export const OPEN_BRACE = 123;
export const CLOSE_BRACE = 125;

export const isDigit = (c: number) => c >= ZERO && c <= NINE;
export const isWordChar = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 /* _ */ || c === 36; /* $ */
export const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
export const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** 0–15, or -1 for a character that is no hex digit. */
export function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

/**
 * Escapes JSON.stringify itself writes, so a string using only these can be copied as it is.
 * (`\/` and `\u…` are valid but JSON.stringify spells their characters differently.)
 */
export const CANONICAL_ESCAPES = new Uint8Array(128);
for (const c of '"\\bfnrt') CANONICAL_ESCAPES[c.charCodeAt(0)] = 1;

