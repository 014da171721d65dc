// The Node door's HTTP behaviour of docs/contract.md §1, against the built server over real sockets.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ MAX_BODY_BYTES: String(1024 * 1024) });
});
afterAll(() => server?.stop());

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });

/** A GET whose body stays bytes (compressed answers), with exactly the headers given. */
function bytes(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'GET', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw request, so the test controls framing (chunked bodies, exact lengths). */
function raw(options: {
  method: string;
  path: string;
  headers?: Record<string, string>;
  chunks?: Buffer[];
}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

describe('Node server: /api', () => {
  it('answers a tool with 200 JSON, UTF-8 and CORS', async () => {
    const response = await post('/api/base64', '{"input":"héllo"}');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({ output: 'aMOpbGxv', valid: true, encoding: 'standard', byte_length: 6 });
  });

  it('404 names an unknown tool', async () => {
    const response = await post('/api/nope', '{}');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Tool 'nope' not found" });
  });

  it.each([['not json'], [''], ['{"input":'], ['\u00ff']])('400 Invalid JSON body for %j', async (body) => {
    const response = await post('/api/base64', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'Invalid JSON body' });
  });

  it('400 for a body that is not UTF-8', async () => {
    const response = await raw({
      method: 'POST',
      path: '/api/base64',
      headers: { 'Content-Type': 'application/json' },
      chunks: [Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])],
    });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: 'Invalid JSON body' });
  });

  it.each([
    ['[]', 'an array'],
    ['"text"', 'a string'],
    ['null', 'null'],
    ['42', 'a number'],
  ])('400 for a JSON body that is not an object: %s', async (body, got) => {
    const response = await post('/api/base64', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Request body must be a JSON object',
      issues: [{ path: [], message: `Expected a JSON object, received ${got}` }],
    });
  });

  it('ignores unknown fields and accepts any content type', async () => {
    const response = await post('/api/base64', '{"input":"a","extra":1}', { 'Content-Type': 'text/plain' });
    expect(response.status).toBe(200);
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('405 with Allow for %s', async (method) => {
    const response = await fetch(server.url + '/api/base64', { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS');
    expect(await response.json()).toEqual({ error: 'Method not allowed' });
  });

  it('OPTIONS answers the CORS preflight', async () => {
    const response = await fetch(server.url + '/api/base64', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'Content-Type, Authorization, X-API-Key, X-Request-Id',
    );
    expect(response.headers.get('access-control-max-age')).toBe('86400');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('GET /api/<slug> describes the tool with schemas and worked examples', async () => {
    for (const tool of tools) {
      const response = await fetch(`${server.url}/api/${tool.slug}`);
      expect(response.status).toBe(200);
      const description = await response.json();
      expect(Object.keys(description).sort()).toEqual([
        'examples',
        'input_schema',
        'name',
        'output_schema',
        'slug',
        'summary',
        'tags',
      ]);
      expect(description.slug).toBe(tool.slug);
      expect(description.tags).toEqual([tool.tag]);
      expect(description.input_schema.type).toBe('object');
      expect(JSON.stringify(description.input_schema)).not.toContain('$ref');
      expect(description.examples[0].request).toEqual(tool.examples[0].input);
    }
  });

  it('GET /api lists every tool', async () => {
    const list = await (await fetch(server.url + '/api')).json();
    expect(list.tools.map((t: { slug: string }) => t.slug)).toEqual(tools.map((t) => t.slug));
  });

  it('413 from Content-Length, and the client reads the answer', async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const response = await raw({
      method: 'POST',
      path: '/api/base64',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(big.length) },
      chunks: [big],
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ error: 'Request body exceeds 1 MiB' });
  });

  it('413 while streaming a chunked body past the cap', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const response = await raw({
      method: 'POST',
      path: '/api/base64',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      chunks: [chunk, chunk, chunk, chunk, chunk],
    });
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).error).toBe('Request body exceeds 1 MiB');
  });

  it('accepts a body exactly at the cap', async () => {
    const json = JSON.stringify({ input: 'a' });
    const body = json + ' '.repeat(1024 * 1024 - json.length);
    const response = await post('/api/base64', body);
    expect(response.status).toBe(200);
  });

  it('keeps serving after hostile requests', async () => {
    const hostile = [
      '{"__proto__":{"input":"x"}}',
      '{"constructor":{"prototype":{"input":1}}}',
      '['.repeat(100000),
      '{"input":' + '['.repeat(5000) + ']'.repeat(5000) + '}',
    ];
    for (const body of hostile) {
      const response = await post('/api/base64', body);
      expect(response.status).toBe(400);
    }
    expect((await post('/api/base64', '{"input":"ok"}')).status).toBe(200);
  });
});

