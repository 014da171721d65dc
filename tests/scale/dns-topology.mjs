// Run by haproxy-dns.test.ts inside a private network and mount namespace (`unshare --net
// --mount`), where /etc/resolv.conf names a DNS server that is not Docker's 127.0.0.11, as on
// Podman (aardvark-dns on the network's gateway) or Kubernetes (the cluster DNS):
// - a small DNS server on NAMESERVER:53 answering A queries from the JSON file RECORDS (read on
//   every query, so the test can move a name to another address), NXDOMAIN for other names;
// - one built server per address in ADDRESSES, each on port 8787, as in compose.yaml;
// - haproxy with the configuration CONFIG (the shipped file, server lines untouched).
// Prints `ready` once all are started; stops them all when its standard input closes (the test
// holds it open) or on SIGTERM.
import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';

const { NAMESERVER, RECORDS, ADDRESSES, SERVER_ENTRY, CONFIG, HAPROXY = 'haproxy' } = process.env;
const children = [];

/** The name a query asks for, its type, and where the question section ends. */
function question(packet) {
  const labels = [];
  let offset = 12;
  while (packet[offset] !== 0) {
    labels.push(packet.subarray(offset + 1, offset + 1 + packet[offset]).toString('latin1'));
    offset += packet[offset] + 1;
  }
  return { name: labels.join('.').toLowerCase(), type: packet.readUInt16BE(offset + 1), end: offset + 5 };
}

const dns = createSocket('udp4');
dns.on('message', (packet, peer) => {
  if (packet.length < 17) return;
  const { name, type, end } = question(packet);
  const records = JSON.parse(readFileSync(RECORDS, 'utf8'));
  const address = records[name] ?? records[name.split('.')[0]];
  const answers = [];
  if (address && type === 1) {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(1, 2); // A
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(1, 6); // TTL 1 s
    rr.writeUInt16BE(4, 10);
    address.split('.').forEach((byte, i) => rr.writeUInt8(Number(byte), 12 + i));
    answers.push(rr);
  }
  const header = Buffer.alloc(12);
  packet.copy(header, 0, 0, 2); // id
  // QR, AA, RD, RA; NXDOMAIN for a name it does not know, NOERROR (maybe no answer) otherwise.
  header.writeUInt16BE(0x8580 | (address ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  dns.send(Buffer.concat([header, packet.subarray(12, end), ...answers]), peer.port, peer.address);
});
await new Promise((resolve, reject) => dns.once('error', reject).bind(53, NAMESERVER, resolve));

function start(command, args, env) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  children.push(child);
  return child;
}
for (const host of ADDRESSES.split(',')) {
  start(process.execPath, [SERVER_ENTRY], {
    HOST: host,
    PORT: '8787',
    RATE_LIMIT: 'off',
    ACCESS_LOG: 'off',
    HEAVY_WORKERS: '1',
  });
}
start(HAPROXY, ['-db', '-f', CONFIG], {});

const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  dns.close();
  setTimeout(() => process.exit(0), 500).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop).resume();
console.log('ready');
