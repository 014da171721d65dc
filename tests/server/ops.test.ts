// What an operator relies on, against the BUILT server (dist-server/main.js, `npm run build`
// first): liveness and readiness (with a real redis-server stopped and restarted under load),
// Prometheus metrics read by an independent parser (parse-prometheus-text-format) and checked by
// Prometheus's own `promtool check metrics` (when installed), request ids, 404s for unknown
// paths whatever the method, JSON log lines (stderr too, with onnxruntime loaded and $HOME not
// writable), and a busy port reported in one line with exit code 1.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheus from 'parse-prometheus-text-format';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { version } from '../../package.json';
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

/** Whether Prometheus's promtool is installed (Debian's prometheus package; .ci/run installs it). */
const PROMTOOL = spawnSync('promtool', ['--version']).status === 0;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(server.url + path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

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
  for (let i = 0; i < 200 && !server.output().includes(text); i++)
    await new Promise((resolve) => setTimeout(resolve, 10));
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
    // TRUST_PROXY: tests that come after the limit is spent send their own X-Forwarded-For.
    server = await startServer({ HEAVY_WORKERS: '1', RATE_LIMIT: 'on', TRUST_PROXY: '1' });
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
    const paths = jsonLines(server.output())
      .filter((record) => 'status' in record)
      .map((record) => `${record.method} ${record.path} ${record.status}`);
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
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      expect(names, name).toContain(name);
    }
    expect(families.find((f) => f.name === 'devtoolbox_tool_calls_total')?.type).toBe('COUNTER');
    expect(families.find((f) => f.name === 'devtoolbox_tool_call_duration_seconds')?.type).toBe('HISTOGRAM');
    expect(sample(families, 'devtoolbox_pool_size')).toBe(1);
    expect(sample(families, 'devtoolbox_pool_queue_depth')).toBe(0);
    expect(sample(families, 'devtoolbox_pool_busy_workers')).toBe(0);
    for (const reason of ['rate limit', 'client busy', 'queue full', 'byte budget']) {
      expect(
        families.find((f) => f.name === 'devtoolbox_refusals_total')?.metrics.some((m) => m.labels?.reason === reason),
        reason,
      ).toBe(true);
    }
  });

  it('/metrics passes promtool check metrics, with build info and the limiter store (in-process: up, no fallbacks)', async () => {
    // Some traffic first, so histograms and labelled counters have series to check.
    expect(
      (await post(server, '/api/base64', { input: 'promtool' }, { 'X-Forwarded-For': '203.0.113.9' })).status,
    ).toBeLessThan(500);
    const text = await (await fetch(server.url + '/metrics')).text();
    const families = parsePrometheus(text) as Family[];
    const build = families.find((f) => f.name === 'devtoolbox_build_info');
    expect(build?.type).toBe('GAUGE');
    expect(build?.metrics).toEqual([{ value: '1', labels: { version, node: process.version } }]);
    expect(families.find((f) => f.name === 'devtoolbox_rate_limit_store_up')?.metrics).toEqual([
      { value: '1', labels: { store: 'memory' } },
    ]);
    expect(families.find((f) => f.name === 'devtoolbox_rate_limit_fallback_decisions_total')?.type).toBe('COUNTER');
    expect(sample(families, 'devtoolbox_rate_limit_fallback_decisions_total')).toBe(0);
    if (!PROMTOOL) {
      console.warn('promtool not installed (apt-get install prometheus): /metrics not checked by it');
      return;
    }
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it("every answer carries a request id: the caller's when sane, else a fresh one; the access log names it, with a level", async () => {
    const given = 'ops-test-0b7c6a3e-2f4d';
    const answers = {
      api: await post(
        server,
        '/api/base64',
        { input: 'a' },
        { 'X-Request-Id': `${given}-api`, 'X-Forwarded-For': '203.0.113.10' },
      ),
      page: await fetch(server.url + '/base64', { headers: { 'X-Request-Id': `${given}-page` } }),
      file: await fetch(server.url + '/assets/missing.js', { headers: { 'X-Request-Id': `${given}-file` } }),
      health: await fetch(server.url + '/healthz', { method: 'POST', headers: { 'X-Request-Id': `${given}-health` } }),
      metrics: await fetch(server.url + '/metrics', { headers: { 'X-Request-Id': `${given}-metrics` } }),
      mcp: await fetch(server.url + '/mcp', {
        method: 'POST',
        headers: {
          'X-Request-Id': `${given}-mcp`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'X-Forwarded-For': '203.0.113.11',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    };
    for (const [door, response] of Object.entries(answers)) {
      await response.arrayBuffer();
      expect(response.status, door).toBeLessThan(500);
      expect(response.headers.get('x-request-id'), door).toBe(`${given}-${door}`);
    }
    expect(answers.mcp.status).toBe(200);
    // Cross-origin callers may read it where the server lists what they may read.
    for (const door of ['api', 'mcp'] as const)
      expect(answers[door].headers.get('access-control-expose-headers')?.split(/,\s*/), door).toContain('X-Request-Id');
    // Not a sane id (a space, too long, a quote): replaced by a fresh UUID, each time another.
    const made: string[] = [];
    for (const bad of ['two words', 'x'.repeat(129), 'a"b']) {
      const response = await fetch(server.url + '/healthz', { headers: { 'X-Request-Id': bad } });
      made.push(response.headers.get('x-request-id') ?? '');
    }
    const none = await fetch(server.url + '/api', { headers: { 'X-Forwarded-For': '203.0.113.12' } });
    made.push(none.headers.get('x-request-id') ?? '');
    for (const id of made) expect(id).toMatch(UUID);
    expect(new Set(made).size).toBe(made.length);
    expect(await outputIncludes(server, `"request_id":"${made[3]}"`)).toBe(true);
    const records = jsonLines(server.output()).filter((record) => 'status' in record);
    for (const door of ['api', 'page', 'file', 'health', 'metrics', 'mcp']) {
      const record = records.find((r) => r.request_id === `${given}-${door}`);
      expect(record, door).toBeDefined();
      expect(record!.level, door).toBe('info');
    }
    expect(records.find((r) => r.request_id === `${given}-mcp`)).toMatchObject({
      method: 'POST',
      path: '/mcp',
      status: 200,
    });
    for (const record of records) {
      expect(['info', 'error']).toContain(record.level);
      expect(typeof record.request_id).toBe('string');
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
      const response = await fetch(server.url + path, {
        method,
        headers: { Accept: accept },
        ...(method !== 'GET' && method !== 'HEAD' && { body: '{}' }),
      });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.headers.get('content-type')).toBe(
        kind === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      );
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
    const delta = (labels: Record<string, string>) =>
      sample(after, 'devtoolbox_tool_calls_total', labels) - sample(before, 'devtoolbox_tool_calls_total', labels);
    expect(delta({ door: 'rest', tool: 'base64', status: '200' })).toBe(3);
    expect(delta({ door: 'rest', tool: 'base64', status: '400' })).toBe(1);
    expect(delta({ door: 'mcp', tool: 'base64', status: '200' })).toBe(2);
    expect(
      after
        .find((f) => f.name === 'devtoolbox_tool_calls_total')!
        .metrics.some((m) => m.labels?.tool === 'no-such-tool'),
    ).toBe(false);
    const afterText = await (await fetch(server.url + '/metrics')).text();
    const count = (text: string, door: string) =>
      histogramCount(text, 'devtoolbox_tool_call_duration_seconds', { door, tool: 'base64' });
    expect(count(afterText, 'rest') - count(beforeText, 'rest')).toBe(4);
    expect(count(afterText, 'mcp') - count(beforeText, 'mcp')).toBe(2);
  });
});

describe('refusals are counted by reason', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Every request goes to a one-worker pool; one pool task per client; a 64 KiB byte budget.
    server = await startServer({
      HEAVY_WORKERS: '1',
      INLINE_BODY_BYTES: '0',
      HEAVY_PER_CLIENT: '1',
      MAX_BUFFERED_BYTES: '65536',
    });
  });
  afterAll(() => server?.stop());

  it('client busy and byte budget move their counters by the refusals clients saw', async () => {
    const before = await scrape(server);
    // Sent together: the first waits for the worker to start, the others find the client's share used.
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(server, '/api/base64', { input: 'hello' }).then(async (r) => (await r.arrayBuffer(), r.status)),
      ),
    );
    const busy = statuses.filter((status) => status === 429).length;
    expect(busy).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length + busy).toBe(5);
    // Larger than the whole byte budget: refused before its body is read.
    const large = await post(
      server,
      '/api/base64',
      { input: 'x'.repeat(100_000) },
      { 'X-Request-Id': 'refused-for-the-budget' },
    );
    expect(large.status).toBe(503);
    expect(large.headers.get('x-request-id')).toBe('refused-for-the-budget');
    // A 5xx is logged at level error (the server could not serve it).
    expect(await outputIncludes(server, '"request_id":"refused-for-the-budget"')).toBe(true);
    expect(jsonLines(server.output()).find((record) => record.request_id === 'refused-for-the-budget')).toMatchObject({
      level: 'error',
      status: 503,
    });
    const after = await scrape(server);
    const delta = (reason: string) =>
      sample(after, 'devtoolbox_refusals_total', { reason }) - sample(before, 'devtoolbox_refusals_total', { reason });
    expect(delta('client busy')).toBe(busy);
    expect(delta('byte budget')).toBe(1);
    expect(delta('rate limit')).toBe(0);
    expect(delta('queue full')).toBe(0);
    // Each answered call counted with its status.
    const calls = (status: string) =>
      sample(after, 'devtoolbox_tool_calls_total', { door: 'rest', tool: 'base64', status }) -
      sample(before, 'devtoolbox_tool_calls_total', { door: 'rest', tool: 'base64', status });
    expect(calls('429')).toBe(busy);
    expect(calls('503')).toBe(1);
  });
});

