// What an operator relies on, against the BUILT server (dist-server/main.js, `npm run build`
// first): liveness and readiness (with a real redis-server, stopped mid-test), Prometheus metrics
// read by an independent parser (parse-prometheus-text-format), 404s for unknown paths whatever
// the method, JSON log lines, and a busy port reported in one line with exit code 1.
import { spawn } from 'node:child_process';
import parsePrometheus from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp, MCP_STDIO_ENTRY } from '../mcp/support';
import { startRedis, type RunningRedis } from '../support/redis';
import { SERVER_ENTRY, startServer, type RunningServer } from '../support/server';

interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string> }[];
}

async function scrape(server: RunningServer, headers: Record<string, string> = {}): Promise<Family[]> {
  const response = await fetch(server.url + '/metrics', { headers });
  expect(response.status).toBe(200);
  // The exposition format's content type (Prometheus text format 0.0.4).
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(await response.text()) as Family[];
}

/** A sample's value (0 when the series does not exist yet). */
function sample(families: Family[], name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const metric = family?.metrics.find((m) => Object.entries(labels).every(([key, value]) => m.labels?.[key] === value));
  return Number(metric?.value ?? 0);
}

const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * A histogram's `_count` for one label set, read from the text by the format's own rules (one
 * sample per line: name, labels in braces, value): the parser above keeps a histogram's buckets
 * but not its labels or count.
 */
function histogramCount(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== `${name}_count`) continue;
    const found = Object.fromEntries([...match[2]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return 0;
}

/** Waits (a bounded number of turns) until the process has written `text`. */
async function outputIncludes(server: RunningServer, text: string): Promise<boolean> {
  for (let i = 0; i < 200 && !server.output().includes(text); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return server.output().includes(text);
}

/** Every line the process wrote, each parsed as JSON (throws on the first that is not). */
const jsonLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });

