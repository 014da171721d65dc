// Background removal: which model precision gives the best quality per second on this machine,
// and what one 1-megapixel image costs through the real doors. Prints times and their ratios.
//
//   node bench/background-remover.mjs [precision] [kernel] [doors]     (default: all three)
//   SERVER_ENTRY=/tmp/dist-server-N/main.js STATIC_DIR=/tmp/dist-N node bench/background-remover.mjs doors
//
// precision: ISNet from @imgly/background-removal-data as shipped, "small" (8-bit dynamic
//   quantisation, 42 MiB) and "medium" (fp16 weights, 84 MiB), plus "fp32", the medium weights
//   widened to fp32 here (the package has no fp32 model), on
//   - onnxruntime-node (each in its own process: seconds per run, peak RSS), and
//   - onnxruntime-web in Chromium, 1 thread and all cores (cross-origin isolated page);
//   and how far each mask is from the fp16 one (mean |Δ| and IoU at 0.5) on a synthetic photo.
// kernel: the floor under the doors' ratio. One convolution shaped like most of ISNet's work
//   (3×3, 64 → 64 channels, 256², fp32) in onnxruntime-node and in onnxruntime-web (Chromium,
//   cross-origin isolated), on 1 thread and on all cores: how much slower the same runtime's
//   WebAssembly SIMD kernels are than its native ones on this CPU, with no app code involved.
// doors: a 1 MP JPEG (1155×866) through the built Node server (POST /api/background-remover,
//   the server's peak RSS) and through the built app's service worker in Chromium (cross-origin
//   isolated, the model on threads in the page's worker).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const RUNS = Number(process.env.RUNS ?? 3);
const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (seconds) => `${seconds.toFixed(2)} s`;

// ---- inputs ---------------------------------------------------------------------------------

/** A photo-like scene: a shaded vase and a shadow on a textured wall, any size. */
async function scene(width, height) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 320 240">
    <defs><radialGradient id="v" cx="0.38" cy="0.3" r="0.75"><stop offset="0" stop-color="#f4c37f"/><stop offset="1" stop-color="#7a3210"/></radialGradient>
    <linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#dfe4ea"/><stop offset="1" stop-color="#b9c0c9"/></linearGradient>
    <filter id="n"><feTurbulence baseFrequency="0.9" numOctaves="2" seed="7"/><feColorMatrix values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0.12 0"/></filter></defs>
    <rect width="320" height="240" fill="url(#w)"/><rect width="320" height="240" filter="url(#n)"/>
    <ellipse cx="178" cy="206" rx="70" ry="12" fill="#000" opacity="0.18"/>
    <path d="M150 40 h30 v20 q42 30 40 90 q-4 50 -55 56 q-51 -6 -55 -56 q-2 -60 40 -90 z" fill="url(#v)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

/** ISNet's input for an image: 1024² RGB (sharp's Lanczos), (v − 128) / 256, planar. */
async function tensorOf(jpeg) {
  const rgb = await sharp(jpeg).removeAlpha().resize(1024, 1024, { fit: 'fill' }).raw().toBuffer();
  const plane = 1024 * 1024;
  const input = new Float32Array(3 * plane);
  for (let p = 0; p < plane; p++) for (let c = 0; c < 3; c++) input[p + c * plane] = (rgb[p * 3 + c] - 128) / 256;
  return input;
}

// ---- models ---------------------------------------------------------------------------------

const dataDist = dirname(require.resolve('@imgly/background-removal-data/dist/resources.json'));

function assemble(resource) {
  const entry = JSON.parse(readFileSync(join(dataDist, 'resources.json'), 'utf8'))[resource];
  return Buffer.concat(
    entry.chunks.map(({ hash }) => {
      const chunk = readFileSync(join(dataDist, hash));
      if (createHash('sha256').update(chunk).digest('hex') !== hash) throw new Error(`damaged chunk ${hash}`);
      return chunk;
    }),
  );
}

/** A protobuf varint (base-128, least significant group first), as ONNX files store integers. */
function encodeVarint(n) {
  const bytes = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    bytes.push(byte);
  } while (n);
  return Buffer.from(bytes);
}

