// The app under a path prefix (docs/deploy.md "Under a sub-path"), against the built server:
// BASE_PATH (the proxy passes paths through) and X-Forwarded-Prefix (the proxy strips the prefix;
// read only with TRUST_PROXY). The prefix handling itself (base-path.ts) is checked directly too.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMount, normalBasePath } from '../../src/server/base-path';
import { ConfigError, loadConfig } from '../../src/server/config';
import { startServer, type RunningServer } from '../support/server';

const request = (url: string, headers: Record<string, string> = {}) =>
  ({
    url,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
  }) as IncomingMessage;

describe('base path: parsing and mounting', () => {
  it('normalises BASE_PATH and refuses what is no plain path', () => {
    expect(normalBasePath('')).toBe('/');
    expect(normalBasePath('/')).toBe('/');
    expect(normalBasePath('/tools')).toBe('/tools/');
    expect(normalBasePath('tools/')).toBe('/tools/');
    expect(normalBasePath('/a/b-c_d.e~/')).toBe('/a/b-c_d.e~/');
    for (const bad of ['/a//b', '/../x', '/a/./b', '/a?b', '/a b', '/a%2Fb', '//'])
      expect(normalBasePath(bad), bad).toBeUndefined();
    expect(loadConfig({ HEAVY_WORKERS: '0', BASE_PATH: '/tools' }).basePath).toBe('/tools/');
    expect(loadConfig({ HEAVY_WORKERS: '0' }).basePath).toBe('/');
    expect(() => loadConfig({ HEAVY_WORKERS: '0', BASE_PATH: '/a/../b' })).toThrow(ConfigError);
    expect(() => loadConfig({ HEAVY_WORKERS: '0', BASE_PATH: '/a/../b' })).toThrow(/^BASE_PATH must be a path/);
  });

  it('strips BASE_PATH from the URL, redirects the bare prefix, keeps probes at the root', () => {
    const mount = createMount('/tools/', false);
    const inside = request('/tools/api/base64?x=1');
    expect(mount(inside)).toEqual({ base: '/tools/' });
    expect(inside.url).toBe('/api/base64?x=1');
    const root = request('/tools/');
    expect(mount(root)).toEqual({ base: '/tools/' });
    expect(root.url).toBe('/');
    expect(mount(request('/tools?a=b'))).toEqual({ redirect: '/tools/?a=b' });
    expect(mount(request('/toolsx/api'))).toBeUndefined();
    expect(mount(request('/api/base64'))).toBeUndefined();
    expect(mount(request('/healthz'))).toEqual({ base: '/' });
  });

  it('reads X-Forwarded-Prefix only from a trusted proxy, and only a plain path', () => {
    const header = { 'X-Forwarded-Prefix': '/tools' };
    expect(createMount('/', true)(request('/api', header))).toEqual({ base: '/tools/' });
    expect(createMount('/', false)(request('/api', header))).toEqual({ base: '/' });
    expect(createMount('/', true)(request('/api', { 'X-Forwarded-Prefix': '/../x' }))).toEqual({ base: '/' });
    expect(createMount('/', true)(request('/api'))).toEqual({ base: '/' });
  });
});

/** What the server names in its answers under `base`, asked with `headers`. */
async function discovery(server: RunningServer, prefix: string, headers: Record<string, string> = {}) {
  const get = (path: string) => fetch(server.url + prefix + path, { headers });
  const openapi = (await (await get('/openapi.json')).json()) as { servers: { url: string }[] };
  const list = (await (await get('/api')).json()) as { tools: { slug: string; api: string; page: string }[] };
  const llms = await (await get('/llms.txt')).text();
  const page = await get('/base64');
  return {
    openapi,
    list: list.tools.find((tool) => tool.slug === 'base64'),
    llms,
    page: { status: page.status, link: page.headers.get('link'), html: await page.text() },
  };
}

describe('base path: the built server', () => {
  let plain: RunningServer;
  let based: RunningServer;
  let proxied: RunningServer;
  beforeAll(async () => {
    [plain, based, proxied] = await Promise.all([
      startServer(),
      startServer({ BASE_PATH: '/tools/' }),
      startServer({ TRUST_PROXY: '1' }),
    ]);
  });
  afterAll(() => Promise.all([plain?.stop(), based?.stop(), proxied?.stop()]));

  it('names the root as before when no base is set', async () => {
    const { openapi, list, llms, page } = await discovery(plain, '');
    expect(openapi.servers).toEqual([{ url: '/' }]);
    expect(list).toMatchObject({ api: '/api/base64', page: '/base64' });
    expect(llms).toContain('POST /api/base64');
    expect(llms).not.toContain('/tools');
    expect(page.html).toContain(`<link rel="canonical" href="${plain.url}/base64" />`);
    expect(page.html).toContain('src="./assets/');
  });

  for (const [mode, prefix, headers] of [
    ['BASE_PATH=/tools/', '/tools', {}],
    ['X-Forwarded-Prefix: /tools', '', { 'X-Forwarded-Prefix': '/tools' }],
  ] as const) {
    it(`names the prefixed URLs with ${mode}`, async () => {
      const server = prefix ? based : proxied;
      const { openapi, list, llms, page } = await discovery(server, prefix, headers);
      expect(openapi.servers).toEqual([{ url: '/tools' }]);
      expect(list).toMatchObject({ api: '/tools/api/base64', page: '/tools/base64' });
      expect(llms).toContain('POST /tools/api/base64');
      expect(llms).toContain('Streamable HTTP at POST /tools/mcp');
      expect(llms).not.toMatch(/ \/api\//);
      expect(page.status).toBe(200);
      expect(page.html).toContain(`<link rel="canonical" href="${server.url}/tools/base64" />`);
      expect(page.html).toContain(`content="${server.url}/tools/icons/icon-512.png"`);
      // Preloads name the prefixed files; the page's own URLs stay relative.
      for (const link of page.link?.split(', ') ?? []) expect(link).toMatch(/^<\/tools\/assets\//);
      expect(page.html).toContain('src="./assets/');
    });
  }

  it('answers the API, MCP and files under BASE_PATH, and nothing outside it', async () => {
    const at = based.url;
    const call = await fetch(`${at}/tools/api/base64`, { method: 'POST', body: '{"input":"hi"}' });
    expect(await call.json()).toMatchObject({ output: 'aGk=' });
    const mcp = await fetch(`${at}/tools/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'base64', arguments: { input: 'hi' } },
      }),
    });
    expect(mcp.status).toBe(200);
    expect(await mcp.text()).toContain('aGk=');
    expect((await fetch(`${at}/tools/manifest.webmanifest`)).status).toBe(200);
    expect((await fetch(`${at}/tools/healthz`)).status).toBe(200);
    expect((await fetch(`${at}/healthz`)).status).toBe(200);
    const bare = await fetch(`${at}/tools`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/tools/']);
    for (const outside of ['/api/base64', '/base64', '/openapi.json', '/mcp']) {
      const answer = await fetch(at + outside);
      expect(answer.status, outside).toBe(404);
    }
  });

  it('climbs relative URLs for a document deeper than a page', async () => {
    const slash = await (await fetch(`${based.url}/tools/base64/`)).text();
    expect(slash).toContain('src="../assets/');
    expect(slash).toContain('href="../manifest.webmanifest"');
    const deep = await fetch(`${based.url}/tools/no/such/page`, { headers: { Accept: 'text/html' } });
    expect(deep.status).toBe(404);
    expect(await deep.text()).toContain('src="../../assets/');
  });
});
