// The stages of the image tools' slow rows (bench/images.mjs), each timed alone on the same 2 MP
// images: where an end-to-end request's time goes. Median of RUNS after a warm-up.
//
//   node bench/image-stages.mjs        (RUNS=9 by default; node --cpu-prof for a profile)
import sharp from 'sharp';
import { createServer } from 'vite';
import { photoPixels } from './photo.mjs';
import { medianMs } from './report.mjs';

const RUNS = Number(process.env.RUNS ?? 9);
sharp.concurrency(1);
sharp.cache(false);

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const load = (path) => vite.ssrLoadModule(path);
const { localInvoker } = await load('/src/core/local.ts');
const { nodeContext } = await load('/src/platform/node-context.ts');
const { nodeImages } = await load('/src/platform/node.ts');
const { decodeBase64, encodeBase64 } = await load('/src/lib/base64.ts');
const { imageBytes, loadImage } = await load('/src/lib/images/load.ts');
const { flattenOnWhite, hasAlpha } = await load('/src/lib/images/pixels.ts');
const invoke = localInvoker(nodeContext);

const jpeg = await photoPixels().jpeg({ quality: 90 }).toBuffer();
const png = await photoPixels(0).png().toBuffer();
const b64 = { jpeg: jpeg.toString('base64'), png: png.toString('base64') };
const ctx = { ...nodeContext, images: nodeImages, maxImageBytes: 3 * 1048576 };

const pngBitmap = await nodeImages.decode(png, 'png');
const jpegHalf = await nodeImages.decode(jpeg, 'jpeg', { shrink: 2 });
const resized = await nodeImages.resize(pngBitmap, 800, 450, 'lanczos3');
const resizedPng = await nodeImages.encode(resized, 'png', { quality: 80 });

const stages = [
  ['base64 decode (PNG request, 2.1 MB)', () => decodeBase64(b64.png)],
  ['imageBytes (PNG request)', () => imageBytes(b64.png)],
  ['PNG decode 1920×1080', () => nodeImages.decode(png, 'png')],
  ['  sharp: PNG decode to raw RGBA', () => sharp(png).ensureAlpha().raw().toBuffer()],
  ['loadImage PNG (probe+decode+checks)', () => loadImage(ctx, png)],
  ['hasAlpha 2 MP', () => hasAlpha(pngBitmap)],
  ['flattenOnWhite 2 MP (opaque)', () => flattenOnWhite(pngBitmap)],
  ['resize 1920→800 lanczos3', () => nodeImages.resize(pngBitmap, 800, 450, 'lanczos3')],
  ['PNG encode 800×450', () => nodeImages.encode(resized, 'png', { quality: 80 })],
  [
    '  sharp: PNG encode 800×450',
    () =>
      sharp(resized.data, { raw: { width: 800, height: 450, channels: 4 } })
        .png()
        .toBuffer(),
  ],
  ['base64 encode (800 px PNG)', () => encodeBase64(resizedPng)],
  ['JPEG decode 1920×1080', () => nodeImages.decode(jpeg, 'jpeg')],
  ['JPEG decode shrink 2', () => nodeImages.decode(jpeg, 'jpeg', { shrink: 2 })],
  ['  sharp: JPEG decode to raw', () => sharp(jpeg).raw().toBuffer()],
  ['resize 960→800 lanczos3', () => nodeImages.resize(jpegHalf, 800, 450, 'lanczos3')],
  ['JPEG encode 1920×1080 q80', () => nodeImages.encode(pngBitmap, 'jpeg', { quality: 80 })],
  ['JPEG encode 800×450 q85', () => nodeImages.encode(resized, 'jpeg', { quality: 85 })],
  ['base64 encode 1 MB', () => encodeBase64(jpeg.subarray(0, 1 << 20))],
  ['END resize PNG → 800 px PNG', () => invoke('image-resizer', { image: b64.png, width: 800 })],
  ['END PNG → JPEG q80', () => invoke('image-converter', { image: b64.png, from: 'png', to: 'jpeg' })],
  ['END resize JPEG → 800 px JPEG', () => invoke('image-resizer', { image: b64.jpeg, width: 800, format: 'jpeg' })],
  ['END JPEG → JPEG q80', () => invoke('image-converter', { image: b64.jpeg, from: 'jpeg', to: 'jpeg' })],
];
const only = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
for (const [label, run] of stages) {
  if (only && !only.test(label)) continue;
  console.log(`${label.padEnd(40)} ${(await medianMs(run, RUNS)).toFixed(1).padStart(7)} ms`);
}
await vite.close();
