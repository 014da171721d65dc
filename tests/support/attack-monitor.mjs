// A worker thread that watches the server while it is attacked, so that what the attacking
// thread does (building bodies, reading answers) never skews what is measured:
//
// - probes: a small request (POST /api/base64 {"input":"hi"}) every `probeEveryMs` on one
//   keep-alive connection of its own, each from an address of its own (X-Forwarded-For, heeded
//   only by a server that trusts loopback), each latency and status recorded;
// - memory: the server process's resident set (VmRSS of /proc/<pid>/status; worker threads
//   included) every `rssEveryMs`, against the baseline read when the monitor starts.
//
// Messages in: {type: 'stop'}. Out: {type: 'ready', baselineKb}; {type: 'tick', …} every
// `tickEveryMs` when set, and one for the last stretch at a stop; {type: 'result', …} after a
// stop. Plain JavaScript: a worker cannot load TypeScript, and bench/fuzz-long.mjs uses it too.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, pid, probeEveryMs = 100, rssEveryMs = 50, probeTimeoutMs = 5000, tickEveryMs = 0 } = workerData;
const { hostname, port } = new URL(url);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const PROBE_BODY = Buffer.from('{"input":"hi"}');

function rssKb() {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);
  } catch {
    return undefined; // the process is gone
  }
}

const baselineKb = rssKb() ?? 0;
let peakKb = baselineKb;
let lastKb = baselineKb;
let samples = 0;
// Per tick (for long runs): the peak and the probes since the previous tick.
let tickPeakKb = 0;
let tickProbes = [];

const sampler = setInterval(() => {
  const kb = rssKb();
  if (kb === undefined) return;
  samples++;
  lastKb = kb;
  peakKb = Math.max(peakKb, kb);
  tickPeakKb = Math.max(tickPeakKb, kb);
}, rssEveryMs);

/** One probe: its latency in ms and its status (or what went wrong instead). */
function probe(n) {
  return new Promise((done) => {
    const started = performance.now();
    const finish = (status) =>
      done({ at: Math.round(started - startedAt), ms: Math.round((performance.now() - started) * 10) / 10, status });
    const req = request(
      {
        agent,
        host: hostname,
        port,
        method: 'POST',
        path: '/api/base64',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': PROBE_BODY.length,
          'X-Forwarded-For': `198.18.${(n >> 8) & 255}.${n & 255}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode));
        res.on('error', () => finish('reset'));
      },
    );
    req.setTimeout(probeTimeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (error) => finish(error.message === 'timeout' ? 'timeout' : 'reset'));
    req.end(PROBE_BODY);
  });
}

const startedAt = performance.now();
const probes = [];
let stopped = false;
const probing = (async () => {
  for (let n = 0; !stopped; n++) {
    const sent = performance.now();
    const result = await probe(n);
    probes.push(result);
    tickProbes.push(result);
    // One probe starts every probeEveryMs; after a slow one, the next starts at once.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, sent + probeEveryMs - performance.now())));
  }
})();

function tick() {
  const slowest = tickProbes.reduce((max, p) => Math.max(max, p.ms), 0); // a probe that timed out counts its wait
  parentPort.postMessage({
    type: 'tick',
    seconds: Math.round((performance.now() - startedAt) / 1000),
    rssKb: lastKb,
    peakKb: tickPeakKb || lastKb,
    probes: tickProbes.length,
    maxProbeMs: slowest,
    failedProbes: tickProbes.filter((p) => p.status !== 200).length,
  });
  tickProbes = [];
  tickPeakKb = 0;
}
const ticker = tickEveryMs > 0 ? setInterval(tick, tickEveryMs) : undefined;

parentPort.on('message', async (message) => {
  if (message?.type !== 'stop') return;
  stopped = true;
  await probing; // the probe in flight ends within probeTimeoutMs
  clearInterval(sampler);
  clearInterval(ticker);
  const kb = rssKb();
  if (kb !== undefined) peakKb = Math.max(peakKb, kb);
  if (ticker && tickProbes.length) tick(); // the stretch since the last tick
  agent.destroy();
  parentPort.postMessage({ type: 'result', baselineKb, peakKb, lastKb: kb ?? lastKb, samples, probes });
  parentPort.close();
});

parentPort.postMessage({ type: 'ready', baselineKb });