/** The fp16 model with every fp16 tensor, Cast target and value type widened to fp32. */
function widenToFp32(model) {
  const FLOAT = 1;
  const FLOAT16 = 10;
  const varint = (buf, p) => {
    let value = 0;
    let scale = 1;
    let byte;
    do {
      byte = buf[p++];
      value += (byte & 0x7f) * scale;
      scale *= 128;
    } while (byte & 0x80);
    return [value, p];
  };
  const parse = (buf) => {
    const fields = [];
    for (let p = 0; p < buf.length;) {
      let key;
      [key, p] = varint(buf, p);
      const f = Math.floor(key / 8);
      const w = key & 7;
      let v;
      if (w === 0) [v, p] = varint(buf, p);
      else if (w === 2) {
        let length;
        [length, p] = varint(buf, p);
        v = buf.subarray(p, p + length);
        p += length;
      } else if (w === 5) {
        v = buf.subarray(p, p + 4);
        p += 4;
      } else if (w === 1) {
        v = buf.subarray(p, p + 8);
        p += 8;
      } else throw new Error(`wire type ${w}`);
      fields.push({ f, w, v });
    }
    return fields;
  };
  const serialise = (fields) =>
    Buffer.concat(
      fields.flatMap(({ f, w, v }) => [
        encodeVarint(f * 8 + w),
        ...(w === 0 ? [encodeVarint(v)] : w === 2 ? [encodeVarint(v.length), v] : [v]),
      ]),
    );
  const half = (h) => {
    const sign = h & 0x8000 ? -1 : 1;
    const e = (h >> 10) & 0x1f;
    const m = h & 0x3ff;
    if (e === 0) return sign * m * 2 ** -24;
    if (e === 31) return m ? NaN : sign * Infinity;
    return sign * (1 + m / 1024) * 2 ** (e - 15);
  };
  const edit = (buf, rules) => {
    const fields = parse(buf);
    for (const field of fields) rules(field, fields);
    return serialise(fields);
  };
  const tensor = (buf) =>
    parse(buf).find((x) => x.f === 2)?.v !== FLOAT16
      ? buf
      : edit(buf, (x) => {
          if (x.f === 2) x.v = FLOAT;
          if (x.f === 9) {
            const out = Buffer.alloc(x.v.length * 2);
            for (let i = 0; i < x.v.length / 2; i++) out.writeFloatLE(half(x.v.readUInt16LE(i * 2)), i * 4);
            x.v = out;
          }
        });
  const typeProto = (buf) =>
    edit(
      buf,
      (x) =>
        x.f === 1 && x.w === 2 && (x.v = edit(x.v, (y) => y.f === 1 && y.w === 0 && y.v === FLOAT16 && (y.v = FLOAT))),
    );
  const attribute = (buf) => {
    const name = parse(buf)
      .find((x) => x.f === 1)
      ?.v.toString();
    return edit(buf, (x) => {
      if (x.f === 5 && x.w === 2) x.v = tensor(x.v);
      if (name === 'to' && x.f === 3 && x.v === FLOAT16) x.v = FLOAT;
    });
  };
  const graph = (buf) =>
    edit(buf, (x) => {
      if (x.f === 1) x.v = edit(x.v, (y) => y.f === 5 && y.w === 2 && (y.v = attribute(y.v)));
      if (x.f === 5) x.v = tensor(x.v);
      if ((x.f === 11 || x.f === 12 || x.f === 13) && x.w === 2)
        x.v = edit(x.v, (y) => y.f === 2 && y.w === 2 && (y.v = typeProto(y.v)));
    });
  return edit(model, (x) => x.f === 7 && (x.v = graph(x.v)));
}

// ---- precision: onnxruntime-node, one process per model -------------------------------------

const CHILD = `
import ort from 'onnxruntime-node';
import { readFileSync, writeFileSync } from 'node:fs';
const [model, inputFile, outFile, runs] = process.argv.slice(1);
const input = new Float32Array(readFileSync(inputFile).buffer.slice(0));
let t = performance.now();
const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'all', enableCpuMemArena: false, enableMemPattern: false });
const load = (performance.now() - t) / 1000;
const times = [];
let output;
for (let i = 0; i < Number(runs); i++) {
  t = performance.now();
  output = (await session.run({ input: new ort.Tensor('float32', input, [1, 3, 1024, 1024]) }, ['output'])).output.data;
  times.push((performance.now() - t) / 1000);
}
writeFileSync(outFile, Buffer.from(output.buffer, output.byteOffset, output.byteLength));
const peak = Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
console.log(JSON.stringify({ load, times, peak }));
`;

