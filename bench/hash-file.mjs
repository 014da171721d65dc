// Hash Generator page: SHA-256 of a large file in the page's file worker (hash-wasm, 8 MiB
// slices) against node:crypto streaming the same file, in the same run, alternating rounds.
// Wall time from handing the file to the page until its progress says done. Reference only: the
// browser side has no native incremental SHA-256 (WebCrypto digests whole buffers only).
//
//   node bench/hash-file.mjs   (needs `npm run build`; SIZE_MB=256, ROUNDS=3, SERVER_ENTRY, STATIC_DIR)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { median, report } from './report.mjs';

const SIZE = Number(process.env.SIZE_MB ?? 256) * 1024 * 1024;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const STATIC = resolve(process.env.STATIC_DIR ?? 'dist');
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'hash-bench-'));
const path = join(dir, 'data.bin');
const block = Buffer.alloc(1 << 20);
const out = createWriteStream(path);
for (let i = 0; i < SIZE / block.length; i++) {
  for (let j = 0; j < block.length; j += 4) block.writeUInt32LE((Math.imul(i + 1, 2654435761) ^ j) >>> 0, j);
  if (!out.write(block)) await once(out, 'drain');
}
out.end();
await once(out, 'finish');

async function nodeDigest() {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { highWaterMark: 8 << 20 })) hash.update(chunk);
  return hash.digest('hex');
}

const child = spawn(process.execPath, [ENTRY], {
  env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', ACCESS_LOG: 'off', STATIC_DIR: STATIC },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise((done, fail) => {
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
    const match = /listening on (http:\/\/\S+)/.exec(text);
    if (match) done(match[1].replace('localhost', '127.0.0.1'));
  });
  child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
});
const browser = await chromium.launch(CHROMIUM);
try {
  const page = await browser.newPage();
  await page.goto(`${base}/hash-generator`);
  const expected = await nodeDigest();
  const pageTimes = [];
  const nodeTimes = [];
  for (let round = 0; round <= ROUNDS; round++) {
    await page
      .getByRole('button', { name: 'Type text instead' })
      .click()
      .catch(() => undefined);
    let started = performance.now();
    await page.getByTestId('file-input').first().setInputFiles(path);
    await page.locator('[data-testid="progress"][data-status="done"]').waitFor({ timeout: 600_000 });
    const pageMs = performance.now() - started;
    const digest = await page.getByTestId('output').inputValue();
    if (digest !== expected) throw new Error(`page digest ${digest} differs from node:crypto ${expected}`);
    started = performance.now();
    await nodeDigest();
    const nodeMs = performance.now() - started;
    if (round > 0) {
      // round 0 warms up
      pageTimes.push(pageMs);
      nodeTimes.push(nodeMs);
    }
  }
  const mbps = (ms) => SIZE / 1e6 / (ms / 1000);
  console.log(
    `page ${mbps(median(pageTimes)).toFixed(0)} MB/s, node:crypto ${mbps(median(nodeTimes)).toFixed(0)} MB/s over ${SIZE / 2 ** 20} MiB`,
  );
  report(
    `hash-generator page SHA-256 of ${SIZE / 2 ** 20} MiB vs node:crypto`,
    median(pageTimes),
    median(nodeTimes),
    undefined,
    { digits: 0 },
  );
} finally {
  await browser.close();
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
