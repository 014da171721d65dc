// The Node server under hostile or careless clients, against the built server: security headers,
// slow clients cut off by header/request timeouts, keep-alive limits, a graceful SIGTERM, the
// access log, and heavy tools in the worker pool (time limit, bounded queue, light requests
// answered while the pool is busy, workers at a lower OS priority than the event loop).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { connect, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';

/**
 * The answer to a request stopped by the time limit: the 400 for an input too heavy, or, when
 * the task waited for a CPU longer than it ran (a busy machine), the 503 + Retry-After saying so.
 */
function expectTimeLimitAnswer(status: number, retryAfter: string | null, error: string, limit: string): void {
  if (status === 503) {
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(error).toBe(
      `The server was too busy to finish this request within its time limit of ${limit}. Retry after ${retryAfter} seconds.`,
    );
  } else {
    expect(status).toBe(400);
    expect(error).toBe(`Processing took longer than the limit of ${limit}; send a smaller or simpler input.`);
  }
}

const STATIC_DIR = resolve(process.env.STATIC_DIR ?? resolve(import.meta.dirname, '../../dist'));

/** A raw TCP connection to the server, recording everything it answers and whether it closed. */
function open(server: RunningServer): Promise<{ socket: Socket; received: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolveOpen, reject) => {
    const socket = connect(Number(port), hostname);
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('error', () => {}); // a reset is one way to be cut off; `closed` still settles
    socket.once('connect', () => resolveOpen({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte per `everyMs` until the server closes the connection; returns bytes sent. */
async function trickle(socket: Socket, text: string, everyMs: number, closed: Promise<void>): Promise<number> {
  let gone = false;
  void closed.then(() => (gone = true));
  let sent = 0;
  for (const byte of text) {
    if (gone || socket.destroyed) break;
    socket.write(byte);
    sent++;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return sent;
}

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('pages and every static file carry a strict CSP that still allows WASM and our workers', async () => {
    const html = readFileSync(join(STATIC_DIR, 'index.html'), 'utf8');
    // Named relative to the page (one build for any base path): its path from the root.
    const script = new URL(/<script[^>]*src="([^"]+)"/.exec(html)![1]!, 'http://app.test/').pathname;
    for (const path of ['/', '/base64', '/no-such-page', script, '/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(server.url + path);
      // An unknown path is the app's not-found page, answered 404 with the same headers.
      expect(response.status, path).toBe(path === '/no-such-page' ? 404 : 200);
      const csp = directives(response.headers.get('content-security-policy') ?? '');
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
      // Cross-origin isolated, so the background-removal model runs on threads.
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      // Nothing inline, nothing evaluated, no other origin.
      for (const values of csp.values())
        for (const value of values) expect(value).not.toMatch(/unsafe-inline|'unsafe-eval'|^\*|^https?:/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('permissions-policy')).not.toContain('clipboard');
      await response.body?.cancel();
    }
  });

  it('the built app needs nothing the policy forbids: no inline script, handler or style', () => {
    const html = readFileSync(join(STATIC_DIR, 'index.html'), 'utf8');
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
    expect(html).not.toMatch(/<script\b[^>]*>[^<\s]/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<style\b|\sstyle\s*=/i);
  });

  it('API answers carry nosniff and a policy that runs nothing', async () => {
    for (const response of [
      await fetch(server.url + '/api/base64', { method: 'POST', body: '{"input":"x"}' }),
      await fetch(server.url + '/api/nope', { method: 'POST', body: '{}' }),
      await fetch(server.url + '/openapi.json'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      await response.body?.cancel();
    }
  });
});

describe('slow clients', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ HEADERS_TIMEOUT_MS: '600', REQUEST_TIMEOUT_MS: '1500', KEEP_ALIVE_TIMEOUT_MS: '300' });
  });
  afterAll(() => server?.stop());

  it('cuts off a client that sends its headers byte by byte (slowloris) with a 408', async () => {
    const { socket, received, closed } = await open(server);
    const headers = 'GET / HTTP/1.1\r\nHost: localhost\r\n' + `X-Slow: ${'a'.repeat(400)}\r\n\r\n`;
    const sent = await trickle(socket, headers, 20, closed);
    await closed;
    expect(sent).toBeLessThan(headers.length);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends anything', async () => {
    const { received, closed } = await open(server);
    await closed;
    expect(received()).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('cuts off a body that trickles in (request timeout)', async () => {
    const { socket, received, closed } = await open(server);
    socket.write(
      'POST /api/base64 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const body = '{"input":"' + 'a'.repeat(986) + '"}';
    const sent = await trickle(socket, body, 20, closed);
    await closed;
    expect(sent).toBeLessThan(body.length);
    expect(received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const { socket, received, closed } = await open(server);
    socket.write('GET /api HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed;
    // Closed by the server although the client never asked for it.
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).not.toMatch(/Connection: close/i);
  });

  it('answers 413 from Content-Length before any of the body is sent, and keeps serving', async () => {
    const { socket, received, closed } = await open(server);
    socket.write(
      `POST /api/base64 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${64 * 1024 * 1024}\r\n\r\n`,
    );
    while (!received().includes('\r\n\r\n{')) await new Promise((r) => setTimeout(r, 10));
    expect(received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(received()).toContain('{"error":"Request body exceeds 16 MiB"}');
    socket.destroy();
    await closed;
    expect((await fetch(server.url + '/api/base64', { method: 'POST', body: '{"input":"x"}' })).status).toBe(200);
  });
});

describe('graceful shutdown on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, and exits 0', async () => {
    const server = await startServer();
    const idle = await open(server); // a keep-alive connection that is not in the middle of anything
    idle.socket.write('GET /api HTTP/1.1\r\nHost: localhost\r\n\r\n');
    while (!idle.received().includes('"tools"')) await new Promise((r) => setTimeout(r, 10));

    const body = JSON.stringify({ input: 'in flight' });
    const busy = await open(server);
    // Expect: 100-continue: the server's "100 Continue" proves the request reached the handler.
    busy.socket.write(
      `POST /api/base64 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    busy.socket.write(body.slice(0, 5));
    while (!busy.received().includes('100 Continue')) await new Promise((r) => setTimeout(r, 10));

    const exited = new Promise<number | null>((done) => server.process.once('exit', (code) => done(code)));
    server.process.kill('SIGTERM');
    while (!server.output().includes('shutting down on SIGTERM')) await new Promise((r) => setTimeout(r, 10));
    expect(server.output()).toContain('finishing 1 request(s)');
    await idle.closed; // the idle connection is let go at once

    const { port } = new URL(server.url);
    const refused = await new Promise<string>((done) => {
      const socket = connect(Number(port), '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), done('connected')));
      socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    busy.socket.write(body.slice(5));
    await busy.closed;
    const answer = busy.received();
    expect(answer).toMatch(/HTTP\/1\.1 200 OK/);
    expect(answer).toMatch(/Connection: close/i);
    expect(answer.slice(answer.lastIndexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({
        output: Buffer.from('in flight').toString('base64'),
        valid: true,
        encoding: 'standard',
        byte_length: 9,
      }),
    );
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shut down cleanly');
  });
});

describe('configuration mistakes', () => {
  it.each([
    [{ RATE_LIMIT: 'maybe' }, 'RATE_LIMIT must be "on" or "off"'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: trusting every hop'],
    [{ TRUST_PROXY: '10.0.0.0/8, proxy.example' }, 'TRUST_PROXY: "proxy.example" is not an address'],
    [{ HEAVY_TOOLS: 'image-converter,nope' }, 'HEAVY_TOOLS names no tool: nope'],
    [{ HEAVY_WORKERS: '-1' }, 'HEAVY_WORKERS must be an integer of at least 0'],
    [{ HEAVY_NICE: '20' }, 'HEAVY_NICE must be an integer from 0 to 19'],
    [{ API_KEYS_FILE: '/nonexistent/keys.txt' }, 'ENOENT'],
  ])('%j stops the server with one line naming it', async (env, message) => {
    const failure = await startServer(env).then(
      async (server) => (await server.stop(), 'started'),
      (error: Error) => error.message,
    );
    expect(failure).toContain('server exited with 1');
    // One JSON line (logger.ts), its msg naming the mistake.
    const lines = failure.split('\n').filter((line) => line.startsWith('{'));
    expect(
      lines
        .map((line) => (JSON.parse(line) as { msg: string }).msg)
        .some((msg) => msg.includes(`configuration error: ${message}`)),
    ).toBe(true);
    expect(failure).not.toMatch(/\n\s+at /);
  });
});

describe('access log', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT: 'on', API_KEYS: 'log-test-key' });
  });
  afterAll(() => server?.stop());

  it('writes one JSON line per request, without query strings, headers or bodies', async () => {
    await fetch(server.url + '/api/base64?token=secret-in-query', {
      method: 'POST',
      body: '{"input":"secret-in-body"}',
      headers: { Authorization: 'Bearer log-test-key' },
    });
    await fetch(server.url + '/base64?q=secret-in-page-query');
    await fetch(server.url + '/api/base64', {
      method: 'POST',
      body: '{}',
      headers: { 'X-API-Key': 'secret-wrong-key' },
    });
    // Access records are the JSON lines with a method (the process's own lines are JSON too: logger.ts).
    const accessRecords = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .filter((r) => 'method' in r);
    while (accessRecords().length < 3) await new Promise((r) => setTimeout(r, 10));
    const records = accessRecords();
    // Written when each answer ends, so not necessarily in the order the requests started.
    expect(records.map((r) => [r.method, r.path, r.status]).sort()).toEqual([
      ['GET', '/base64', 200],
      ['POST', '/api/base64', 200],
      ['POST', '/api/base64', 401],
    ]);
    for (const record of records) {
      expect(Object.keys(record)).toEqual([
        'time',
        'level',
        'method',
        'path',
        'status',
        'ms',
        'bytes',
        'client',
        'request_id',
      ]);
      expect(new Date(record.time).toISOString()).toBe(record.time);
      expect(record.ms).toBeGreaterThanOrEqual(0);
      expect(record.bytes).toBeGreaterThan(0);
      expect(record.client).toBe('127.0.0.1');
    }
    expect(server.output()).not.toMatch(/secret|log-test-key/);
  });
});

/** The nice value of each thread of a process, by thread id, as the kernel reports it (Linux). */
function threadNiceness(pid: number): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // proc(5): after "pid (comm) " come the fields from `state` on; `nice` is field 19.
    niceness.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19 - 3]));
  }
  return niceness;
}

describe('heavy tools in the worker pool', () => {
  const big = (algorithm: string, size = 12 * 1024 * 1024) => JSON.stringify({ input: 'x'.repeat(size), algorithm });
  const post = (server: RunningServer, slug: string, body: string) =>
    fetch(`${server.url}/api/${slug}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  describe('a pool of one worker, a queue of four', () => {
    let server: RunningServer;
    beforeAll(async () => {
      // hash-generator is light in the registry; HEAVY_TOOLS moves it into the pool, which makes
      // it a controllable CPU-heavy tool for these tests.
      server = await startServer({
        HEAVY_TOOLS: 'hash-generator',
        HEAVY_WORKERS: '1',
        HEAVY_QUEUE: '4',
        HEAVY_PER_CLIENT: '0',
      });
    });
    afterAll(() => server?.stop());

    it('answers exactly as the tool does (checked against node:crypto)', async () => {
      for (const [algorithm, input] of [
        ['sha256', 'héllo'],
        ['sha512', 'x'.repeat(100_000)],
        ['md5', 'a'],
      ] as const) {
        const response = await post(server, 'hash-generator', JSON.stringify({ input, algorithm }));
        expect(response.status).toBe(200);
        expect((await response.json()).hash).toBe(createHash(algorithm).update(input, 'utf8').digest('hex'));
      }
      const invalid = await post(server, 'hash-generator', JSON.stringify({ input: 1 }));
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).issues[0].path).toEqual(['input']);
    });

    it('keeps answering light requests while the pool works through heavy ones', async () => {
      const heavy = [0, 1, 2].map(() =>
        post(server, 'hash-generator', big('sha512')).then(async (r) => (await r.json(), r.status)),
      );
      let outstanding = true;
      void Promise.all(heavy).then(() => (outstanding = false));
      let lightWhileBusy = 0;
      while (outstanding) {
        const light = await post(server, 'base64', '{"input":"light"}');
        expect(light.status).toBe(200);
        await light.json();
        if (outstanding) lightWhileBusy++;
      }
      expect(await Promise.all(heavy)).toEqual([200, 200, 200]);
      expect(lightWhileBusy).toBeGreaterThan(3);
    });

    it.runIf(process.platform === 'linux')(
      'runs its worker at nice 19 and the event loop at the priority it was started with',
      async () => {
        expect((await post(server, 'hash-generator', '{"input":"a"}')).status).toBe(200); // the worker exists
        const pid = server.process.pid!;
        const niceness = threadNiceness(pid);
        expect(niceness.get(pid)).toBe(getPriority()); // the main thread: as this process started it
        expect([...niceness.values()].filter((nice) => nice === 19)).toHaveLength(
          getPriority() === 19 ? niceness.size : 1,
        );
      },
    );
  });

  describe('HEAVY_NICE=0', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ HEAVY_TOOLS: 'hash-generator', HEAVY_WORKERS: '1', HEAVY_NICE: '0' });
    });
    afterAll(() => server?.stop());

    it.runIf(process.platform === 'linux')(
      'leaves every thread at the priority the server was started with',
      async () => {
        expect((await post(server, 'hash-generator', '{"input":"a"}')).status).toBe(200);
        expect(new Set(threadNiceness(server.process.pid!).values())).toEqual(new Set([getPriority()]));
      },
    );
  });

  describe('a pool of one worker and no queue', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        HEAVY_TOOLS: 'hash-generator',
        HEAVY_WORKERS: '1',
        HEAVY_QUEUE: '0',
        HEAVY_PER_CLIENT: '0',
      });
    });
    afterAll(() => server?.stop());

    it('answers requests beyond the queue with 503 and Retry-After, and the rest with 200', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => post(server, 'hash-generator', big('sha512', 4 * 1024 * 1024))),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
      for (const response of responses.filter((r) => r.status === 503)) {
        const seconds = Number(response.headers.get('retry-after'));
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(await response.json()).toEqual({
          error: `The server is busy with other heavy requests. Retry after ${seconds} seconds.`,
        });
      }
    });
  });

  describe('two heavy requests per client', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        HEAVY_TOOLS: 'hash-generator',
        HEAVY_WORKERS: '1',
        HEAVY_QUEUE: '8',
        TRUST_PROXY: 'loopback',
      });
    });
    afterAll(() => server?.stop());

    it('a third one from the same client is a 429 with Retry-After; another client still gets in', async () => {
      const from = (address: string) => ({ 'Content-Type': 'application/json', 'X-Forwarded-For': address });
      const send = (address: string) =>
        fetch(`${server.url}/api/hash-generator`, {
          method: 'POST',
          headers: from(address),
          body: big('sha512', 4 * 1024 * 1024),
        });
      const responses = await Promise.all([
        send('198.51.100.1'),
        send('198.51.100.1'),
        send('198.51.100.1'),
        send('198.51.100.2'),
      ]);
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
      expect(statuses[3]).toBe(200);
      const refused = responses.find((r) => r.status === 429)!;
      const seconds = Number(refused.headers.get('retry-after'));
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect((await refused.json()).error).toBe(
        `Too many requests at once: at most 2 large or heavy requests per client may run or wait at a time. Retry after ${seconds} seconds.`,
      );
      await Promise.all(responses.filter((r) => !r.bodyUsed).map((r) => r.body?.cancel()));
    });
  });

  describe('a time limit of 10 ms', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ HEAVY_TOOLS: 'hash-generator', HEAVY_WORKERS: '1', TOOL_TIMEOUT_MS: '10' });
    });
    afterAll(() => server?.stop());

    it('answers a task that runs too long with a 400 that says so, and the next task runs', async () => {
      const response = await post(server, 'hash-generator', big('sha512'));
      // Or, on a machine so busy that the task waited for a CPU longer than it ran, the 503 that
      // says so (docs/limits.md; tests/server/busy-timeouts.test.ts tells the two apart).
      expectTimeLimitAnswer(
        response.status,
        response.headers.get('retry-after'),
        ((await response.json()) as { error: string }).error,
        '10 ms',
      );
      // The worker was replaced: a fresh one answers (its start-up does not count against the limit).
      let status = 0;
      for (let attempt = 0; attempt < 20 && status !== 200; attempt++)
        status = (await post(server, 'hash-generator', '{"input":"a"}')).status;
      expect(status).toBe(200);
      expect(server.output()).not.toMatch(/internal error/i);
    });
  });

  describe('json-formatter repair, with a time limit of 10 ms', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ HEAVY_WORKERS: '1', TOOL_TIMEOUT_MS: '10' });
    });
    afterAll(() => server?.stop());

    it('runs a repair of more than 1024 characters in the pool, whatever its size, and a small one here', async () => {
      // 16 KB of missing commas: far under INLINE_BODY_BYTES, yet the pool's deadline stops it.
      const slow = await post(
        server,
        'json-formatter',
        JSON.stringify({ json: '[' + ' 1'.repeat(8000), repair: true }),
      );
      expectTimeLimitAnswer(
        slow.status,
        slow.headers.get('retry-after'),
        ((await slow.json()) as { error: string }).error,
        '10 ms',
      );
      const small = await post(
        server,
        'json-formatter',
        JSON.stringify({ json: '[1 2', repair: true, mode: 'minify' }),
      );
      expect(await small.json()).toEqual({ output: '[1,2]', valid: true, repaired: true });
    });
  });

  describe('requests larger than INLINE_BODY_BYTES, with a time limit of 10 ms', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ HEAVY_WORKERS: '1', TOOL_TIMEOUT_MS: '10', INLINE_BODY_BYTES: '1000' });
    });
    afterAll(() => server?.stop());

    it('run any tool in the pool, under its deadline; small ones stay on the event loop', async () => {
      // base64 is light: a small request answers here, whatever the pool's limit.
      expect((await post(server, 'base64', '{"input":"hi"}')).status).toBe(200);
      const large = await post(server, 'base64', JSON.stringify({ input: 'x'.repeat(8 * 1024 * 1024) }));
      expectTimeLimitAnswer(
        large.status,
        large.headers.get('retry-after'),
        ((await large.json()) as { error: string }).error,
        '10 ms',
      );
      // Parsed in the worker: a large body that is not JSON gets the same 400 as anywhere. On a
      // loaded machine even that parse can miss the 10 ms deadline: such an answer (a time-limit
      // 400 or a busy 503, checked as such) is retried, as a caller would.
      let invalid: { status: number; retryAfter: string | null; error: string } | undefined;
      for (let attempt = 0; attempt < 20 && invalid?.error !== 'Invalid JSON body'; attempt++) {
        if (invalid) expectTimeLimitAnswer(invalid.status, invalid.retryAfter, invalid.error, '10 ms');
        const response = await post(server, 'base64', '{' + ' '.repeat(5000));
        const { error } = (await response.json()) as { error: string };
        invalid = { status: response.status, retryAfter: response.headers.get('retry-after'), error };
      }
      expect(invalid).toMatchObject({ status: 400, error: 'Invalid JSON body' });
    });
  });
});

