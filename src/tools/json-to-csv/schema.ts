import { z } from 'zod';
import { pure } from '../pure';
import { MAX_DEPTH } from './json-parse';
import { MAX_CELLS, MAX_COLUMNS, MAX_HEADER_CHARS } from './to-csv';
import { MAX_OUTPUT_CHARS } from './to-json';

export const MODES = ['json-to-csv', 'csv-to-json'] as const;
export type Mode = (typeof MODES)[number];
/** The delimiters a CSV is written or read with (`auto` picks one of them). */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export const DELIMITER_CHOICES = ['auto', ...DELIMITERS] as const;
export type DelimiterChoice = (typeof DELIMITER_CHOICES)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'json-to-csv', delimiter: ',', flatten: true, infer_types: true, bom: false } as const;

export const Input = pure(() => z.object({
  input: z
    .string()
    .min(1)
    .describe(
      'json-to-csv: a JSON array (a row per element), a JSON object (one row), or JSON Lines (a JSON value per line, blank lines skipped; an error names the line). ' +
        'csv-to-json: CSV text whose first row is the header. ' +
        `Limits, each answered with \`error\`: JSON nests at most ${MAX_DEPTH} levels; at most ${MAX_COLUMNS} columns; ` +
        `json-to-csv writes at most ${MAX_CELLS} cells and ${MAX_HEADER_CHARS} characters of column names, csv-to-json at most ${MAX_OUTPUT_CHARS} characters of JSON.`,
    ),
  mode: z.enum(MODES).default(DEFAULTS.mode).describe('Direction of the conversion.'),
  delimiter: z
    .enum(DELIMITER_CHOICES)
    .default(DEFAULTS.delimiter)
    .describe(
      'Field separator of the CSV: comma, semicolon, tab (the JSON string "\\t") or pipe; or `auto`: csv-to-json picks the one that splits the first 10 rows into the most consistent number of fields (at least 2 a row on average; ties: more fields, then the order `,` `;` tab `|`; none: `,`), json-to-csv writes `,`. The response says which was used.',
    ),
  flatten: z
    .boolean()
    .default(DEFAULTS.flatten)
    .describe(
      'json-to-csv: nested objects become `a.b.c` columns (off: JSON text in one cell); two keys of one row that flatten to the same column (`{"a":{"b":1},"a.b":2}`) are an `error` naming the row and both keys. csv-to-json: `a.b` columns are rebuilt into nested objects.',
    ),
  infer_types: z
    .boolean()
    .default(DEFAULTS.infer_types)
    .describe(
      'csv-to-json: `true`/`false` become booleans, a number that prints back to exactly the same text becomes a number (`1.5`, `-2`, `100000`; `1.50`, `2.0`, `1e5`, `007`, `-0` stay strings), a cell holding a JSON array or object becomes it. Off: every cell is a string. Ignored by json-to-csv.',
    ),
  bom: z
    .boolean()
    .default(DEFAULTS.bom)
    .describe('json-to-csv: start the CSV with a byte order mark (U+FEFF), so that Excel reads it as UTF-8. Ignored by csv-to-json (a BOM in its input is always skipped).'),
}));

export const Output = pure(() => z.object({
  output: z
    .string()
    .describe('The CSV (lines end with `\\n`, no trailing newline; with `bom`, U+FEFF first) or the JSON array indented by 2 spaces; empty on error.'),
  row_count: z.number().int().min(0).describe('Data rows, header excluded (0 on error).'),
  column_count: z.number().int().min(0).describe('Number of columns (0 on error).'),
  columns: z.array(z.string()).describe('Column headers in order (csv-to-json: as used for keys, duplicates renamed).'),
  mode: z.enum(MODES).describe('The conversion that was done.'),
  delimiter: z
    .enum(DELIMITERS)
    .describe('The delimiter used: the one sent, or the one `auto` chose (json-to-csv: `,`). Always present, also with `error`.'),
  warnings: z
    .array(z.string())
    .optional()
    .describe(
      'Sentences, present only when there is something to say. csv-to-json with a delimiter other than `auto`: when `auto` would have chosen another delimiter (a `;` file read with `,` comes back as one column, ragged rows or a quoting error), a sentence names that delimiter.',
    ),
  error: z
    .string()
    .optional()
    .describe('Present when the input could not be converted: what is wrong and where (line and column).'),
}));
