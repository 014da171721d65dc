// The json-formatter's YAML and TOML path (docs/contract.md, json-formatter): the combinations of
// options it refuses, and a request that reads or writes YAML or TOML. The reading and writing
// themselves (convert.ts, with the `yaml` and smol-toml libraries) load on the first such request.
import type { z } from 'zod';
import { ToolInputError } from '../define';
import { lineColumn } from '../../lib/text-position';
import { JsonSyntaxError, parseJson, type JsonNode } from '../../lib/json-tree';
import { MAX_YAML_CHARS } from './limits';
import { printTree } from './print';
import type { writeMatches } from './query';
import type { Input, TextFormat } from './schema';
import { formatOrRepair, parseOther, patchResult, queryResult, type Result } from './steps';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, OutputWriter, type Layout } from './writer';

type Request = z.output<typeof Input>;

const NAMES: Record<TextFormat, string> = { json: 'JSON', yaml: 'YAML', toml: 'TOML' };

/** Refuses the options that mean nothing with the formats asked for, before any work. */
export function checkFormats({ input_format, output_format, repair, mode, indent }: Request): void {
  if (repair && input_format !== 'json')
    throw new ToolInputError(
      `'repair' mends JSON only, so it cannot be combined with input_format "${input_format}"; leave it off or send JSON.`,
    );
  if (mode === 'minify' && output_format !== 'json')
    throw new ToolInputError(
      `'mode' "minify" writes JSON only; with output_format "${output_format}" leave it at "pretty".`,
    );
  if (output_format === 'yaml' && (indent === 'tab' || indent === 0))
    throw new ToolInputError(
      `'indent' must be 1 to 10 spaces with output_format "yaml": YAML indents with spaces, at least one.`,
    );
}

/** A syntax error as the tool answers it: not valid, with the message, line and column. */
function invalid(text: string, error: JsonSyntaxError, extra: Partial<Result>): Result {
  const { line, column } = lineColumn(text, error.offset);
  return {
    output: '',
    valid: false,
    error: `${error.message} at line ${line}, column ${column}.`,
    error_line: line,
    error_column: column,
    ...extra,
  };
}

type Convert = typeof import('./convert');

/** `text` read in `format` (`auto`: detected); a syntax error as { error }. */
function read(
  convert: Convert,
  text: string,
  format: Request['input_format'],
): { tree?: JsonNode; error?: JsonSyntaxError; detected?: TextFormat } {
  if (format === 'auto') {
    const { format: detected, tree, error } = convert.readDetected(text);
    return { tree, error, detected };
  }
  try {
    return { tree: convert.readAs(text, format) };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { error };
    throw error;
  }
}

/** The tool's 400 for YAML over MAX_YAML_CHARS. */
function yamlTooLarge(field: string, chars: number): ToolInputError {
  return new ToolInputError(
    `'${field}' has ${chars} characters, and YAML is read up to ${MAX_YAML_CHARS} (its reader holds the whole document several times over); send JSON or TOML, or convert it in parts.`,
  );
}

/** The tool's 400 for aliases that expand too far. */
function expansionError(field: string, limit: number): ToolInputError {
  return new ToolInputError(
    `'${field}' has YAML aliases that expand it to more than ${limit} values (at most 1,000,000 plus one per character); repeat less.`,
  );
}

/** JSON has no infinities or NaN: a 400 when `tree` (read from field) holds one and JSON is to be written. */
function refuseSpecialFloats(convert: Convert, tree: JsonNode, field: string): void {
  const special = convert.findSpecialFloat(tree);
  if (special === undefined) return;
  throw new ToolInputError(
    `'${field}' holds ${special.spelled} at ${special.at === '' ? 'the top' : `'${special.at}'`}, and JSON has no infinities or NaN: write it as YAML or TOML (output_format), without jsonpath or compare_with.`,
  );
}

/** The second document, read like the first (its own format detected with `auto`). */
function readOther(convert: Convert, text: string, format: Request['input_format']): JsonNode {
  if (format === 'json') return parseOther(text);
  let got;
  try {
    got = read(convert, text, format);
  } catch (error) {
    if (error instanceof convert.AliasExpansionError) throw expansionError('compare_with', error.limit);
    if (error instanceof convert.YamlTooLargeError) throw yamlTooLarge('compare_with', text.length);
    throw error;
  }
  if (got.error) {
    const { line, column } = lineColumn(text, got.error.offset);
    const name = NAMES[got.detected ?? (format as TextFormat)];
    const problem = got.error.message.replace(/^Invalid (?:YAML|TOML)(?: for JSON)?: /, '');
    throw new ToolInputError(`'compare_with' is not valid ${name}: ${problem} at line ${line}, column ${column}.`);
  }
  return got.tree!;
}

/** A request that reads or writes YAML or TOML (checkFormats has passed). */
export async function convertFormats(
  request: Request,
  query: Parameters<typeof writeMatches>[1] | undefined,
  layout: Layout,
): Promise<Result> {
  const convert = await import('./convert');
  const { json, input_format, output_format, sort_keys, compare_with } = request;

  // Read: JSON as the JSON path reads it (repair included), the others through their libraries.
  let tree: JsonNode;
  let repaired = false;
  let detected: TextFormat | undefined;
  if (input_format === 'json') {
    const { result, source } = formatOrRepair(json, null, false, request.repair);
    if (source === undefined) return result;
    tree = parseJson(source);
    repaired = result.repaired === true;
  } else {
    let got;
    try {
      got = read(convert, json, input_format);
    } catch (error) {
      if (error instanceof convert.AliasExpansionError) throw expansionError('json', error.limit);
      if (error instanceof convert.YamlTooLargeError) throw yamlTooLarge('json', json.length);
      throw error;
    }
    detected = got.detected;
    if (got.error) return invalid(json, got.error, detected ? { detected_format: detected } : {});
    tree = got.tree!;
  }
  const extra: Partial<Result> = {
    ...(repaired && { repaired: true as const }),
    ...(detected && { detected_format: detected }),
  };
  if (output_format === 'json' || query !== undefined || compare_with !== undefined)
    refuseSpecialFloats(convert, tree, 'json');

  // Write.
  let output: string;
  try {
    if (output_format === 'yaml') {
      output = convert.writeYaml(tree, request.indent as number, sort_keys, json.length);
    } else if (output_format === 'toml') {
      output = convert.writeToml(tree, sort_keys, json.length);
    } else {
      const out = new OutputWriter(layout, json.length);
      printTree(tree, out, sort_keys);
      output = out.toString();
    }
  } catch (error) {
    if (error instanceof convert.TomlWriteError)
      throw new ToolInputError(`'output_format' is "toml", but ${error.message}.`);
    if (!(error instanceof OutputTooLargeError)) throw error;
    return {
      output: '',
      valid: false,
      error: `The document is valid, but its ${NAMES[output_format]} would exceed ${MAX_OUTPUT_CHARS} characters; send a smaller document, or write JSON with mode "minify".`,
      ...extra,
    };
  }

  const result: Result = { output, valid: true, ...extra };
  const size = json.length;
  const matches = query === undefined ? undefined : queryResult(tree, size, query, layout, sort_keys);
  let patch;
  if (compare_with !== undefined) {
    const target = readOther(convert, compare_with, input_format);
    refuseSpecialFloats(convert, target, 'compare_with');
    patch = patchResult(tree, target, size + compare_with.length, request.array_diff, layout, sort_keys);
  }
  return { ...result, ...matches, ...patch };
}