describe('Node server: documents and pages', () => {
  it('serves /openapi.json with the same bytes as the build asset', async () => {
    const response = await fetch(server.url + '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const { readFileSync } = await import('node:fs');
    const asset = readFileSync(new URL('../../dist/openapi.json', import.meta.url), 'utf8');
    expect(await response.text()).toBe(asset);
  });

  it('serves /llms.txt listing every tool', async () => {
    const response = await fetch(server.url + '/llms.txt');
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    for (const tool of tools) expect(text).toContain(`POST /api/${tool.slug}`);
  });

  it('serves the app for / and for deep links (SPA fallback), and for any other path with 404', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/base64', 200],
      ['/json-formatter/', 200],
      ['/no-such-page', 404],
      ['/api-docs', 404],
    ] as const) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await response.text()).toContain('<div id="app">');
    }
  });

  it("sends the build's brotli or gzip twin of a file the client accepts, and the file itself otherwise", async () => {
    const { readFileSync } = await import('node:fs');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
    // Named relative to the page (one build for any base path): its path from the root.
    const entry = new URL(/<script[^>]+src="(\.\/assets\/[^"]+\.js)"/.exec(html)![1]!, 'http://app.test/').pathname;
    const original = readFileSync(new URL(`../../dist${entry}`, import.meta.url));
    const cases = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['identity', undefined, (bytes: Buffer) => bytes],
      [undefined, undefined, (bytes: Buffer) => bytes],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      const response = await bytes(entry, accept === undefined ? {} : { 'Accept-Encoding': accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['vary'], accept).toBe('Accept-Encoding');
      expect(Number(response.headers['content-length']), accept).toBe(response.body.length);
      if (encoding) expect(response.body.length, accept).toBeLessThan(original.length / 2);
      expect(decode(response.body).equals(original), accept).toBe(true);
    }
    // The page fallback is rendered per request: compressed by the server, not a twin.
    const page = await bytes('/base64', { 'Accept-Encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<div id="app">');
  });

  it("names a tool page's own scripts and stylesheets in a Link header, each of them served", async () => {
    for (const tool of tools) {
      const response = await fetch(`${server.url}/${tool.slug}`);
      const links = [
        ...(response.headers.get('link') ?? '').matchAll(
          /<([^>]+)>; rel=(modulepreload|preload; as=style; crossorigin)/g,
        ),
      ].map((m) => m[1]!);
      expect(
        links.some((url) => url.endsWith('.js')),
        tool.slug,
      ).toBe(true);
      for (const url of links) expect((await fetch(server.url + url)).status, url).toBe(200);
    }
    expect((await fetch(server.url + '/')).headers.get('link')).toBeNull();
    expect((await fetch(server.url + '/no-such-page')).headers.get('link')).toBeNull();
  });

  it('404 for missing files and path escapes', async () => {
    expect((await fetch(server.url + '/assets/missing.js')).status).toBe(404);
    const escape = await raw({ method: 'GET', path: '/../../etc/passwd' });
    expect(escape.body).not.toContain('root:');
    const encoded = await raw({ method: 'GET', path: '/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });

  it('never showed a stack trace or an internal error', () => {
    expect(server.output()).not.toMatch(/internal error/i);
  });
});
