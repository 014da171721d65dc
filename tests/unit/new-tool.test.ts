// `npm run new:tool` makes a tool that works with no edit but the registry line it writes. It is
// run in a scratch copy of src/ (scripts/new-tool-scratch.mjs); the scaffolded tool's vectors
// answer through the core, the Node server over HTTP and MCP (createApp in this process, the
// registry swapped for the scratch one) and the command line (parsed and run in this process),
// and nothing outside its folder and src/tools/index.ts changed. Its `npm run check` (a minute of
// tsc) is scripts/check-new-tool.mjs, run by `npm test`; the page and the service worker need a
// build, so they are tests/e2e/new-tool.spec.ts, in Playwright's run.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import examples from 'virtual:examples';
import { repo, scaffoldInScratch } from '../../scripts/new-tool-scratch.mjs';
import type { ToolDefinition } from '../../src/tools/define';
import type { ToolCase } from '../../src/tools/vectors';
import { checkCase } from '../match';
import { mcpHttp, rest, type Outcome } from '../support/fault-doors';

const SLUG = 'text-measure';

/** A case's answer as an Outcome, to compare every door's with. */
const outcomeOf = (status: number, body: Record<string, unknown>): Outcome =>
  status === 200 ? { ok: true, body } : { ok: false, error: String(body.error), status };

/** Checks one door's outcome against the case (a refusal: the same sentence, without the status a door may not carry). */
function expectCase(c: ToolCase, outcome: Outcome, door: string): void {
  const status = outcome.ok ? 200 : c.status;
  expect(outcome.ok, `${door}: ${c.name}`).toBe(c.status === 200);
  checkCase(c, status, outcome.ok ? outcome.body : { error: outcome.error });
}

let scratch = '';
let checklist = '';
let cases: ToolCase[] = [];
// At the top level: an afterAll registered inside beforeAll never ran, and left each scratch behind.
let removeScratch = () => {};
afterAll(() => removeScratch());

beforeAll(async () => {
  const made = scaffoldInScratch(SLUG);
  removeScratch = made.remove;
  scratch = made.root;
  checklist = made.printed;
  // Every module loaded from here on that imports the registry gets the scratch one.
  const scratchRegistry = join(scratch, 'src/tools/index.ts');
  vi.doMock(join(repo, 'src/tools/index.ts'), () => import(scratchRegistry));
  cases = ((await import(join(scratch, `src/tools/${SLUG}/cases.ts`))) as { default: ToolCase[] }).default;
});

describe('npm run new:tool', () => {
  it('writes the folder, its registry line and a checklist of what is left', async () => {
    for (const item of [
      'category',
      'icon',
      'blurb',
      'keywords',
      'paste',
      'docs/contract.md',
      'docs/limits.md',
      'bench/',
      'docs:examples',
      'page.e2e.ts',
    ])
      expect(checklist).toContain(item);
    expect(readdirSync(join(scratch, `src/tools/${SLUG}`)).sort()).toEqual([
      'cases.ts',
      'schema.ts',
      `${SLUG}.test.ts`,
      'tool.ts',
    ]);
    const registry = readFileSync(join(scratch, 'src/tools/index.ts'), 'utf8');
    const before = readFileSync(join(repo, 'src/tools/index.ts'), 'utf8').split('\n');
    expect(registry.split('\n').filter((line) => !before.includes(line))).toEqual([
      "import textMeasure from './text-measure/tool';",
      '  textMeasure,',
    ]);
    const { tools } = (await import('../../src/tools/index')) as unknown as { tools: ToolDefinition[] };
    expect(tools.at(-1)?.slug).toBe(SLUG);
    expect(cases.length).toBeGreaterThan(2);
  });

  it('answers its vectors through the core (invoke)', async () => {
    const { invoke } = await import('../../src/core/invoke');
    const { doorContext } = await import('../../src/tools/define');
    const { findTool } = await import('../../src/tools/index');
    for (const c of cases) {
      const reply = await invoke(findTool(SLUG)!, c.body, doorContext());
      checkCase(c, reply.status, reply.body);
    }
  });

  it('answers its vectors through the Node server over HTTP and MCP', async () => {
    const { createApp } = await import('../../src/server/app');
    const { loadConfig } = await import('../../src/server/config');
    const { nodeContext } = await import('../../src/platform/node-context');
    // No pool (its threads need the built tool-worker.js): every call runs on this thread.
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      HEAVY_WORKERS: '0',
      RATE_LIMIT: 'off',
      ACCESS_LOG: 'off',
    });
    const app = await createApp(config, { tools: nodeContext, examples });
    try {
      const base = `http://127.0.0.1:${await app.listen()}`;
      for (const c of cases) {
        const answer = await rest(base, SLUG, c.body);
        if (!answer.ok) expect(answer.status, c.name).toBe(c.status);
        expectCase(c, answer, 'HTTP');
        expectCase(c, await mcpHttp(base, SLUG, c.body), 'MCP');
      }
    } finally {
      await app.close();
    }
  });

  it('answers its vectors through the command line', async () => {
    const { parseArgs, UsageError } = await import('../../src/cli/args');
    const { kebab } = await import('../../src/cli/fields');
    const { runTool } = await import('../../src/cli/run');
    const { localInvoker } = await import('../../src/core/local');
    const { nodeContext } = await import('../../src/platform/node-context');
    const invoke = localInvoker(nodeContext);
    for (const c of cases) {
      const argv = [
        SLUG,
        ...Object.entries(c.body as Record<string, unknown>).flatMap(([name, value]) => [
          `--${kebab(name)}`,
          typeof value === 'string' ? value : JSON.stringify(value),
        ]),
      ];
      let out = '';
      let err = '';
      let code: number;
      try {
        const command = parseArgs(argv);
        if (command.command !== 'tool') throw new Error(`not a tool command: ${argv.join(' ')}`);
        code = await runTool(command, invoke, {
          stdinIsTerminal: true,
          inputLimit: 1 << 20,
          readStdin: () => Promise.reject(new Error('no stdin')),
          readFile: () => Promise.reject(new Error('no files')),
          exists: async () => false,
          writeFile: () => Promise.reject(new Error('no files')),
          stdout: (chunk) => void (out += String(chunk)),
          stderr: (text) => void (err += text),
        });
      } catch (error) {
        // A refusal before the call (an empty --input): the command line's own sentence, exit 2.
        if (!(error instanceof UsageError) || c.status === 200) throw error;
        expect(error.message, c.name).toMatch(/input/);
        continue;
      }
      expectCase(
        c,
        code === 0 ? outcomeOf(200, JSON.parse(out)) : outcomeOf(c.status, { error: err.trimEnd() }),
        'CLI',
      );
    }
  });

  it('refuses a slug that is not lowercase words joined by hyphens', () => {
    expect(() =>
      execFileSync(process.execPath, [join(repo, 'scripts/new-tool.mjs'), 'Bad_Slug'], {
        env: { ...process.env, NEW_TOOL_ROOT: scratch },
        stdio: 'pipe',
      }),
    ).toThrow(/usage/);
  });
});
