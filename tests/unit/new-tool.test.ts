// `npm run new:tool` makes a tool that works with no edit but the registry line it writes: run in
// a scratch copy of src/ (links to the real files, the registry copied), the scaffolded tool's
// vectors answer through the registry and invoke(), and nothing outside its folder and
// src/tools/index.ts changed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { invoke } from '../../src/core/invoke';
import { doorContext, type ToolDefinition } from '../../src/tools/define';
import type { ToolCase } from '../../src/tools/vectors';
import { checkCase } from '../match';

const repo = fileURLToPath(new URL('../..', import.meta.url));
mkdirSync(join(repo, 'test-results'), { recursive: true });
const scratch = mkdtempSync(join(repo, 'test-results/new-tool-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function scaffold(slug: string) {
  const src = join(repo, 'src');
  mkdirSync(join(scratch, 'src/tools'), { recursive: true });
  for (const entry of readdirSync(src)) if (entry !== 'tools') symlinkSync(join(src, entry), join(scratch, 'src', entry));
  for (const entry of readdirSync(join(src, 'tools'))) {
    if (entry === 'index.ts') copyFileSync(join(src, 'tools', entry), join(scratch, 'src/tools', entry));
    else symlinkSync(join(src, 'tools', entry), join(scratch, 'src/tools', entry));
  }
  return execFileSync(process.execPath, [join(repo, 'scripts/new-tool.mjs'), slug], { env: { ...process.env, NEW_TOOL_ROOT: scratch }, encoding: 'utf8' });
}

describe('npm run new:tool', () => {
  it('scaffolds a registered tool whose vectors pass, with a checklist of what is left', async () => {
    const checklist = scaffold('text-measure');
    for (const item of ['category', 'icon', 'blurb', 'keywords', 'paste', 'docs/contract.md', 'docs/limits.md', 'bench/', 'docs:examples']) expect(checklist).toContain(item);
    expect(readdirSync(join(scratch, 'src/tools/text-measure')).sort()).toEqual(['cases.ts', 'schema.ts', 'text-measure.test.ts', 'tool.ts']);

    const registry = readFileSync(join(scratch, 'src/tools/index.ts'), 'utf8');
    const before = readFileSync(join(repo, 'src/tools/index.ts'), 'utf8').split('\n');
    const added = registry.split('\n').filter((line) => !before.includes(line));
    expect(added).toEqual(["import textMeasure from './text-measure/tool';", '  textMeasure,']);

    const { tools, findTool } = (await import(join(scratch, 'src/tools/index.ts'))) as { tools: ToolDefinition[]; findTool(slug: string): ToolDefinition | undefined };
    expect(tools.at(-1)?.slug).toBe('text-measure');
    const tool = findTool('text-measure')!;
    const { default: cases } = (await import(join(scratch, 'src/tools/text-measure/cases.ts'))) as { default: ToolCase[] };
    expect(cases.length).toBeGreaterThan(2);
    for (const c of cases) {
      const reply = await invoke(tool, c.body, doorContext());
      checkCase(c, reply.status, reply.body);
    }
  });

  it('refuses a slug that is not lowercase words joined by hyphens', () => {
    expect(() => execFileSync(process.execPath, [join(repo, 'scripts/new-tool.mjs'), 'Bad_Slug'], { env: { ...process.env, NEW_TOOL_ROOT: scratch }, stdio: 'pipe' })).toThrow(/usage/);
  });
});
