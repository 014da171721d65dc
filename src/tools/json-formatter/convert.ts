// Reading YAML and TOML and writing them: the parts of the formatter that need the `yaml` and
// smol-toml libraries, loaded on the first request that reads or writes either format, so a page
// or worker that only formats JSON never downloads them.
import { JsonSyntaxError, parseJson, type JsonNode } from '../../lib/json-tree';
import { readToml } from './toml-read';
import { readYaml } from './yaml-read';
import type { TextFormat } from './schema';

export { AliasExpansionError, YamlTooLargeError } from './yaml-read';
export { TomlWriteError, writeToml } from './toml-write';
export { writeYaml } from './yaml-write';
export { findSpecialFloat } from './special';

/** A whole line that is a TOML table header (`[server]`, `[[items]]`) or a `key = value` pair. */
const TOML_LINE =
  /^[ \t]*(?:\[\[?[ \t]*[A-Za-z0-9_"'-][^\]\n]*\]\]?[ \t]*(?:#.*)?$|[A-Za-z0-9_"'.-][A-Za-z0-9_"'. \t-]*=)/m;

/** The first line that is neither blank nor a comment. */
function firstLine(text: string): string {
  for (const line of text.split('\n', 64)) {
    const trimmed = line.trim();
    if (trimmed !== '' && !trimmed.startsWith('#')) return line;
  }
  return '';
}

const READERS: Record<TextFormat, (text: string) => JsonNode> = { json: parseJson, yaml: readYaml, toml: readToml };

/** `text` read as `format`; JsonSyntaxError (with an offset) when it is not. */
export const readAs = (text: string, format: TextFormat): JsonNode => READERS[format](text);

/**
 * `text` in the format it is in (docs/contract.md, json-formatter): JSON when it is JSON, else
 * TOML when it is TOML or its first line looks like TOML (a table header or `key = value`, which
 * YAML would read as one long string), else YAML, which reads most other text (a lone word as a
 * string). When it is none, the error is the one of the format it looks like: TOML as above, JSON
 * when it starts with `{` or `[`, YAML otherwise.
 */
export function readDetected(text: string): { format: TextFormat; tree?: JsonNode; error?: JsonSyntaxError } {
  const line = firstLine(text);
  const looksToml = TOML_LINE.test(line);
  let jsonError: JsonSyntaxError | undefined;
  for (const format of looksToml ? (['json', 'toml'] as const) : (['json', 'toml', 'yaml'] as const)) {
    try {
      return { format, tree: READERS[format](text) };
    } catch (error) {
      if (!(error instanceof JsonSyntaxError)) throw error;
      if (format === 'json') jsonError = error;
      else if (format === 'toml' && looksToml) return { format, error };
      else if (format === 'yaml')
        return /^\s*[[{]/.test(line) ? { format: 'json', error: jsonError } : { format, error };
    }
  }
  throw new Error('unreachable');
}
