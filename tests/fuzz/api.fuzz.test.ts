// Fuzzing the built Node server over real sockets (fast-check). Requests are generated from each
// tool's OpenAPI input schema and examples (GET /openapi.json), then mutated: wrong types, huge
// strings, deep nesting, prototype keys, invalid UTF-8, JSON bombs, awkward numbers and unicode,
// wrong content types, chunked bodies split anywhere, odd methods and paths.
// Properties: never a 5xx (nor a hang), every error is `{error}` without internals, the server
// stays up, and its memory (RSS) stays bounded.
//
// Bounded by time: FUZZ_SECONDS (default 60) shared between the properties; bench/fuzz-long.mjs
// runs the same suite for longer.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import {
  bombBody,
  contentType,
  encodeBody,
  fromSchema,
  mutateField,
  operations,
  type Operation,
  type Schema,
} from './generators';

const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
/**
 * RSS ceiling for the server process. Its working set is large by design: the segmentation model
 * (~600 MB) loads once in the main thread (for the documented examples) and once per heavy
 * worker, and an image decoder may hold a 40-megapixel canvas; a leak, at thousands of requests
 * a minute, would pass any fixed ceiling in seconds. Long runs also check the trend (below).
 */
const RSS_LIMIT_MB = Number(process.env.FUZZ_RSS_LIMIT_MB ?? 3072);

let server: RunningServer;
let ops: Operation[];
let components: Record<string, Schema>;
let maxRssMb = 0;
const rssSamples: number[] = [];
let sampler: ReturnType<typeof setInterval>;
let requests = 0;

function rssMb(): number {
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

beforeAll(async () => {
  // Defaults except the access log (a line per request is not what is being tested here).
  server = await startServer({ ACCESS_LOG: 'off' });
  ({ operations: ops, components } = operations(await (await fetch(server.url + '/openapi.json')).json()));
  const started = Date.now();
  sampler = setInterval(() => {
    if (server.process.exitCode !== null) return;
    const mb = rssMb();
    rssSamples.push(mb);
    maxRssMb = Math.max(maxRssMb, mb);
    phaseMaxMb = Math.max(phaseMaxMb, mb);
    // Long runs (bench/fuzz-long.mjs) show the trend once a minute: a leak climbs, a cache levels off.
    if (SECONDS > 120 && rssSamples.length % 300 === 0)
      console.log(
        `fuzz: ${Math.round((Date.now() - started) / 1000)} s, ${requests} requests, server RSS ${Math.round(mb)} MB (max ${Math.round(maxRssMb)} MB)`,
      );
  }, 200);
});

// The peak of each property, to tell which kind of request costs memory.
let phaseMaxMb = 0;
beforeEach(() => {
  phaseMaxMb = 0;
});
afterEach((context) => {
  if (phaseMaxMb) console.log(`fuzz: "${context.task.name}": server RSS max ${Math.round(phaseMaxMb)} MB`);
});

afterAll(async () => {
  clearInterval(sampler);
  console.log(
    `fuzz: ${requests} requests; server RSS max ${Math.round(maxRssMb)} MB (first ${Math.round(rssSamples[0] ?? 0)} MB, last ${Math.round(rssSamples.at(-1) ?? 0)} MB)`,
  );
  await server?.stop();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Split points: the body goes out chunked, in these pieces. */
  splits?: number[];
}

function send(request: Sent): Promise<{ status: number; body: string }> {
  requests++;
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...request.headers };
    if (!request.splits) headers['Content-Length'] = String(request.body.length);
    const req = httpRequest({ host: hostname, port, method: request.method, path: request.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    if (request.splits) {
      let from = 0;
      for (const at of [...request.splits].sort((a, b) => a - b)) {
        req.write(request.body.subarray(from, at));
        from = at;
      }
      req.end(request.body.subarray(from));
    } else req.end(request.body);
  });
}

const describeSent = (r: Sent) =>
  `${r.method} ${r.path} ${JSON.stringify(r.headers)} ${r.body.length} bytes${r.splits ? ' chunked' : ''}: ${JSON.stringify(r.body.subarray(0, 300).toString('latin1'))}`;

/** The properties every answer must have. */
async function check(request: Sent): Promise<void> {
  let reply;
  try {
    reply = await send(request);
  } catch (error) {
    throw new Error(`no answer (${(error as Error).message}) to ${describeSent(request)}`);
  }
  const problem = (what: string) =>
    new Error(`${what}: ${reply.status} ${reply.body.slice(0, 300)}\nfor ${describeSent(request)}`);
  if (reply.status >= 500) throw problem('a 5xx');
  // 406/415: the MCP transport's own answers to a missing Accept or a wrong Content-Type.
  // 429: a client's share of the worker pool (2 requests) is in use — a property that ran out of
  // time (interruptAfterTimeLimit) leaves its request running while the next one starts.
  if (![200, 204, 400, 404, 405, 406, 413, 415, 429].includes(reply.status)) throw problem('an unexpected status');
  if (reply.status >= 400 && request.method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(reply.body);
    } catch {
      if (request.path.startsWith('/api')) throw problem('an error that is not JSON');
      return;
    }
    if (request.path.startsWith('/api') && typeof (parsed as { error?: unknown }).error !== 'string')
      throw problem('an error without `error`');
    if (/\n\s+at |node_modules|file:\/\/|\.ts:\d+|\.js:\d+/.test(reply.body)) throw problem('internals in an error');
  }
  if (server.process.exitCode !== null) throw new Error(`the server exited after ${describeSent(request)}`);
}