function compare(mask, reference) {
  let diff = 0;
  let both = 0;
  let either = 0;
  for (let i = 0; i < mask.length; i++) {
    diff += Math.abs(mask[i] - reference[i]);
    if (mask[i] > 0.5 && reference[i] > 0.5) both++;
    if (mask[i] > 0.5 || reference[i] > 0.5) either++;
  }
  return { meanDiff: diff / mask.length, iou: either ? both / either : 1 };
}

async function precision() {
  const scratch = mkdtempSync(join(tmpdir(), 'bgr-bench-'));
  try {
    const medium = assemble('/models/medium');
    const models = { small: assemble('/models/small'), medium, fp32: widenToFp32(medium) };
    const input = await tensorOf(await scene(1024, 768));
    writeFileSync(join(scratch, 'input.f32'), Buffer.from(input.buffer));
    writeFileSync(join(scratch, 'child.mjs'), CHILD);
    const results = {};
    console.log(
      `\nonnxruntime-node ${require('onnxruntime-node/package.json').version}, ${RUNS} runs each, own process each`,
    );
    for (const [name, bytes] of Object.entries(models)) {
      const file = join(scratch, `${name}.onnx`);
      writeFileSync(file, bytes);
      const run = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          CHILD,
          file,
          join(scratch, 'input.f32'),
          join(scratch, `${name}.mask`),
          String(RUNS),
        ],
        { cwd: resolve('.'), encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(run.stderr);
      results[name] = {
        ...JSON.parse(run.stdout),
        mask: new Float32Array(readFileSync(join(scratch, `${name}.mask`)).buffer.slice(0)),
        size: bytes.length,
      };
    }
    const base = median(results.medium.times);
    for (const [name, r] of Object.entries(results)) {
      const { meanDiff, iou } = compare(r.mask, results.medium.mask);
      console.log(
        `  ${name.padEnd(6)} ${(r.size / 1048576).toFixed(0).padStart(4)} MiB  load ${fmt(r.load)}  run median ${fmt(median(r.times))} (min ${fmt(Math.min(...r.times))}, ×${(median(r.times) / base).toFixed(2)} of fp16)  peak RSS ${r.peak.toFixed(0)} MiB  vs fp16: mean |Δ| ${meanDiff.toFixed(4)}, IoU ${iou.toFixed(4)}`,
      );
    }
    await browserPrecision(models, input);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// ---- precision: onnxruntime-web in Chromium --------------------------------------------------

/**
 * Serves `files` and onnxruntime-web from a cross-origin isolated page in Chromium and hands
 * `body` a function that runs `workerSource` (a module worker) once per message.
 */
async function inChromium(files, workerSource, body) {
  const ortDist = dirname(require.resolve('onnxruntime-web'));
  const server = createServer((req, res) => {
    const url = req.url.split('?')[0];
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
    let body;
    let type = 'application/octet-stream';
    if (url === '/') {
      body = '<!doctype html><title>bench</title>';
      type = 'text/html';
    } else if (url === '/worker.js') {
      body = workerSource;
      type = 'text/javascript';
    } else if (url.startsWith('/ort/')) {
      body = readFileSync(join(ortDist, url.slice(5)));
      type = url.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
    } else body = files[url];
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { ...headers, 'Content-Type': type }).end(body);
  }).listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const browser = await chromium.launch(CHROMIUM);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const run = (options) =>
      page.evaluate(
        (message) =>
          new Promise((done) =>
            Object.assign(new Worker('/worker.js', { type: 'module' }), {
              onmessage: (event) => done(event.data),
            }).postMessage(message),
          ),
        options,
      );
    return await body(run, page);
  } finally {
    await browser.close();
    server.close();
  }
}

const webVersion = () =>
  JSON.parse(readFileSync(join(dirname(require.resolve('onnxruntime-web')), '../package.json'), 'utf8')).version;

