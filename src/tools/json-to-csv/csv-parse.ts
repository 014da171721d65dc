// RFC 4180 CSV reading. Written here rather than taken from papaparse (which the tests use as
// an independent reference) because docs/contract.md needs three things papaparse does not give:
// - a quoted empty field `""` alone on its line is a row, while a blank line is skipped
//   (papaparse returns [""] for both);
// - line endings may be mixed (`\n`, `\r\n`, `\r`): papaparse picks one from the first line
//   and leaves the others inside fields;
// - malformed quoting is an error with its position, never a silently reshaped field.
// A `"` inside an unquoted field is kept as a literal character (common in hand-made files and
// unambiguous). Text after a closing quote other than a delimiter or line end is an error.
import { describeCharacter } from '../../lib/text-position';

/** Rows as one flat list of fields (no array per row): row r is fields rowEnd[r - 1] … rowEnd[r] - 1. */
export interface CsvRows {
  fields: string[];
  rowEnd: number[];
}

export type CsvParseResult = ({ ok: true } & CsvRows) | { ok: false; message: string; index: number };

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Reads rows from `start`; with `limit`, stops after that many rows (delimiter detection reads a sample). */
export function parseCsv(text: string, start: number, delimiter: string, limit = Infinity): CsvParseResult {
  const d = delimiter.charCodeAt(0);
  const n = text.length;
  const fields: string[] = [];
  const rowEnd: number[] = [];
  let rowStart = 0;
  let i = start;
  while (i < n) {
    // At the start of a field.
    let field: string;
    const quoted = text.charCodeAt(i) === QUOTE;
    if (quoted) {
      const open = i;
      let from = i + 1;
      let doubled = false;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return { ok: false, message: "Unterminated quoted field (no closing '\"')", index: open };
        if (text.charCodeAt(q + 1) !== QUOTE) {
          i = q + 1;
          break;
        }
        doubled = true;
        from = q + 2;
      }
      // Between the quotes there are only other characters and "" pairs.
      field = text.slice(open + 1, i - 1);
      if (doubled) field = field.replaceAll('""', '"');
      const c = text.charCodeAt(i);
      if (i < n && c !== d && c !== CR && c !== LF) {
        return {
          ok: false,
          message: `Unexpected ${describeCharacter(text, i)} after the closing quote of a field (a quote inside a quoted field is written "")`,
          index: i,
        };
      }
    } else {
      let j = i;
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c === d || c === CR || c === LF) break;
      }
      field = text.slice(i, j);
      i = j;
    }
    fields.push(field);

    const c = text.charCodeAt(i);
    if (c === d) {
      i++;
      if (i === n) fields.push(''); // a delimiter at the very end opens one last, empty field
      continue;
    }
    // End of the line (or of the text).
    if (c === CR && text.charCodeAt(i + 1) === LF) i += 2;
    else i++;
    // A line with nothing on it is a blank line, not a row with one empty field.
    if (fields.length === rowStart + 1 && !quoted && field === '') fields.pop();
    else if (rowEnd.push((rowStart = fields.length)) >= limit) return { ok: true, fields, rowEnd };
  }
  if (fields.length > rowStart) rowEnd.push(fields.length);
  return { ok: true, fields, rowEnd };
}