/**
 * Runs for a share of FUZZ_SECONDS. On failure, reports the seed and the request in brief (the
 * generated values can be megabytes; fast-check would print them whole).
 */
const run = (fraction: number): fc.Parameters<unknown> => ({
  numRuns: Number.MAX_SAFE_INTEGER,
  interruptAfterTimeLimit: Math.max(1_000, SECONDS * 1000 * fraction),
  markInterruptAsFailure: false,
  endOnFailure: true,
  asyncReporter: async (details) => {
    if (details.failed)
      throw new Error(
        `fuzz failure (seed ${details.seed}, path ${details.counterexamplePath}) after ${details.numRuns} runs:\n${(details.errorInstance as Error | undefined)?.message ?? ''}`,
      );
  },
});
const TIMEOUT = SECONDS * 1000 + 120_000;

/** A valid request from the tool's schema or one of its examples, with image bytes corrupted sometimes. */
function validRequest(op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const fromExamples = op.examples.length ? fc.constantFrom(...op.examples) : undefined;
  const generated = fromSchema(op.schema, components) as fc.Arbitrary<Record<string, unknown>>;
  const base = fromExamples ? fc.oneof(generated, fromExamples) : generated;
  return base.chain((request) => {
    if (typeof request.image !== 'string') return fc.constant(request);
    // Flip bytes of a real image: the decoders meet corrupt headers, chunks and lengths.
    return fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }).map((flips) => {
      const bytes = Buffer.from(request.image as string, 'base64');
      for (const [at, value] of flips) if (bytes.length) bytes[at % bytes.length] = value;
      return { ...request, image: bytes.toString('base64') };
    });
  });
}

