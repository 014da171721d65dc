// Image tools against sharp (libvips, native; a dev dependency used only here and in tests):
// conversion and resize of a 2 MP photo-like image, end to end from the request's Base64 to
// the response's Base64, the same on real photos of the shared corpus (../shared/corpus, when
// present), and the resampler alone. Prints each operation's time and the ratio
// ours ÷ sharp; the goal (docs/stack.md, speed goal 5) is no ratio above 1.5.
//
//   node bench/images.mjs           (RUNS=5 for more repetitions, ONLY=jpeg for a subset)
//
// Our side is the real tool core (invoke() with the Node image platform), loaded from the
// TypeScript sources through Vite's module runner, so no build is needed.
import sharp from 'sharp';
import { createServer } from 'vite';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS_DIR, corpusPresent } from '../tests/corpus/compare.mjs';
import { photoPixels } from './photo.mjs';
import { alternatingMedians } from './report.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined; // e.g. ONLY=tiff
sharp.concurrency(1); // the WASM codecs are single-threaded: compare one core with one core
sharp.cache(false);

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { localInvoker } = await vite.ssrLoadModule('/src/core/local.ts');
const { nodeContext } = await vite.ssrLoadModule('/src/platform/node-context.ts');
const { nodeImages } = await vite.ssrLoadModule('/src/platform/node.ts');
const invoke = localInvoker(nodeContext);

const jpeg = await photoPixels().jpeg({ quality: 90 }).toBuffer();
// As PNG the noisy photo is 5 MB, over the tools' 3 MB input cap: a smoother one for PNG input.
const png = await photoPixels(0).png().toBuffer();
const source = { jpeg: jpeg.toString('base64'), png: png.toString('base64') };
console.log(
  `source: 1920×1080 photo-like image, JPEG ${(jpeg.length / 1048576).toFixed(2)} MB, PNG ${(png.length / 1048576).toFixed(2)} MB; ${RUNS} alternating rounds, median`,
);

/** Our tool end to end vs sharp doing the same job from and to Base64. */
const operations = [
  ['JPEG → PNG', 'image-converter', { image: source.jpeg, from: 'jpeg', to: 'png' }, (s) => s.png()],
  [
    'JPEG → JPEG q80',
    'image-converter',
    { image: source.jpeg, from: 'jpeg', to: 'jpeg' },
    (s) => s.jpeg({ quality: 80 }),
  ],
  [
    'JPEG → WebP q80',
    'image-converter',
    { image: source.jpeg, from: 'jpeg', to: 'webp' },
    (s) => s.webp({ quality: 80 }),
  ],
  [
    'JPEG → AVIF q80',
    'image-converter',
    { image: source.jpeg, from: 'jpeg', to: 'avif' },
    (s) => s.avif({ quality: 80 }),
    1,
  ],
  [
    'JPEG → TIFF (lossless, Deflate)',
    'image-converter',
    { image: source.jpeg, from: 'jpeg', to: 'tiff' },
    (s) => s.tiff({ compression: 'deflate', predictor: 'horizontal' }),
  ],
  ['JPEG → GIF (256 colours)', 'image-converter', { image: source.jpeg, from: 'jpeg', to: 'gif' }, (s) => s.gif(), 1],
  ['PNG → JPEG q80', 'image-converter', { image: source.png, from: 'png', to: 'jpeg' }, (s) => s.jpeg({ quality: 80 })],
  ['PNG → WebP q80', 'image-converter', { image: source.png, from: 'png', to: 'webp' }, (s) => s.webp({ quality: 80 })],
  [
    'resize JPEG → 800 px JPEG q85',
    'image-resizer',
    { image: source.jpeg, width: 800, format: 'jpeg' },
    (s) => s.resize({ width: 800 }).jpeg({ quality: 85 }),
  ],
  [
    'resize PNG → 800 px PNG',
    'image-resizer',
    { image: source.png, width: 800 },
    (s) => s.resize({ width: 800 }).png(),
  ],
  [
    'resize JPEG → 640×640 cover WebP',
    'image-resizer',
    { image: source.jpeg, width: 640, height: 640, fit: 'cover', format: 'webp' },
    (s) => s.resize({ width: 640, height: 640, fit: 'cover' }).webp({ quality: 85 }),
  ],
];

