// The long fuzz run, against the built server (SERVER_ENTRY and STATIC_DIR select another build),
// in two parts:
//
// 1. the CI fuzz suite (tests/fuzz) with a bigger time budget; it prints its own summary,
//    including the number of requests and the server's RSS at the start, the end and the peak;
// 2. the attack mix: the security review's hostile inputs (tests/support/attack-inputs.mjs, the
//    ones tests/server/attacks.test.ts replays once each, here at bounded sizes) sent in a seeded
//    random mix, two at a time, over loopback to a fresh server, while a monitor thread
//    (tests/support/attack-monitor.mjs) probes it with a small request every 100 ms and samples
//    its RSS every 50 ms. Every ATTACK_TICK_SECONDS it prints the RSS, the interval's peak and its
//    slowest probe, so a leak shows as a climb; at the end, the statuses per input and whether
//    memory stayed flat (the second half's peak at most 1.25× the first half's).
//
// Exits 1 when either part fails: for the mix, a 5xx, a request left unanswered, the server
// exiting, or memory that climbs.
//
//   node bench/fuzz-long.mjs                       (30 minutes: 3/4 fuzz suite, 1/4 attack mix)
//   FUZZ_SECONDS=7200 node bench/fuzz-long.mjs     (the same split of two hours)
//   ATTACK_SECONDS=120 node bench/fuzz-long.mjs    (the mix's share; 0 skips it)
//   ATTACK_ONLY=1 ATTACK_SECONDS=120 node bench/fuzz-long.mjs
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import * as inputs from '../tests/support/attack-inputs.mjs';
import { prng } from '../tests/support/prng.mjs';

const seconds = Number(process.env.FUZZ_SECONDS ?? 1800);
const attackSeconds = Number(process.env.ATTACK_SECONDS ?? Math.round(seconds / 4));
const fuzzSeconds = process.env.ATTACK_ONLY ? 0 : Math.max(0, seconds - attackSeconds);
const tickSeconds = Number(process.env.ATTACK_TICK_SECONDS ?? 15);
const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');

let failed = false;

if (fuzzSeconds > 0) {
  console.log(`fuzzing for ${fuzzSeconds} s`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', 'tests/fuzz', '--reporter=verbose', '--outputFile.json=/dev/null'],
    {
      stdio: 'inherit',
      env: { ...process.env, FUZZ_SECONDS: String(fuzzSeconds) },
    },
  );
  if (result.status !== 0) failed = true;
}

if (attackSeconds > 0) {
  if (!(await attackMix(attackSeconds))) failed = true;
}
process.exit(failed ? 1 : 0);

// ---- part 2: the attack mix

