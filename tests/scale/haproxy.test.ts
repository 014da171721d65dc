// The deployed topology with real processes (compose.yaml's, without containers): Debian's
// haproxy running deploy/haproxy.cfg itself in front of three built servers (dist-server/main.js)
// that share one real redis-server. What an operator relies on:
// 1. the anonymous limit is 30 per client across all instances, and per client, not per proxy
//    (the servers see the address HAProxy appends, and nothing the client wrote before it);
// 2. an instance whose worker queue is full (flooded directly, not through HAProxy) answers
//    503, and HAProxy replays the request on another instance: the client sees no 503;
// 3. an instance killed under load costs no failed requests, and HAProxy takes it out of
//    rotation after `fall` failed health checks.
// HAProxy's own statistics (its runtime socket) are the reference for who served what.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture64 } from '../support/image-fixtures';
import { freePort, startRedis, type RunningRedis } from '../support/redis';
import { startServer, type RunningServer } from '../support/server';

const HAPROXY = process.env.HAPROXY ?? 'haproxy';
// HAPROXY_CFG: another configuration to run the same tests against (a negative control by hand:
// the shipped file without `503` in retry-on lets the flood's 503s through).
const CONFIG = resolve(process.env.HAPROXY_CFG ?? resolve(import.meta.dirname, '../../deploy/haproxy.cfg'));
const KEYS = ['scale-key-1', 'scale-key-2', 'scale-key-3', 'scale-key-4'];
/** The keys of the clients that go through HAProxy while one instance is flooded. */
const FLOOD_KEYS = ['scale-key-5', 'scale-key-6'];

let redis: RunningRedis;
let servers: RunningServer[] = [];
let haproxy: ChildProcess | undefined;
let haproxyOutput = '';
let dir: string;
let socketPath: string;
let port: number;
let healthPath: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request through HAProxy (or straight to `to`), from a chosen loopback address (a distinct client). */
function post(
  path: string,
  body: unknown,
  options: { from?: string; headers?: Record<string, string>; to?: string } = {},
): Promise<Answer> {
  const payload = JSON.stringify(body);
  const target = options.to ? new URL(options.to) : undefined;
  return new Promise((done, fail) => {
    const req = request(
      {
        host: target?.hostname ?? '127.0.0.1',
        port: target?.port ?? port,
        path,
        method: 'POST',
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}

type Stat = Record<string, string>;

/** `show stat` on HAProxy's runtime socket: one row per frontend, server and backend. */
function showStat(): Promise<Stat[]> {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', fail);
    socket.on('end', () => {
      const [header = '', ...rows] = text.trim().split('\n');
      const names = header.replace(/^# /, '').split(',');
      done(rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [names[i], value]))));
    });
    socket.end('show stat\n');
  });
}

async function backendServers(): Promise<Map<string, Stat>> {
  const rows = await showStat();
  return new Map(
    rows.filter((row) => row.pxname === 'app' && /^app\d$/.test(row.svname!)).map((row) => [row.svname!, row]),
  );
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, attempts = 400): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} never happened; haproxy said:\n${haproxyOutput.slice(-2000)}`);
}

/**
 * deploy/haproxy.cfg with only its `# test:` lines rewritten: local addresses and ports instead
 * of compose's service names, a socket in a temporary directory. Every option (checks,
 * retries, forwardfor, balance) is the shipped file's.
 */
