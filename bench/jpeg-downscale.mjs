// What a 2–4× JPEG downscale costs: decode plus Lanczos3 resample of 1920×1080 JPEGs to 800 px,
// decoded whole (for fidelity: platform/shrink.ts) and resampled after or, as the resizer now
// does, as it decodes (codecs/jpeg.ts: the same bytes), and at 1/2 (the old rule), in
// rounds alternated in one process so that a shared machine's load falls on every side alike.
// BASE=<another checkout> adds that tree's whole decode beside this one's (each tree's own
// decoder and resampler: its node_modules must link its own vendor/), e.g. before and after a
// change to vendor/libjpeg-turbo-wasm or resample.wat. Prints wall and CPU medians.
//
//   node bench/jpeg-downscale.mjs            (RUNS=25; BASE=../main to compare)
import { createServer } from 'vite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CORPUS_DIR, corpusPresent } from '../tests/corpus/compare.mjs';
import { photoPixels } from './photo.mjs';

const RUNS = Number(process.env.RUNS ?? 25);
const load = async (root) => {
  const vite = await createServer({
    root,
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const { nodeImages } = await vite.ssrLoadModule('/src/platform/node.ts');
  const { resizeBitmap } = await vite.ssrLoadModule('/src/platform/codecs/resize.ts');
  const resizeTo = { width: 800, height: 450, kernel: 'lanczos3' };
  return {
    vite,
    run: (bytes, shrink) => async () => resizeBitmap(await nodeImages.decode(bytes, 'jpeg', { shrink }), 800, 450),
    // What the resizer does now: the decoder resamples as it decodes (codecs/jpeg.ts, the same bytes).
    fused: (bytes) => async () => resizeBitmap(await nodeImages.decode(bytes, 'jpeg', { resizeTo }), 800, 450),
  };
};
const here = await load(resolve(import.meta.dirname, '..'));
const base = process.env.BASE ? await load(resolve(process.env.BASE)) : undefined;

const photos = [['synthetic 2 MP (bench/photo.mjs, q90)', await photoPixels().jpeg({ quality: 90 }).toBuffer()]];
if (corpusPresent()) photos.push(['sharp/flowers.jpeg 2 MP', readFileSync(`${CORPUS_DIR}sharp/flowers.jpeg`)]);
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

for (const [name, bytes] of photos) {
  const cases = {
    'decoded at 1/2 (old rule)': here.run(bytes, 2),
    'decoded whole, then resampled': here.run(bytes, 1),
    'resampled as it decodes': here.fused(bytes),
  };
  if (base) cases['BASE, decoded whole'] = base.run(bytes, 1);
  const times = Object.fromEntries(Object.keys(cases).map((label) => [label, { wall: [], cpu: [] }]));
  for (const run of Object.values(cases)) await run(); // warm-up: codec start-up is paid once
  for (let i = 0; i < RUNS; i++) {
    for (const [label, run] of Object.entries(cases)) {
      const cpu = process.cpuUsage();
      const started = performance.now();
      await run();
      times[label].wall.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      times[label].cpu.push((used.user + used.system) / 1000);
    }
  }
  for (const [label, { wall, cpu }] of Object.entries(times)) {
    console.log(
      `${name} → 800 px, ${label.padEnd(26)} wall ${median(wall).toFixed(1)} ms, CPU ${median(cpu).toFixed(1)} ms`,
    );
  }
}
await here.vite.close();
await base?.vite.close();