async function browserPrecision(models, input) {
  const files = {
    '/input.f32': Buffer.from(input.buffer),
    ...Object.fromEntries(Object.entries(models).map(([name, bytes]) => [`/models/${name}`, bytes])),
  };
  const worker = `import * as ort from '/ort/ort.wasm.min.mjs';
onmessage = async ({ data: { model, threads, runs } }) => {
  ort.env.wasm.numThreads = threads; ort.env.wasm.proxy = false; ort.env.wasm.wasmPaths = '/ort/';
  const input = new Float32Array(await (await fetch('/input.f32')).arrayBuffer());
  const session = await ort.InferenceSession.create(await (await fetch('/models/' + model)).arrayBuffer(), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const times = [];
  for (let i = 0; i < runs; i++) { const t = performance.now(); await session.run({ input: new ort.Tensor('float32', input, [1, 3, 1024, 1024]) }, ['output']); times.push((performance.now() - t) / 1000); }
  postMessage({ times, isolated: self.crossOriginIsolated });
};`;
  await inChromium(files, worker, async (run, page) => {
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    console.log(`\nonnxruntime-web ${webVersion()} in Chromium (cross-origin isolated), ${RUNS} runs each`);
    const rows = [];
    for (const model of (process.env.WEB_MODELS ?? 'medium,fp32,small').split(',')) {
      for (const threads of (process.env.WEB_THREADS ?? `1,${cores}`).split(',').map(Number)) {
        const result = await run({ model, threads, runs: RUNS });
        rows.push({ model, threads, seconds: median(result.times) });
      }
    }
    const base = rows.find((row) => row.model === 'medium' && row.threads === cores).seconds;
    for (const row of rows)
      console.log(
        `  ${row.model.padEnd(6)} ${String(row.threads).padStart(2)} thread(s)  run median ${fmt(row.seconds)}  ×${(row.seconds / base).toFixed(2)} of fp16 on ${cores} threads`,
      );
  });
}

// ---- kernel: one ISNet-shaped convolution, native vs WebAssembly ------------------------------

/** A protobuf field: key, then a varint or length-delimited value (enough for a small ONNX file). */
function pb(field, value) {
  if (typeof value === 'number') return Buffer.concat([encodeVarint(field * 8), encodeVarint(value)]);
  const bytes = typeof value === 'string' ? Buffer.from(value) : Buffer.concat([value].flat());
  return Buffer.concat([encodeVarint(field * 8 + 2), encodeVarint(bytes.length), bytes]);
}

