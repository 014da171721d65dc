// Positions for error messages as a person reading the text counts them (CONTRACT.md §1:
// 1-based): `\n`, `\r\n` and `\r` each end a line, and a surrogate pair is one column.

/** "line 3, column 7" for the UTF-16 index `index` of `text`. */
export function lineColumn(text: string, index: number): string {
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
  return `line ${line}, column ${column}`;
}
