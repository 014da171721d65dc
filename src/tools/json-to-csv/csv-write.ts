// CSV writing with the quoting rules of docs/contract.md §4 json-to-csv: a field is quoted when it
// contains the delimiter, `"`, CR or LF, or begins or ends with a space, or is the empty only
// field of its row; `"` is doubled; lines end with `\n`; no trailing newline.

export type Delimiter = ',' | ';' | '\t' | '|';

/** Characters that make a field quoted, per delimiter. */
const SPECIAL: Record<Delimiter, RegExp> = { ',': /[,"\r\n]/, ';': /[;"\r\n]/, '\t': /[\t"\r\n]/, '|': /[|"\r\n]/ };

/** Returns a function that quotes one field when the rules above (bar the last) require it. */
export function fieldQuoter(delimiter: Delimiter): (field: string) => string {
  const special = SPECIAL[delimiter];
  return (field) => {
    const n = field.length;
    if (n === 0) return field;
    if (field.charCodeAt(0) !== 0x20 && field.charCodeAt(n - 1) !== 0x20 && !special.test(field)) return field;
    return '"' + (field.includes('"') ? field.replaceAll('"', '""') : field) + '"';
  };
}

/**
 * The rows of a table as one flat list of cells, so that a million small rows cost no million
 * arrays: row r holds cells rowEnd[r - 1] … rowEnd[r] - 1, each a column index and its
 * already-quoted text. Columns a row does not name are empty.
 */
export interface Cells {
  column: number[];
  text: string[];
  rowEnd: number[];
}

/** Joins the quoted header and the rows into CSV text. */
export function writeCsv(header: string[], cells: Cells, delimiter: Delimiter): string {
  const width = header.length;
  if (width === 0) return '';
  const lines = new Array<string>(cells.rowEnd.length + 1);
  lines[0] = writeLine(header, delimiter);
  const line = new Array<string>(width).fill('');
  let k = 0;
  for (let r = 0; r < cells.rowEnd.length; r++) {
    const start = k;
    const end = cells.rowEnd[r]!;
    for (; k < end; k++) line[cells.column[k]!] = cells.text[k]!; // a later cell of one column wins
    lines[r + 1] = writeLine(line, delimiter);
    for (let j = start; j < end; j++) line[cells.column[j]!] = '';
  }
  return lines.join('\n');
}

function writeLine(fields: string[], delimiter: Delimiter): string {
  // A lone empty field is quoted, or the line would read as a blank line and be skipped.
  if (fields.length === 1) return fields[0] || '""';
  return fields.join(delimiter);
}