/** ONNX: y = Conv(x, w), x 1×C×S×S, w C×C×3×3 (seeded), pads 1: ISNet's commonest layer. */
function convModel(channels, side) {
  let seed = 1;
  const weights = Buffer.alloc(channels * channels * 9 * 4);
  for (let i = 0; i < weights.length / 4; i++)
    weights.writeFloatLE(((seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296 - 0.5) / 24, i * 4);
  const ints = (name, values) => pb(5, [pb(1, name), ...values.map((v) => pb(8, v)), pb(20, 7)]);
  const valueInfo = (name, dims) =>
    pb(11, [
      pb(1, name),
      pb(
        2,
        pb(1, [
          pb(1, 1),
          pb(
            2,
            dims.map((d) => pb(1, pb(1, d))),
          ),
        ]),
      ),
    ]);
  const shape = [1, channels, side, side];
  const graph = [
    pb(1, [
      pb(1, 'x'),
      pb(1, 'w'),
      pb(2, 'y'),
      pb(4, 'Conv'),
      ints('kernel_shape', [3, 3]),
      ints('pads', [1, 1, 1, 1]),
    ]),
    pb(2, 'conv'),
    pb(5, [pb(1, channels), pb(1, channels), pb(1, 3), pb(1, 3), pb(2, 1), pb(8, 'w'), pb(9, weights)]),
    valueInfo('x', shape),
  ];
  const output = valueInfo('y', shape);
  graph.push(Buffer.concat([Buffer.from([12 * 8 + 2]), output.subarray(1)])); // same message, field 12 (graph.output)
  return Buffer.concat([pb(1, 8), pb(8, [pb(1, ''), pb(2, 17)]), pb(7, graph)]);
}

async function kernel() {
  const channels = 64;
  const side = 256;
  const model = convModel(channels, side);
  const input = new Float32Array(channels * side * side).map((_, i) => Math.sin(i) / 2);
  const ort = require('onnxruntime-node');
  const cores = Number(spawnSync('nproc', { encoding: 'utf8' }).stdout.trim()) || 2;
  const gflop = (2 * channels * channels * 9 * side * side) / 1e9;
  const native = {};
  for (const threads of [1, cores]) {
    const session = await ort.InferenceSession.create(model, {
      intraOpNumThreads: threads,
      graphOptimizationLevel: 'all',
    });
    const feeds = { x: new ort.Tensor('float32', input, [1, channels, side, side]) };
    await session.run(feeds);
    const times = [];
    for (let i = 0; i < Math.max(RUNS, 5); i++) {
      const t = performance.now();
      await session.run(feeds);
      times.push((performance.now() - t) / 1000);
    }
    native[threads] = median(times);
    await session.release();
  }
  const web = await inChromium(
    { '/model.onnx': model, '/input.f32': Buffer.from(input.buffer) },
    `import * as ort from '/ort/ort.wasm.min.mjs';
onmessage = async ({ data: { threads, runs, dims } }) => {
  ort.env.wasm.numThreads = threads; ort.env.wasm.proxy = false; ort.env.wasm.wasmPaths = '/ort/';
  const input = new Float32Array(await (await fetch('/input.f32')).arrayBuffer());
  const session = await ort.InferenceSession.create(await (await fetch('/model.onnx')).arrayBuffer(), { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const feeds = { x: new ort.Tensor('float32', input, dims) };
  await session.run(feeds);
  const times = [];
  for (let i = 0; i < runs; i++) { const t = performance.now(); await session.run(feeds); times.push((performance.now() - t) / 1000); }
  postMessage({ times });
};`,
    async (run) => {
      const result = {};
      for (const threads of [1, cores])
        result[threads] = median(
          (await run({ threads, runs: Math.max(RUNS, 5), dims: [1, channels, side, side] })).times,
        );
      return result;
    },
  );
  console.log(
    `\none Conv 3×3, ${channels} → ${channels} channels, ${side}² (${gflop.toFixed(1)} GFLOP), onnxruntime ${require('onnxruntime-node/package.json').version}, median of ${Math.max(RUNS, 5)}`,
  );
  for (const threads of [1, cores]) {
    const row = (s) => `${(s * 1000).toFixed(0).padStart(5)} ms (${(gflop / s).toFixed(1).padStart(5)} GFLOP/s)`;
    console.log(
      `  ${threads} thread(s): native ${row(native[threads])}   WebAssembly ${row(web[threads])}   ratio ${(web[threads] / native[threads]).toFixed(2)}×`,
    );
  }
}

// ---- doors: a 1 MP image through the built server and the built app ------------------------

async function startServer() {
  const entry = resolve(process.env.SERVER_ENTRY ?? 'dist-server/main.js');
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    RATE_LIMIT: 'off',
    ACCESS_LOG: 'off',
    TOOL_TIMEOUT_MS: '600000',
    HEAVY_NICE: '0',
  };
  // A busy machine must not turn a slow run into a 400; and the pool at its default nice 19 would
  // yield to every other job while Chromium does not: both sides compete alike.
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done(match[1].replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => fail(new Error(`server exited with ${code}`)));
  });
  return { url, child };
}

const peakOf = (pid) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** The server's peak with its model processes' (children running inference-host.js): a bound on the pair. */
function serverPeakOf(pid) {
  let total = peakOf(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('inference-host'))
        total += peakOf(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Chromium's renderer processes (descendants of this process, which Playwright launched Chromium from): the page and its workers live in one. */
function renderers(browserPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const child of children.get(pid) ?? []) {
      try {
        if (readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('--type=renderer')) found.push(child);
      } catch {
        // gone meanwhile
      }
      walk(child);
    }
  };
  walk(browserPid);
  return found;
}

/** The cut-out's alpha channel: the mask as each door applied it. */
const alphaOf = async (png) => sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer();

/** Agreement of two masks: IoU of alpha ≥ 128, and mean |Δ alpha| / 255. */
function agreement(a, b) {
  let both = 0;
  let either = 0;
  let diff = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] >= 128;
    const y = b[i] >= 128;
    if (x && y) both++;
    if (x || y) either++;
    diff += Math.abs(a[i] - b[i]);
  }
  return { iou: either ? both / either : 1, meanDiff: diff / a.length / 255 };
}

