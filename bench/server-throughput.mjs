// Node server throughput (docs/stack.md, speed goal 1): small base64 requests over 10 keep-alive connections
// against the BUILT server, and against a bare node:http server that reads the body and answers
// a constant — the floor of what node:http can do on this machine. Rounds alternate (ours, bare,
// ours, …) so that a neighbour's load on a shared machine hits both sides alike.
//
//   node bench/server-throughput.mjs     (SERVER_ENTRY=/path/main.js, ROUNDS=3, SECONDS=2)
import { resolve } from 'node:path';
import { median, report } from './report.mjs';
import { BARE, CONNECTIONS, load, start } from './server-load.mjs';

const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 2);

/** Requests per second over `seconds`, CONNECTIONS requests in flight on kept-alive sockets. */
async function rate(url, seconds) {
  const { count, seconds: elapsed } = await load(url, { seconds });
  return count / elapsed;
}

const ours = await start([ENTRY]);
const bare = await start(['-e', BARE]);
try {
  await rate(ours.url, 1); // warm-up: JIT and first-request work on both sides
  await rate(bare.url, 1);
  const rates = { ours: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rates.ours.push(await rate(ours.url, SECONDS));
    rates.bare.push(await rate(bare.url, SECONDS));
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
