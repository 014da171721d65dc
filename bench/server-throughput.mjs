// Node server throughput (docs/stack.md, speed goal 1): small base64 requests over 10 keep-alive connections
// against the BUILT server, and against a bare node:http server that reads the body and answers
// a constant — the floor of what node:http can do on this machine. Rounds alternate (ours, bare,
// ours, …) so that a neighbour's load on a shared machine hits both sides alike.
//
//   node bench/server-throughput.mjs     (SERVER_ENTRY=/path/main.js, ROUNDS=3, SECONDS=2)
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { median, report } from './report.mjs';

const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 2);
const CONNECTIONS = 10;
const BODY = JSON.stringify({ input: 'Hello, toolbox! A small request.' });

// The baseline: same request handling shape (body read, JSON answer), no work.
const BARE = `
const http = require('node:http');
const answer = JSON.stringify({ output: 'SGVsbG8sIHRvb2xib3ghIEEgc21hbGwgcmVxdWVzdC4=' });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(answer) }); res.end(answer); });
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

function start(args, env = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', ACCESS_LOG: 'off', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done({ url: new URL(match[1].replace('localhost', '127.0.0.1')), child });
    });
    child.once('exit', (code) => fail(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

function post(agent, url) {
  return new Promise((done, fail) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: '/api/base64',
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? done() : fail(new Error(`answered ${res.statusCode}`))));
      },
    );
    req.on('error', fail);
    req.end(BODY);
  });
}

/** Requests per second over `seconds`, CONNECTIONS requests in flight on kept-alive sockets. */
async function load(url, seconds) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let count = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        await post(agent, url);
        count++;
      }
    }),
  );
  const rate = count / ((performance.now() - started) / 1000);
  agent.destroy();
  return rate;
}

const ours = await start([ENTRY]);
const bare = await start(['-e', BARE]);
try {
  await load(ours.url, 1); // warm-up: JIT and first-request work on both sides
  await load(bare.url, 1);
  const rates = { ours: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.ours.push(await load(ours.url, SECONDS));
    rates.bare.push(await load(bare.url, SECONDS));
  }
  console.log(
    `server throughput: ${ROUNDS} alternating rounds of ${SECONDS} s, ${CONNECTIONS} keep-alive connections, median; ours ${rates.ours.map((r) => r.toFixed(0)).join('/')} req/s, bare ${rates.bare.map((r) => r.toFixed(0)).join('/')} req/s (${ENTRY})`,
  );
  report('server throughput, base64 small request vs bare node:http', median(rates.ours), median(rates.bare), 0.9, {
    unit: 'req/s',
    higherIsBetter: true,
    digits: 0,
  });
} finally {
  ours.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
