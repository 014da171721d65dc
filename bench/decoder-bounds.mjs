// The decoders' (and the SVG renderer's) worst accepted inputs and their refused bombs: time,
// and the process's peak memory (maxRSS) above what loading the codecs costs. Each case runs in
// a process of its own, so peaks do not mix. The SVG cases are the largest of their family
// bench/svg-budget.mjs found the budget to accept at 8000×5000.
//
//   node bench/decoder-bounds.mjs        (ONLY=regex for a subset)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const CASES = [
  'tiff-worst-accepted',
  'tiff-deflate-bomb',
  'tiff-lzw-bomb',
  'jpeg-16-scans-40mp',
  'jpeg-scan-bomb',
  'svg-layer-40mp',
  'svg-all-together-40mp',
  'svg-turbulence-206b',
];

if (!process.env.CASE) {
  const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
  for (const name of CASES) {
    if (only && !only.test(name)) continue;
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, CASE: name },
      encoding: 'utf8',
    });
    process.stdout.write(run.stdout || `${name}: failed\n${run.stderr}\n`);
  }
  process.exit(0);
}

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { localInvoker } = await vite.ssrLoadModule('/src/core/local.ts');
const { nodeContext } = await vite.ssrLoadModule('/src/platform/node-context.ts');
const invoke = localInvoker(nodeContext);
const { buildTiff, rgbTags } = await vite.ssrLoadModule('/tests/support/tiff-builder.ts');
const { jpegWithScans } = await vite.ssrLoadModule('/tests/support/hostile-images.ts');
const { Deflate } = await import('fflate');

/** zlib data of `size` zero bytes, made without holding them. */
function zeros(size) {
  const chunks = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => chunks.push(chunk));
  const step = new Uint8Array(1 << 20);
  for (let left = size; left > 0; left -= step.length)
    deflate.push(step.subarray(0, Math.min(step.length, left)), left <= step.length);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...chunks, Buffer.alloc(4)]);
}
/** LZW codes repeating the longest string (3,839 bytes) `count` times, as in tiff.test.ts. */
function lzwRepeats(count) {
  const codes = [256, 0];
  for (let code = 258; code < 4096; code++) codes.push(code);
  for (let i = 0; i < count; i++) codes.push(4095);
  codes.push(257);
  const out = [];
  let bits = 0,
    n = 0,
    width = 9,
    next = 258,
    afterClear = true;
  for (const code of codes) {
    bits = (bits << width) | code;
    n += width;
    while (n >= 8) out.push((bits >>> (n -= 8)) & 255);
    bits &= (1 << n) - 1;
    if (code === 256) {
      width = 9;
      next = 258;
      afterClear = true;
      continue;
    }
    if (!afterClear && next < 4096) next++;
    afterClear = false;
    if (next >= (1 << width) - 1 && width < 12) width++;
  }
  if (n > 0) out.push((bits << (8 - n)) & 255);
  return Buffer.from(out);
}

const inputs = {
  // 8000×5000 at 16 bits × 4 samples: the largest raw image tiff-layout.ts accepts, in one strip.
  'tiff-worst-accepted': async () =>
    buildTiff([
      { tags: { ...rgbTags(8000, 5000, 8), 258: [16, 16, 16, 16], 277: 4, 338: 2 }, blocks: [zeros(8000 * 5000 * 8)] },
    ]),
  // 1×1 pixels whose Deflate strip inflates to 2.9 GiB (the file the adversarial test sent).
  'tiff-deflate-bomb': async () =>
    buildTiff([{ tags: rgbTags(1, 1, 8), blocks: [zeros(Math.round(2.9 * 1024 ** 3))] }]),
  // 1×1 pixels whose LZW strip would produce 2.3 GB (600,000 codes of 3,839 bytes).
  'tiff-lzw-bomb': async () => buildTiff([{ tags: rgbTags(1, 1, 5), blocks: [lzwRepeats(600_000)] }]),
  // The most scans a 40 MP JPEG may have (maxJpegScans), all of the costliest kind.
  'jpeg-16-scans-40mp': async () => jpegWithScans(8000, 5000, 16),
  'jpeg-scan-bomb': async () => jpegWithScans(8000, 5000, 17),
  'svg-layer-40mp': async () => svg('<g opacity="0.5"><rect width="8000" height="2384" fill="#08f"/></g>'),
  'svg-all-together-40mp': async () =>
    svg(
      `<text x="0" y="50" font-size="20">${'Lorem ipsum dolor sit amet '.repeat(370)}</text><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter>` +
        `<rect width="400" height="400" fill="#08f" filter="url(#f)"/>${'<rect width="2" height="2"/>'.repeat(56_000)}`,
    ),
  'svg-turbulence-206b': async () =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150"><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter><rect width="100%" height="100%" filter="url(#f)"/></svg>',
};
function svg(body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="5000">${body}</svg>`;
}

const input = await inputs[process.env.CASE]();
const bytes = typeof input === 'string' ? Buffer.from(input) : input;
const image = Buffer.from(bytes).toString('base64');
// Warm the codecs with small images first: their modules and instances are not the input's cost.
await invoke('image-converter', {
  image: Buffer.from(buildTiff([{ tags: rgbTags(1, 1), blocks: [new Uint8Array(3)] }])).toString('base64'),
  from: 'tiff',
  to: 'png',
});
await invoke('image-converter', {
  image: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>').toString('base64'),
  from: 'svg',
  to: 'png',
});
const baseline = process.resourceUsage().maxRSS;
const start = performance.now();
// Decoding only (loadImage), not encoding the answer: the bound is the decoder's.
const { loadImage, imageBytes } = await vite.ssrLoadModule('/src/lib/images/load.ts');
let outcome;
try {
  const { bitmap } = await loadImage(nodeContext, imageBytes(image));
  outcome = `decoded ${bitmap.width}×${bitmap.height}`;
} catch (error) {
  outcome = `refused: ${error.message}`;
}
const time = performance.now() - start;
const peak = (process.resourceUsage().maxRSS - baseline) / 1024;
console.log(
  `${process.env.CASE.padEnd(20)} ${String(bytes.length).padStart(9)} B  ${time.toFixed(0).padStart(6)} ms  peak +${peak.toFixed(0)} MB  ${outcome}`,
);
await vite.close();
