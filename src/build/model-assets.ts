// App build: the background-removal model and onnxruntime-web's WASM, served from the app's own
// origin (docs/contract.md §4 background-remover: never a CDN). Copies the chosen precision's chunks
// from @imgly/background-removal-data, checked against the SHA-256 that names each, and the two
// WASM builds of the installed onnxruntime-web (SIMD-threaded for WebAssembly, its asyncify twin
// for WebGPU; model.ts WASM_FILES) into dist/models/, and describes them in
// `virtual:model-manifest` for the pages and workers that download them.
//
// The files are copied rather than emitted as Rollup assets (84 MiB through memory twice), and
// vite.config.ts keeps `models/**` out of the service worker's precache: they are fetched on
// first use, with progress, not on every visit (src/platform/model-cache.ts).
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  MODEL_NAME,
  MODEL_PACKAGE,
  MODEL_RESOURCE,
  MODEL_RESOURCES_FILE,
  MODELS_PATH,
  WASM_FILES,
  chunkFiles,
  type ModelManifest,
  type ResourceMap,
  type WasmFile,
} from '../platform/model';

const MANIFEST_ID = 'virtual:model-manifest';

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

interface Plan {
  manifest: ModelManifest;
  /** resources.json for dist/models/: the one model the app ships, as the data package lists it. */
  resources: ResourceMap;
  /** Destination path under outDir → source file. */
  copies: Map<string, string>;
}

function plan(root: string): Plan {
  const require = createRequire(resolve(root, 'package.json'));
  const dataDist = dirname(require.resolve(`${MODEL_PACKAGE}/dist/resources.json`));
  // onnxruntime-web exports its WASM files by name (package.json "exports").
  const ortDist = dirname(require.resolve(`onnxruntime-web/${WASM_FILES.wasm}`));
  const entry = (JSON.parse(readFileSync(join(dataDist, 'resources.json'), 'utf8')) as ResourceMap)[MODEL_RESOURCE];
  if (!entry) throw new Error(`${MODEL_PACKAGE} has no ${MODEL_RESOURCE}`);

  const copies = new Map<string, string>();
  const chunks = chunkFiles(entry);
  for (const chunk of chunks) {
    const source = join(dataDist, chunk.sha256);
    // A damaged install must fail the build, not every user's download.
    if (sha256(source) !== chunk.sha256)
      throw new Error(`${MODEL_PACKAGE}: chunk ${chunk.sha256} is damaged; reinstall (npm ci)`);
    copies.set(chunk.url, source);
  }
  const wasm = {} as ModelManifest['wasm'];
  for (const name of Object.values(WASM_FILES)) {
    const source = join(ortDist, name);
    const hash = sha256(source);
    // Content-addressed like the chunks, so a new onnxruntime-web never meets a stale cache entry.
    const url = `${MODELS_PATH}${name.replace(/\.wasm$/, '')}-${hash.slice(0, 16)}.wasm`;
    wasm[name as WasmFile] = { url, size: readFileSync(source).length, sha256: hash };
    copies.set(url, source);
  }
  return {
    manifest: { name: MODEL_NAME, chunks, size: entry.size, wasm },
    resources: { [MODEL_RESOURCE]: entry },
    copies,
  };
}

/** One plan per build, shared by the page build's and the worker build's plugin instances. */
const plans = new Map<string, Plan>();
const planFor = (root: string) => plans.get(root) ?? plans.set(root, plan(root)).get(root)!;

/** The files modelFiles copies into dist/models/ (their packages' licences go into the notices). */
export const modelSourceFiles = (root: string): string[] => [...planFor(root).copies.values()];

/**
 * `virtual:model-manifest`. Vite bundles workers with their own plugin list (`worker.plugins`),
 * and the model is loaded in the worker, so this part is its own plugin.
 */
export function modelManifest(): Plugin {
  let root = process.cwd();
  return {
    name: 'model-manifest',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === MANIFEST_ID ? '\0' + MANIFEST_ID : undefined;
    },
    load(id) {
      return id === '\0' + MANIFEST_ID ? `export default ${JSON.stringify(planFor(root).manifest)};` : undefined;
    },
  };
}

/** Copies the files into `<outDir>/models/` (the dev server serves them from the packages). */
export function modelFiles(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'model-files',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      mkdirSync(join(outDir, MODELS_PATH), { recursive: true });
      for (const [url, source] of planFor(root).copies) copyFileSync(source, join(outDir, url));
      // The Node doors read the model from here when the data package is not installed (the
      // published package ships the model once, in dist/: segmentation-node.ts modelSource).
      writeFileSync(join(outDir, MODELS_PATH, MODEL_RESOURCES_FILE), JSON.stringify(planFor(root).resources));
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const source = req.url && planFor(root).copies.get(req.url.split('?')[0]!);
        if (!source) return next();
        res.setHeader('Content-Type', source.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');
        createReadStream(source).pipe(res);
      });
    },
  };
}
