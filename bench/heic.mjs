// HEIC decode time: a photo-like image written by libheif's heif-enc, decoded by our libheif-js (WebAssembly, single thread) and by the native
// `heif-convert` (libheif + libde265, Debian's libheif-examples; it also writes a PNG, so its
// time is an upper bound). Prints the median of each and the ratio ours ÷ native.
// By default a 3 MP image (2016×1512) so that `npm run bench` stays short (the ratio barely moves
// with size: both decoders are linear in pixels); FULL=1 takes the 12 MP of an iPhone (4032×3024),
// which took about 5 minutes on a shared 2-core machine.
//
//   node bench/heic.mjs        (RUNS=5 for more repetitions, FULL=1 for 12 MP; needs heif-enc and heif-convert)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'vite';
import { photoPixels } from './photo.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const [WIDTH, HEIGHT] = process.env.FULL ? [4032, 3024] : [2016, 1512];
const SIZE = `${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP (${WIDTH}×${HEIGHT}`;
const work = mkdtempSync(join(tmpdir(), 'bench-heic-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await photoPixels(24, WIDTH, HEIGHT).png({ compressionLevel: 1 }).toFile(join(work, 'photo.png'));
  execFileSync('heif-enc', ['-q', '60', '-o', join(work, 'photo.heic'), join(work, 'photo.png')], { stdio: 'pipe' });
  const heic = new Uint8Array(readFileSync(join(work, 'photo.heic')));

  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
    optimizeDeps: { noDiscovery: true, include: [] },
  });
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
    if (bitmap.width !== WIDTH || bitmap.height !== HEIGHT) throw new Error(`decoded ${bitmap.width}×${bitmap.height}`);
    t = performance.now();
    execFileSync('heif-convert', [join(work, 'photo.heic'), join(work, `out-${run}.png`)], { stdio: 'pipe' });
    native.push(performance.now() - t);
  }
  await vite.close();
  const [a, b] = [median(ours), median(native)];
  console.log(
    `HEIC ${SIZE}, ${(heic.length / 1048576).toFixed(2)} MiB): first decode ${(first / 1000).toFixed(2)} s (with libheif's start)`,
  );
  console.log(
    `HEIC ${SIZE}) decode: ours ${(a / 1000).toFixed(2)} s, heif-convert ${(b / 1000).toFixed(2)} s (decode + PNG write)`,
  );
  console.log(`ratio ours ÷ heif-convert: ${(a / b).toFixed(2)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
