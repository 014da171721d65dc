// deploy/haproxy.cfg finds the instances through whatever DNS server the container runtime
// names in /etc/resolv.conf (parse-resolv-conf), not only Docker's 127.0.0.11. Under
// podman-compose the former fixed `nameserver 127.0.0.11` answered nothing and every instance
// went DOWN after ~30 s.
//
// Real processes, no container runtime: in a private network and mount namespace (`unshare`,
// as root, which CI is), /etc/resolv.conf names a DNS server on 127.0.0.53 (dns-topology.mjs);
// app1…app3 resolve to 127.0.1.1…3, each a built server on port 8787, and haproxy runs the
// shipped file with its `server appN appN:8787 … resolvers …` lines as they are (only the
// listening addresses and the socket path are rewritten). What an operator relies on: all three
// are found, and an instance that comes back with another address (a restarted container) is
// followed there. Negative control by hand: HAPROXY_CFG pointing at a copy whose resolvers
// section says `nameserver dns 127.0.0.11:53` never follows the move.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SERVER_ENTRY } from '../support/server';

const CONFIG = resolve(process.env.HAPROXY_CFG ?? resolve(import.meta.dirname, '../../deploy/haproxy.cfg'));
const NAMESERVER = '127.0.0.53';
const ADDRESSES = ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4'];

let dir: string;
let socketPath: string;
let recordsPath: string;
let topology: ChildProcess | undefined;
let output = '';

/** A command on haproxy's runtime socket (a file: reachable from outside the namespace). */
function runtime(command: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', fail);
    socket.on('end', () => done(text));
    socket.end(`${command}\n`);
  });
}

/** Each app server's state and current address (`show servers state`). */
async function servers(): Promise<Map<string, { address: string; up: boolean }>> {
  const lines = (await runtime('show servers state app')).trim().split('\n');
  const header = lines
    .find((line) => line.startsWith('# be_id'))!
    .replace(/^# /, '')
    .split(' ');
  // The first line is the format's version; then one line per server, as many fields as the header.
  const rows = lines
    .filter((line) => !line.startsWith('#') && line.split(' ').length === header.length)
    .map((line) => Object.fromEntries(line.split(' ').map((value, i) => [header[i], value])));
  // srv_op_state 2: running (UP).
  return new Map(rows.map((row) => [row.srv_name!, { address: row.srv_addr!, up: row.srv_op_state === '2' }]));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, attempts = 900): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (topology?.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} never happened:\n${output.slice(-3000)}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'devtoolbox-dns-'));
  socketPath = join(dir, 'haproxy.sock');
  recordsPath = join(dir, 'records.json');
  writeFileSync(recordsPath, JSON.stringify({ app1: ADDRESSES[0], app2: ADDRESSES[1], app3: ADDRESSES[2] }));
  writeFileSync(join(dir, 'resolv.conf'), `nameserver ${NAMESERVER}\n`);
  let servers = 0;
  const cfg = readFileSync(CONFIG, 'utf8')
    .split('\n')
    .map((line) => {
      const marker = /#\s*test:\s*(.+)$/.exec(line)?.[1]?.trim();
      if (marker === 'stats socket') return `    stats socket ${socketPath} mode 600 level admin`;
      if (marker === 'bind') return '    bind 127.0.0.1:8080';
      if (marker === 'stats bind') return '    bind 127.0.0.1:8404';
      if (marker === 'server') servers++;
      return line; // server lines stay as shipped: names, port, init-addr, resolvers
    })
    .join('\n');
  expect(servers).toBe(3);
  writeFileSync(join(dir, 'haproxy.cfg'), cfg);
  const script = `ip link set lo up && mount --bind "${join(dir, 'resolv.conf')}" /etc/resolv.conf && exec "${process.execPath}" "${resolve(import.meta.dirname, 'dns-topology.mjs')}"`;
  topology = spawn('unshare', ['--net', '--mount', '--fork', '--kill-child=SIGTERM', 'sh', '-c', script], {
    env: {
      ...process.env,
      NAMESERVER,
      RECORDS: recordsPath,
      ADDRESSES: ADDRESSES.join(','),
      SERVER_ENTRY,
      CONFIG: join(dir, 'haproxy.cfg'),
      HAPROXY: process.env.HAPROXY ?? 'haproxy',
    },
    // unshare --fork ignores SIGTERM itself: the topology script stops everything it started
    // when its standard input closes (afterAll, or this process ending in any way).
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  topology.stdout!.on('data', (chunk) => (output += chunk));
  topology.stderr!.on('data', (chunk) => (output += chunk));
  topology.once('error', (error) => (output += `cannot run unshare (util-linux, as root): ${error.message}`));
});

afterAll(async () => {
  if (topology && topology.exitCode === null) {
    const exited = new Promise((r) => topology!.once('exit', r));
    topology.stdin!.end();
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('finds the instances through the resolv.conf nameserver, and follows one that moves', async () => {
  const initial = await until('app1…app3 UP', async () => {
    const state = await servers();
    return [...state.values()].length === 3 && [...state.values()].every((s) => s.up) ? state : undefined;
  });
  expect(Object.fromEntries([...initial].map(([name, s]) => [name, s.address]))).toEqual({
    app1: ADDRESSES[0],
    app2: ADDRESSES[1],
    app3: ADDRESSES[2],
  });

  // app2 "restarts" with another address: the DNS now says 127.0.1.4 (a server listens there).
  writeFileSync(recordsPath, JSON.stringify({ app1: ADDRESSES[0], app2: ADDRESSES[3], app3: ADDRESSES[2] }));
  const moved = await until('app2 followed to its new address and UP', async () => {
    const state = await servers();
    return state.get('app2')?.address === ADDRESSES[3] && state.get('app2')!.up ? state : undefined;
  });
  expect(moved.get('app1')).toEqual({ address: ADDRESSES[0], up: true });
  expect(moved.get('app3')).toEqual({ address: ADDRESSES[2], up: true });

  // The answers came from the resolv.conf nameserver through haproxy's resolvers section.
  const stats = await runtime('show resolvers');
  const section = stats.slice(stats.indexOf('Resolvers section runtime'));
  expect(section, stats).toMatch(new RegExp(`^ nameserver ${NAMESERVER.replace(/\./g, '\\.')}:`, 'm'));
  const valid = Number(/^\s*valid:\s*(\d+)/m.exec(section)?.[1] ?? 0);
  expect(valid).toBeGreaterThan(0);
}, 150_000);
