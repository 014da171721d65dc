// Home page JavaScript (docs/stack.md, speed goal 7): the gzipped size of the scripts the home page loads
// before it can render — the entry in index.html plus its static imports, followed recursively —
// and the largest tool-page chunk. Read from an existing build; no goal ratio, sizes only.
//
//   node bench/bundle-size.mjs     (STATIC_DIR=/path/to/dist for another build)
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = resolve(process.env.STATIC_DIR ?? 'dist');
const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const entries = [
  ...html.matchAll(/<script[^>]+src="\.?\/([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.?\/([^"]+\.js)"/g),
].map((m) => m[1]);
const seen = new Set();
const queue = [...entries];
while (queue.length) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  // Static imports only (`import … from "./x.js"` / `import "./x.js"`): import() is lazy.
  for (const [, spec] of readFileSync(join(DIST, file), 'utf8').matchAll(
    /import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    queue.push(posix.join(posix.dirname(file), spec));
  }
}
const home = [...seen].reduce((sum, file) => sum + gz(file), 0);
console.log(`home page JS (gzip): ${kib(home)} in ${seen.size} file(s): ${[...seen].join(', ')}`);

const pages = readdirSync(join(DIST, 'assets'))
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, size: gz(`assets/${name}`) }))
  .sort((a, b) => b.size - a.size);
const largestPage = pages.find((p) => p.name.startsWith('page-'));
console.log(
  `largest page chunk (gzip): ${kib(largestPage.size)} (${largestPage.name}); largest JS file of the build: ${kib(pages[0].size)} (${pages[0].name})`,
);
