import { defineTool, ToolInputError } from '../define';
import { compileQuery } from '../../lib/jsonpath';
import { parseJson } from '../../lib/json-tree';
import { Input, Output } from './schema';
import { checkFormats, convertFormats } from './formats';
import { formatOrRepair, parseOther, patchResult, queryResult, type Formatted } from './steps';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, type Layout } from './writer';

export default defineTool({
  slug: 'json-formatter',
  name: 'JSON Formatter',
  summary:
    'Pretty-prints or minifies JSON losslessly, validates it with the line and column of any syntax error, sorts keys and repairs malformed JSON.',
  tag: 'formatting',
  category: 'data',
  icon: 'braces',
  blurb: 'Pretty-print, minify and repair JSON.',
  keywords: [
    'json',
    'format',
    'prettify',
    'pretty print',
    'beautify',
    'minify',
    'validate',
    'lint',
    'repair',
    'indent',
    'sort keys',
  ],
  paste: [
    { kind: 'json', field: 'json' },
    { kind: 'json-rows', field: 'json', fit: 0.9 },
  ],
  input: Input,
  output: Output,
  // Repair's work grows with the square of some inputs (about a second at its 16384-character
  // limit, docs/limits.md): the Node server runs it off the thread that answers everyone.
  // A query's work is bounded (queryBudget) but may take seconds, and a filter's regular
  // expression (match(), search()) is the JavaScript engine's, which can backtrack for long.
  // A comparison by longest common subsequence may take a fraction of a second on small input.
  heavyWhen: (input) =>
    (input.repair && input.json.length > 1024) ||
    input.jsonpath !== undefined ||
    (input.array_diff === 'lcs' && (input.compare_with?.length ?? 0) > 1024) ||
    // Reading and writing YAML or TOML takes several times as long as JSON (docs/limits.md).
    ((input.input_format !== 'json' || input.output_format !== 'json') && input.json.length > 16 * 1024),
  accepts: { types: { 'application/json': ['.json'] }, read: 'text', field: 'json' },
  examples: [
    { summary: 'Pretty-print with 2 spaces', input: { json: '{"name":"Ada","langs":["en","fr"],"born":1815}' } },
    {
      summary: 'Minify and sort keys',
      input: { json: '{\n  "b": 2,\n  "a": [1, 2.50, 1e3]\n}', mode: 'minify', sort_keys: true },
    },
    {
      summary: 'Repair JavaScript-style JSON',
      input: { json: "{name: 'Ada', tags: ['math',], // comment\n}", repair: true },
    },
    {
      summary: 'Query with JSONPath',
      input: {
        json: '{"books":[{"title":"Emma","price":8.95},{"title":"Dune","price":12.99}],"id":12345678901234567890}',
        jsonpath: '$.books[?@.price < 10].title',
        mode: 'minify',
      },
    },
    {
      summary: 'Compare with a second document (JSON Patch)',
      input: {
        json: '{"name":"Ada","langs":["en","fr"],"born":1815}',
        compare_with: '{"name":"Ada Lovelace","langs":["en","fr","it"]}',
        mode: 'minify',
      },
    },
  ],
  run(input) {
    const { json, mode, indent, sort_keys, repair, jsonpath, compare_with, array_diff } = input;
    // An invalid query is the caller's mistake whatever the document: refused before any work.
    const compiled = jsonpath === undefined ? undefined : compileQuery(jsonpath);
    if (compiled && 'problem' in compiled)
      throw new ToolInputError(`'jsonpath' is not a valid JSONPath query (RFC 9535): ${compiled.problem}`);
    // indent 0 in pretty mode keeps one value per line without indentation (unlike
    // JSON.stringify's 0, which minifies): the mode decides the layout, indent only its width.
    const layout: Layout =
      mode === 'minify' ? null : indent === 'tab' ? { char: 9, width: 1 } : { char: 32, width: indent };
    if (input.input_format !== 'json' || input.output_format !== 'json') {
      checkFormats(input);
      return convertFormats(input, compiled?.query, layout);
    }
    let formatted: Formatted;
    try {
      formatted = formatOrRepair(json, layout, sort_keys, repair);
    } catch (error) {
      if (!(error instanceof OutputTooLargeError)) throw error;
      // Valid JSON whose formatted form is too large (typically extreme nesting): not a syntax
      // error, so there is no line or column to give.
      return {
        output: '',
        valid: false,
        error: `The JSON is valid, but the formatted output would exceed ${MAX_OUTPUT_CHARS} characters (too deeply nested or too large); use mode "minify" or a smaller indent.`,
      };
    }
    const { result, source } = formatted;
    if (source === undefined) return result;
    const query =
      compiled === undefined
        ? undefined
        : queryResult(parseJson(source), source.length, compiled.query, layout, sort_keys);
    const patch =
      compare_with === undefined
        ? undefined
        : patchResult(
            parseJson(source),
            parseOther(compare_with),
            source.length + compare_with.length,
            array_diff,
            layout,
            sort_keys,
          );
    return { ...result, ...query, ...patch };
  },
});
