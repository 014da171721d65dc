// HTTP done properly, against the built server over real sockets: compression
// negotiated by Accept-Encoding (checked by decompressing with Node's own zlib), validators and
// 304s on the discovery documents, cache lifetimes of the static files, the current draft's
// rate-limit fields and WWW-Authenticate, and sizes in human units.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseList } from 'structured-headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

const KEY = 'caching-test-key';
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ MAX_BODY_BYTES: '2000', RATE_LIMIT: 'on', API_KEYS: KEY });
});
afterAll(() => server?.stop());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A request with exactly the headers given (fetch would add Accept-Encoding and decode). */
function call(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(server.url);
    // Every request uses the key (300 a minute) unless it says otherwise; '' sends no such header.
    const sent = Object.fromEntries(
      Object.entries({ Authorization: `Bearer ${KEY}`, ...headers }).filter(([, value]) => value !== ''),
    );
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: brotliDecompressSync, gzip: gunzipSync };
const decoded = (answer: Answer) => {
  const coding = answer.headers['content-encoding'] as string | undefined;
  return coding ? decoders[coding]!(answer.body) : answer.body;
};
const dist = new URL('../../dist/', import.meta.url);

describe('compression of JSON answers', () => {
  // 100 UUIDs: an answer of about 4 KB from a request of 30 bytes.
  const uuids = JSON.stringify({ version: 'nil', count: 100 });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('a tool answer over 1 KB, Accept-Encoding %j → %s', async (accept, coding) => {
    const plain = await call('POST', '/api/uuid-generator', {}, uuids);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = await call('POST', '/api/uuid-generator', { 'Accept-Encoding': accept }, uuids);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decoded(answer).equals(plain.body)).toBe(true);
    if (coding) expect(answer.body.length).toBeLessThan(plain.body.length / 4);
  });

  it('leaves answers under 1 KB as they are, without Vary', async () => {
    const answer = await call('POST', '/api/base64', { 'Accept-Encoding': 'br, gzip' }, '{"input":"hi"}');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(JSON.parse(answer.body.toString())).toMatchObject({ output: 'aGk=' });
  });

  it('compresses a page rendered per request, and a HEAD gives the compressed length', async () => {
    const plain = await call('GET', '/base64');
    const page = await call('GET', '/base64', { 'Accept-Encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(decoded(page).equals(plain.body)).toBe(true);
    const head = await call('HEAD', '/openapi.json', { 'Accept-Encoding': 'br' });
    const get = await call('GET', '/openapi.json', { 'Accept-Encoding': 'br' });
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});

describe('discovery documents: ETag, Cache-Control, 304', () => {
  it.each(['/openapi.json', '/llms.txt', '/api', '/api/base64'])('%s', async (path) => {
    const plain = await call('GET', path);
    expect(plain.status).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, no-cache');
    // Strong, and the SHA-256 of the bytes (computed here with node:crypto).
    const hash = createHash('sha256').update(plain.body).digest('base64url');
    expect(plain.headers.etag).toBe(`"${hash}"`);
    if (path === '/openapi.json') expect(plain.body.equals(readFileSync(new URL('openapi.json', dist)))).toBe(true);

    // A compressed representation has its own tag, and decodes to the same bytes.
    const br = await call('GET', path, { 'Accept-Encoding': 'br' });
    if (plain.body.length >= 1024) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.etag).toBe(`"${hash}-br"`);
      expect(decoded(br).equals(plain.body)).toBe(true);
    }

    // Revalidation: any tag of the current document is a 304 without a body; another tag is a 200.
    for (const tag of [
      plain.headers.etag as string,
      br.headers.etag as string,
      `W/${plain.headers.etag}`,
      `"stale", ${plain.headers.etag}`,
      '*',
    ]) {
      const again = await call('GET', path, { 'If-None-Match': tag, 'Accept-Encoding': 'br' });
      expect(again.status, tag).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(br.headers.etag);
      expect(again.headers['cache-control']).toBe('public, no-cache');
      expect(again.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await call('GET', path, { 'If-None-Match': '"something-else"' })).status).toBe(200);
  });

  it('a 404 has no validator', async () => {
    const answer = await call('GET', '/api/no-such-tool');
    expect(answer.status).toBe(404);
    expect(answer.headers.etag).toBeUndefined();
  });
});

describe('static files: cache lifetimes and precompressed twins', () => {
  const immutable = 'public, max-age=31536000, immutable';

  it('hashed build files and the model files named by their digest are immutable; the rest no-cache', async () => {
    const asset = readdirSync(new URL('assets/', dist)).find((name) => name.endsWith('.js'))!;
    const models = readdirSync(new URL('models/', dist));
    const chunk = models.find((name) => /^[0-9a-f]{64}\.bin$/.test(name))!;
    const runtime = models.find((name) => name.endsWith('.wasm'))!;
    for (const path of [`/assets/${asset}`, `/models/${chunk}`, `/models/${runtime}`])
      expect((await call('HEAD', path)).headers['cache-control'], path).toBe(immutable);
    for (const path of ['/sw.js', '/', '/base64', '/manifest.webmanifest', '/llms.txt'])
      expect((await call('HEAD', path)).headers['cache-control'], path).toMatch(/no-cache/);
  });

  it('sw.js and the onnxruntime WASM come compressed; the model chunks (dense) as they are', async () => {
    const models = readdirSync(new URL('models/', dist));
    for (const path of ['/sw.js', `/models/${models.find((name) => name.endsWith('.wasm'))}`]) {
      const answer = await call('GET', path, { 'Accept-Encoding': 'br' });
      expect(answer.headers['content-encoding'], path).toBe('br');
      expect(decoded(answer).equals(readFileSync(new URL('.' + path, dist))), path).toBe(true);
    }
    const chunk = await call('HEAD', `/models/${models.find((name) => name.endsWith('.bin'))}`, {
      'Accept-Encoding': 'br',
    });
    expect(chunk.headers['content-encoding']).toBeUndefined();
  });
});

describe('rate-limit fields, WWW-Authenticate, sizes', () => {
  const expose = (answer: Answer) => String(answer.headers['access-control-expose-headers']).split(/,\s*/);

  it('/api answers carry RateLimit and RateLimit-Policy (Structured Fields), exposed to CORS callers', async () => {
    const anonymous = await call('POST', '/api/base64', { Authorization: '' }, '{"input":"hi"}');
    expect(parseList(anonymous.headers['ratelimit-policy'] as string)).toEqual([
      [
        'anonymous',
        new Map([
          ['q', 30],
          ['w', 60],
        ]),
      ],
    ]);
    const [[name, params]] = parseList(anonymous.headers.ratelimit as string) as [[string, Map<string, number>]];
    expect(name).toBe('anonymous');
    expect(params.get('r')).toBe(Number(anonymous.headers['ratelimit-remaining']));
    expect(params.get('t')).toBe(Number(anonymous.headers['ratelimit-reset']));
    const keyed = await call('POST', '/api/base64', {}, '{"input":"hi"}');
    expect(parseList(keyed.headers['ratelimit-policy'] as string)).toEqual([
      [
        'api-key',
        new Map([
          ['q', 300],
          ['w', 60],
        ]),
      ],
    ]);
    for (const header of ['RateLimit', 'RateLimit-Policy', 'RateLimit-Limit', 'Retry-After', 'WWW-Authenticate'])
      expect(expose(keyed)).toContain(header);
  });

  it.each([
    ['/api/base64', 'POST'],
    ['/mcp', 'POST'],
  ])('a refused key on %s is a 401 with WWW-Authenticate', async (path) => {
    const body = path === '/mcp' ? JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) : '{"input":"hi"}';
    const answer = await call(
      'POST',
      path,
      {
        Authorization: 'Bearer wrong',
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="devtoolbox", error="invalid_token"');
    expect(answer.headers['ratelimit-policy']).toBe('"anonymous";q=30;w=60');
  });

  it('the 413 names the cap in bytes (MAX_BODY_BYTES=2000), on REST and MCP', async () => {
    const big = JSON.stringify({ input: 'x'.repeat(3000) });
    const rest = await call('POST', '/api/base64', {}, big);
    expect(rest.status).toBe(413);
    expect(JSON.parse(rest.body.toString())).toEqual({ error: 'Request body exceeds 2,000 bytes' });
    const mcp = await call(
      'POST',
      '/mcp',
      { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      big,
    );
    expect(mcp.status).toBe(413);
    expect(JSON.parse(mcp.body.toString()).error.message).toBe('Request body exceeds 2,000 bytes');
  });
});