describe('health, readiness, metrics and 404s (no Redis)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HEAVY_WORKERS: '1', RATE_LIMIT: 'on' });
  });
  afterAll(() => server?.stop());

  it('/healthz answers 200 {"status":"ok"}, for GET and HEAD, uncached', async () => {
    const response = await fetch(server.url + '/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const head = await fetch(server.url + '/healthz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect((await fetch(server.url + '/healthz', { method: 'POST' })).status).toBe(405);
  });

  it('logs a health probe only when it fails (a balancer probes every 500 ms), every other request always', async () => {
    await fetch(server.url + '/healthz');
    await fetch(server.url + '/healthz', { method: 'POST' }); // 405: logged
    await fetch(server.url + '/openapi.json');
    expect(await outputIncludes(server, '"path":"/openapi.json"')).toBe(true); // written when each answer closes, in order
    const paths = jsonLines(server.output()).filter((record) => 'status' in record).map((record) => `${record.method} ${record.path} ${record.status}`);
    expect(paths).toContain('POST /healthz 405');
    expect(paths).toContain('GET /openapi.json 200');
    expect(paths).not.toContain('GET /healthz 200');
  });

  it('/readyz is ready with the pool up and Redis not configured', async () => {
    const response = await fetch(server.url + '/readyz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', checks: { pool: 'ok', redis: 'not configured' } });
  });

  it('probes and scrapes are never rate-limited and need no key', async () => {
    // 30 API calls a minute for an anonymous client: spend them, then probe well past the limit.
    let refused = 0;
    for (let i = 0; i < 32; i++) if ((await post(server, '/api/base64', { input: 'a' })).status === 429) refused++;
    expect(refused).toBeGreaterThan(0);
    for (let i = 0; i < 40; i++) {
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        const response = await fetch(server.url + path);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('ratelimit-limit'), path).toBeNull();
        await response.arrayBuffer();
      }
    }
    const families = await scrape(server);
    expect(sample(families, 'devtoolbox_refusals_total', { reason: 'rate limit' })).toBe(refused);
  });

  it('/metrics is Prometheus text with the default process metrics and the pool gauges', async () => {
    const families = await scrape(server);
    const names = new Set(families.map((f) => f.name));
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(names, name).toContain(name);
    }
    expect(families.find((f) => f.name === 'devtoolbox_tool_calls_total')?.type).toBe('COUNTER');
    expect(families.find((f) => f.name === 'devtoolbox_tool_call_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(sample(families, 'devtoolbox_pool_size')).toBe(1);
    expect(sample(families, 'devtoolbox_pool_queue_depth')).toBe(0);
    expect(sample(families, 'devtoolbox_pool_busy_workers')).toBe(0);
    for (const reason of ['rate limit', 'client busy', 'queue full', 'byte budget']) {
      expect(families.find((f) => f.name === 'devtoolbox_refusals_total')?.metrics.some((m) => m.labels?.reason === reason), reason).toBe(true);
    }
  });

  it.each([
    ['GET', 'text/html,application/xhtml+xml,*/*;q=0.8', 'html'],
    ['GET', '*/*', 'html'],
    ['GET', 'application/json', 'json'],
    ['POST', '*/*', 'json'],
    ['POST', 'text/html', 'html'],
    ['PUT', 'application/json', 'json'],
    ['DELETE', '*/*', 'json'],
    ['HEAD', 'text/html', 'html'],
    ['HEAD', 'application/json', 'json'],
  ])('an unknown path answers 404 to %s with Accept %s (%s)', async (method, accept, kind) => {
    for (const path of ['/no-such-page', '/deep/no/such/path', '/api-docs']) {
      const response = await fetch(server.url + path, { method, headers: { Accept: accept }, ...(method !== 'GET' && method !== 'HEAD' && { body: '{}' }) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type')).toBe(kind === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
      const text = await response.text();
      if (method === 'HEAD') expect(text).toBe('');
      else if (kind === 'html') {
        expect(text).toContain('<div id="app">');
        expect(text).toContain('<title>Page not found · Developer Toolbox</title>');
      } else expect(JSON.parse(text)).toEqual({ error: 'Not found' });
    }
  });

  it('a missing file is a 404 in JSON; a real page or file refuses other methods with 405', async () => {
    const missing = await fetch(server.url + '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found' });
    for (const path of ['/', '/base64', '/index.html']) {
      const response = await fetch(server.url + path, { method: 'POST', body: '{}' });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
    }
    expect((await fetch(server.url + '/base64')).status).toBe(200);
  });
});

describe('metrics count tool calls by door, tool and status', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HEAVY_WORKERS: '1' });
  });
  afterAll(() => server?.stop());

  it('REST and MCP calls move their counters and histograms', async () => {
    const before = await scrape(server);
    const beforeText = await (await fetch(server.url + '/metrics')).text();
    for (let i = 0; i < 3; i++) expect((await post(server, '/api/base64', { input: 'hello' })).status).toBe(200);
    expect((await post(server, '/api/base64', { nope: 1 })).status).toBe(400);
    // Not a tool: no series of its own (label values stay bounded by the registry).
    expect((await post(server, '/api/no-such-tool', {})).status).toBe(404);
    const mcp = await connectHttp(server);
    try {
      await mcp.client.callTool({ name: 'base64', arguments: { input: 'hi' } });
      await mcp.client.callTool({ name: 'base64', arguments: { input: 'hi' } });
    } finally {
      await mcp.close();
    }
    const after = await scrape(server);
    const delta = (labels: Record<string, string>) => sample(after, 'devtoolbox_tool_calls_total', labels) - sample(before, 'devtoolbox_tool_calls_total', labels);
    expect(delta({ door: 'rest', tool: 'base64', status: '200' })).toBe(3);
    expect(delta({ door: 'rest', tool: 'base64', status: '400' })).toBe(1);
    expect(delta({ door: 'mcp', tool: 'base64', status: '200' })).toBe(2);
    expect(after.find((f) => f.name === 'devtoolbox_tool_calls_total')!.metrics.some((m) => m.labels?.tool === 'no-such-tool')).toBe(false);
    const afterText = await (await fetch(server.url + '/metrics')).text();
    const count = (text: string, door: string) => histogramCount(text, 'devtoolbox_tool_call_duration_seconds', { door, tool: 'base64' });
    expect(count(afterText, 'rest') - count(beforeText, 'rest')).toBe(4);
    expect(count(afterText, 'mcp') - count(beforeText, 'mcp')).toBe(2);
  });
});

