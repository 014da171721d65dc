// Isolation of light requests from heavy ones (docs/stack.md, speed goal 6; the bounds: docs/limits.md): one client floods image
// conversions while another sends small requests; prints the small requests' latency idle and
// under the flood, and their ratio. Runs the built server twice: with the worker pool (default)
// and, for comparison, with HEAVY_WORKERS=0 (heavy tools on the event loop).
//
//   node bench/isolation.mjs            (SERVER_ENTRY=/path/main.js to use another build)
//   SMALL=400 FLOOD=4 node bench/isolation.mjs
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import sharp from 'sharp';

const ENTRY = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
const SMALL = Number(process.env.SMALL ?? 400);
const FLOOD = Number(process.env.FLOOD ?? 4);

/** A 1200×900 photo-like JPEG (gradients plus noise), made with sharp. */
async function photo() {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 41) - 20;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin(x / 40) * Math.cos(y / 30) + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

function start(env) {
  // TRUST_PROXY: each flooding client has an address of its own (X-Forwarded-For), so each gets
  // the pool share a real client would (HEAVY_PER_CLIENT), rather than one address's share.
  const child = spawn(process.execPath, [ENTRY], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      ACCESS_LOG: 'off',
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolveStart({ url: match[1].replace('localhost', '127.0.0.1'), child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const post = (url, slug, body, client = '192.0.2.1') =>
  fetch(`${url}/api/${slug}`, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
  });

async function smallLatencies(url, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await post(url, 'base64', `{"input":"small request ${i}"}`);
    await response.json();
    if (response.status !== 200) throw new Error(`small request answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (value) => `${value.toFixed(1)} ms`;

async function measure(label, env, heavyBody, samples = SMALL) {
  const { url, child } = await start(env);
  try {
    const warm = await post(url, 'image-converter', heavyBody);
    const warmReply = await warm.json();
    if (warm.status !== 200) throw new Error(`image conversion answered ${warm.status}: ${JSON.stringify(warmReply)}`);
    await smallLatencies(url, 50);
    const idle = await smallLatencies(url, samples);

    let flooding = true;
    const statuses = {};
    let conversions = 0;
    const floodStarted = performance.now();
    const flooders = Array.from({ length: FLOOD }, async (_, client) => {
      while (flooding) {
        const response = await post(url, 'image-converter', heavyBody, `198.51.100.${client + 1}`);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 200) conversions++;
      }
    });
    await new Promise((r) => setTimeout(r, 1_000)); // let the flood fill the pool
    const loaded = await smallLatencies(url, samples);
    flooding = false;
    await Promise.all(flooders);
    const seconds = (performance.now() - floodStarted) / 1000;

    const row = {
      label,
      idleP50: percentile(idle, 50),
      idleP99: percentile(idle, 99),
      loadP50: percentile(loaded, 50),
      loadP99: percentile(loaded, 99),
      loadMax: loaded.at(-1),
      conversionsPerSecond: conversions / seconds,
      statuses,
    };
    console.log(
      `${label} (${samples} samples): small requests p50 ${ms(row.idleP50)} → ${ms(row.loadP50)}, p99 ${ms(row.idleP99)} idle → ${ms(row.loadP99)} under the flood (×${(row.loadP99 / row.idleP99).toFixed(1)}), max ${ms(row.loadMax)}; flood ${row.conversionsPerSecond.toFixed(2)} conversions/s, statuses ${JSON.stringify(statuses)}`,
    );
    return row;
  } finally {
    child.kill('SIGTERM');
  }
}

const jpeg = await photo();
const heavyBody = JSON.stringify({ image: jpeg.toString('base64'), from: 'jpeg', to: 'webp', quality: 80 });
console.log(
  `isolation: ${SMALL} small base64 requests, idle and while ${FLOOD} clients flood JPEG→WebP conversions of a 1200×900 photo (${(jpeg.length / 1024).toFixed(0)} KiB); ${ENTRY}`,
);
const pooled = await measure('worker pool', {}, heavyBody);
// Without the pool each small request waits seconds: fewer samples keep this run short.
const inline = await measure('no pool (HEAVY_WORKERS=0)', { HEAVY_WORKERS: '0' }, heavyBody, Math.min(SMALL, 100));
console.log(
  `ratio p99 under flood / idle: with the pool ×${(pooled.loadP99 / pooled.idleP99).toFixed(1)}, without ×${(inline.loadP99 / inline.idleP99).toFixed(1)}`,
);
