// Where a syntax error is and what stands there, in terms a person reading the text uses:
// lines and columns of characters (code points), not UTF-16 offsets.

export interface LineColumn {
  line: number;
  column: number;
}

/**
 * 1-based line and column of a UTF-16 offset (CONTRACT.md §4 json-formatter): `\n`, `\r\n` and
 * `\r` each end a line; a surrogate pair is one column. An offset just past a final line break
 * is on the next line, column 1.
 */
export function lineColumn(text: string, offset: number): LineColumn {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      line++;
      column = 1;
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff && i + 1 < offset) i++;
    column++;
  }
  return { line, column };
}

const MAX_WORD = 20;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || isDigit(c) || c === 95 || c === 36;
const unicodeName = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What the parser found at `offset`, for "… but found X": a whole word (`'None'`, `'NaN'`) unless
 * `inString`, a comment opener, a named invisible character, or the character itself in quotes.
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
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return `control character ${unicodeName(c)}`;
  if (c === 0xfeff) return 'a byte order mark (U+FEFF)';
  if (c >= 0xd800 && c <= 0xdfff) return `a lone surrogate ${unicodeName(c)}`;
  // ECMAScript defines \s exactly (no locale), so this is the same on every engine.
  if (/\s/.test(String.fromCodePoint(c))) return `whitespace character ${unicodeName(c)} (JSON allows only space, tab and line breaks)`;
  return `'${String.fromCodePoint(c)}'`;
}