function testConfig(statsPort: number): string {
  let server = 0;
  const lines = readFileSync(CONFIG, 'utf8')
    .split('\n')
    .map((line) => {
      const marker = /#\s*test:\s*(.+)$/.exec(line)?.[1]?.trim();
      if (marker === 'stats socket') return `    stats socket ${socketPath} mode 600 level admin`;
      if (marker === 'bind') return `    bind 127.0.0.1:${port}`;
      if (marker === 'stats bind') return `    bind 127.0.0.1:${statsPort}`;
      if (marker === 'server') {
        const url = new URL(servers[server]!.url);
        server++;
        return `    server app${server} 127.0.0.1:${url.port}`;
      }
      return line;
    });
  expect(server, 'deploy/haproxy.cfg names three servers').toBe(3);
  // Until every server has /healthz, check what the built one answers (the cfg asks /healthz).
  return lines.join('\n').replace('option httpchk GET /healthz', `option httpchk GET ${healthPath}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devtoolbox-scale-'));
  socketPath = join(dir, 'haproxy.sock');
  redis = await startRedis();
  // One worker and one waiting place per instance: two heavy requests fill an instance, and the
  // next is refused with a 503 (what HAProxy must then replay elsewhere).
  const env = {
    RATE_LIMIT: 'on',
    REDIS_URL: redis.url,
    TRUST_PROXY: '1',
    HEAVY_WORKERS: '1',
    HEAVY_QUEUE: '1',
    API_KEYS: [...KEYS, ...FLOOD_KEYS].join(','),
    ACCESS_LOG: 'on',
  };
  servers = await Promise.all([startServer(env), startServer(env), startServer(env)]);
  const probe = await fetch(`${servers[0]!.url}/healthz`);
  healthPath = probe.status === 200 ? '/healthz' : '/openapi.json';
  port = await freePort();
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, testConfig(await freePort()));
  // -db: stay in the foreground, logs on stdout; stopped by afterAll with its own pid.
  haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
  haproxy.stdout!.on('data', (chunk) => (haproxyOutput += chunk));
  haproxy.stderr!.on('data', (chunk) => (haproxyOutput += chunk));
  haproxy.once(
    'error',
    (error) => (haproxyOutput += `cannot run ${HAPROXY} (apt-get install haproxy): ${error.message}`),
  );
  await until('all three servers UP in haproxy', async () => {
    if (haproxy!.exitCode !== null) throw new Error(`haproxy exited with ${haproxy!.exitCode}:\n${haproxyOutput}`);
    const stats = await backendServers().catch(() => undefined);
    return stats && stats.size === 3 && [...stats.values()].every((row) => row.status === 'UP') ? true : undefined;
  });
});

afterAll(async () => {
  if (haproxy && haproxy.exitCode === null) {
    const exited = new Promise((r) => haproxy!.once('exit', r));
    haproxy.kill('SIGTERM');
    await exited;
  }
  // A server killed by a test has exited already (with a signal, so no exit code).
  await Promise.all(servers.filter((server) => server.process.signalCode === null).map((server) => server.stop()));
  await redis?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const served = (stats: Map<string, Stat>) => ['app1', 'app2', 'app3'].map((name) => Number(stats.get(name)!.stot));

describe('three instances behind haproxy (deploy/haproxy.cfg)', () => {
  it('admits exactly 30 anonymous requests per client across all instances, counted per client', async () => {
    const before = served(await backendServers());
    const remaining: string[] = [];
    for (let i = 0; i < 30; i++) {
      const answer = await post('/api/hash-generator', { input: `request ${i}` }, { from: '127.0.0.2' });
      expect(answer.status, answer.body).toBe(200);
      remaining.push(String(answer.headers['ratelimit-remaining']));
    }
    // One count shared by all three: 29, 28, … 0 whichever instance answered.
    expect(remaining).toEqual(Array.from({ length: 30 }, (_, i) => String(29 - i)));

    const refused = await post('/api/hash-generator', { input: 'one more' }, { from: '127.0.0.2' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A client cannot name itself someone else: HAProxy appends the address it saw, and the
    // servers trust that one hop only.
    const spoofed = await post(
      '/api/hash-generator',
      { input: 'spoofed' },
      { from: '127.0.0.2', headers: { 'x-forwarded-for': '203.0.113.9' } },
    );
    expect(spoofed.status).toBe(429);

    // Each instance served some of them (HAProxy's per-server session counts).
    const after = served(await backendServers());
    const share = after.map((count, i) => count - before[i]!);
    expect(share.reduce((a, b) => a + b)).toBe(32);
    for (const count of share) expect(count).toBeGreaterThan(0);

    // Another client, through the same proxy, has its own 30.
    const other = await post('/api/hash-generator', { input: 'other client' }, { from: '127.0.0.3' });
    expect(other.status).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('29');
    // The servers logged the client HAProxy saw, never HAProxy's own address (its health
    // checks aside, which carry no X-Forwarded-For). A line is written once its answer has left.
    const apiClients = () =>
      new Set(
        servers.flatMap((server) =>
          [...server.output().matchAll(/"path":"\/api\/hash-generator".*?"client":"([^"]+)"/g)].map((m) => m[1]),
        ),
      );
    await until('the access log of the last request', async () => (apiClients().has('127.0.0.3') ? true : undefined));
    expect(apiClients()).toEqual(new Set(['127.0.0.2', '127.0.0.3']));
  }, 60_000);

  it('replays on another instance a request that a flooded instance refuses (503): no client sees it', async () => {
    // The flood: heavy requests sent to app1 directly (not through HAProxy, so it cannot see
    // them), each from its own address (X-Forwarded-For, which the instances trust for one
    // hop) so that no per-client bound applies, enough at once to keep its worker and queue full.
    const flooded = servers[0]!.url;
    const slow = { image: fixture64('quadrants.png'), width: 2400, height: 2400, format: 'png' };
    const floodAnswers: number[] = [];
    let flooding = true;
    let address = 0;
    const flood = Array.from({ length: 5 }, async () => {
      while (flooding) {
        address++;
        const from = `10.77.${address >> 8}.${address & 255}`;
        const answer = await post('/api/image-resizer', slow, {
          to: flooded,
          headers: { 'x-forwarded-for': from },
        }).catch(() => undefined);
        floodAnswers.push(answer?.status ?? 0);
        if (answer?.status === 503) await new Promise((r) => setTimeout(r, 10));
      }
    });
    await until('app1 refusing the flood with 503', async () => (floodAnswers.includes(503) ? true : undefined), 1200);

    // Meanwhile, clients through HAProxy: small heavy requests (they go to the worker pool too),
    // two at a time, which the two other instances can hold.
    const before = (await backendServers()).get('app1')!;
    const small = { image: fixture64('quadrants.png'), from: 'png', to: 'webp' };
    const answers: Answer[] = [];
    await Promise.all(
      FLOOD_KEYS.map(async (key) => {
        for (let i = 0; i < 12; i++)
          answers.push(await post('/api/image-converter', small, { headers: { authorization: `Bearer ${key}` } }));
      }),
    );
    const after = (await backendServers()).get('app1')!;
    flooding = false;
    await Promise.all(flood);

    // The flood was refused by app1 (the situation the test is about)…
    expect(floodAnswers).toContain(503);
    // …but not one client of HAProxy saw a 503, or anything but a converted image.
    expect(answers.map((a) => `${a.status} ${a.status === 200 ? '' : a.body.slice(0, 120)}`)).toEqual(
      answers.map(() => '200 '),
    );
    for (const answer of answers)
      expect(JSON.parse(answer.body)).toMatchObject({ format: 'webp', width: 40, height: 24 });
    // HAProxy did send requests to app1 and took each one it refused elsewhere (so the zero
    // above tested something). A replayed answer is not counted in app1's hrsp_5xx: its sessions
    // either got their answer there (2xx) or were switched away from it (wredis, for a server
    // row: the times a request left it for another).
    const delta = (field: string) => Number(after[field]) - Number(before[field]);
    console.log(
      `flood: ${floodAnswers.filter((s) => s === 503).length}/${floodAnswers.length} direct requests refused by app1; ` +
        `through haproxy: ${answers.length} answered 200, ${delta('stot')} sent to app1, ${delta('wredis')} of them replayed elsewhere`,
    );
    expect(delta('wredis')).toBeGreaterThan(0);
    expect(delta('stot')).toBe(delta('hrsp_2xx') + delta('wredis'));
    expect(delta('hrsp_5xx')).toBe(0);
  }, 120_000);

  it('keeps answering when an instance is killed under load, and takes it out of rotation', async () => {
    const answers: Answer[] = [];
    const errors: Error[] = [];
    let stop = false;
    let sent = 0;
    const CONCURRENCY = 4;
    // A steady stream from several clients (API keys: 300 a minute each), paced so that the
    // health checks, not the request budget, decide how long the stream lasts.
    const stream = Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (!stop && sent < 1000) {
        sent++;
        try {
          answers.push(
            await post(
              '/api/hash-generator',
              { input: `w${worker}-${sent}` },
              { headers: { authorization: `Bearer ${KEYS[worker]}` } },
            ),
          );
        } catch (error) {
          errors.push(error as Error);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    });

    await until('some answers', async () => (answers.length >= 20 ? true : undefined));
    const victim = servers[0]!;
    const name = 'app1';
    victim.process.kill('SIGKILL');
    const killedAt = performance.now();
    const down = await until(`${name} DOWN`, async () => {
      const stat = (await backendServers()).get(name)!;
      return stat.status?.startsWith('DOWN') ? stat : undefined;
    });
    // Informational only (no assertion on wall time): how long HAProxy took.
    console.log(
      `${name} killed → DOWN in ${Math.round(performance.now() - killedAt)} ms; ${answers.length} answers so far; retried ${down.wretr}, redispatched ${down.wredis}`,
    );
    // More requests after it is out of rotation: none may reach it.
    const atDown = answers.length;
    await until('60 answers after DOWN', async () => (answers.length >= atDown + 60 ? true : undefined));
    stop = true;
    await Promise.all(stream);
    const end = (await backendServers()).get(name)!;

    expect(errors.map((e) => e.message)).toEqual([]);
    // The survivors never failed; requests that met the dead one were retried elsewhere
    // (retry-on conn-failure empty-response), so no 5xx at all, HAProxy's included.
    const failed = answers.filter((a) => a.status !== 200);
    expect(failed.map((a) => `${a.status} ${a.body.slice(0, 80)}`)).toEqual([]);
    expect(sent).toBeLessThan(1000);
    // Out of rotation after exactly `fall 2` failed checks, and nothing sent to it since.
    expect(down.chkfail).toBe('2');
    expect(down.chkdown).toBe('1');
    expect(end.stot).toBe(down.stot);
    // …and requests did meet the dead one before that, and were sent elsewhere (so the
    // zero failures above tested something).
    expect(Number(down.wretr) + Number(down.wredis)).toBeGreaterThan(0);
    const survivors = await backendServers();
    expect(survivors.get('app2')!.status).toBe('UP');
    expect(survivors.get('app3')!.status).toBe('UP');
  }, 60_000);
});
