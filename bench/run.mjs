// `npm run bench`: every speed goal of docs/stack.md, one script after another (never in parallel:
// they would measure each other), then a closing note with each figure against its goal.
// Needs a build (`npm run build`) for the server, service-worker, isolation, size and Lighthouse figures;
// SERVER_ENTRY and STATIC_DIR point them at another build. ONLY=regex runs a subset.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;

// [script, goal text, which of its lines are figures for the closing note]
const BENCHES = [
  ['server-throughput.mjs', '1. Node server throughput ≥ 0.9× bare node:http', /ratio/],
  // Goal 1 again as CPU time per request, which a loaded machine hardly moves (reference, no goal).
  ['server-cpu.mjs', '1. Node server CPU per request ÷ bare node:http (reference)', /ratio|scavenges/],
  ['service-worker.mjs', '2. service worker /api round trip ≤ 1.15× constant service worker', /ratio/],
  ['text-tools.mjs', '3–4. json-formatter, json-to-csv, hash-generator ≤ 2× baseline', /ratio/],
  ['images.mjs', '5. image conversion and resize vs sharp ≤ 1.5×', /^worst ratio/],
  // Not a goal of docs/stack.md: HEIC decoding (WebAssembly libheif) against the native heif-convert.
  ['heic.mjs', 'HEIC decode, 3 MP: ours (WebAssembly libheif) ÷ native heif-convert', /^ratio/],
  ['isolation.mjs', '6. light p99 under image flood ≤ 2× idle', /^ratio p99|^worker pool/],
  // Not a speed figure: the shared corpus of real images against libvips (skipped without it).
  ['corpus.mjs', 'real images (../shared/corpus) against libvips: no 5xx, every refusal named', /^corpus: /],
  // The doors only (the precision comparison takes many minutes): browser (WebAssembly) ÷ Node.
  // With the floor under that ratio: one of the model's convolutions in the same runtime's
  // WebAssembly and native kernels (no app code involved).
  [
    'background-remover.mjs kernel doors',
    'background removal, 1 MP photo: browser (WebAssembly) ÷ Node ≤ 1.5×',
    /^ratio|masks|peak RSS|thread\(s\): native/,
  ],
  ['bundle-size.mjs', '7. home page JS (gzip), largest page chunk', /gzip/],
  // Absolute scores, not ratios (see its header); the longest step (~5 min for 16 pages).
  [
    'lighthouse.mjs',
    'Lighthouse mobile: performance ≥ 95, the others 100, no load task over 200 ms',
    /^lighthouse summary/,
  ],
];

function run(script, pick) {
  return new Promise((done) => {
    const [file, ...args] = script.split(' ');
    const child = spawn(process.execPath, [`${here}${file}`, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    const figures = [];
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      figures.push(...lines.filter((line) => pick.test(line)));
    });
    child.on('exit', (code) => {
      if (rest && pick.test(rest)) figures.push(rest);
      done({ code, figures });
    });
  });
}

const note = [];
let failed = 0;
for (const [script, goal, pick] of BENCHES) {
  if (ONLY && !ONLY.test(script)) continue;
  console.log(`\n== ${script} — ${goal}`);
  const { code, figures } = await run(script, pick);
  if (code !== 0) failed++;
  note.push(
    `${goal}${code === 0 ? '' : `  [${script} FAILED, exit ${code}]`}`,
    ...figures.map((line) => `    ${line}`),
  );
}
console.log(`\n== Closing note (each figure against its goal; medians, one run)\n${note.join('\n')}`);
if (failed) process.exitCode = 1;
