import { z } from 'zod';
import { pure } from '../pure';
import { MAX_CELLS, MAX_COLUMNS, MAX_DEPTH, MAX_HEADER_CHARS, MAX_OUTPUT_CHARS } from './limits';

export const MODES = ['json-to-csv', 'csv-to-json'] as const;
export type Mode = (typeof MODES)[number];
/** The delimiters a CSV is written or read with (`auto` picks one of them). */
export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];
export const DELIMITER_CHOICES = ['auto', ...DELIMITERS] as const;
export type DelimiterChoice = (typeof DELIMITER_CHOICES)[number];
/** How csv-to-json reads numbers: `.` or `,` before the decimals, or `auto` (`,` with the `;` delimiter). */
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export type DecimalSeparator = (typeof DECIMAL_SEPARATORS)[number];
export const DECIMAL_SEPARATOR_CHOICES = ['auto', ...DECIMAL_SEPARATORS] as const;
export type DecimalSeparatorChoice = (typeof DECIMAL_SEPARATOR_CHOICES)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = {
  mode: 'json-to-csv',
  delimiter: ',',
  flatten: true,
  infer_types: true,
  bom: false,
  decimal_separator: '.',
} as const;

export const Input = pure(() =>
  z.object({
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
    records_path: z
      .string()
      .min(1)
      .optional()
      .describe(
        "json-to-csv: an RFC 9535 JSONPath to the rows. A query that selects one array makes its elements the rows (`$.data`, `$.response.items`); otherwise each node it selects is a row (`$.data[*].user`); `$` is the document itself. Selecting nothing is an `error`; not for JSON Lines. Absent: an array document is the rows, and an object document is searched for its records array (non-empty, objects only, reached through object members): one named `data`, `items`, `results` or `records` (the shallowest), else the longest (the first of equal ones); without one the object is one row. The answer's `records_path` says which was used. Ignored by csv-to-json.",
      ),
    decimal_separator: z
      .enum(DECIMAL_SEPARATOR_CHOICES)
      .default(DEFAULTS.decimal_separator)
      .describe(
        "csv-to-json with `infer_types`: the character before a number's decimals. `,` reads `0,15` as the number 0.15 (as European spreadsheets export; the same round-trip rule as for `.`, so `1,50` stays text) and keeps numbers written with a point (`1.500`) as text; `auto`: `,` when the delimiter used is `;`, else `.`. The answer says which was used when this is not `.`. Ignored by json-to-csv.",
      ),
    bom: z
      .boolean()
      .default(DEFAULTS.bom)
      .describe(
        'json-to-csv: start the CSV with a byte order mark (U+FEFF), so that Excel reads it as UTF-8. Ignored by csv-to-json (a BOM in its input is always skipped).',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    output: z
      .string()
      .describe(
        'The CSV (lines end with `\\n`, no trailing newline; with `bom`, U+FEFF first) or the JSON array indented by 2 spaces; empty on error.',
      ),
    row_count: z.number().int().min(0).describe('Data rows, header excluded (0 on error).'),
    column_count: z.number().int().min(0).describe('Number of columns (0 on error).'),
    columns: z
      .array(z.string())
      .describe('Column headers in order (csv-to-json: as used for keys, duplicates renamed).'),
    mode: z.enum(MODES).describe('The conversion that was done.'),
    delimiter: z
      .enum(DELIMITERS)
      .describe(
        'The delimiter used: the one sent, or the one `auto` chose (json-to-csv: `,`). Always present, also with `error`.',
      ),
    records_path: z
      .string()
      .optional()
      .describe(
        "json-to-csv: where the rows were found, when not the whole document: the normalized path (RFC 9535 §2.7, `$['data']`) of the records array found or of the one node `records_path` selected, or the query as sent when it selected several. Absent for an array document or an object read as one row without `records_path`.",
      ),
    decimal_separator: z
      .enum(DECIMAL_SEPARATORS)
      .optional()
      .describe("csv-to-json, when the request's `decimal_separator` was `,` or `auto`: the one used."),
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
  }),
);
