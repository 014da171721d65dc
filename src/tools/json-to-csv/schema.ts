import { z } from 'zod';
import { pure } from '../pure';
import { MAX_DEPTH } from './json-parse';
import { MAX_CELLS, MAX_COLUMNS, MAX_HEADER_CHARS } from './to-csv';
import { MAX_OUTPUT_CHARS } from './to-json';

export const MODES = ['json-to-csv', 'csv-to-json'] as const;
export type Mode = (typeof MODES)[number];
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { mode: 'json-to-csv', delimiter: ',', flatten: true } as const;

export const Input = pure(() => z.object({
  input: z
    .string()
    .min(1)
    .describe(
      'A JSON array of objects (json-to-csv), or CSV text whose first row is the header (csv-to-json). ' +
        `Limits, each answered with \`error\`: JSON nests at most ${MAX_DEPTH} levels; at most ${MAX_COLUMNS} columns; ` +
        `json-to-csv writes at most ${MAX_CELLS} cells and ${MAX_HEADER_CHARS} characters of column names, csv-to-json at most ${MAX_OUTPUT_CHARS} characters of JSON.`,
    ),
  mode: z.enum(MODES).default(DEFAULTS.mode).describe('Direction of the conversion.'),
  delimiter: z
    .enum(DELIMITERS)
    .default(DEFAULTS.delimiter)
    .describe('Field separator of the CSV: comma, semicolon or tab (the JSON string "\\t").'),
  flatten: z
    .boolean()
    .default(DEFAULTS.flatten)
    .describe(
      'json-to-csv: nested objects become `a.b.c` columns (off: JSON text in one cell); two keys of one row that flatten to the same column (`{"a":{"b":1},"a.b":2}`) are an `error` naming the row and both keys. csv-to-json: `a.b` columns are rebuilt into nested objects.',
    ),
}));

export const Output = pure(() => z.object({
  output: z
    .string()
    .describe('The CSV (lines end with `\\n`, no trailing newline) or the JSON array indented by 2 spaces; empty on error.'),
  row_count: z.number().int().min(0).describe('Data rows, header excluded (0 on error).'),
  column_count: z.number().int().min(0).describe('Number of columns (0 on error).'),
  columns: z.array(z.string()).describe('Column headers in order (csv-to-json: as used for keys, duplicates renamed).'),
  mode: z.enum(MODES).describe('The conversion that was done.'),
  error: z
    .string()
    .optional()
    .describe('Present when the input could not be converted: what is wrong and where (line and column).'),
}));
