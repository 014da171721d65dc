// The whole app under /tools/ behind a real HAProxy running deploy/haproxy-subpath.cfg (it strips
// the prefix and sends X-Forwarded-Prefix), one built server behind it, in Chromium: a page
// works, its links stay under /tools/, the service worker's scope is /tools/, offline the page
// and `fetch('api/…')` still work, /tools/openapi.json names the prefixed server, and MCP over
// Streamable HTTP answers at /tools/mcp. README "Under a sub-path", docs/deploy.md.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServer, type RunningServer } from '../support/server';
import { expect, test, waitForServiceWorker } from './fixtures';

const HAPROXY = process.env.HAPROXY ?? 'haproxy';
const CONFIG = resolve(import.meta.dirname, '../../deploy/haproxy-subpath.cfg');

let server: RunningServer;
let haproxy: ChildProcess | undefined;
let haproxyOutput = '';
let dir: string;
let base: string;

const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
    probe.on('error', fail);
  });

test.describe.configure({ mode: 'serial' });
// The app's origin is HAProxy's here (the fixtures check that no request leaves it).
// eslint-disable-next-line no-empty-pattern
test.use({ baseURL: async ({}, use) => use(base) });

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devtoolbox-subpath-'));
  server = await startServer({ TRUST_PROXY: '1' });
  const port = await freePort();
  // Only the lines marked `# test:` change: this machine's address and the server's port.
  const config = readFileSync(CONFIG, 'utf8')
    .split('\n')
    .map((line) => {
      const marker = /#\s*test:\s*(.+)$/.exec(line)?.[1]?.trim();
      if (marker === 'bind') return `    bind 127.0.0.1:${port}`;
      if (marker === 'server') return `    server app1 127.0.0.1:${new URL(server.url).port} check`;
      return line;
    })
    .join('\n');
  const file = join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  haproxy = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout!.on('data', (chunk) => (haproxyOutput += chunk));
  haproxy.stderr!.on('data', (chunk) => (haproxyOutput += chunk));
  haproxy.once('error', (error) => (haproxyOutput += `cannot run ${HAPROXY}: ${error.message}`));
  base = `http://127.0.0.1:${port}/tools/`;
  for (let tries = 0; ; tries++) {
    if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${haproxyOutput}`);
    const ok = await fetch(base + 'api').then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (tries > 100) throw new Error(`haproxy never answered:\n${haproxyOutput}`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
});

/** The address of `path` under the prefix (a page keeps its settings in the fragment). */
const at = (path: string) => new RegExp(`^${base}${path}(#.*)?$`);

test.afterAll(async () => {
  if (haproxy && haproxy.exitCode === null) {
    const exited = new Promise((done) => haproxy!.once('exit', done));
    haproxy.kill('SIGTERM');
    await exited;
  }
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a page, its links, the service worker and offline use, all under /tools/', async ({ page, context }) => {
  await page.goto(base + 'base64');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base64 Encoder / Decoder');
  await page.getByTestId('input').fill('under a path');
  await expect(page.getByTestId('output')).toHaveValue('dW5kZXIgYSBwYXRo');
  // The request it shows names the prefixed API.
  await page.getByText('Use this as an API request').click();
  await page.getByTestId('tab-fetch').click();
  await expect(page.getByTestId('snippet')).toContainText("fetch('/tools/api/base64'");

  // A link to another tool stays under the prefix, and the router renders it.
  await page.getByRole('link', { name: 'JSON Formatter' }).first().click();
  await expect(page).toHaveURL(at('json-formatter'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('JSON Formatter');
  await page.getByRole('link', { name: 'Developer Toolbox' }).first().click();
  await expect(page).toHaveURL(at(''));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer Toolbox');

  // The service worker installs beside the pages, with the prefix as its scope.
  await waitForServiceWorker(page);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(base);

  await context.setOffline(true);
  await page.goto(base + 'base64');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base64 Encoder / Decoder');
  await page.getByTestId('input').fill('offline');
  await expect(page.getByTestId('output')).toHaveValue('b2ZmbGluZQ==');
  // The page's own relative fetch is answered by the service worker, with the network off.
  const answer = await page.evaluate(async () => {
    const response = await fetch('api/base64', { method: 'POST', body: JSON.stringify({ input: 'hi' }) });
    return { status: response.status, body: await response.json() };
  });
  expect(answer).toMatchObject({ status: 200, body: { output: 'aGk=' } });
  // A path outside the base is not the app's: the worker leaves it to the network (offline: an error).
  const outside = await page.evaluate(() =>
    fetch('/api/base64', { method: 'POST', body: '{"input":"hi"}' }).then(
      () => 'answered',
      () => 'network error',
    ),
  );
  expect(outside).toBe('network error');
  // Offline, the worker's OpenAPI names the same prefixed server as the Node server's.
  const servers = await page.evaluate(async () => (await (await fetch('openapi.json')).json()).servers);
  expect(servers).toEqual([{ url: '/tools' }]);
  // A tool page reached by a link, offline.
  await page.getByRole('link', { name: 'URL Encoder' }).first().click();
  await expect(page).toHaveURL(at('url-encoder'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('URL');
  await context.setOffline(false);
});

test('/tools/openapi.json names the prefixed server; the manifest is relative', async ({ request }) => {
  const openapi = await (await request.get(base + 'openapi.json')).json();
  expect(openapi.servers).toEqual([{ url: '/tools' }]);
  const manifest = await (await request.get(base + 'manifest.webmanifest')).json();
  expect(new URL(manifest.start_url, base + 'manifest.webmanifest').href).toBe(base);
  expect(new URL(manifest.scope, base + 'manifest.webmanifest').href).toBe(base);
  // Outside the prefix, the proxy serves nothing of the app.
  expect((await request.get(base.replace('/tools/', '/api'))).status()).toBe(404);
});

test('MCP over Streamable HTTP at /tools/mcp lists and calls a tool', async ({ request }) => {
  const rpc = async (id: number, method: string, params: object) => {
    const response = await request.post(base + 'mcp', {
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      data: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    expect(response.status()).toBe(200);
    const text = await response.text();
    // An answer is JSON or one server-sent event holding it.
    return JSON.parse(text.startsWith('{') ? text : /^data: (.*)$/m.exec(text)![1]!);
  };
  const list = await rpc(1, 'tools/list', {});
  expect(list.result.tools.map((tool: { name: string }) => tool.name)).toContain('base64');
  const call = await rpc(2, 'tools/call', { name: 'base64', arguments: { input: 'hi' } });
  expect(JSON.stringify(call.result)).toContain('aGk=');
});

test('the background-removal model downloads from under /tools/', async ({ page }) => {
  await page.goto(base + 'background-remover');
  await page.getByTestId('make-offline').click();
  // Asked of the root (/models/…), the proxy's server answers 404 and the page names the file it
  // could not get; from under the prefix the bytes arrive (the first 4 MiB chunk is enough).
  await expect
    .poll(
      async () =>
        (await page.getByTestId('model').textContent())?.includes('could not be downloaded')
          ? 'failed'
          : /Downloading the model: [1-9]|On this device/.test(
              (await page.getByTestId('model-status').textContent()) ?? '',
            ),
      { timeout: 60_000 },
    )
    .toBe(true);
});