describe('a full pool queue is counted', () => {
  it('queue full moves by the 503s clients saw', async () => {
    // No per-client share, no queue: a task beyond the starting worker finds the queue full.
    const server = await startServer({
      HEAVY_WORKERS: '1',
      INLINE_BODY_BYTES: '0',
      HEAVY_PER_CLIENT: '0',
      HEAVY_QUEUE: '0',
    });
    try {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () =>
          post(server, '/api/base64', { input: 'hello' }).then(async (r) => (await r.arrayBuffer(), r.status)),
        ),
      );
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

describe('alerting on the limiter store', () => {
  it.skipIf(!PROMTOOL)(
    "docs/deploy.md's example alert rules pass promtool check rules and name the metrics /metrics has",
    async () => {
      const doc = readFileSync(new URL('../../docs/deploy.md', import.meta.url), 'utf8');
      const block = /\n {2}```yaml\n([\s\S]*?)\n {2}```\n/.exec(
        doc.slice(doc.indexOf('## Redis down is not everything down')),
      )?.[1];
      expect(block).toBeDefined();
      const rules = block!.replace(/^ {2}/gm, '');
      const dir = mkdtempSync(join(tmpdir(), 'ops-rules-'));
      try {
        writeFileSync(join(dir, 'rules.yml'), rules);
        const check = spawnSync('promtool', ['check', 'rules', join(dir, 'rules.yml')], { encoding: 'utf8' });
        expect(check.status, check.stdout + check.stderr).toBe(0);
        expect(check.stdout).toContain('SUCCESS: 2 rules found');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const server = await startServer();
      try {
        const names = new Set((await scrape(server)).map((family) => family.name));
        for (const name of rules.match(/devtoolbox_\w+/g)!) expect(names, name).toContain(name);
      } finally {
        await server.stop();
      }
    },
  );
});

describe('Redis stopped and restarted under load', () => {
  const KEYS = Array.from({ length: 10 }, (_, i) => `load-key-${i}`);
  let redis: RunningRedis;
  let server: RunningServer;
  beforeAll(async () => {
    redis = await startRedis();
    server = await startServer({
      REDIS_URL: redis.url,
      RATE_LIMIT: 'on',
      HEAVY_WORKERS: '1',
      API_KEYS: KEYS.join(','),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
  });

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const storeUp = async () => sample(await scrape(server), 'devtoolbox_rate_limit_store_up', { store: 'redis' });
  const fallbacks = async () => sample(await scrape(server), 'devtoolbox_rate_limit_fallback_decisions_total');
  /** Asks until `read` gives `want` (a bounded number of turns); the last value read. */
  async function until(read: () => Promise<number>, want: (value: number) => boolean): Promise<number> {
    let value = await read();
    for (let i = 0; i < 400 && !want(value); i++) {
      await pause(25);
      value = await read();
    }
    return value;
  }

  it('every instance stays ready and every call is answered; the metrics show the store down, the fallback at work, then the store back', async () => {
    // The load: one client per key (300 a minute each), a call every 50 ms, at most 290 calls
    // each, so no answer may be a 429 whichever store counts; and a probe every 25 ms.
    let stop = false;
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let answered = 0;
    const clients = KEYS.map(async (key) => {
      for (let sent = 0; !stop; await pause(50)) {
        if (sent >= 290) continue;
        sent++;
        try {
          const response = await post(
            server,
            '/api/base64',
            { input: `under load ${sent}` },
            { Authorization: `Bearer ${key}` },
          );
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          answered++;
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    const readiness: { status: number; redis: string }[] = [];
    const prober = (async () => {
      while (!stop) {
        try {
          const response = await fetch(server.url + '/readyz');
          const body = (await response.json()) as { checks: { redis: string } };
          readiness.push({ status: response.status, redis: body.checks.redis });
        } catch (error) {
          failures.push(`readyz: ${String(error)}`);
        }
        await pause(25);
      }
    })();
    const answeredAfter = async (more: number) => {
      const target = answered + more;
      await until(
        async () => answered,
        (value) => value >= target,
      );
      return answered >= target;
    };

    try {
      expect(await answeredAfter(20)).toBe(true);
      expect(await storeUp()).toBe(1);
      expect(await fallbacks()).toBe(0);

      await redis.stop();
      expect(await until(storeUp, (up) => up === 0)).toBe(0);
      // The load goes on, counted in-process: the counter moves.
      expect(await until(fallbacks, (count) => count >= 20)).toBeGreaterThanOrEqual(20);

      redis = await startRedis(redis.port);
      expect(await until(storeUp, (up) => up === 1)).toBe(1);
      // Back on Redis: once the calls in flight at the switch are answered, no more fallbacks.
      expect(await answeredAfter(20)).toBe(true);
      const settled = await fallbacks();
      expect(await answeredAfter(20)).toBe(true);
      expect(await fallbacks()).toBe(settled);
    } finally {
      stop = true;
      await Promise.all([...clients, prober]);
    }

    expect(failures).toEqual([]);
    // Every call answered 200: no 5xx, and no 429 either (each key stayed under its limit).
    expect([...statuses.keys()]).toEqual([200]);
    expect(readiness.length).toBeGreaterThan(10);
    expect(readiness.filter((probe) => probe.status !== 200)).toEqual([]);
    // The probes saw the outage (reported, not failed) and the return.
    expect(
      readiness.some((probe) =>
        /^Redis unreachable \(.*\): rate limits counted in-process until it is back$/.test(probe.redis),
      ),
    ).toBe(true);
    expect(readiness.at(-1)!.redis).toBe('ok');
    expect((await fetch(server.url + '/healthz')).status).toBe(200);
    // The change of store was logged once each way, and every line is JSON.
    const messages = jsonLines(server.output()).map((line) => String(line.msg ?? ''));
    expect(messages.filter((msg) => msg.startsWith('rate limit: shared store failed'))).toHaveLength(1);
    expect(messages.filter((msg) => msg.startsWith('rate limit: shared store is back'))).toHaveLength(1);
  }, 120_000);
});

describe('process lines', () => {
  it('start-up and shutdown are JSON lines', async () => {
    const server = await startServer();
    await server.stop();
    expect(await outputIncludes(server, 'shut down cleanly'), server.output()).toBe(true);
    const lines = jsonLines(server.output());
    const messages = lines.map((line) => line.msg);
    expect(messages.some((msg) => typeof msg === 'string' && msg.startsWith('listening on http://localhost:'))).toBe(
      true,
    );
    expect(messages).toContain('shut down cleanly');
    for (const line of lines.filter((l) => 'msg' in l)) {
      expect(typeof line.time).toBe('string');
      expect(['info', 'warn', 'error']).toContain(line.level);
    }
  });

  it('with $HOME not writable, a background removal leaves stderr JSON lines only (onnxruntime telemetry off)', async () => {
    // A HOME below a regular file cannot be written, even by root (chmod does not stop root).
    const dir = mkdtempSync(join(tmpdir(), 'ops-home-'));
    writeFileSync(join(dir, 'file'), '');
    const env: Record<string, string | undefined> = {
      ...process.env,
      HOME: join(dir, 'file', 'home'),
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      TOOL_TIMEOUT_MS: '200000',
    };
    delete env.XDG_CACHE_HOME;
    delete env.ORT_DISABLE_TELEMETRY;
    // Its working directory too: with telemetry on and no writable HOME, onnxruntime wrote a
    // session file (`:memory:.ses`) there.
    const cwd = join(dir, 'cwd');
    mkdirSync(cwd);
    const child = spawn(process.execPath, [SERVER_ENTRY], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let written: string[] = [];
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
        });
        child.once('exit', (code) =>
          reject(
            new Error(`server exited with ${code}:
${stdout}${stderr}`),
          ),
        );
      });
      const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#fafafa' } })
        .png()
        .toBuffer();
      const response = await fetch(`${url}/api/background-remover`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ image: png.toString('base64') }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      await response.arrayBuffer();
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      written = readdirSync(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(written).toEqual([]);
    expect(stderr).not.toContain('telemetry');
    expect(() => jsonLines(stderr)).not.toThrow();
    expect(() => jsonLines(stdout)).not.toThrow();
  }, 240_000); // a model load and run on a shared 2-core machine

  it('the MCP stdio server writes its lines as JSON on stderr, nothing on stdout', async () => {
    const child = spawn(process.execPath, [MCP_STDIO_ENTRY], {
      env: { ...process.env, HEAVY_NICE: '20' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    expect(await new Promise((resolve) => child.once('close', resolve))).toBe(1);
    expect(stdout).toBe('');
    const lines = jsonLines(stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'error',
      msg: 'configuration error: HEAVY_NICE must be an integer from 0 to 19 (got "20")',
    });
  });

  it('a busy port stops the second server with one JSON line naming the port, exit code 1', async () => {
    const first = await startServer();
    try {
      const port = new URL(first.url).port;
      const second = spawn(process.execPath, [SERVER_ENTRY], {
        env: { ...process.env, PORT: port, HOST: '127.0.0.1', RATE_LIMIT: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
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
      expect(line.msg).toBe(
        `port ${port} is already in use: stop the program listening on it or set PORT to a free port`,
      );
      expect(stderr).not.toMatch(/\n\s+at /);
      // The first server was not disturbed.
      expect((await fetch(first.url + '/healthz')).status).toBe(200);
    } finally {
      await first.stop();
    }
  });
});
