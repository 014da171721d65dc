// docs/contract.md §2 over real sockets against the built server: exactly 30 anonymous requests per
// rolling minute and the 31st a 429 with Retry-After; the same across TWO instances sharing a
// real Redis; 300 for a key; 401 for an unknown key; the headers on every /api/* and /mcp answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';

const RATE_HEADERS = [
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

function post(server: RunningServer, path: string, headers: Record<string, string> = {}, body = '{"input":"hi"}') {
  return fetch(server.url + path, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Checks the RateLimit headers of one answer and returns its remaining count. */
function rateHeaders(response: Response, limit: number): number {
  for (const name of RATE_HEADERS) expect(response.headers.get(name), name).toMatch(/^\d+$/);
  expect(response.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(response.headers.get('x-ratelimit-limit')).toBe(String(limit));
  const remaining = Number(response.headers.get('ratelimit-remaining'));
  expect(response.headers.get('x-ratelimit-remaining')).toBe(String(remaining));
  // Readable by cross-origin callers too.
  expect(response.headers.get('access-control-expose-headers')?.split(/,\s*/)).toEqual([
    'RateLimit',
    'RateLimit-Policy',
    'RateLimit-Limit',
    'RateLimit-Remaining',
    'RateLimit-Reset',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'Retry-After',
    'WWW-Authenticate',
    'X-Request-Id',
  ]);
  // The draft's structured fields say the same as the older headers.
  const policy = limit === 300 ? 'api-key' : 'anonymous';
  expect(response.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${limit};w=60`);
  expect(response.headers.get('ratelimit')).toBe(
    `"${policy}";r=${remaining};t=${response.headers.get('ratelimit-reset')}`,
  );
  const reset = Number(response.headers.get('ratelimit-reset'));
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(60);
  // X-RateLimit-Reset is the same instant in epoch seconds.
  const epoch = Number(response.headers.get('x-ratelimit-reset'));
  expect(Math.abs(epoch - (Date.now() / 1000 + reset))).toBeLessThan(5);
  return remaining;
}

async function expectTooMany(response: Response, limit: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expect(await response.json()).toEqual({ error: `Too many requests. Retry after ${retryAfter} seconds.` });
  expect(rateHeaders(response, limit)).toBe(0);
}

const dir = mkdtempSync(join(tmpdir(), 'limits-'));
const keysFile = join(dir, 'keys.txt');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one instance, in-process store', () => {
  let server: RunningServer;
  beforeAll(async () => {
    writeFileSync(keysFile, '# keys for the tests\nfile-key\nrevoked-key\n');
    // Behind a trusted proxy (loopback), so each test can be its own client via X-Forwarded-For.
    server = await startServer({
      RATE_LIMIT: 'on',
      API_KEYS: 'env-key-1,env-key-2',
      API_KEYS_FILE: keysFile,
      TRUST_PROXY: 'loopback',
    });
  });
  afterAll(() => server?.stop());
  const as = (address: string, extra: Record<string, string> = {}) => ({ 'X-Forwarded-For': address, ...extra });

  it('admits exactly 30 anonymous requests; the 31st is a 429 with Retry-After', async () => {
    for (let i = 1; i <= 30; i++) {
      const response = await post(server, '/api/base64', as('203.0.113.1'));
      expect(response.status).toBe(200);
      expect(rateHeaders(response, 30)).toBe(30 - i);
      await response.body?.cancel();
    }
    await expectTooMany(await post(server, '/api/base64', as('203.0.113.1')), 30);
    // Every /api/* request counts, whatever the tool or method.
    await expectTooMany(await fetch(server.url + '/api/hash-generator', { headers: as('203.0.113.1') }), 30);
    // Another client is not affected.
    expect((await post(server, '/api/base64', as('203.0.113.2'))).status).toBe(200);
  });

  it('pages, assets, /openapi.json and /llms.txt are not limited and carry no RateLimit headers', async () => {
    for (let i = 0; i < 35; i++) {
      for (const path of ['/', '/base64', '/openapi.json', '/llms.txt']) {
        const response = await fetch(server.url + path, { headers: as('203.0.113.3') });
        expect(response.status).toBe(200);
        expect(response.headers.get('ratelimit-limit')).toBeNull();
        await response.body?.cancel();
      }
    }
    expect(rateHeaders(await post(server, '/api/base64', as('203.0.113.3')), 30)).toBe(29);
  });

  it('CORS preflights carry the headers without spending the budget', async () => {
    for (let i = 0; i < 40; i++) {
      const response = await fetch(server.url + '/api/base64', { method: 'OPTIONS', headers: as('203.0.113.4') });
      expect(response.status).toBe(204);
      expect(rateHeaders(response, 30)).toBe(30);
    }
  });

  it('a key gets 300 of its own, by Bearer or X-API-Key, from API_KEYS or API_KEYS_FILE', async () => {
    for (let i = 1; i <= 300; i++) {
      const headers = as(
        `198.51.100.${i % 5}`,
        i % 2 ? { Authorization: 'Bearer env-key-1' } : { 'X-API-Key': 'env-key-1' },
      );
      const response = await post(server, '/api/base64', headers);
      expect(response.status).toBe(200);
      expect(rateHeaders(response, 300)).toBe(300 - i);
      await response.body?.cancel();
    }
    await expectTooMany(
      await post(server, '/api/base64', as('198.51.100.9', { Authorization: 'Bearer env-key-1' })),
      300,
    );
    // Other keys and the addresses' anonymous budgets are untouched.
    expect(rateHeaders(await post(server, '/api/base64', as('198.51.100.1', { 'X-API-Key': 'env-key-2' })), 300)).toBe(
      299,
    );
    expect(rateHeaders(await post(server, '/api/base64', as('198.51.100.1', { 'X-API-Key': 'file-key' })), 300)).toBe(
      299,
    );
    expect(rateHeaders(await post(server, '/api/base64', as('198.51.100.1')), 30)).toBe(29);
  });

  it('an unknown key is a 401, never a silent downgrade, and guessing costs the anonymous budget', async () => {
    for (const headers of <Record<string, string>[]>[
      { Authorization: 'Bearer nope' },
      { 'X-API-Key': 'nope' },
      { Authorization: 'Basic dXNlcjpwYXNz' },
      { Authorization: 'Bearer env-key-1', 'X-API-Key': 'env-key-2' },
    ]) {
      const response = await post(server, '/api/base64', as('192.0.2.7', headers));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid API key' });
      rateHeaders(response, 30);
    }
    expect(rateHeaders(await post(server, '/api/base64', as('192.0.2.7')), 30)).toBe(25);
  });

  it("/mcp carries the headers and shares the client's budget", async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    const mcp = (address: string) =>
      fetch(server.url + '/mcp', {
        method: 'POST',
        body: initialize,
        headers: as(address, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }),
      });
    const first = await mcp('192.0.2.8');
    expect(first.status).toBe(200);
    expect(rateHeaders(first, 30)).toBe(29);
    for (let i = 0; i < 29; i++) await (await post(server, '/api/base64', as('192.0.2.8'))).body?.cancel();
    await expectTooMany(await mcp('192.0.2.8'), 30);
  });

  it('a JSON-RPC batch to /mcp counts each tool call: a hundred calls cost a hundred', async () => {
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'base64', arguments: { input: String(id) } },
    });
    const batch = (address: string, size: number) =>
      fetch(server.url + '/mcp', {
        method: 'POST',
        body: JSON.stringify(Array.from({ length: size }, (_, i) => call(i))),
        headers: as(address, { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }),
      });
    const refused = await batch('192.0.2.11', 100);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).error.message).toMatch(/^Too many requests\. Retry after \d+ seconds\.$/);
    // Ten calls fit: the request counted one, the batch nine more.
    const admitted = await batch('192.0.2.11', 10);
    expect(admitted.status).toBe(200);
    expect((await admitted.json()) as unknown[]).toHaveLength(10);
    expect(rateHeaders(await post(server, '/api/base64', as('192.0.2.11')), 30)).toBe(30 - 1 - 10 - 1);
  });

  it('a large request counts once per started MiB of its body', async () => {
    const body = JSON.stringify({ input: 'x'.repeat(2.5 * 1024 * 1024) });
    const response = await post(server, '/api/base64', as('192.0.2.12'), body);
    expect(response.status).toBe(200);
    expect(rateHeaders(response, 30)).toBe(27);
  });

  it('without a trusted proxy hop in front, X-Forwarded-For cannot reset a limit', async () => {
    // The server trusts loopback only; an address a client writes itself is not the client.
    const spoofed = (i: number) => ({ 'X-Forwarded-For': `10.${i}.0.1, 192.0.2.9` });
    for (let i = 0; i < 30; i++) expect((await post(server, '/api/base64', spoofed(i))).status).toBe(200);
    await expectTooMany(await post(server, '/api/base64', spoofed(99)), 30);
  });

  it('SIGHUP re-reads API_KEYS_FILE: a removed key is revoked at once', async () => {
    expect((await post(server, '/api/base64', as('192.0.2.10', { 'X-API-Key': 'revoked-key' }))).status).toBe(200);
    writeFileSync(keysFile, 'file-key\n');
    server.process.kill('SIGHUP');
    while (!server.output().includes('reloaded API keys: 3 key(s)'))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await post(server, '/api/base64', as('192.0.2.10', { 'X-API-Key': 'revoked-key' }))).status).toBe(401);
    expect((await post(server, '/api/base64', as('192.0.2.10', { 'X-API-Key': 'file-key' }))).status).toBe(200);
  });
});

describe('the socket address when no proxy is trusted', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: 'on' });
  });
  afterAll(() => server?.stop());

  it('ignores X-Forwarded-For entirely', async () => {
    for (let i = 0; i < 30; i++)
      expect((await post(server, '/api/base64', { 'X-Forwarded-For': `10.0.0.${i}` })).status).toBe(200);
    await expectTooMany(await post(server, '/api/base64', { 'X-Forwarded-For': '10.9.9.9' }), 30);
  });
});

describe('RATE_LIMIT=off', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: 'off' });
  });
  afterAll(() => server?.stop());

  it('limits nothing, checks no key and sends no RateLimit headers', async () => {
    for (let i = 0; i < 40; i++) {
      const response = await post(server, '/api/base64', { 'X-API-Key': 'anything' });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
      await response.body?.cancel();
    }
  });
});

describe('two instances sharing one Redis', () => {
  let redis: RunningRedis;
  let a: RunningServer;
  let b: RunningServer;
  beforeAll(async () => {
    redis = await startRedis();
    const env = { RATE_LIMIT: 'on', REDIS_URL: redis.url, API_KEYS: 'shared-key' };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
  });

  it('admit exactly 30 anonymous requests between them; the 31st is a 429 on either', async () => {
    for (let i = 1; i <= 30; i++) {
      const response = await post(i % 2 ? a : b, '/api/base64');
      expect(response.status).toBe(200);
      expect(rateHeaders(response, 30)).toBe(30 - i);
    }
    await expectTooMany(await post(a, '/api/base64'), 30);
    await expectTooMany(await post(b, '/api/base64'), 30);
  });

  it("admit exactly a key's 300 between them even when the requests race", async () => {
    // The budget of 127.0.0.1 is spent by the test above; a key gives a fresh 300 to race for.
    const responses = await Promise.all(
      Array.from({ length: 340 }, (_, i) => post(i % 2 ? a : b, '/api/base64', { 'X-API-Key': 'shared-key' })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it('keep answering, counting in-process, while Redis is down', async () => {
    await redis.stop();
    const response = await post(a, '/api/hash-generator', { 'X-API-Key': 'shared-key' });
    // In-process counters are fresh: this instance alone now enforces the key's 300.
    expect(response.status).toBe(200);
    expect(rateHeaders(response, 300)).toBe(299);
    expect(a.output()).toContain('rate limit: shared store failed');
    expect(a.output()).not.toMatch(/internal error/i);
  });
});
