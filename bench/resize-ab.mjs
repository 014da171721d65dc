// The resizer's JPEG downscales end to end (Base64 in, encoded image out: the rows of
// bench/images.mjs that resize a JPEG), this tree against another checkout (BASE=), both loaded
// through Vite in one process and run in alternating rounds, so a shared machine's load falls on
// both alike. Prints CPU and wall medians per row, the ratio this ÷ BASE, and whether the two
// answers are the same bytes (BASE=../main after a speed-only change: they must be).
// Each tree must resolve its own @devtoolbox/libjpeg-turbo-wasm (its node_modules linking its vendor/).
//
//   BASE=../before node bench/resize-ab.mjs        (RUNS=15, ONLY=<regexp> for a subset)
import { createServer } from 'vite';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORPUS_DIR, corpusPresent } from '../tests/corpus/compare.mjs';
import { photoPixels } from './photo.mjs';
import { median } from './report.mjs';

const RUNS = Number(process.env.RUNS ?? 15);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
if (!process.env.BASE) throw new Error('BASE=<another checkout> is required');

const load = async (root) => {
  const vite = await createServer({
    root,
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { localInvoker } = await vite.ssrLoadModule('/src/core/local.ts');
  const { nodeContext } = await vite.ssrLoadModule('/src/platform/node-context.ts');
  return { vite, invoke: localInvoker(nodeContext) };
};
const trees = { now: await load(resolve(import.meta.dirname, '..')), base: await load(resolve(process.env.BASE)) };

const jpeg = (await photoPixels().jpeg({ quality: 90 }).toBuffer()).toString('base64');
const rows = [
  ['resize JPEG → 800 px JPEG q85', { image: jpeg, width: 800, format: 'jpeg' }],
  ['resize JPEG → 640×640 cover WebP', { image: jpeg, width: 640, height: 640, fit: 'cover', format: 'webp' }],
];
if (corpusPresent()) {
  const photo = (name) => readFileSync(join(CORPUS_DIR, name)).toString('base64');
  rows.push(
    [
      'photo 6 MP: resize → 1000 px JPEG',
      { image: photo('sharp/2569067123_aca715a2ee_o.jpg'), width: 1000, format: 'jpeg' },
    ],
    ['flowers.jpeg: resize → 800 px JPEG', { image: photo('sharp/flowers.jpeg'), width: 800, format: 'jpeg' }],
  );
}

for (const [label, body] of rows.filter(([label]) => !ONLY || ONLY.test(label))) {
  const answers = {};
  const times = { now: { cpu: [], wall: [] }, base: { cpu: [], wall: [] } };
  const once = async (side) => {
    const reply = await trees[side].invoke('image-resizer', body);
    if (reply.status !== 200) throw new Error(`${label} (${side}): ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  for (const side of ['now', 'base']) answers[side] = await once(side); // warm-up: codec start-up once
  for (let i = 0; i < RUNS; i++) {
    // Alternate which side goes first, so neither always follows the other's garbage.
    for (const side of i % 2 ? ['base', 'now'] : ['now', 'base']) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      await once(side);
      times[side].wall.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      times[side].cpu.push((used.user + used.system) / 1000);
    }
  }
  const [now, base] = [median(times.now.cpu), median(times.base.cpu)];
  const same = JSON.stringify(answers.now) === JSON.stringify(answers.base);
  console.log(
    `${label.padEnd(36)} CPU now ${now.toFixed(1).padStart(6)} ms  base ${base.toFixed(1).padStart(6)} ms  ratio ${(now / base).toFixed(2)}` +
      `   wall now ${median(times.now.wall).toFixed(1)} base ${median(times.base.wall).toFixed(1)}   ${same ? 'same bytes' : 'answers differ'}`,
  );
}
await trees.now.vite.close();
await trees.base.vite.close();
