import { jsonrepair } from 'jsonrepair';
import { defineTool } from '../define';
import { JsonSyntaxError, parseJson, type JsonNode } from './parse';
import { lineColumn } from './position';
import { MAX_OUTPUT_CHARS, OutputTooLargeError, printJson } from './print';
import { Input, Output } from './schema';

/** The parsed tree, or the syntax error (JsonSyntaxError is the only failure parseJson has). */
function tryParse(text: string): JsonNode | JsonSyntaxError {
  try {
    return parseJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
}

/**
 * The repaired text parsed by the same strict parser, or undefined when repair is impossible.
 * Any failure of jsonrepair counts as "cannot repair" (CONTRACT.md: the original error is then
 * reported), including a RangeError from its recursion on very deeply nested input.
 */
function tryRepair(text: string): JsonNode | undefined {
  let repaired: string;
  try {
    repaired = jsonrepair(text);
  } catch {
    return undefined;
  }
  const parsed = tryParse(repaired);
  return parsed instanceof JsonSyntaxError ? undefined : parsed;
}

export default defineTool({
  slug: 'json-formatter',
  name: 'JSON Formatter',
  summary:
    'Pretty-prints or minifies JSON losslessly, validates it with line and column of any syntax error, sorts keys and repairs malformed JSON.',
  tag: 'formatting',
  input: Input,
  output: Output,
  examples: [
    { summary: 'Pretty-print with 2 spaces', input: { json: '{"name":"Ada","langs":["en","fr"],"born":1815}' } },
    { summary: 'Minify and sort keys', input: { json: '{\n  "b": 2,\n  "a": [1, 2.50, 1e3]\n}', mode: 'minify', sort_keys: true } },
    { summary: 'Repair JavaScript-style JSON', input: { json: "{name: 'Ada', tags: ['math',], // comment\n}", repair: true } },
  ],
  run({ json, mode, indent, sort_keys, repair }) {
    // indent 0 in pretty mode keeps one value per line without indentation (unlike
    // JSON.stringify's 0, which minifies): the mode decides the layout, indent only its width.
    const unit = mode === 'minify' ? null : indent === 'tab' ? '\t' : ' '.repeat(indent);

    const parsed = tryParse(json);
    let root: JsonNode | undefined = parsed instanceof JsonSyntaxError ? undefined : parsed;
    const repaired = root === undefined && repair ? tryRepair(json) : undefined;
    root ??= repaired;

    if (root === undefined) {
      const error = parsed as JsonSyntaxError;
      const { line, column } = lineColumn(json, error.offset);
      return { output: '', valid: false, error: `${error.message} at line ${line}, column ${column}.`, error_line: line, error_column: column };
    }
    try {
      const output = printJson(root, unit, sort_keys);
      return repaired === undefined ? { output, valid: true } : { output, valid: true, repaired: true as const };
    } catch (error) {
      if (!(error instanceof OutputTooLargeError)) throw error;
      // Valid JSON, but too big to indent (typically extreme nesting): no syntax position to give.
      return {
        output: '',
        valid: false,
        error: `The formatted output would exceed ${MAX_OUTPUT_CHARS.toLocaleString('en-US')} characters; use mode "minify" or a smaller indent.`,
      };
    }
  },
});
