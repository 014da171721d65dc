// The steps of a json-formatter request shared by its JSON path (tool.ts) and its YAML and TOML
// path (formats.ts): format or repair, query, compare.
import type { z } from 'zod';
import { ToolInputError } from '../define';
import { formatJson } from './format';
import { QueryError } from '../../lib/jsonpath';
import { JsonSyntaxError, NestingTooDeepError, parseJson, type JsonNode } from '../../lib/json-tree';
import { writeMatches } from './query';
import { lineColumn } from '../../lib/text-position';
import { diffJson, LcsTooLargeError, patchNode } from './diff';
import { printTree } from './print';
import { MAX_LCS_CELLS, MAX_REPAIR_CHARS, queryBudget } from './limits';
import { repairJson } from './repair';
import type { ArrayDiff, Output } from './schema';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, OutputWriter, type Layout } from './writer';

export type Result = z.input<typeof Output>;
/** A result, and the JSON text it was formatted from (the repaired one when repaired). */
export type Formatted = { result: Result; source?: string };

/**
 * Formats `json`; on a syntax error, repairs it when asked (docs/contract.md §4 json-formatter).
 * Nesting beyond the limit is no slip that repair could mend, so it is reported as it is.
 */
export function formatOrRepair(json: string, layout: Layout, sortKeys: boolean, repair: boolean): Formatted {
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

/** The matches of `query` in `tree` (read from `size` characters) as a JSON array text, and their paths; a 400 when they cannot be had. */
export function queryResult(
  tree: JsonNode,
  size: number,
  query: Parameters<typeof writeMatches>[1],
  layout: Layout,
  sortKeys: boolean,
): { query_result: string; query_paths: string[] } {
  const out = new OutputWriter(layout, size);
  let paths: string[];
  try {
    paths = writeMatches(tree, query, queryBudget(size), out, sortKeys);
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
export function parseOther(text: string) {
  try {
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = lineColumn(text, error.offset);
    throw new ToolInputError(`'compare_with' is not valid JSON: ${error.message} at line ${line}, column ${column}.`);
  }
}

/** The JSON Patch from `tree` to `target` (read from `size` characters in all), printed like the output, and its length; a 400 when it cannot be had. */
export function patchResult(
  tree: JsonNode,
  target: JsonNode,
  size: number,
  arrayDiff: ArrayDiff,
  layout: Layout,
  sortKeys: boolean,
): { patch: string; differences: number } {
  let ops;
  try {
    ops = diffJson(tree, target, arrayDiff);
  } catch (error) {
    if (!(error instanceof LcsTooLargeError)) throw error;
    throw new ToolInputError(
      `'array_diff' "lcs" compares at most ${MAX_LCS_CELLS} pairs of elements in one request, and this one needs more (the array at ${error.pointer === '' ? 'the root' : `'${error.pointer}'`} has ${error.removed} × ${error.added} to compare); use "index" or compare smaller arrays.`,
    );
  }
  const out = new OutputWriter(layout, size);
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
