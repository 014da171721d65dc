// Text tools against the platform's own primitives (docs/stack.md, speed goals 3 and 4):
//   json-formatter pretty (lossless) of a ~3 MB document vs JSON.parse + JSON.stringify,
//   json-to-csv of 50k rows vs papaparse's unparse alone (rows already parsed),
//   hash-generator sha256 / md5 of 3 MB vs node:crypto.
// Our side is the real tool core (invoke(), schema validation included), loaded from the
// TypeScript sources through Vite's module runner like bench/images.mjs, so no build is needed.
//
//   node bench/text-tools.mjs        (RUNS=9 for more repetitions)
import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { createServer } from 'vite';
import { alternatingMedians, medianMs, report } from './report.mjs';

const RUNS = Number(process.env.RUNS ?? 5);

const vite = await createServer({
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
const { localInvoker } = await vite.ssrLoadModule('/src/core/local.ts');
const { doorContext } = await vite.ssrLoadModule('/src/tools/define.ts');
const invoke = localInvoker(doorContext());

async function ours(slug, body) {
  const reply = await invoke(slug, body);
  if (reply.status !== 200)
    throw new Error(`${slug} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 300)}`);
  return reply.body;
}

/**
 * A deterministic JSON document of about `bytes` bytes, shaped like real API data: nested
 * records, integers, decimals and exponents, strings with escapes (`\"`, `\\`, `\n`, `\t`) and
 * non-ASCII text (accents, symbols, an emoji's surrogate pair) in some of them.
 */
function document(bytes) {
  let seed = 11;
  const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 4294967296;
  const items = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const item = {
      id: i,
      name: `item ${i} ${random().toString(36).slice(2)}`,
      price: Math.round(random() * 1e6) / 100,
      ratio: random() * 1e-7,
      active: random() > 0.5,
      tags: ['alpha', 'beta', 'gamma'].slice(0, 1 + Math.floor(random() * 3)),
      owner: {
        id: Math.floor(random() * 1e6),
        email: `user${i}@example.com`,
        note:
          i % 4 === 0
            ? `Said "hi" from São Paulo — ✓ ${i}\n\tsee C:\\data\\${i}.json${i % 16 === 0 ? ' 😀' : ''}`
            : null,
      },
    };
    size += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return JSON.stringify({ generated: '2026-01-01T00:00:00Z', items });
}

const json = document(2.9e6);
const jsonPretty = JSON.stringify(JSON.parse(json), null, 2);
console.log(
  `text tools: JSON document ${(json.length / 1e6).toFixed(2)} MB minified, ${(jsonPretty.length / 1e6).toFixed(2)} MB pretty; ${RUNS} alternating rounds each, median`,
);
for (const [shape, input, goal] of [
  ['minified', json, 2],
  ['pretty', jsonPretty, 2],
]) {
  const { ours: mine, baseline } = await alternatingMedians(
    () => ours('json-formatter', { json: input, mode: 'pretty', indent: 2 }),
    () => JSON.stringify(JSON.parse(input), null, 2),
    RUNS,
  );
  report(`json-formatter pretty 2.9 MB (${shape} input) vs JSON.parse+stringify`, mine, baseline, goal);
}
// sort_keys takes the general path (a tree); JSON.parse+stringify does not sort, so no goal.
const sorted = await alternatingMedians(
  () => ours('json-formatter', { json, mode: 'pretty', indent: 2, sort_keys: true }),
  () => JSON.stringify(JSON.parse(json), null, 2),
  RUNS,
);
report(
  'json-formatter pretty sort_keys 2.9 MB vs JSON.parse+stringify (unsorted)',
  sorted.ours,
  sorted.baseline,
  undefined,
);

const rows = Array.from({ length: 50_000 }, (_, i) => ({
  id: i,
  name: `row ${i}`,
  city: i % 3 ? 'Paris' : 'São Paulo, "SP"',
  amount: (i * 7.31) % 1000,
  ok: i % 2 === 0,
}));
const rowsJson = JSON.stringify(rows);
console.log(`json-to-csv input: 50k rows, ${(rowsJson.length / 1e6).toFixed(2)} MB of JSON`);
const csv = await medianMs(() => ours('json-to-csv', { input: rowsJson, mode: 'json-to-csv' }), RUNS);
const csvBase = await medianMs(() => Papa.unparse(rows), RUNS);
const csvBaseParse = await medianMs(() => Papa.unparse(JSON.parse(rowsJson)), RUNS);
report('json-to-csv 50k rows vs papaparse unparse alone', csv, csvBase, 2);
report('json-to-csv 50k rows vs JSON.parse + papaparse unparse', csv, csvBaseParse, undefined);

const text = 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(3e6 / 45)).slice(0, 3e6);
for (const algorithm of ['sha256', 'md5']) {
  const expected = createHash(algorithm).update(text).digest('hex');
  const reply = await ours('hash-generator', { input: text, algorithm });
  if (reply.hash !== expected) throw new Error(`${algorithm}: our digest differs from node:crypto`);
  const mine = await medianMs(() => ours('hash-generator', { input: text, algorithm }), RUNS);
  const base = await medianMs(() => createHash(algorithm).update(text).digest('hex'), RUNS);
  report(`hash-generator ${algorithm} 3 MB vs node:crypto`, mine, base, 2);
}
await vite.close();
