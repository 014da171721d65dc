// The SVG complexity budget (src/lib/images/svg-budget.ts, src/platform/codecs/svg-cost.ts)
// against resvg itself. Two parts:
//
//   1. calibration: for one SVG per kind of work, at 1000×1000, the estimate against the time
//      resvg really takes to draw it (the ratio should stay at 1 or above);
//   2. worst accepted: for each family, the largest SVG the budget still accepts on the largest
//      canvas (8000×5000, 40 MP), found by bisection, loaded end to end (checks, parsing,
//      estimate, drawing, unpremultiplying) as the image tools load it.
//
//   node bench/svg-budget.mjs            (ONLY=regex for a subset, PART=1 or PART=2)
import { readFileSync } from 'node:fs';
import { createServer } from 'vite';

const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { estimateRenderCost, SVG_BUDGET_NS } = await vite.ssrLoadModule('/src/platform/codecs/svg-cost.ts');
const { checkSvgBudget } = await vite.ssrLoadModule('/src/lib/images/svg-budget.ts');
const { loadImage } = await vite.ssrLoadModule('/src/lib/images/load.ts');
const { nodeContext } = await vite.ssrLoadModule('/src/platform/node-context.ts');
const { instantiateResvg } = await vite.ssrLoadModule('/src/platform/codecs/resvg-instance.mjs');
const { assetPath } = await vite.ssrLoadModule('/src/platform/node.ts');
// An instance of the bench's own (the platform's renderer keeps its instance to itself).
const { Resvg } = await instantiateResvg(new WebAssembly.Module(readFileSync(assetPath('resvg.wasm'))));
const font = readFileSync(new URL('../node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', import.meta.url));
const parse = (svg) => new Resvg(svg, { font: { fontBuffers: [font], defaultFontFamily: 'DejaVu Sans' } });