describe('refusals are counted by reason', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Every request goes to a one-worker pool; one pool task per client; a 64 KiB byte budget.
    server = await startServer({ HEAVY_WORKERS: '1', INLINE_BODY_BYTES: '0', HEAVY_PER_CLIENT: '1', MAX_BUFFERED_BYTES: '65536' });
  });
  afterAll(() => server?.stop());

  it('client busy and byte budget move their counters by the refusals clients saw', async () => {
    const before = await scrape(server);
    // Sent together: the first waits for the worker to start, the others find the client's share used.
    const statuses = await Promise.all(Array.from({ length: 5 }, () => post(server, '/api/base64', { input: 'hello' }).then(async (r) => (await r.arrayBuffer(), r.status))));
    const busy = statuses.filter((status) => status === 429).length;
    expect(busy).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length + busy).toBe(5);
    // Larger than the whole byte budget: refused before its body is read.
    const large = await post(server, '/api/base64', { input: 'x'.repeat(100_000) });
    expect(large.status).toBe(503);
    const after = await scrape(server);
    const delta = (reason: string) => sample(after, 'devtoolbox_refusals_total', { reason }) - sample(before, 'devtoolbox_refusals_total', { reason });
    expect(delta('client busy')).toBe(busy);
    expect(delta('byte budget')).toBe(1);
    expect(delta('rate limit')).toBe(0);
    expect(delta('queue full')).toBe(0);
    // Each answered call counted with its status.
    const calls = (status: string) => sample(after, 'devtoolbox_tool_calls_total', { door: 'rest', tool: 'base64', status }) - sample(before, 'devtoolbox_tool_calls_total', { door: 'rest', tool: 'base64', status });
    expect(calls('429')).toBe(busy);
    expect(calls('503')).toBe(1);
  });
});

describe('a full pool queue is counted', () => {
  it('queue full moves by the 503s clients saw', async () => {
    // No per-client share, no queue: a task beyond the starting worker finds the queue full.
    const server = await startServer({ HEAVY_WORKERS: '1', INLINE_BODY_BYTES: '0', HEAVY_PER_CLIENT: '0', HEAVY_QUEUE: '0' });
    try {
      const statuses = await Promise.all(Array.from({ length: 5 }, () => post(server, '/api/base64', { input: 'hello' }).then(async (r) => (await r.arrayBuffer(), r.status))));
      const full = statuses.filter((status) => status === 503).length;
      expect(full).toBeGreaterThan(0);
      expect(statuses.filter((status) => status === 200).length + full).toBe(5);
      const families = await scrape(server);
      expect(sample(families, 'devtoolbox_refusals_total', { reason: 'queue full' })).toBe(full);
      expect(sample(families, 'devtoolbox_refusals_total', { reason: 'client busy' })).toBe(0);
    } finally {
      await server.stop();
    }
  });
});

