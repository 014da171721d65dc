// The whole shared corpus (../shared/corpus: the test images of sharp, libvips, PngSuite, libtiff
// and libjpeg-turbo, ~800 files) through the image converter (to PNG) and through libvips
// (sharp), compared as tests/corpus/compare.mjs does. Prints the counts of match / differ /
// refused / 5xx and every disagreement: a 200 unlike libvips, a refusal of a file libvips reads
// (with its sentence), any 5xx. Not a speed figure: a census of what real files get.
//
//   node bench/corpus.mjs   (ONLY=tiff: paths matching a pattern; CORPUS_DIR=…: another corpus; VERBOSE=1: each name first)
//
// Our side is the real tool core (invoke() with the Node image platform) loaded from the
// TypeScript sources through Vite's module runner, so no build is needed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createServer } from 'vite';
import { CORPUS_DIR, compareFile, corpusPresent, formatFromName } from '../tests/corpus/compare.mjs';

if (!corpusPresent()) {
  console.log(`corpus: skipped, no corpus at ${CORPUS_DIR} (set CORPUS_DIR)`);
  process.exit(0);
}
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;

/** Every file under the corpus but its READMEs and licence texts. */
function files(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /^(README|LICENCE)/i.test(name) ? [] : [path];
    });
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

const counts = { match: 0, differ: 0, refused: 0, '5xx': 0, read: 0 };
let bothRefuse = 0;
const disagreements = [];
const generic = [];
const started = performance.now();
const list = files(CORPUS_DIR)
  .map((path) => relative(CORPUS_DIR, path))
  .filter((name) => !ONLY || ONLY.test(name));
for (const name of list) {
  if (process.env.VERBOSE) console.log(`… ${name}`);
  const result = await compareFile(invoke, readFileSync(join(CORPUS_DIR, name)), formatFromName(name));
  counts[result.kind]++;
  if (result.kind === 'refused' && result.libvips) bothRefuse++;
  else if (result.kind === 'differ' || result.kind === '5xx')
    disagreements.push(`${result.kind.padEnd(7)} ${name}: ${result.message}`);
  else if (result.kind === 'read')
    disagreements.push(`read    ${name}: ${result.size}; libvips: ${result.libvips.split('\n')[0]}`);
  else if (result.kind === 'refused') {
    disagreements.push(`refused ${name}: ${result.message}`);
    if (/damaged, truncated or uses an unsupported variant/.test(result.message)) generic.push(name);
  }
}
await vite.close();

const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(`corpus: ${list.length} files in ${seconds} s from ${CORPUS_DIR}`);
console.log(
  `corpus: match ${counts.match}, differ ${counts.differ}, refused ${counts.refused} (libvips refuses ${bothRefuse} of them too), 5xx ${counts['5xx']}, read where libvips refuses ${counts.read}`,
);
console.log(
  `corpus: refusals of files libvips reads with the generic "damaged, truncated or unsupported variant" sentence: ${generic.length}`,
);
console.log(
  `\ndisagreements (${disagreements.length}): a 200 unlike libvips, a 5xx, a refusal of a file libvips reads, or a file read that libvips refuses`,
);
for (const line of disagreements) console.log(`  ${line}`);
