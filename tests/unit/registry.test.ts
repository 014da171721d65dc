// The registry (src/tools/index.ts) is the one list of tools: every folder of src/tools is a
// registered tool named after its folder, with its golden vectors, and no other source file
// names a tool (loaders, page routes, case lists and the doors derive theirs from the registry).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCase } from '../../src/tools/vectors';
import { tools } from '../../src/tools/index';

const root = new URL('../../', import.meta.url).pathname;
const toolsDir = join(root, 'src/tools');
const folders = readdirSync(toolsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Every .ts and .svelte file under `dir`, as paths relative to the project's root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|svelte)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('the registry', () => {
  it('registers every tool folder, once, under its folder name', async () => {
    expect(tools.map((tool) => tool.slug).sort()).toEqual([...folders].sort());
    for (const folder of folders) {
      const { default: tool } = (await import(`../../src/tools/${folder}/tool.ts`)) as { default: { slug: string } };
      expect(tool.slug, `src/tools/${folder}/tool.ts`).toBe(folder);
      expect(tools.filter((registered) => registered.slug === folder)).toEqual([tool]);
    }
  });

  it.each(tools.map((tool) => tool.slug))('%s has golden vectors in its folder', async (slug) => {
    expect(existsSync(join(toolsDir, slug, 'cases.ts'))).toBe(true);
    const { default: cases } = (await import(`../../src/tools/${slug}/cases.ts`)) as { default: ToolCase[] };
    expect(cases.length).toBeGreaterThan(0);
  });

  it.each(tools.map((tool) => tool.slug))('%s: a page of its own says how it shows to the e2e tests', (slug) => {
    // tests/e2e/page-results.ts finds src/tools/<slug>/page.e2e.ts by folder; a tool on the
    // generic page (no page.svelte) needs none.
    expect(existsSync(join(toolsDir, slug, 'page.e2e.ts'))).toBe(existsSync(join(toolsDir, slug, 'page.svelte')));
  });

  it.each(tools.map((tool) => tool.slug))('%s is named, outside its folder, by src/tools/index.ts alone', (slug) => {
    // A path into the tool's folder (tools/slug/, ./slug/, ../slug/), its API or page path
    // (/api/slug, '/slug') or, for a slug of several words, the slug as a string. A one-word slug
    // is also a word of the API (base64 is an encoding's name too), so only its paths count.
    const path = `(tools/|\\.\\.?/)${slug}/|/api/${slug}\\b|['"\`]/${slug}['"\`]`;
    const named = new RegExp(slug.includes('-') ? `${path}|['"\`]${slug}['"\`]` : path, 'm');
    const naming = sourceFiles(join(root, 'src'))
      .filter((file) => !file.startsWith(`src/tools/${slug}/`) && !file.endsWith('.test.ts'))
      .filter((file) => named.test(readFileSync(join(root, file), 'utf8')));
    expect(naming).toEqual(['src/tools/index.ts']);
  });
});
