// Service worker /api round trip in Chromium (docs/stack.md, speed goal 2): sequential small base64 requests
// from a page to the BUILT app's service worker, against a service worker that answers a
// constant (served with its page by a tiny static server of this script's own). The page → tool
// worker round trip for the same request is printed for reference.
//
//   node bench/service-worker.mjs   (SERVER_ENTRY, STATIC_DIR for other builds; COUNT=300)
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { report } from './report.mjs';

const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const STATIC = resolve(process.env.STATIC_DIR ?? 'dist');
const COUNT = Number(process.env.COUNT ?? 300);
const ROUNDS = 5;
// The same launch options as playwright.config.ts (Debian's Chromium, no downloads).
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
const BODY = JSON.stringify({ input: 'Hello, toolbox! A small request.' });

const CONSTANT_SW = `
const answer = JSON.stringify({ output: 'SGVsbG8sIHRvb2xib3ghIEEgc21hbGwgcmVxdWVzdC4=' });
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  if (new URL(event.request.url).pathname.startsWith('/api/'))
    event.respondWith(event.request.text().then(() => new Response(answer, { headers: { 'Content-Type': 'application/json; charset=utf-8' } })));
});`;
const PAGE = '<!doctype html><meta charset="utf-8"><title>constant</title><script src="/register.js"></script>';
const REGISTER = "navigator.serviceWorker.register('/sw.js');";

function constantServer() {
  const files = {
    '/': ['text/html', PAGE],
    '/sw.js': ['text/javascript', CONSTANT_SW],
    '/register.js': ['text/javascript', REGISTER],
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url, 'http://x').pathname];
    if (!file) return res.writeHead(404).end();
    // Cross-origin isolated like the app's pages, so both get the same fine timer resolution.
    res
      .writeHead(200, {
        'Content-Type': file[0],
        'Cache-Control': 'no-store',
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      })
      .end(file[1]);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done({ url: `http://127.0.0.1:${server.address().port}`, server })),
  );
}

function startOurs() {
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RATE_LIMIT: 'off', ACCESS_LOG: 'off', STATIC_DIR: STATIC },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done({ url: match[1].replace('localhost', '127.0.0.1'), child });
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
}

async function controlledPage(context, url) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
  });
  return page;
}

/** Median ms of COUNT sequential POST /api/base64 from the page (after a warm-up of 50). */
const fetchLoop = (page) =>
  page.evaluate(
    async ({ count, body }) => {
      const once = async () => {
        const response = await fetch('/api/base64', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
        });
        await response.json();
        if (response.status !== 200) throw new Error(`answered ${response.status}`);
      };
      for (let i = 0; i < 50; i++) await once();
      const times = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await once();
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[Math.floor(count / 2)];
    },
    { count: COUNT, body: BODY },
  );

const toolWorker = readdirSync(join(STATIC, 'assets')).find((name) => /^tool\.worker-.*\.js$/.test(name));
const [ours, constant] = await Promise.all([startOurs(), constantServer()]);
const browser = await chromium.launch(CHROMIUM);
try {
  const oursPage = await controlledPage(await browser.newContext(), `${ours.url}/`);
  const constantPage = await controlledPage(await browser.newContext(), `${constant.url}/`);
  // The Node server always sends a Date header and the service worker's handle() does not: a
  // reply with one would mean the page is timing the network, not the service worker.
  const date = await oursPage.evaluate(
    async (body) => (await fetch('/api/base64', { method: 'POST', body })).headers.get('date'),
    BODY,
  );
  if (date) throw new Error('the /api request reached the Node server: the service worker is not answering it');
  // One unmeasured round each first: our worker has far more code for the JIT to warm up than
  // the constant one (the first measured round used to be the slowest by 20 %).
  await fetchLoop(oursPage);
  await fetchLoop(constantPage);
  const times = { ours: [], constant: [] };
  for (let round = 0; round < ROUNDS; round++) {
    times.ours.push(await fetchLoop(oursPage));
    times.constant.push(await fetchLoop(constantPage));
  }
  const med = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `service worker: ${ROUNDS} alternating rounds of ${COUNT} sequential requests, median of round medians; ours ${times.ours.map((t) => t.toFixed(3)).join('/')} ms, constant ${times.constant.map((t) => t.toFixed(3)).join('/')} ms`,
  );
  report(
    'service worker /api/base64 round trip vs constant-answer service worker',
    med(times.ours),
    med(times.constant),
    1.15,
    { digits: 3 },
  );

  // For reference: the page's own tool worker (what the tool pages use), same request.
  const viaWorker = await oursPage.evaluate(
    async ({ script, count, body }) => {
      const worker = new Worker(script, { type: 'module', name: 'tool' });
      let id = 0;
      const once = () =>
        new Promise((done, fail) => {
          const mine = ++id;
          worker.onmessage = (event) =>
            event.data.id === mine && event.data.reply.status === 200
              ? done()
              : fail(new Error(JSON.stringify(event.data)));
          worker.postMessage({ id: mine, slug: 'base64', body: JSON.parse(body) });
        });
      for (let i = 0; i < 50; i++) await once();
      const times = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await once();
        times.push(performance.now() - started);
      }
      worker.terminate();
      return times.sort((a, b) => a - b)[Math.floor(count / 2)];
    },
    { script: `/assets/${toolWorker}`, count: COUNT, body: BODY },
  );
  report(
    'page → tool worker round trip (reference) vs constant-answer service worker',
    viaWorker,
    med(times.constant),
    undefined,
    { digits: 3 },
  );
} finally {
  await browser.close();
  ours.child.kill('SIGTERM');
  constant.server.close();
}
