#!/usr/bin/env node
// `npm run new:tool <slug>`: scaffolds a working tool in src/tools/<slug>/ (schema, run, golden
// vectors, unit test) and adds it to the registry, the only edit outside the folder. The tool it
// writes counts the code points, UTF-16 units and UTF-8 bytes of a text: small, but real, so its
// vectors run through every door at once; replace it with yours. It then prints what is left to
// decide (docs/architecture.md "How to add a tool").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.env.NEW_TOOL_ROOT ?? process.cwd();
const slug = process.argv[2];
if (!slug || !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(slug)) {
  console.error('usage: npm run new:tool <slug>   (lowercase words joined by hyphens, e.g. html-entities)');
  process.exit(2);
}
const folder = join(root, 'src/tools', slug);
const registry = join(root, 'src/tools/index.ts');
if (existsSync(folder)) {
  console.error(`src/tools/${slug}/ already exists.`);
  process.exit(1);
}
const ident = slug.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const name = slug
  .split('-')
  .map((word) => word[0].toUpperCase() + word.slice(1))
  .join(' ');

const files = {
  'schema.ts': `import { z } from 'zod';
import { pure } from '../pure';

export const Input = pure(() =>
  z.object({
    input: z.string().min(1).describe('The text to measure.'),
  }),
);

export const Output = pure(() =>
  z.object({
    code_points: z.number().int().describe('Unicode code points in the text.'),
    utf16_units: z.number().int().describe('UTF-16 code units (JavaScript string length).'),
    utf8_bytes: z.number().int().describe('Bytes of the text encoded as UTF-8.'),
  }),
);
`,
  'tool.ts': `import { defineTool, ToolInputError } from '../define';
import { Input, Output } from './schema';

export default defineTool({
  slug: '${slug}',
  name: '${name}',
  summary: 'Counts the code points, UTF-16 units and UTF-8 bytes of a text.',
  tag: 'text',
  category: 'convert',
  icon: 'wrench',
  blurb: 'Measure a text in code points and bytes.',
  keywords: ['${slug}'],
  input: Input,
  output: Output,
  examples: [{ summary: 'Measure a text', input: { input: 'héllo 👋' } }],
  run({ input }) {
    if (/[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/.test(input)) {
      throw new ToolInputError('input contains a lone surrogate, which is not text.');
    }
    return {
      code_points: [...input].length,
      utf16_units: input.length,
      utf8_bytes: new TextEncoder().encode(input).length,
    };
  },
});
`,
  'cases.ts': `// Worked out by hand from the Unicode code charts: é is U+00E9 (2 UTF-8 bytes), 👋 U+1F44B
// (a surrogate pair, 4 UTF-8 bytes).
import type { ToolCase } from '../vectors';

const cases: ToolCase[] = [
  { name: 'ASCII', body: { input: 'abc' }, status: 200, expect: { code_points: 3, utf16_units: 3, utf8_bytes: 3 } },
  {
    name: 'accents and an emoji',
    body: { input: 'héllo 👋' },
    status: 200,
    expect: { code_points: 7, utf16_units: 8, utf8_bytes: 11 },
  },
  { name: 'empty input is refused', body: { input: '' }, status: 400, match: { error: /input/ } },
  {
    name: 'a lone surrogate is refused',
    body: { input: 'a\\uD800' },
    status: 400,
    expect: { error: 'input contains a lone surrogate, which is not text.' },
  },
];

export default cases;
`,
  [`${slug}.test.ts`]: `import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { doorContext } from '../define';
import tool from './tool';

describe('${slug}', () => {
  it('agrees with Buffer on UTF-8 bytes', async () => {
    const text = 'Grüße, 世界 🌍';
    const reply = await invoke(tool, { input: text }, doorContext());
    expect(reply).toEqual({
      status: 200,
      body: {
        code_points: Array.from(text).length,
        utf16_units: text.length,
        utf8_bytes: Buffer.byteLength(text, 'utf8'),
      },
    });
  });
});
`,
};

mkdirSync(folder, { recursive: true });
for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);

// The registry: an import after the last tool's and an entry at the end of the list.
let index = readFileSync(registry, 'utf8');
const imports = [...index.matchAll(/^import \w+ from '\.\/[a-z0-9-]+\/tool';\n/gm)];
const last = imports.at(-1);
if (!last) throw new Error('src/tools/index.ts: no tool import found');
const at = last.index + last[0].length;
index = index.slice(0, at) + `import ${ident} from './${slug}/tool';\n` + index.slice(at);
index = index.replace(
  /\n\] as const satisfies readonly ToolDefinition\[\];/,
  `\n  ${ident},\n] as const satisfies readonly ToolDefinition[];`,
);
if (!index.includes(`  ${ident},\n]`)) throw new Error('src/tools/index.ts: could not find the end of the tools list');
writeFileSync(registry, index);

console.log(`Made src/tools/${slug}/ (schema.ts, tool.ts, cases.ts, ${slug}.test.ts) and its line in src/tools/index.ts.
It answers through every door now (POST /api/${slug}, MCP, the CLI, the page, offline). Left to decide:
  [ ] schema.ts: your fields, each .describe()d, wire names as the spec writes them
  [ ] tool.ts: name, summary, run(); throw ToolInputError (one sentence naming the field) for bad input
  [ ] tool.ts: tag (API tag, src/tools/define.ts TAGS; OpenAPI lists the tool under it by name) and category (src/ui/categories.ts)
  [ ] tool.ts: icon (a Lucide name from lucide-static), blurb (plain words), keywords (what people type)
  [ ] tool.ts: paste: the smart-paste kinds it opens (src/tools/paste.ts; a new kind needs its detector in src/lib/smart-paste.ts)
  [ ] tool.ts: examples (the first is canonical: OpenAPI, GET /api/${slug}, llms.txt, the README)
  [ ] tool.ts: heavy / heavyWhen if one call can be slow, usesModel, nondeterministic, accepts (files it opens)
  [ ] cases.ts: golden vectors from an independent source (RFC, reference implementation)
  [ ] ${slug}.test.ts: unit tests of run() and its helpers against a reference
  [ ] page.svelte (optional: without it the generic page renders the schema) and tests/e2e/${slug}.spec.ts;
      with a page of its own, page.e2e.ts beside it: how it shows to the e2e page tests (tests/e2e/page-kit.ts)
  [ ] docs/contract.md: a section for the tool's rules
  [ ] docs/limits.md: its bounds (input caps, worst inputs), and a worst-input row in bench/
  [ ] README: npm run build && npm run docs:examples (tests/server/readme.test.ts fails while the block is stale)
  [ ] npm run check, then npx vitest run src/tools/${slug} tests/contract tests/unit/registry.test.ts`);
