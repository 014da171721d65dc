// Shared by server-throughput.mjs and server-cpu.mjs: start a server process, the bare node:http
// baseline, and the small base64 request both benches send.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

export const CONNECTIONS = 10;
const BODY = JSON.stringify({ input: 'Hello, toolbox! A small request.' });

// The baseline: same request handling shape (body read, JSON answer), no work.
export const BARE = `
const http = require('node:http');
const answer = JSON.stringify({ output: 'SGVsbG8sIHRvb2xib3ghIEEgc21hbGwgcmVxdWVzdC4=' });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => { res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(answer) }); res.end(answer); });
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port));
`;

/** Starts `node ...args` with the rate limiter and access log off; resolves once it listens. */
export function start(args, env = {}) {
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

/**
 * Sends requests on CONNECTIONS kept-alive sockets until `seconds` have passed or `requests` have
 * been sent (whichever is given); resolves to the count and the wall seconds taken.
 */
export async function load(url, { seconds = Infinity, requests = Infinity }) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let sent = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until && sent < requests) {
        sent++;
        await post(agent, url);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { count: sent, seconds: elapsed };
}

/**
 * CPU time a process has used, all its threads (living and ended) together, in microseconds:
 * utime + stime of /proc/<pid>/stat. Unlike a rate, it hardly moves when neighbours load the
 * machine (Linux only).
 */
export function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return (ticks * 1e6) / CLOCK_TICKS;
}

// USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK) is not reachable from Node).
const CLOCK_TICKS = 100;