describe('metrics settings', () => {
  it('METRICS=off makes /metrics an unknown path', async () => {
    const server = await startServer({ METRICS: 'off' });
    try {
      const response = await fetch(server.url + '/metrics', { headers: { Accept: 'application/json' } });
      expect(response.status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('METRICS_TOKEN asks for the bearer token', async () => {
    const server = await startServer({ METRICS_TOKEN: 's3cret-token' });
    try {
      const none = await fetch(server.url + '/metrics');
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Bearer realm="devtoolbox-metrics"');
      const wrong = await fetch(server.url + '/metrics', { headers: { Authorization: 'Bearer s3cret-tokeN' } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect((await scrape(server, { Authorization: 'Bearer s3cret-token' })).length).toBeGreaterThan(10);
      // Health stays open: the platform's probes carry no token.
      expect((await fetch(server.url + '/readyz')).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('readiness with Redis', () => {
  let redis: RunningRedis;
  let server: RunningServer;
  beforeAll(async () => {
    redis = await startRedis();
    server = await startServer({ REDIS_URL: redis.url, RATE_LIMIT: 'on', HEAVY_WORKERS: '1' });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  it('is ready while Redis answers, 503 naming Redis once it stops; alive throughout', async () => {
    const ready = await fetch(server.url + '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { pool: 'ok', redis: 'ok' } });
    await redis.stop();
    // The client notices the closed connection on its own schedule: ask until it has (bounded).
    let answer: Response | undefined;
    for (let i = 0; i < 200; i++) {
      answer = await fetch(server.url + '/readyz');
      if (answer.status === 503) break;
      await answer.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(answer!.status).toBe(503);
    const body = (await answer!.json()) as { status: string; checks: { pool: string; redis: string } };
    expect(body.status).toBe('not ready');
    expect(body.checks.pool).toBe('ok');
    expect(body.checks.redis).toMatch(/^Redis unreachable/);
    expect((await fetch(server.url + '/healthz')).status).toBe(200);
    // API calls still work (in-process counting), and every line logged so far is JSON.
    expect((await post(server, '/api/base64', { input: 'a' })).status).toBe(200);
    expect(await outputIncludes(server, '"level":"warn","msg":"rate limit: shared store failed')).toBe(true);
    expect(() => jsonLines(server.output())).not.toThrow();
  });
});

describe('process lines', () => {
  it('start-up and shutdown are JSON lines', async () => {
    const server = await startServer();
    await server.stop();
    expect(await outputIncludes(server, 'shut down cleanly'), server.output()).toBe(true);
    const lines = jsonLines(server.output());
    const messages = lines.map((line) => line.msg);
    expect(messages.some((msg) => typeof msg === 'string' && msg.startsWith('listening on http://localhost:'))).toBe(true);
    expect(messages).toContain('shut down cleanly');
    for (const line of lines.filter((l) => 'msg' in l)) {
      expect(typeof line.time).toBe('string');
      expect(['info', 'warn', 'error']).toContain(line.level);
    }
  });

  it('the MCP stdio server writes its lines as JSON on stderr, nothing on stdout', async () => {
    const child = spawn(process.execPath, [MCP_STDIO_ENTRY], { env: { ...process.env, HEAVY_NICE: '20' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('close', resolve))).toBe(1);
    expect(stdout).toBe('');
    const lines = jsonLines(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', msg: 'configuration error: HEAVY_NICE must be an integer from 0 to 19 (got "20")' });
  });

  it('a busy port stops the second server with one JSON line naming the port, exit code 1', async () => {
    const first = await startServer();
    try {
      const port = new URL(first.url).port;
      const second = spawn(process.execPath, [SERVER_ENTRY], { env: { ...process.env, PORT: port, HOST: '127.0.0.1', RATE_LIMIT: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      second.stdout.on('data', (chunk) => (stdout += chunk));
      second.stderr.on('data', (chunk) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
      expect(code).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as Record<string, unknown>;
      expect(line).toMatchObject({ level: 'error', port: Number(port), code: 'EADDRINUSE' });
      expect(line.msg).toBe(`port ${port} is already in use: stop the program listening on it or set PORT to a free port`);
      expect(stderr).not.toMatch(/\n\s+at /);
      // The first server was not disturbed.
      expect((await fetch(first.url + '/healthz')).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