// Real photos (camera JPEGs of the shared corpus, not made here), beside the synthetic rows: the
// corpus holds no photo PNG of a few MP, so the PNG is 1400×1000 px (1.4 MP, 2.5 MB) cut from its
// largest photo and written by libvips, kept under the tools' 3 MB input cap.
if (corpusPresent()) {
  const photo = (name) => readFileSync(join(CORPUS_DIR, name));
  const camera = photo('sharp/2569067123_aca715a2ee_o.jpg');
  const cut = await sharp(camera).extract({ left: 662, top: 612, width: 1400, height: 1000 }).png().toBuffer();
  operations.push(
    [
      'photo 6 MP: JPEG → WebP q80',
      'image-converter',
      { image: camera.toString('base64'), from: 'jpeg', to: 'webp' },
      (s) => s.webp({ quality: 80 }),
      1,
    ],
    [
      'photo 2 MP: JPEG → WebP q80',
      'image-converter',
      { image: photo('sharp/flowers.jpeg').toString('base64'), from: 'jpeg', to: 'webp' },
      (s) => s.webp({ quality: 80 }),
    ],
    [
      'photo 1.4 MP: PNG → JPEG q80',
      'image-converter',
      { image: cut.toString('base64'), from: 'png', to: 'jpeg' },
      (s) => s.jpeg({ quality: 80 }),
    ],
    [
      'photo 6 MP: resize → 1000 px JPEG',
      'image-resizer',
      { image: camera.toString('base64'), width: 1000, format: 'jpeg' },
      (s) => s.resize({ width: 1000 }).jpeg({ quality: 85 }),
    ],
  );
  console.log(
    `photos: ${CORPUS_DIR}sharp/2569067123_aca715a2ee_o.jpg (2725×2225, ${(camera.length / 1048576).toFixed(2)} MB), sharp/flowers.jpeg (1920×1080), and a PNG cut from the first (${(cut.length / 1048576).toFixed(2)} MB)`,
  );
}

const rows = [];
for (const [label, slug, body, viaSharp, runs = RUNS] of operations.filter(([label]) => !ONLY || ONLY.test(label))) {
  // Alternating rounds (after a warm-up each: codec start-up is paid once per process, not per
  // request), so a neighbour's load on a shared machine hits both sides alike.
  const { ours, baseline: theirs } = await alternatingMedians(
    async () => {
      const reply = await invoke(slug, body);
      if (reply.status !== 200) throw new Error(`${label}: ${JSON.stringify(reply.body)}`);
    },
    async () => (await viaSharp(sharp(Buffer.from(body.image, 'base64'))).toBuffer()).toString('base64'),
    runs,
  );
  rows.push([label, ours, theirs]);
  console.log(
    `${label.padEnd(36)} ours ${ours.toFixed(0).padStart(6)} ms   sharp ${theirs.toFixed(0).padStart(6)} ms   ratio ${(ours / theirs).toFixed(2)}`,
  );
}

// The resampler alone, decoded pixels to decoded pixels, with each kernel (ours and sharp's:
// the same kernel, the same block pre-shrink rule; 2.4× needs none).
const raw = await photoPixels().ensureAlpha().raw().toBuffer();
const bitmap = { width: 1920, height: 1080, data: new Uint8Array(raw.buffer, raw.byteOffset, raw.length) };
for (const kernel of ['lanczos3', 'nearest', 'linear', 'cubic']) {
  const label = `resample pixels → 800×450 ${kernel}`;
  if (ONLY && !ONLY.test(label)) continue;
  const { ours, baseline } = await alternatingMedians(
    () => nodeImages.resize(bitmap, 800, 450, kernel),
    () =>
      sharp(raw, { raw: { width: 1920, height: 1080, channels: 4 } })
        .resize(800, 450, { kernel, fit: 'fill' })
        .raw()
        .toBuffer(),
    RUNS,
  );
  rows.push([label, ours, baseline]);
  console.log(
    `${label.padEnd(36)} ours ${ours.toFixed(0).padStart(6)} ms   sharp ${baseline.toFixed(0).padStart(6)} ms   ratio ${(ours / baseline).toFixed(2)}`,
  );
}

const worst = rows.reduce((a, b) => (b[1] / b[2] > a[1] / a[2] ? b : a));
console.log(`worst ratio: ${(worst[1] / worst[2]).toFixed(2)} (${worst[0]}); goal: at most 1.5`);
await vite.close();