describe('memory bounds', () => {
  const post = (server: RunningServer, body: string) =>
    fetch(`${server.url}/api/base64`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });

  describe('a budget of 1 MiB of request bodies in flight (MAX_BUFFERED_BYTES)', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ MAX_BUFFERED_BYTES: String(1024 * 1024) });
    });
    afterAll(() => server?.stop());

    it('refuses a body that would pass it with 503 and Retry-After before reading it, and serves the rest', async () => {
      const response = await post(server, JSON.stringify({ input: 'x'.repeat(2 * 1024 * 1024) }));
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await response.json()).error).toMatch(
        /^The server is receiving too much data at once\. Retry after \d+ seconds\.$/,
      );
      // The budget is given back with each answer: many smaller bodies in a row all pass.
      for (let i = 0; i < 5; i++)
        expect((await post(server, JSON.stringify({ input: 'y'.repeat(512 * 1024) }))).status).toBe(200);
    });
  });

  describe('a write timeout of 500 ms (WRITE_TIMEOUT_MS)', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ WRITE_TIMEOUT_MS: '500' });
    });
    afterAll(() => server?.stop());

    it('closes the connection of a client that never reads its large answer', async () => {
      const { hostname, port } = new URL(server.url);
      const body = JSON.stringify({ input: 'z'.repeat(12 * 1024 * 1024) });
      const socket = connect(Number(port), hostname);
      socket.pause(); // never reads: the answer (16 MB of Base64) cannot leave the server
      const closed = new Promise<void>((done) => socket.once('close', () => done()));
      socket.write(
        `POST /api/base64 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      socket.write(body);
      while (!server.output().includes('answer not read; connection closed'))
        await new Promise((resolve) => setTimeout(resolve, 20));
      // Reading now, the client gets what had left before the cut, then the end of the connection.
      let received = 0;
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.resume();
      await closed;
      expect(received).toBeGreaterThan(0);
      expect(received).toBeLessThan(16 * 1024 * 1024);
      expect((await post(server, '{"input":"still here"}')).status).toBe(200);
    });

    it('logs a client that leaves during its upload as an info line, not an internal error', async () => {
      const { hostname, port } = new URL(server.url);
      const socket = connect(Number(port), hostname);
      socket.write(
        `POST /api/base64 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n{"input":"`,
      );
      socket.write('a'.repeat(100_000), () => socket.destroy());
      while (!server.output().includes('client left during upload'))
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.output()).not.toMatch(/internal error/i);
    });
  });
});