/**
 * One 1 MP photo through the Node server and through the browser, alternating request by
 * request so that load from other jobs weighs on both alike; the ratio is of the medians.
 */
async function doors() {
  const jpeg = await scene(1155, 866); // 1.0 MP
  const body = JSON.stringify({ image: jpeg.toString('base64') });
  const { url, child } = await startServer();
  const browser = await chromium.launch(CHROMIUM);
  try {
    const nodeRun = async () => {
      const t = performance.now();
      const response = await fetch(`${url}/api/background-remover`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      if (response.status !== 200) throw new Error(`server answered ${response.status}: ${await response.text()}`);
      const json = await response.json();
      return { seconds: (performance.now() - t) / 1000, png: Buffer.from(json.image, 'base64') };
    };
    const page = await browser.newPage();
    await page.goto(`${url}/background-remover`);
    const setup = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
      const adapter = navigator.gpu ? await navigator.gpu.requestAdapter().catch(() => null) : null;
      return { isolated: self.crossOriginIsolated, threads: navigator.hardwareConcurrency, webgpu: !!adapter };
    });
    await page.getByTestId('make-offline').click();
    await page.getByTestId('model-status').getByText('On this device').waitFor({ timeout: 300_000 });
    // Through the service worker, which relays to this page's tool worker (onnxruntime-web).
    const browserRun = async () => {
      const { seconds, image } = await page.evaluate(async (body) => {
        const t = performance.now();
        const response = await fetch('/api/background-remover', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        if (response.status !== 200) throw new Error(await response.text());
        const { image } = await response.json();
        return { seconds: (performance.now() - t) / 1000, image };
      }, body);
      return { seconds, png: Buffer.from(image, 'base64') };
    };
    const firstNode = await nodeRun();
    const firstWeb = await browserRun();
    console.log(`  warm-up: Node ${fmt(firstNode.seconds)}, browser ${fmt(firstWeb.seconds)}`);
    const node = [];
    const web = [];
    let last;
    for (let i = 0; i < RUNS; i++) {
      const n = await nodeRun();
      const w = await browserRun();
      node.push(n.seconds);
      web.push(w.seconds);
      console.log(`  round ${i + 1}: Node ${fmt(n.seconds)}, browser ${fmt(w.seconds)}`);
      last = { n, w };
    }
    const serverPeak = serverPeakOf(child.pid);
    const browserPeak = Math.max(...renderers(process.pid).map(peakOf));
    const { iou, meanDiff } = agreement(await alphaOf(last.n.png), await alphaOf(last.w.png));
    const backend = setup.webgpu ? 'WebGPU adapter offered' : 'WebAssembly';
    console.log(`\n1 MP JPEG (1155×866) → transparent PNG, ${RUNS} alternating rounds after one each to warm up`);
    console.log(
      `  Node server (onnxruntime-node ${require('onnxruntime-node/package.json').version}, worker pool): first ${fmt(firstNode.seconds)} (model load included), then median ${fmt(median(node))}; server peak RSS ${serverPeak.toFixed(0)} MiB (with its model process)`,
    );
    console.log(
      `  Browser (service worker → page worker, onnxruntime-web ${webVersion()}, ${backend}, isolated: ${setup.isolated}, ${setup.threads} threads): first ${fmt(firstWeb.seconds)} (runtime start included), then median ${fmt(median(web))}; renderer peak RSS ${browserPeak.toFixed(0)} MiB`,
    );
    console.log(`  masks, browser vs Node: IoU ${iou.toFixed(4)} (alpha ≥ 128), mean |Δ alpha| ${meanDiff.toFixed(4)}`);
    console.log(
      `ratio background removal browser ÷ Node: ${(median(web) / median(node)).toFixed(2)}× (median of ${RUNS}: ${fmt(median(web))} vs ${fmt(median(node))}; goal ≤ 1.5×)`,
    );
  } finally {
    await browser.close();
    child.kill();
  }
}

const what = process.argv.slice(2).join(' ') || 'all';
console.log(
  `${process.env.HOSTNAME ?? 'this machine'}: load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
const wanted = (mode) => what === 'all' || what.split(' ').includes(mode);
if (wanted('precision')) await precision();
if (wanted('kernel')) await kernel();
if (wanted('doors')) await doors();
