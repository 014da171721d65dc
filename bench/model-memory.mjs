// What one background removal leaves resident in the built server (docs/limits.md, "The
// background-removal model's process"): the server process and its model processes, before one
// 512×512 removal, just after it, and once the model process has been idle past its 60 s.
//
//   node bench/model-memory.mjs                                  (this build: dist-server/main.js)
//   SERVER_ENTRY=/tmp/other/dist-server/main.js node bench/model-memory.mjs   (another build)
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';

const IDLE_MS = Number(process.env.IDLE_MS ?? 65_000);

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Children of `pid` (the model processes of this server, if any). */
function childrenOf(pid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function sample(pid) {
  const server = rssOf(pid);
  const models = childrenOf(pid).map(rssOf);
  const model = models.reduce((sum, rss) => sum + rss, 0);
  return { server, model, processes: models.length, total: server + model };
}

const entry = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const child = spawn(process.execPath, [entry], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: 'off',
    ACCESS_LOG: 'off',
    HEAVY_WORKERS: '1',
    HEAVY_NICE: '0',
    TOOL_TIMEOUT_MS: '600000',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((done, fail) => {
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(out);
    if (match) done(match[1].replace('localhost', '127.0.0.1'));
  });
  child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
});

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" fill="#c86432"/><circle cx="256" cy="256" r="150" fill="#222255"/></svg>`;
const body = JSON.stringify({ image: (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64') });
const post = async (slug, json) => {
  const response = await fetch(`${url}/api/${slug}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: json,
  });
  if (response.status !== 200) throw new Error(`${slug}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
};
// A worker started and warmed by an image conversion first, so "before" is a server that has
// done heavy work, only not a background removal.
const png = (
  await sharp({ create: { width: 256, height: 256, channels: 3, background: '#808080' } })
    .png()
    .toBuffer()
).toString('base64');
await post('image-converter', JSON.stringify({ image: png, from: 'png', to: 'webp' }));
await new Promise((done) => setTimeout(done, 2_000));
const before = sample(child.pid);
await post('background-remover', body);
const after = sample(child.pid);
await new Promise((done) => setTimeout(done, IDLE_MS));
const idle = sample(child.pid);
child.kill();

const row = (name, s) =>
  console.log(
    `${name.padEnd(34)} server ${s.server.toFixed(0).padStart(5)} MiB   model processes ${String(s.processes)} ${s.model.toFixed(0).padStart(5)} MiB   together ${s.total.toFixed(0).padStart(5)} MiB`,
  );
console.log(`resident memory, ${entry}`);
row('before a 512×512 removal', before);
row('just after it', after);
row(`${IDLE_MS / 1000} s later`, idle);
