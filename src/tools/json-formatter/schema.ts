import { z } from 'zod';
import { pure } from '../pure';
import {
  MAX_LCS_CELLS,
  MAX_NESTING,
  MAX_YAML_CHARS,
  MAX_YAML_NESTING,
  MAX_REPAIR_CHARS,
  QUERY_BASE_STEPS,
  QUERY_STEPS_PER_CHAR,
} from './limits';

export const MODES = ['pretty', 'minify'] as const;
export type Mode = (typeof MODES)[number];

/** How `compare_with` compares arrays: element by element at the same index, or by a longest common subsequence. */
export const ARRAY_DIFFS = ['index', 'lcs'] as const;
export type ArrayDiff = (typeof ARRAY_DIFFS)[number];

/** The formats a document is read in and written in; `auto` (input only) detects which. */
export const TEXT_FORMATS = ['json', 'yaml', 'toml'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
export const INPUT_FORMATS = [...TEXT_FORMATS, 'auto'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = {
  mode: 'pretty',
  indent: 2,
  sort_keys: false,
  repair: false,
  array_diff: 'index',
  input_format: 'json',
  output_format: 'json',
} as const;

export const Input = pure(() =>
  z.object({
    json: z
      .string()
      .min(1)
      .describe(
        `The JSON text to format, minify or validate. Arrays and objects may nest at most ${MAX_NESTING} levels deep; deeper nesting is reported like a syntax error, at the bracket that goes too deep.`,
      ),
    mode: z
      .enum(MODES)
      .default(DEFAULTS.mode)
      .describe('`pretty`: one value per line, indented; `minify`: a single line without any whitespace.'),
    indent: z
      .union([z.number().int().min(0).max(10), z.literal('tab')], { error: 'must be an integer from 0 to 10 or "tab"' })
      .default(DEFAULTS.indent)
      .describe(
        'Indentation per level in `pretty` mode: 0–10 spaces or `"tab"`. 0 keeps one value per line without indentation. Ignored in `minify` mode.',
      ),
    sort_keys: z
      .boolean()
      .default(DEFAULTS.sort_keys)
      .describe('Sort object keys by Unicode code point, recursively. Arrays keep their order.'),
    repair: z
      .boolean()
      .default(DEFAULTS.repair)
      .describe(
        'Repair malformed JSON (comments, single quotes, unquoted keys, trailing or missing commas, Python literals, truncation) before formatting. Valid JSON is never changed. ' +
          `Repair reads at most ${MAX_REPAIR_CHARS} characters: longer malformed input gets its syntax error, with a note that it was too long to repair (valid JSON of any length is formatted as usual).`,
      ),
    jsonpath: z
      .string()
      .optional()
      .describe(
        'A JSONPath query (RFC 9535), e.g. `$.store.book[?@.price < 10].title` or `$..id`, run on the (repaired) document; its matches come back in `query_result`. ' +
          'Filters compare numbers as double-precision values; the matches themselves are printed losslessly. An invalid query is a 400 naming the problem and its position. ' +
          `A query may do at most ${QUERY_BASE_STEPS} + ${QUERY_STEPS_PER_CHAR} × (characters of the document) steps of work, which every query whose work grows linearly with the document stays within (a filter that runs a descendant query for each node does not), and its result is held to the output limit; beyond either it is a 400.`,
      ),
    compare_with: z
      .string()
      .min(1)
      .optional()
      .describe(
        'A second JSON document to compare the (repaired) first one with: the differences come back in `patch` as an RFC 6902 JSON Patch that turns the first document into this one, and their number in `differences`. ' +
          'Values are compared as JSON values: numbers by their exact decimal value (`1.0` equals `1`, `12345678901234567890` differs from `12345678901234567891`), objects whatever their key order. ' +
          `Read strictly (never repaired), with the same nesting limit; invalid JSON here is a 400 with its line and column.`,
      ),
    array_diff: z
      .enum(ARRAY_DIFFS)
      .default(DEFAULTS.array_diff)
      .describe(
        'How `compare_with` compares arrays. `index`: element by element at the same index, surplus elements removed from or added at the end. ' +
          '`lcs`: the longest common subsequence stays in place, an element that only moved becomes a `move` operation, and the others are inserted, removed, or compared member by member where one takes the place of another. ' +
          `\`lcs\` may compare at most ${MAX_LCS_CELLS} pairs of elements per request (the elements both arrays start and end with are free); beyond that it is a 400. Ignored without \`compare_with\`.`,
      ),
    input_format: z
      .enum(INPUT_FORMATS)
      .default(DEFAULTS.input_format)
      .describe(
        'The format `json` (and `compare_with`) is written in: `json`, `yaml` (YAML 1.2, core schema, one document) or `toml` (TOML 1.0); ' +
          '`auto` takes JSON when the text is JSON, else TOML when it is TOML, else YAML, and says which in `detected_format`. ' +
          "Numbers keep every digit (YAML `0x1F` and `0o17` become decimal; TOML floats are doubles); TOML dates become RFC 3339 strings; a YAML alias repeats its anchor's value. " +
          `YAML is read up to ${MAX_YAML_CHARS} characters, may nest at most ${MAX_YAML_NESTING} levels, and its aliases may expand the document to at most 1,000,000 values plus one per character. \`repair\` reads JSON only.`,
      ),
    output_format: z
      .enum(TEXT_FORMATS)
      .default(DEFAULTS.output_format)
      .describe(
        'The format of `output`: `json`, `yaml` (block style, `indent` spaces, 1–10) or `toml` (key/value pairs before `[tables]` and `[[arrays of tables]]`). ' +
          "Numbers are written as they were read. TOML cannot hold null, a document that is not an object, integers beyond 64 bits or floats beyond a double's range: each is a 400 naming the value's path; JSON cannot hold the infinities and NaN of YAML and TOML, nor can `jsonpath` or `compare_with` use them. " +
          '`mode` "minify" writes JSON only; `query_result` and `patch` stay JSON.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    output: z
      .string()
      .describe(
        'The formatted JSON: numbers exactly as written, keys in input order (unless sorted). Empty when invalid.',
      ),
    valid: z
      .boolean()
      .describe(
        'False when the input is not valid JSON (and could not be repaired, if `repair` was asked), or in the rare case that its formatted form would be too large.',
      ),
    error: z
      .string()
      .optional()
      .describe(
        `Present when \`valid\` is false: what was expected and what was found (or that nesting is deeper than ${MAX_NESTING} levels), with line and column.`,
      ),
    error_line: z.number().int().min(1).optional().describe('1-based line of the syntax error.'),
    error_column: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('1-based column of the syntax error, counted in characters (code points).'),
    repaired: z.literal(true).optional().describe('Present (true) when the input was malformed and `repair` fixed it.'),
    query_result: z
      .string()
      .optional()
      .describe(
        'Present when `jsonpath` was sent and the JSON is valid: the nodes it selects, in document order, as one JSON array text (`[]` when none), printed like `output` (`mode`, `indent`, `sort_keys`) and as losslessly (numbers exactly as written).',
      ),
    query_paths: z
      .array(z.string())
      .optional()
      .describe(
        "Present with `query_result`: the normalized path (RFC 9535 §2.7, `$['items'][0]['sku']`) of each node selected, in the same order.",
      ),
    patch: z
      .string()
      .optional()
      .describe(
        'Present when `compare_with` was sent and the JSON is valid: an RFC 6902 JSON Patch (a JSON array text, `[]` when the documents are equal) that turns the (repaired) document into `compare_with`. ' +
          'Paths are JSON Pointers (RFC 6901, `~0` for `~` and `~1` for `/`); each operation is `{"op", "path", "value"}` (`add`, `replace`), `{"op", "path"}` (`remove`) or `{"op", "from", "path"}` (`move`, with `array_diff` `lcs`). Printed like `output`, values losslessly.',
      ),
    differences: z.number().int().min(0).optional().describe('Present with `patch`: how many operations it has.'),
    detected_format: z
      .enum(TEXT_FORMATS)
      .optional()
      .describe(
        'Present when `input_format` is `auto`: the format the input was read in (or, when it is none, the one whose error is reported).',
      ),
  }),
);
