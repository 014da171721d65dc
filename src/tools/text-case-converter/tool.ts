import { groupThousands } from '../../lib/digits';
import { ToolInputError, defineTool } from '../define';
import { convertAll, convertLines, readLines } from './lines';
import { Input, Output } from './schema';

/**
 * `to: "all"` writes eleven outputs (fifteen with `extended`), so its input is capped at 1 MiB
 * characters: at the general 16 MB limit it would answer 200 MB and take ~2.7 GB (docs/limits.md),
 * enough to crash a tab.
 */
export const MAX_ALL_CHARS = 1024 * 1024;

export default defineTool({
  slug: 'text-case-converter',
  name: 'Text Case Converter',
  summary:
    'Converts identifiers and phrases between camelCase, PascalCase, snake_case, kebab-case, Title Case, path/case, Header-Case and other naming conventions, in any script.',
  tag: 'text',
  category: 'convert',
  icon: 'case-sensitive',
  blurb: 'camelCase, snake_case, kebab-case and more.',
  keywords: [
    'case',
    'camelcase',
    'camel case',
    'pascalcase',
    'snake_case',
    'kebab-case',
    'slug',
    'slugify',
    'title case',
    'upper',
    'lower',
    'constant case',
    'path case',
    'header case',
    'train case',
    'flatcase',
    'identifier',
    'rename',
  ],
  paste: [
    { kind: 'identifier', field: 'input' },
    { kind: 'text', field: 'input', fit: 0.4 },
  ],
  input: Input,
  output: Output,
  examples: [
    { summary: 'camelCase to snake_case', input: { input: 'getHTTPResponseCode', to: 'snake_case' } },
    { summary: 'Phrase to PascalCase', input: { input: 'xml http request', to: 'PascalCase' } },
    { summary: 'SCREAMING_SNAKE_CASE to Title Case', input: { input: 'MAX_RETRY_COUNT', to: 'Title Case' } },
  ],
  run({ input, to, extended }) {
    if (to === 'all' && input.length > MAX_ALL_CHARS) {
      throw new ToolInputError(
        `'input' is too long for to: "all": ${groupThousands(input.length)} characters; every convention at once takes up to ${groupThousands(MAX_ALL_CHARS)} (one convention at a time takes the whole input).`,
      );
    }
    const lines = readLines(input);
    const { tokens, from_detected } = lines;
    if (tokens.length === 0)
      throw new ToolInputError(`'input' contains no words: it needs at least one letter or digit.`);
    if (to === 'all') {
      const outputs = convertAll(lines, extended);
      return { output: outputs.camelCase, outputs, tokens, from_detected };
    }
    return { output: convertLines(lines, to), tokens, from_detected };
  },
});
