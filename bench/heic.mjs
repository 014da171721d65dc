// HEIC decode time: a 12 MP (4032×3024, an iPhone's size) photo-like image written by libheif's
// heif-enc, decoded by our libheif-js (WebAssembly, single thread) and by the native
// `heif-convert` (libheif + libde265, Debian's libheif-examples; it also writes a PNG, so its
// time is an upper bound). Prints the median of each and the ratio ours ÷ native.
//
//   node bench/heic.mjs        (RUNS=5 for more repetitions; needs heif-enc and heif-convert)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { photoPixels } from './photo.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const work = mkdtempSync(join(tmpdir(), 'bench-heic-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await photoPixels(24, 4032, 3024).png({ compressionLevel: 1 }).toFile(join(work, 'photo.png'));
  execFileSync('heif-enc', ['-q', '60', '-o', join(work, 'photo.heic'), join(work, 'photo.png')], { stdio: 'pipe' });
  const heic = new Uint8Array(readFileSync(join(work, 'photo.heic')));

  const vite = await createServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error', optimizeDeps: { noDiscovery: true, include: [] } });
  const { nodeImages } = await vite.ssrLoadModule('/src/platform/node.ts');
  const start = performance.now();
  await nodeImages.decode(heic, 'heic'); // the first call also compiles and instantiates libheif
  const first = performance.now() - start;
  const ours = [];
  const native = [];
  for (let run = 0; run < RUNS; run++) {
    let t = performance.now();
    const bitmap = await nodeImages.decode(heic, 'heic');
    ours.push(performance.now() - t);
    if (bitmap.width !== 4032 || bitmap.height !== 3024) throw new Error(`decoded ${bitmap.width}×${bitmap.height}`);
    t = performance.now();
    execFileSync('heif-convert', [join(work, 'photo.heic'), join(work, `out-${run}.png`)], { stdio: 'pipe' });
    native.push(performance.now() - t);
  }
  await vite.close();
  const [a, b] = [median(ours), median(native)];
  console.log(`HEIC 12 MP (4032×3024, ${(heic.length / 1048576).toFixed(2)} MiB): first decode ${(first / 1000).toFixed(2)} s (with libheif's start)`);
  console.log(`HEIC 12 MP decode: ours ${(a / 1000).toFixed(2)} s, heif-convert ${(b / 1000).toFixed(2)} s (decode + PNG write)`);
  console.log(`ratio ours ÷ heif-convert: ${(a / b).toFixed(2)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
