// Positions in error messages are 1-based and count characters as a person sees them
// (docs/contract.md §1): a surrogate pair (an emoji) is one character, a lone surrogate also one.
// Lines and columns, and how the character at a position is named, for the tools' messages.

/** 1-based position in code points of the UTF-16 index `index` of `text`. */
export function characterPosition(text: string, index: number): number {
  let position = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    position++;
  }
  return position;
}

export interface LineColumn {
  line: number;
  column: number;
}

/**
 * 1-based line and column of a UTF-16 offset (docs/contract.md §4 json-formatter): `\n`, `\r\n` and
 * `\r` each end a line; a surrogate pair is one column. An offset just past a final line break
 * is on the next line, column 1.
 */
export function lineColumn(text: string, index: number): LineColumn {
  let line = 1;
  let column = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) {
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a && i + 1 < index) i++;
      line++;
      column = 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < index) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    column++;
  }
  return { line, column };
}

/** "line 3, column 7" for the UTF-16 index `index` of `text`. */
export function lineColumnText(text: string, index: number): string {
  const { line, column } = lineColumn(text, index);
  return `line ${line}, column ${column}`;
}

/** A code point as `U+0009`. */
export const codePointName = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Controls, DEL and the byte order mark: characters a message names by code point. */
const isInvisible = (cp: number): boolean => cp < 0x20 || cp === 0x7f || cp === 0xfeff;

/**
 * The character at `index` for a message: in quotes (`'x'`, a surrogate pair whole), or by its
 * code point where `byCodePoint` says quoting would not show it. The tools differ in which
 * characters they spell out, and their messages are their answers, so each passes its own rule.
 */
export function quoteCharacter(
  text: string,
  index: number,
  byCodePoint: (cp: number) => boolean = isInvisible,
): string {
  const cp = text.codePointAt(index)!;
  return byCodePoint(cp) ? codePointName(cp) : `'${String.fromCodePoint(cp)}'`;
}

/** The character at `index` as quoteCharacter names it, or `the end of the input` past the end. */
export function describeCharacter(text: string, index: number): string {
  return index >= text.length ? 'the end of the input' : quoteCharacter(text, index);
}

const MAX_WORD = 20;
// As json-strict.ts reads a bare word; kept here so that positions need no JSON module.
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 || c === 36;

/**
 * What a parser found at `offset`, for "… but found X", in the words json-formatter answers with:
 * a whole word (`'None'`, `'NaN'`) unless `inString`, a comment opener, a named invisible
 * character, or the character itself in quotes.
 */
export function describeAt(text: string, offset: number, inString = false): string {
  if (offset >= text.length) return 'end of input';
  const c = text.codePointAt(offset)!;
  if (!inString && isWordChar(c) && !isDigit(c)) {
    let end = offset + 1;
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++;
    return end - offset > MAX_WORD ? `'${text.slice(offset, offset + MAX_WORD)}…'` : `'${text.slice(offset, end)}'`;
  }
  if (c === 47 /* / */ && !inString) {
    const next = text.charCodeAt(offset + 1);
    if (next === 47 || next === 42) return `a comment ('${text.slice(offset, offset + 2)}')`;
  }
  if (c === 39 /* ' */) return `"'"`;
  if (c === 9) return 'a tab character';
  if (c === 10 || c === 13) return 'a line break';
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return `control character ${codePointName(c)}`;
  if (c === 0xfeff) return 'a byte order mark (U+FEFF)';
  if (c >= 0xd800 && c <= 0xdfff) return `a lone surrogate ${codePointName(c)}`;
  // ECMAScript defines \s exactly (no locale), so this is the same on every engine.
  if (/\s/.test(String.fromCodePoint(c)))
    return `whitespace character ${codePointName(c)} (JSON allows only space, tab and line breaks)`;
  return `'${String.fromCodePoint(c)}'`;
}
