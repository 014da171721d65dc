// The doors of a tool made by `npm run new:tool` that need a build: the scaffold in a scratch copy
// of the project (scripts/new-tool-scratch.mjs), one Vite build of that copy, served as plain files
// (./static-host.ts). Its page at /<slug> (the generic page: the scaffold writes no page of its
// own) shows each accepted vector of its cases.ts as a visitor types it, and after one visit the
// service worker answers POST /api/<slug> for every vector with the network off. Its other doors
// (the core, the Node server over HTTP and MCP, the command line) are tests/unit/new-tool.test.ts;
// `npm run check` on what it writes is scripts/check-new-tool.mjs.
// Plain Playwright: this host is another origin than the fixtures' server.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { repo, scaffoldInScratch } from '../../scripts/new-tool-scratch.mjs';
import type { ToolCase } from '../../src/tools/vectors';
import { checkCase } from '../match';
import { postFromPage, waitForServiceWorker } from './fixtures';
import { pageResultOf } from './page-results';
import { startStaticHost } from './static-host';

const SLUG = 'text-measure';

let scratch: ReturnType<typeof scaffoldInScratch> | undefined;
let host: Awaited<ReturnType<typeof startStaticHost>> | undefined;
let cases: ToolCase[] = [];
let name = '';

/**
 * The project's vite.config.ts (copied into the scratch) less what a visitor of a static host
 * never fetches: the brotli and gzip twins the Node server sends, and the background-removal
 * model, which is downloaded on demand and never precached: half the build's CPU time, 155 MB less.
 */
const SCRATCH_CONFIG = `import config from './vite.config';
const skip = new Set(['precompress', 'model-files']);
export default {
  ...config,
  plugins: (config.plugins ?? []).flat(Infinity).filter((plugin) => !(plugin && skip.has(plugin.name))),
};
`;

/** Builds the app in `root` with SCRATCH_CONFIG; rejects with Vite's output. */
function viteBuild(root: string): Promise<void> {
  writeFileSync(join(root, 'vite.scratch.config.ts'), SCRATCH_CONFIG);
  const vite = join(repo, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', 'vite.scratch.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited ${code}:\n${output}`))));
  });
}

test.beforeAll(async () => {
  // One build of the app: about 10 s on an idle two-core machine, longer beside other suites.
  test.setTimeout(300_000);
  scratch = scaffoldInScratch(SLUG, 'copied');
  await viteBuild(scratch.root);
  const folder = join(scratch.root, 'src/tools', SLUG);
  cases = ((await import(join(folder, 'cases.ts'))) as { default: ToolCase[] }).default;
  name = ((await import(join(folder, 'tool.ts'))) as { default: { name: string } }).default.name;
  host = await startStaticHost(join(scratch.root, 'dist'));
});
test.afterAll(async () => {
  await host?.close();
  scratch?.remove();
});

test('a scaffolded tool: its page shows its vectors, and the service worker answers them offline', async ({
  page,
  context,
}) => {
  const accepted = cases.filter((tc) => tc.status === 200);
  expect(accepted.length, 'cases.ts has answers to show').toBeGreaterThan(0);
  expect(cases.length, 'cases.ts has refusals too').toBeGreaterThan(accepted.length);

  await page.goto(`${host!.origin}/${SLUG}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await page.getByTestId('load-example').click();
  await pageResultOf(SLUG).waitForResult(page);
  // Each accepted vector typed into the page's fields: the page shows the vector's answer.
  const output = page.getByTestId('output');
  for (const tc of accepted) {
    for (const [field, value] of Object.entries(tc.body as Record<string, unknown>)) {
      expect(typeof value, `${tc.name}: ${field} is typed as text`).toBe('string');
      await page.getByTestId(`field-${field}`).fill(value as string);
    }
    await expect(async () => checkCase(tc, 200, JSON.parse(await output.inputValue()))).toPass();
  }

  // Offline after that one visit: the page comes from the precache and /api from the service worker.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // JSON.stringify escapes a lone surrogate, so such a vector reaches the tool as written.
    const bodies = cases.map((tc) => JSON.stringify(tc.body));
    const { answers, servedBySw } = await postFromPage(page, SLUG, bodies);
    for (const [i, tc] of cases.entries()) {
      checkCase(tc, answers[i]!.status, answers[i]!.body);
      expect(answers[i]!.type, tc.name).toBe('application/json; charset=utf-8');
    }
    expect(servedBySw.length).toBe(cases.length);
  } finally {
    await context.setOffline(false);
  }
});
