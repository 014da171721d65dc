// Server CPU time per request: the figure behind goal 1 (docs/stack.md) that a loaded machine
// hardly moves. server-throughput.mjs counts requests per second, which a neighbour's load can
// halve; this sends a fixed number of the same small base64 requests (10 keep-alive
// connections) and reads how much CPU the server process spent on them (all its threads,
// /proc/<pid>/stat), so two builds can be compared on a shared machine. Rounds alternate between
// the builds (and the bare node:http baseline), each round starting with a different one.
// It also reports what V8's young-generation collections (scavenges) promote to the old
// generation, median per scavenge (--trace-gc-nvp): a few tens of KiB when a request's objects
// die young; MiBs when something made per request keeps them alive, which once cost 20–30 µs
// per request (docs/stack.md, goal 1).
//
//   node bench/server-cpu.mjs                       (this tree's dist-server/main.js)
//   SERVER_ENTRIES=old/dist-server/main.js,new/dist-server/main.js node bench/server-cpu.mjs
//   (ROUNDS=5, REQUESTS=20000; Linux only)
import { resolve } from 'node:path';
import { median, report } from './report.mjs';
import { BARE, CONNECTIONS, cpuMicros, load, start } from './server-load.mjs';

const ENTRIES = (process.env.SERVER_ENTRIES ?? process.env.SERVER_ENTRY ?? 'dist-server/main.js')
  .split(',')
  .map((entry) => resolve(entry));
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const REQUESTS = Number(process.env.REQUESTS ?? 20000);

/** CPU microseconds the server spent per request over REQUESTS requests. */
async function cpuPerRequest(server) {
  const before = cpuMicros(server.child.pid);
  const { count } = await load(server.url, { requests: REQUESTS });
  return (cpuMicros(server.child.pid) - before) / count;
}

/** Starts a build with its scavenges traced; `server.promoted` collects the bytes each promoted. */
async function startTraced(entry) {
  const server = await start(['--trace-gc-nvp', entry]);
  server.promoted = [];
  server.child.stdout.on('data', (chunk) => {
    for (const match of String(chunk).matchAll(/ gc=s .* promoted=(\d+)/g)) server.promoted.push(Number(match[1]));
  });
  return server;
}

const servers = [];
try {
  for (const entry of ENTRIES) servers.push({ name: entry, ...(await startTraced(entry)) });
  servers.push({ name: 'bare node:http', ...(await start(['-e', BARE])) });
  for (const server of servers) await load(server.url, { requests: REQUESTS / 4 }); // warm-up: JIT, first requests
  for (const server of servers) server.promoted?.splice(0);
  const micros = servers.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < servers.length; i++) {
      const which = (round + i) % servers.length;
      micros[which].push(await cpuPerRequest(servers[which]));
    }
  }
  const bare = median(micros.at(-1));
  servers.forEach((server, i) =>
    console.log(
      `server CPU per request: ${median(micros[i]).toFixed(1)} µs median (${micros[i].map((m) => m.toFixed(1)).join('/')})${server.promoted ? `, ${server.promoted.length} scavenges promoting ${(median(server.promoted) / 1024).toFixed(0)} KiB median` : ''}, ${server.name}`,
    ),
  );
  console.log(`(${ROUNDS} alternating rounds of ${REQUESTS} requests, ${CONNECTIONS} keep-alive connections)`);
  for (let i = 0; i < ENTRIES.length; i++) {
    report(`server CPU per request vs bare node:http (${ENTRIES[i]})`, median(micros[i]), bare, undefined, {
      unit: 'µs',
    });
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