const svg = (width, height, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">${body}</svg>`;
const filtered = (primitives, width = '100%', height = '100%') =>
  `<filter id="f">${primitives}</filter><rect width="${width}" height="${height}" fill="#08f" filter="url(#f)"/>`;
const zigzag = (segments, width, height) => {
  let d = 'M0 0';
  for (let i = 0; i < segments; i++) d += ` L${(i * 7) % width} ${(i % 2) * height}`;
  return d;
};
const png = readFileSync(new URL('../tests/fixtures/images/quadrants.png', import.meta.url)).toString('base64');

if (process.env.PART !== '2') {
  console.log('1. estimate ÷ real drawing time, 1000×1000');
  const S = (body) => svg(1000, 1000, body);
  const calibration = {
    'AA fills': S('<circle cx="50%" cy="50%" r="50%" fill="#08f" fill-opacity="0.5"/>'.repeat(20)),
    gradients: S(
      '<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>' +
        '<rect width="100%" height="100%" fill="url(#g)"/>'.repeat(10),
    ),
    'opacity layers': S('<g opacity="0.5"><rect width="100%" height="100%"/></g>'.repeat(10)),
    'clip paths': S(
      '<clipPath id="c"><circle cx="50%" cy="50%" r="40%"/></clipPath>' +
        '<g clip-path="url(#c)"><rect width="100%" height="100%"/></g>'.repeat(10),
    ),
    masks: S(
      '<mask id="m"><rect width="100%" height="100%" fill="#fff"/></mask>' +
        '<g mask="url(#m)"><rect width="100%" height="100%"/></g>'.repeat(10),
    ),
    'blur σ5': S(filtered('<feGaussianBlur stdDeviation="5"/>')),
    'turbulence ×10': S(filtered('<feTurbulence baseFrequency="0.01" numOctaves="10"/>')),
    'morphology r10': S(filtered('<feMorphology radius="10"/>')),
    'convolve 5×5': S(filtered(`<feConvolveMatrix order="5" kernelMatrix="${'1 '.repeat(25)}"/>`)),
    'drop shadow': S(filtered('<feDropShadow stdDeviation="5"/>')),
    'specular light': S(
      filtered('<feSpecularLighting specularExponent="20"><fePointLight x="10" y="10" z="100"/></feSpecularLighting>'),
    ),
    'huge filter region': S(
      '<filter id="f" filterUnits="userSpaceOnUse" x="-1e5" y="-1e5" width="2e5" height="2e5"><feOffset dx="3"/></filter><rect width="100%" height="100%" filter="url(#f)"/>',
    ),
    patterns: S(
      '<pattern id="p" width="100" height="100" patternUnits="userSpaceOnUse"><rect width="50" height="50"/></pattern>' +
        '<rect width="100%" height="100%" fill="url(#p)"/>'.repeat(10),
    ),
    'zigzag stroke': S(`<path d="${zigzag(5000, 1000, 1000)}" fill="none" stroke="red"/>`),
    dashes: S('<path d="M0 5 L 1000 5" stroke="red" stroke-dasharray="0.002"/>'),
    'scaled images': S(`<image width="1000" height="1000" href="data:image/png;base64,${png}"/>`.repeat(3)),
  };
  for (const [name, text] of Object.entries(calibration)) {
    if (ONLY && !ONLY.test(name)) continue;
    const renderer = parse(text);
    const estimate = estimateRenderCost(renderer.toString(), 1000, 1000).ns / 1e6;
    const start = performance.now();
    renderer.render().free();
    const real = performance.now() - start + 1000 * 1000 * 10e-6; // + unpremultiplying, ~10 ns/px
    renderer.free();
    console.log(
      `  ${name.padEnd(20)} estimate ${estimate.toFixed(0).padStart(6)} ms  real ${real.toFixed(0).padStart(6)} ms  ratio ${(estimate / real).toFixed(2)}`,
    );
  }
}

if (process.env.PART !== '1') {
  const [W, H] = [8000, 5000];
  const S = (body) => svg(W, H, body);
  console.log(
    `2. the largest SVG of each family the budget accepts at ${W}×${H} (${SVG_BUDGET_NS / 1e9} s budget, parsing and drawing), loaded end to end`,
  );
  const families = {
    'AA fills (circles)': (n) => S('<circle cx="50%" cy="50%" r="50%" fill="#08f" fill-opacity="0.5"/>'.repeat(n)),
    'zigzag stroke (segments)': (n) => S(`<path d="${zigzag(n, W, H)}" fill="none" stroke="red"/>`),
    'opacity layer (rows)': (n) => S(`<g opacity="0.5"><rect width="${W}" height="${n}" fill="#08f"/></g>`),
    'turbulence ×10 (side)': (n) => S(filtered('<feTurbulence baseFrequency="0.05" numOctaves="10"/>', n, n)),
    'blur σ20 (side)': (n) => S(filtered('<feGaussianBlur stdDeviation="20"/>', n, n)),
    'morphology r5 (side)': (n) => S(filtered('<feMorphology radius="5"/>', n, n)),
    'pattern fill (rows)': (n) =>
      S(
        `<pattern id="p" width="100" height="100" patternUnits="userSpaceOnUse"><rect width="50" height="50"/></pattern><rect width="${W}" height="${n}" fill="url(#p)"/>`,
      ),
    'dashes (paths of 1M)': (n) => S('<path d="M0 10 L 8000 10" stroke="red" stroke-dasharray="0.004"/>'.repeat(n)),
    'clip paths (count)': (n) =>
      S(
        '<clipPath id="c"><circle cx="50%" cy="50%" r="1000"/></clipPath>' +
          `<g clip-path="url(#c)"><rect width="2000" height="2000"/></g>`.repeat(n),
      ),
    'small rects (count)': (n) => S('<rect width="2" height="2"/>'.repeat(n)),
    'text (characters)': (n) =>
      S(
        `<text x="0" y="50" font-size="20">${'Lorem ipsum dolor sit amet '.repeat(Math.ceil(n / 27)).slice(0, n)}</text>`,
      ),
    // Parsing, text layout and drawing sharing the budget: 10,000 characters, a filter, n rects.
    'all together (rects)': (n) =>
      S(
        `<text x="0" y="50" font-size="20">${'Lorem ipsum dolor sit amet '.repeat(370)}</text>${filtered('<feTurbulence baseFrequency="0.05" numOctaves="10"/>', 400, 400)}${'<rect width="2" height="2"/>'.repeat(n)}`,
      ),
  };
  const accepted = (text) => {
    try {
      const parseNs = checkSvgBudget(text);
      if (text.length > 3 * 1048576) return false;
      const renderer = parse(text);
      const ok = parseNs + estimateRenderCost(renderer.toString(), W, H).ns <= SVG_BUDGET_NS;
      renderer.free();
      return ok;
    } catch {
      return false;
    }
  };
  for (const [name, make] of Object.entries(families)) {
    if (ONLY && !ONLY.test(name)) continue;
    // Bisection on n between an accepted and a refused value.
    let [low, high] = [1, 2];
    while (accepted(make(high)) && high < 1e7) [low, high] = [high, high * 2];
    if (!accepted(make(low))) {
      console.log(`  ${name.padEnd(26)} not even n = 1 is accepted`);
      continue;
    }
    while (high - low > Math.max(1, low / 100)) {
      const mid = Math.floor((low + high) / 2);
      if (accepted(make(mid))) low = mid;
      else high = mid;
    }
    const text = make(low);
    const start = performance.now();
    await loadImage(nodeContext, new TextEncoder().encode(text));
    const time = performance.now() - start;
    console.log(
      `  ${name.padEnd(26)} n = ${String(low).padStart(7)}  ${String(text.length).padStart(8)} B  loaded in ${time.toFixed(0).padStart(5)} ms  (process peak RSS so far ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB)`,
    );
  }
}
await vite.close();
