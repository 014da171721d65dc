// Brotli and gzip twins of the built app's text and WASM files (`x.js.br`, `x.js.gz` beside
// `x.js`), written once at build time so the Node server sends compressed bytes without
// compressing on every request (src/server/encoded-files.ts). The page's first scripts shrink to
// about a third, which is what a phone on a slow network waits for before anything renders.
// Of the model's files (dist/models/) only onnxruntime's WASM runtimes get twins (14 MB → 2.8 MB
// and 27 MB → 4.8 MB with Brotli; ~9 s of build): the weights' chunks are dense (fp16), and a
// coding is transparent to the loader, which counts and checks the decoded bytes.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { brotliQuality } from './brotli-quality';

// Not HTML: the server renders each page's head into index.html per request (and it is small).
const COMPRESSIBLE = /\.(js|mjs|css|json|txt|svg|webmanifest|wasm|ttf)$/;
/** In models/, the runtimes only (the `.bin` weight chunks do not compress). */
const MODEL_FILES = /^models\/.*\.wasm$/;
const MIN_BYTES = 1024; // below one packet compression saves nothing worth a header

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(dir: string, root: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const inModels = /^models(\/|$)/.test(relative(root, path));
    if (entry.isDirectory()) yield* files(path, root);
    else if (inModels ? MODEL_FILES.test(relative(root, path)) : COMPRESSIBLE.test(entry.name)) yield path;
  }
}

export async function precompressDir(root: string): Promise<void> {
  const jobs: Promise<void>[] = [];
  for await (const path of files(root, root)) {
    jobs.push(
      (async () => {
        if ((await stat(path)).size < MIN_BYTES) return;
        const bytes = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: brotliQuality(bytes.length),
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gz(bytes, { level: 9 }),
        ]);
        // A twin that saves little is not worth a second file.
        if (br.length < bytes.length * 0.9) await writeFile(`${path}.br`, br);
        if (gzipped.length < bytes.length * 0.9) await writeFile(`${path}.gz`, gzipped);
      })(),
    );
  }
  await Promise.all(jobs);
}

/** Runs after every other plugin has written its files (sw.js is written by vite-plugin-pwa). */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