async function attackMix(duration) {
  if (!existsSync(ENTRY)) throw new Error(`${ENTRY} is missing: run \`npm run build\` first`);
  console.log(`attack mix for ${duration} s`);
  const server = await startServer({
    ACCESS_LOG: 'off',
    RATE_LIMIT: 'off',
    TRUST_PROXY: 'loopback',
    TOOL_TIMEOUT_MS: process.env.TOOL_TIMEOUT_MS ?? '10000',
    WRITE_TIMEOUT_MS: process.env.WRITE_TIMEOUT_MS ?? '2000',
  });
  const kinds = await attackKinds(server.url);
  const stats = new Map(); // kind → Map(status → count)
  const problems = [];
  let requests = 0;
  const count = (kind, status) => {
    requests++;
    const byStatus = stats.get(kind) ?? new Map();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    stats.set(kind, byStatus);
    // 503 is the documented answer to a full byte budget or pool (docs/limits.md); a flood of
    // large uploads refused that way may also see its connection closed while still sending.
    const shed = status === 503 || (status === 'reset' && kind.includes('MiB bodies'));
    if (
      !shed &&
      ((typeof status === 'number' && status >= 500) ||
        status === 'timeout' ||
        status === 'reset' ||
        String(status).startsWith('error'))
    ) {
      if (problems.length < 20) problems.push(`${kind}: ${status}`);
    }
  };

  // A warm-up, so that the monitor's baseline has the codecs and compiled code in it.
  await send(server.url, '/api/base64', '{"input":"hi"}');
  await Promise.all(
    [0, 1].map(() =>
      send(
        server.url,
        '/api/image-converter',
        JSON.stringify({ image: inputs.smallPng().toString('base64'), from: 'png', to: 'webp' }),
      ),
    ),
  );

  const monitor = new Worker(new URL('../tests/support/attack-monitor.mjs', import.meta.url), {
    workerData: { url: server.url, pid: server.child.pid, probeTimeoutMs: 2000, tickEveryMs: tickSeconds * 1000 },
  });
  const ticks = [];
  let baselineKb = 0;
  const ready = new Promise((done) => monitor.once('message', (m) => done(m)));
  monitor.on('message', (m) => {
    if (m.type !== 'tick') return;
    ticks.push(m);
    console.log(
      `attack mix: ${m.seconds} s, ${requests} requests, server RSS ${mb(m.rssKb)} MB (interval peak ${mb(m.peakKb)} MB, baseline ${mb(baselineKb)} MB); ` +
        `probes ${m.probes}, slowest ${m.maxProbeMs} ms${m.failedProbes ? `, ${m.failedProbes} not 200` : ''}`,
    );
  });
  baselineKb = (await ready).baselineKb;

  // Two loops, each picking the next input at random (seeded), until the time is up.
  const random = prng(Number(process.env.FUZZ_SEED ?? 1));
  const deadline = Date.now() + duration * 1000;
  const names = Object.keys(kinds);
  const loop = async () => {
    while (Date.now() < deadline && server.child.exitCode === null) {
      const kind = names[Math.floor(random() * names.length)];
      try {
        for (const status of await kinds[kind]()) count(kind, status);
      } catch (error) {
        count(kind, `error ${error.message}`);
      }
    }
  };
  await Promise.all([loop(), loop()]);

  monitor.postMessage({ type: 'stop' });
  const result = await new Promise((done) => monitor.on('message', (m) => m.type === 'result' && done(m)));
  await monitor.terminate();
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const internal =
    server.output().match(/.*(internal error|worker fault|heavy task failed|exited unexpectedly).*/gi) ?? [];
  await server.stop();

  console.log(`attack mix: ${requests} requests in ${duration} s`);
  for (const [kind, byStatus] of [...stats].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${kind}: ${[...byStatus].map(([status, n]) => `${status}×${n}`).join(' ')}`);
  }
  const probes = result.probes;
  const slowest = probes.reduce((max, p) => Math.max(max, p.ms), 0);
  const slow = probes.filter((p) => p.ms >= 250 || p.status !== 200).length;
  console.log(`attack mix: probes ${probes.length}, slowest ${slowest} ms, ${slow} at or over 250 ms or not 200`);
  const half = ticks.length >> 1;
  const firstPeak = Math.max(0, ...ticks.slice(0, half).map((t) => t.peakKb));
  const secondPeak = Math.max(0, ...ticks.slice(half).map((t) => t.peakKb));
  const flat = half === 0 || secondPeak <= 1.25 * firstPeak;
  console.log(
    `attack mix: server RSS baseline ${mb(result.baselineKb)} MB, peak ${mb(result.peakKb)} MB (+${mb(result.peakKb - result.baselineKb)} MB), last ${mb(result.lastKb)} MB; ` +
      `peak of the first half ${mb(firstPeak)} MB, of the second ${mb(secondPeak)} MB: ${flat ? 'flat' : 'CLIMBING'}`,
  );
  if (internal.length)
    console.log(`attack mix: the server logged ${internal.length} internal error(s), first: ${internal[0]}`);
  if (problems.length) console.log(`attack mix: problems: ${problems.join('; ')}`);
  if (!alive) console.log('attack mix: THE SERVER EXITED');
  return alive && flat && problems.length === 0 && internal.length === 0;
}

function mb(kb) {
  return Math.round(kb / 1024);
}

/**
 * Each kind of attack: sends its requests and returns their statuses ('left' for a client that
 * leaves on purpose, 'timeout' for no answer). Sizes are bounded so that one round takes
 * seconds, not minutes.
 */
async function attackKinds(url) {
  const MIB = 1024 * 1024;
  const json = (value) => JSON.stringify(value);
  const b64 = (bytes) => bytes.toString('base64');
  const post = async (path, body, headers) => (await send(url, path, body, headers)).status;
  const image = (bytes, from, to) => json({ image: b64(bytes), from, to });
  const heavy = json({ image: b64(await inputs.heavyJpeg(3000, 2000)), from: 'jpeg', to: 'avif' });
  const bomb = image(inputs.tiffDeflateBomb(256 * MIB), 'tiff', 'png');
  const wideGif = b64(inputs.gif(16_384, 1));
  const bodies = {
    repair: json({ json: inputs.repairArray(100_000), repair: true }),
    ndjson: json({ json: inputs.ndjson(200_000), repair: true }),
    brackets: json({ json: inputs.nestedBrackets(4_000_000) }),
    sortKeys: json({ json: inputs.bigObject(4_000_000), sort_keys: true }),
    csv: json({ input: inputs.bigCsv(4_000_000), mode: 'csv-to-json' }),
    text: json({ input: inputs.bigIdentifierText(4_000_000), to: 'snake_case' }),
    digits: json({ input: inputs.manyDigits(1_000_000), from_base: 10 }),
    words: json({ input: inputs.manyWords(3_400_000), to: 'camelCase' }),
  };
  const mcp = (body) => post('/mcp', body, { Accept: 'application/json, text/event-stream' });
  const call = (id, args) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'base64', arguments: args },
  });
  const all = (n, fn) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

  /** Raw socket: headers and `body` (or part of it), then leave after `holdMs` without reading. */
  const leave = (path, declared, body, holdMs) =>
    new Promise((done) => {
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port), hostname);
      socket.on('error', () => {});
      socket.once('connect', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: ${declared}\r\n\r\n`,
        );
        socket.write(body, () => setTimeout(() => (socket.destroy(), done('left')), holdMs));
      });
      socket.once('close', () => done('left'));
    });

  return {
    'json-formatter repair, 100k missing commas': async () => [await post('/api/json-formatter', bodies.repair)],
    'json-formatter repair, 200 KB NDJSON': async () => [await post('/api/json-formatter', bodies.ndjson)],
    'TIFF self-referencing IFD ×2': () =>
      all(2, () => post('/api/image-converter', image(inputs.tiffSelfLoop(), 'tiff', 'png'))),
    'TIFF Deflate bomb (256 MiB)': async () => [await post('/api/image-converter', bomb)],
    'json-formatter 4 MB of [': async () => [await post('/api/json-formatter', bodies.brackets)],
    'json-formatter sort_keys 4 MB': async () => [await post('/api/json-formatter', bodies.sortKeys)],
    'json-to-csv csv-to-json 4 MB': async () => [await post('/api/json-to-csv', bodies.csv)],
    'text-case-converter 4 MB': async () => [await post('/api/text-case-converter', bodies.text)],
    'number-base-converter 1M digits': async () => [await post('/api/number-base-converter', bodies.digits)],
    "text-case-converter 'a_'×3.4M": async () => [await post('/api/text-case-converter', bodies.words)],
    'SVG feTurbulence ×3': () =>
      all(3, () =>
        post('/api/image-converter', image(Buffer.from(inputs.SVG_TURBULENCE), 'svg', 'png'), {
          'X-Forwarded-For': '203.0.113.40',
        }),
      ),
    'GIF 16384×1 → webp': async () => [
      await post('/api/image-converter', json({ image: wideGif, from: 'gif', to: 'webp' })),
    ],
    'resizer width 16384 webp': async () => [
      await post('/api/image-resizer', json({ image: wideGif, width: 16_384, format: 'webp' })),
    ],
    'json-to-csv colliding columns': async () => [
      await post('/api/json-to-csv', json({ input: inputs.COLLIDING_COLUMNS, flatten: true })),
    ],
    'MCP batch of 100 tools/call': async () => [
      await mcp(json(Array.from({ length: 100 }, (_, i) => call(i, { input: `call ${i}` })))),
    ],
    'MCP arguments array and null': async () => [await mcp(json(call(1, [1, 2]))), await mcp(json(call(2, null)))],
    '10 × 5 MiB bodies to base64': () => all(10, () => post('/api/base64', json({ input: 'a'.repeat(5 * MIB - 20) }))),
    '5 unread 15 MiB answers, held 3 s': () => {
      const body = json({ input: 'a'.repeat(11.5 * MIB) });
      return all(5, () => leave('/api/base64', Buffer.byteLength(body), body, 3000));
    },
    'uploads cut at half of 5 MiB ×3': () =>
      all(3, (i) =>
        leave(['/api/base64', '/mcp', '/api/image-converter'][i], 5 * MIB, Buffer.alloc(2.5 * MIB, 'a'), 0),
      ),
    'heavy JPEG → AVIF abandoned ×2': () =>
      all(2, () => leave('/api/image-converter', Buffer.byteLength(heavy), heavy, 200)),
  };
}

/** POST over a connection of its own; the answer is read to its end and only counted. */
function send(url, path, body, headers = {}) {
  const { hostname, port } = new URL(url);
  const data = Buffer.from(body);
  return new Promise((done) => {
    const started = performance.now();
    const req = request(
      {
        agent: false,
        host: hostname,
        port,
        method: 'POST',
        path,
        headers: { 'Content-Type': 'application/json', 'Content-Length': data.length, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode, ms: performance.now() - started }));
        res.on('error', () => done({ status: 'reset', ms: performance.now() - started }));
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      done({ status: error.message === 'timeout' ? 'timeout' : 'reset', ms: performance.now() - started }),
    );
    req.end(data);
  });
}

function startServer(env) {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolveServer, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolveServer({
        url: match[1].replace('localhost', '127.0.0.1'),
        child,
        output: () => output,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 35_000).unref();
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
