// One request, both directions: resolves `delimiter: "auto"`, runs the conversion, adds the
// BOM and the wrong-delimiter hint, and shapes the answer (docs/contract.md §4 json-to-csv).
import { detectDelimiter } from './detect-delimiter';
import type { DecimalSeparatorChoice, Delimiter, DelimiterChoice, Mode } from './schema';
import { jsonToCsv } from './to-csv';
import { csvToJson } from './to-json';

export interface Request {
  input: string;
  mode: Mode;
  delimiter: DelimiterChoice;
  flatten: boolean;
  infer_types: boolean;
  bom: boolean;
  records_path?: string | undefined;
  decimal_separator: DecimalSeparatorChoice;
}

const NAMES: Record<Delimiter, string> = { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'pipes' };
const SHOWN: Record<Delimiter, string> = { ',': '","', ';': '";"', '\t': '"\\t"', '|': '"|"' };

export function convert({
  input,
  mode,
  delimiter: choice,
  flatten,
  infer_types,
  bom,
  records_path,
  decimal_separator,
}: Request) {
  if (mode === 'json-to-csv') {
    const delimiter = choice === 'auto' ? ',' : choice;
    const result = jsonToCsv(input, delimiter, flatten, records_path);
    // docs/contract.md §1/§4: a conversion failure is a 200 with `error`, empty output and zero counts.
    if (!result.ok) return failed(mode, delimiter, result.error);
    const reply = answer(mode, delimiter, (bom ? '\ufeff' : '') + result.output, result.columns, result.rowCount);
    return result.recordsPath === undefined ? reply : { ...reply, records_path: result.recordsPath };
  }
  const start = input.charCodeAt(0) === 0xfeff ? 1 : 0;
  const delimiter = choice === 'auto' ? (detectDelimiter(input, start) ?? ',') : choice;
  // Spreadsheets that write `;` between fields do so because `,` is their decimal separator.
  const decimal = decimal_separator === 'auto' ? (delimiter === ';' ? ',' : '.') : decimal_separator;
  const said = decimal_separator === '.' ? {} : { decimal_separator: decimal };
  const result = csvToJson(input, delimiter, flatten, infer_types, decimal === ',');
  // A `;` file read with `,` comes back as one column (or as ragged rows, or not at all) without
  // an error: when detection would choose another delimiter, say which. Detection reads 10 rows.
  let warnings: string[] | undefined;
  if (choice !== 'auto') {
    const better = detectDelimiter(input, start);
    if (better !== undefined && better !== delimiter) {
      const what = !result.ok
        ? ' (the CSV cannot be read that way)'
        : result.columns.length === 1
          ? ' (every row is one column)'
          : '';
      warnings = [
        `The text looks separated by ${NAMES[better]} rather than by ${SHOWN[delimiter]}${what}: use the delimiter ${SHOWN[better]} or "auto".`,
      ];
    }
  }
  const reply = result.ok
    ? { ...answer(mode, delimiter, result.output, result.columns, result.rowCount), ...said }
    : failed(mode, delimiter, result.error);
  return warnings ? { ...reply, warnings } : reply;
}

function answer(mode: Mode, delimiter: Delimiter, output: string, columns: string[], rowCount: number) {
  return { output, row_count: rowCount, column_count: columns.length, columns, mode, delimiter };
}

function failed(mode: Mode, delimiter: Delimiter, error: string) {
  return { output: '', row_count: 0, column_count: 0, columns: [] as string[], mode, delimiter, error };
}
