import type { z } from 'zod';
import { defineTool, ToolInputError } from '../define';
import { formatJson } from './format';
import { compileQuery, QueryError } from '../../lib/jsonpath';
import { JsonSyntaxError, NestingTooDeepError, parseJson } from './parse';
import { writeMatches } from './query';
import { lineColumn } from '../../lib/text-position';
import { diffJson, LcsTooLargeError, patchNode } from './diff';
import { printTree } from './print';
import { MAX_LCS_CELLS, MAX_REPAIR_CHARS, queryBudget } from './limits';
import { repairJson } from './repair';
import { Input, Output, type ArrayDiff } from './schema';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, OutputWriter, type Layout } from './writer';

type Result = z.input<typeof Output>;
/** A result, and the JSON text it was formatted from (the repaired one when repaired). */
type Formatted = { result: Result; source?: string };

/**
 * Formats `json`; on a syntax error, repairs it when asked (docs/contract.md §4 json-formatter).
 * Nesting beyond the limit is no slip that repair could mend, so it is reported as it is.
 */
function formatOrRepair(json: string, layout: Layout, sortKeys: boolean, repair: boolean): Formatted {
  try {
    return { result: { output: formatJson(json, layout, sortKeys), valid: true }, source: json };
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const repairable = repair && !(error instanceof NestingTooDeepError);
    const tooLong = json.length > MAX_REPAIR_CHARS;
    const repaired = repairable && !tooLong ? formatRepaired(json, layout, sortKeys) : undefined;
    if (repaired !== undefined)
      return { result: { output: repaired.output, valid: true, repaired: true }, source: repaired.source };
    const { line, column } = lineColumn(json, error.offset);
    const notRepaired =
      repairable && tooLong
        ? ` Not repaired: repair reads at most ${MAX_REPAIR_CHARS} characters, and this input has ${json.length}.`
        : '';
    return {
      result: {
        output: '',
        valid: false,
        error: `${error.message} at line ${line}, column ${column}.${notRepaired}`,
        error_line: line,
        error_column: column,
      },
    };
  }
}

/**
 * Formats the repaired text, or returns undefined when repair is impossible. The repaired text
 * meets the same rules as any input, the nesting limit included; when it fails them, the
 * original error is reported.
 */
function formatRepaired(
  json: string,
  layout: Layout,
  sortKeys: boolean,
): { output: string; source: string } | undefined {
  const repaired = repairJson(json);
  if (repaired === undefined) return undefined;
  try {
    return { output: formatJson(repaired, layout, sortKeys), source: repaired };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return undefined;
    throw error;
  }
}

/** The matches of `query` in `source` (valid JSON) as a JSON array text, and their paths; a 400 when they cannot be had. */
function queryResult(
  source: string,
  query: Parameters<typeof writeMatches>[1],
  layout: Layout,
  sortKeys: boolean,
): { query_result: string; query_paths: string[] } {
  const out = new OutputWriter(layout, source.length);
  let paths: string[];
  try {
    paths = writeMatches(parseJson(source), query, queryBudget(source.length), out, sortKeys);
  } catch (error) {
    if (error instanceof QueryError) throw new ToolInputError(`'jsonpath' could not be answered: ${error.message}.`);
    if (error instanceof OutputTooLargeError) {
      throw new ToolInputError(
        `'jsonpath' selects too much: its matches would print to more than ${MAX_OUTPUT_CHARS} characters; narrow the query or use mode "minify".`,
      );
    }
    throw error;
  }
  return { query_result: out.toString(), query_paths: paths };
}

/** The document `compare_with`, parsed; a 400 with the line and column when it is not JSON. */
function parseOther(text: string) {
  try {
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = lineColumn(text, error.offset);
    throw new ToolInputError(`'compare_with' is not valid JSON: ${error.message} at line ${line}, column ${column}.`);
  }
}

/** The JSON Patch from `source` (valid JSON) to `other`, printed like the output, and its length; a 400 when it cannot be had. */
function patchResult(
  source: string,
  other: string,
  arrayDiff: ArrayDiff,
  layout: Layout,
  sortKeys: boolean,
): { patch: string; differences: number } {
  const target = parseOther(other);
  let ops;
  try {
    ops = diffJson(parseJson(source), target, arrayDiff);
  } catch (error) {
    if (!(error instanceof LcsTooLargeError)) throw error;
    throw new ToolInputError(
      `'array_diff' "lcs" compares at most ${MAX_LCS_CELLS} pairs of elements in one request, and this one needs more (the array at ${error.pointer === '' ? 'the root' : `'${error.pointer}'`} has ${error.removed} × ${error.added} to compare); use "index" or compare smaller arrays.`,
    );
  }
  const out = new OutputWriter(layout, source.length + other.length);
  try {
    printTree(patchNode(ops), out, sortKeys);
  } catch (error) {
    if (error instanceof OutputTooLargeError)
      throw new ToolInputError(
        `'compare_with' differs too much: the patch would print to more than ${MAX_OUTPUT_CHARS} characters; use mode "minify".`,
      );
    throw error;
  }
  return { patch: out.toString(), differences: ops.length };
}

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
    (input.array_diff === 'lcs' && (input.compare_with?.length ?? 0) > 1024),
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
  run({ json, mode, indent, sort_keys, repair, jsonpath, compare_with, array_diff }) {
    // An invalid query is the caller's mistake whatever the document: refused before any work.
    const compiled = jsonpath === undefined ? undefined : compileQuery(jsonpath);
    if (compiled && 'problem' in compiled)
      throw new ToolInputError(`'jsonpath' is not a valid JSONPath query (RFC 9535): ${compiled.problem}`);
    // indent 0 in pretty mode keeps one value per line without indentation (unlike
    // JSON.stringify's 0, which minifies): the mode decides the layout, indent only its width.
    const layout: Layout =
      mode === 'minify' ? null : indent === 'tab' ? { char: 9, width: 1 } : { char: 32, width: indent };
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
    const query = compiled === undefined ? undefined : queryResult(source, compiled.query, layout, sort_keys);
    const patch =
      compare_with === undefined ? undefined : patchResult(source, compare_with, array_diff, layout, sort_keys);
    return { ...result, ...query, ...patch };
  },
});