describe('fuzzing the Node server', () => {
  it(
    'answers generated and mutated tool requests without a 5xx',
    async () => {
      const arbitrary = fc.integer({ min: 0, max: ops.length - 1 }).chain((index) => {
        const op = ops[index]!;
        const request = validRequest(op).chain((valid) =>
          fc.oneof(fc.constant(valid), mutateField(valid), mutateField(valid).chain(mutateField)),
        );
        return fc.record({
          path: fc.constant(`/api/${op.slug}`),
          body: request.chain(encodeBody),
          type: contentType,
          chunked: fc.boolean(),
        });
      });
      await fc.assert(
        fc.asyncProperty(
          arbitrary,
          fc.array(fc.nat(), { maxLength: 5 }),
          async ({ path, body, type, chunked }, cuts) => {
            const headers: Record<string, string> = type ? { 'Content-Type': type } : {};
            await check({
              method: 'POST',
              path,
              headers,
              body,
              splits: chunked ? cuts.map((c) => c % (body.length + 1)) : undefined,
            });
          },
        ),
        run(0.5),
      );
    },
    TIMEOUT,
  );

  it(
    'answers bombs (deep nesting, huge arrays and objects, escapes, random bytes) without a 5xx',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ops.map((op) => op.slug)),
          bombBody,
          fc.boolean(),
          async (slug, body, chunked) => {
            await check({
              method: 'POST',
              path: `/api/${slug}`,
              headers: { 'Content-Type': 'application/json' },
              body,
              splits: chunked ? [1, body.length >> 1] : undefined,
            });
          },
        ),
        run(0.2),
      );
    },
    TIMEOUT,
  );

  it(
    'answers odd methods and paths without a 5xx',
    async () => {
      const slug = fc.oneof(
        fc.constantFrom(...ops.map((op) => op.slug)),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
        fc.constantFrom(
          '',
          '/',
          '..%2f..%2fetc%2fpasswd',
          '%00',
          '%ff',
          '%',
          'base64/../../x',
          'base64?x=1',
          '__proto__',
          'constructor',
          'x'.repeat(5000),
        ),
      );
      const path = fc.oneof(
        slug.map((s) => `/api/${s}`),
        slug.map((s) => `/${s}`),
        fc.constantFrom('/api', '/mcp', '/openapi.json', '/llms.txt', '/assets/../../package.json'),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND'),
          path,
          fc.string({ maxLength: 50 }),
          async (method, target, text) => {
            await check({
              method,
              path: target,
              headers: { 'Content-Type': 'application/json' },
              body: method === 'GET' || method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(text),
            });
          },
        ),
        run(0.15),
      );
    },
    TIMEOUT,
  );

  it(
    'answers any key, Authorization and X-Forwarded-For headers on a limiting server without a 5xx',
    async () => {
      const limited = await startServer({
        RATE_LIMIT: 'on',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
        API_KEYS: 'fuzz-key',
        ACCESS_LOG: 'off',
      });
      try {
        const printable = fc.string({
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          maxLength: 80,
        });
        const address = fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          printable,
          fc.constantFrom('', 'unknown', '::ffff:1.2.3.4', '10.0.0.1', '[::1]:80', '1.2.3.4:5678'),
        );
        const forwarded = fc.oneof(
          fc.array(address, { maxLength: 20 }).map((list) => list.join(', ')),
          printable,
        );
        const key = fc.oneof(fc.constant('fuzz-key'), printable);
        const authorization = fc.oneof(
          key.map((k) => `Bearer ${k}`),
          printable,
        );
        const headers = fc.record(
          { 'X-Forwarded-For': forwarded, Authorization: authorization, 'X-API-Key': key },
          { requiredKeys: [] },
        );
        await fc.assert(
          fc.asyncProperty(
            headers,
            fc.constantFrom('POST', 'GET', 'OPTIONS'),
            fc.constantFrom('/api/base64', '/api', '/mcp', '/api/nope'),
            async (sent, method, path) => {
              const { hostname, port } = new URL(limited.url);
              const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
                const req = httpRequest(
                  {
                    host: hostname,
                    port,
                    method,
                    path,
                    headers: {
                      'Content-Type': 'application/json',
                      Accept: 'application/json, text/event-stream',
                      ...sent,
                    },
                  },
                  (res) => {
                    let body = '';
                    res.on('data', (chunk) => (body += chunk));
                    res.on('end', () => resolve({ status: res.statusCode!, body }));
                  },
                );
                req.on('error', reject);
                req.end(method === 'POST' ? '{"input":"x"}' : undefined);
              });
              if (reply.status >= 500 || ![200, 204, 400, 401, 404, 405, 406, 415, 429].includes(reply.status)) {
                throw new Error(
                  `${reply.status} ${reply.body.slice(0, 200)} for ${method} ${path} ${JSON.stringify(sent)}`,
                );
              }
              if (limited.process.exitCode !== null) throw new Error('the limiting server exited');
            },
          ),
          run(0.1),
        );
        expect(limited.output()).not.toMatch(/internal error/i);
      } finally {
        await limited.stop();
      }
    },
    TIMEOUT,
  );

  it('is still up, unpolluted, within its memory bound, and logged no internal error', async () => {
    // Object.prototype was not polluted by any `__proto__` body: a missing field is still missing.
    const missing = await send({ method: 'POST', path: '/api/base64', headers: {}, body: Buffer.from('{}') });
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).issues).toEqual([{ path: ['input'], message: 'is required' }]);
    const defaults = await send({ method: 'POST', path: '/api/uuid-generator', headers: {}, body: Buffer.from('{}') });
    expect(JSON.parse(defaults.body).count).toBe(1);
    expect(server.process.exitCode).toBeNull();
    expect(maxRssMb).toBeGreaterThan(0);
    expect(maxRssMb).toBeLessThan(RSS_LIMIT_MB);
    if (SECONDS > 120) {
      // Bounded, not just below a ceiling: the second half of a long run peaks no higher than
      // the first (plus slack for a rarer, bigger input).
      const half = rssSamples.length >> 1;
      expect(Math.max(...rssSamples.slice(half))).toBeLessThan(1.25 * Math.max(...rssSamples.slice(0, half)));
    }
    expect(server.output()).not.toMatch(
      /internal error|worker fault|heavy task failed|worker failed|exited unexpectedly/i,
    );
  });
});
