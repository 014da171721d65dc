// The API door in-process, without a build: `handle` (Request → Response, as the service
// worker uses it) over every golden vector and the discovery documents, and `createApp` (the
// Node door) started on a free port of this process.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import examples from 'virtual:examples';
import { llmsText, openApiDocument } from '../../src/core/describe';
import { handle } from '../../src/core/http';
import { createApp, type App } from '../../src/server/app';
import { ConfigError, loadConfig } from '../../src/server/config';
import { tools } from '../../src/tools/index';
import { casesBySlug } from '../contract/cases';
import { checkCase } from '../match';
import { apiDoor, nodeContext } from '../support/doors';

const request = (path: string, init?: RequestInit) => handle(new Request(`http://local${path}`, init), apiDoor);
const post = (path: string, body: unknown) =>
  request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

describe('handle(): every golden vector', () => {
  describe.each(tools.map((tool) => tool.slug))('%s', (slug) => {
    it.each(casesBySlug[slug]!.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
      const response = await post(`/api/${slug}`, tc.body);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      checkCase(tc, response.status, await response.json());
    });
  });
});

describe('handle(): the documents and the HTTP rules', () => {
  it('serves the OpenAPI document and llms.txt made from the build examples', async () => {
    expect(await (await request('/openapi.json')).text()).toBe(openApiDocument(examples));
    expect(await (await request('/llms.txt')).text()).toBe(llmsText());
  });

  it('describes each tool with the examples every door serves', async () => {
    for (const tool of tools) {
      const described = await (await request(`/api/${tool.slug}`)).json();
      expect(described.slug).toBe(tool.slug);
      expect(described.examples).toEqual(examples[tool.slug]);
    }
  });

  it('lists the registry at GET /api', async () => {
    const { tools: listed } = await (await request('/api')).json();
    expect(listed.map((tool: { slug: string }) => tool.slug)).toEqual(tools.map((tool) => tool.slug));
  });

  it('answers unknown tools, wrong methods, bad JSON, large bodies and preflights', async () => {
    expect((await post('/api/nope', {})).status).toBe(404);
    expect(await (await post('/api/nope', {})).json()).toEqual({ error: "Tool 'nope' not found" });
    const put = await request('/api/base64', { method: 'PUT', body: '{}' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST, OPTIONS']);
    const bad = await request('/api/base64', { method: 'POST', body: '{"input":' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'Invalid JSON body' }]);
    const large = await handle(
      new Request('http://local/api/base64', { method: 'POST', body: 'x'.repeat(2048) }),
      apiDoor,
      1024,
    );
    expect([large.status, await large.json()]).toEqual([413, { error: 'Request body exceeds 1 KiB' }]);
    const preflight = await request('/api/base64', { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*']);
  });
});

describe('createApp(): the Node door in this process', () => {
  let app: App;
  let base: string;
  const staticDir = mkdtempSync(join(tmpdir(), 'toolbox-static-'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');

  beforeAll(async () => {
    // No pool (its threads need the built tool-worker.js): every call runs on this thread.
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: staticDir,
      HEAVY_WORKERS: '0',
      RATE_LIMIT: 'on',
      ACCESS_LOG: 'off',
    });
    app = await createApp(config, { tools: nodeContext, examples });
    base = `http://127.0.0.1:${await app.listen()}`;
  });
  afterAll(() => app?.close());

  it('answers a tool call with the rate-limit headers and the security headers', async () => {
    const response = await fetch(`${base}/api/base64`, { method: 'POST', body: JSON.stringify({ input: 'hi' }) });
    expect(await response.json()).toMatchObject({ output: 'aGk=', valid: true });
    expect(response.headers.get('ratelimit-limit')).toBe('30');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the app and its documents', async () => {
    expect(await (await fetch(`${base}/`)).text()).toContain('<title>Developer Toolbox</title>'); // its own head (page-heads.ts)
    expect(await (await fetch(`${base}/openapi.json`)).text()).toBe(openApiDocument(examples));
  });

  it('refuses a configuration that names no tool', async () => {
    const config = loadConfig({ PORT: '0', HEAVY_TOOLS: 'no-such-tool' });
    await expect(createApp(config, { tools: nodeContext, examples })).rejects.toThrow(ConfigError);
  });
});
