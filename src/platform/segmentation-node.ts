// The segmentation port in Node: ISNet on onnxruntime-node (native CPU kernels, all cores),
// the model read from the installed @imgly/background-removal-data package (a checkout), else
// from the app build's dist/models/ (the published package: the model ships once, there), and
// checked chunk by chunk against the SHA-256 that names it. No network, ever.
//
// Both packages are found at run time rather than bundled: onnxruntime-node is a native addon,
// and the model is 84 MiB. They are looked up from this file's location (the server built into
// the project's dist-server/, or unbundled in tests) and then from the working directory (a build
// elsewhere, started from the project), so a server that never removes a background starts
// anywhere, and one that does names what is missing.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MODEL_PACKAGE, MODEL_RESOURCE, MODEL_RESOURCES_FILE, MODELS_PATH, type ResourceMap } from './model';
import { MODEL_SIDE, type SegmentationPlatform } from './segmentation';

// onnxruntime (1.30 on Linux) starts a telemetry client when it loads: it writes a device id
// and an upload queue under $HOME/.cache/Microsoft/DeveloperTools/.onnxruntime and, where $HOME
// is read-only (containers), prints a coloured non-JSON warning ("Failed to persist telemetry
// device ID") to stderr and writes a `:memory:.ses` file into the working directory. This
// program promises no network and JSON-only logs, so telemetry is off. The library reads the variable from the process environment, which only the main
// thread writes (a worker thread's process.env is its own copy): this module is imported on
// the main thread by every Node entry (node-context.ts), before any worker or child starts.
process.env.ORT_DISABLE_TELEMETRY = '1';

/** The subset of onnxruntime-node this module uses. */
interface Ort {
  InferenceSession: {
    create(model: Uint8Array, options: Record<string, unknown>): Promise<Session>;
  };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown;
}
interface Session {
  run(feeds: Record<string, unknown>, fetches: string[]): Promise<Record<string, { data: unknown }>>;
  release(): Promise<void>;
}

/** Resolves a package file from this module, else from the working directory. */
export function resolvePackageFile(specifier: string): string {
  const bases = [import.meta.url, join(process.cwd(), 'package.json')];
  for (const base of bases) {
    try {
      return createRequire(base).resolve(specifier);
    } catch {
      // try the next base
    }
  }
  throw new Error(`Cannot find ${specifier}: install the project's dependencies (npm ci) and start the server from the project directory`);
}

/** The installed data package's dist/ folder: resources.json and the chunks it names. */
export function modelPackageDist(): string {
  return dirname(resolvePackageFile(`${MODEL_PACKAGE}/dist/resources.json`));
}

/** A folder with a resources.json and the chunks it lists, and how a chunk's file is named there. */
export interface ModelSource {
  dir: string;
  chunkFile: (sha256: string) => string;
}

/**
 * Where this process finds the model: the data package when installed (a checkout, tests), else
 * the app build's dist/models/ beside dist-server/ (the published package, the container), where
 * the build writes the chunks as `<sha256>.bin` with a resources.json of its own.
 */
export function modelSource(): ModelSource {
  try {
    return { dir: modelPackageDist(), chunkFile: (hash) => hash };
  } catch {
    // not installed: the build's copy
  }
  // Bundled, this module is in dist-server/ itself or in dist-server/chunks/.
  for (const up of ['../dist', '../../dist']) {
    const dir = fileURLToPath(new URL(`${up}${MODELS_PATH}`, import.meta.url));
    if (existsSync(join(dir, MODEL_RESOURCES_FILE))) return { dir, chunkFile: (hash) => `${hash}.bin` };
  }
  throw new Error(`Cannot find the background-removal model: neither ${MODEL_PACKAGE} (npm ci) nor the app build's dist${MODELS_PATH} (npm run build) is there`);
}

/** Reassembles a model from its chunks, refusing a chunk whose size or SHA-256 is wrong. */
export async function readModel(resource = MODEL_RESOURCE, from: ModelSource | string = modelSource()): Promise<Uint8Array> {
  const { dir: dist, chunkFile } = typeof from === 'string' ? { dir: from, chunkFile: (hash: string) => hash } : from;
  const resources = JSON.parse(await readFile(join(dist, MODEL_RESOURCES_FILE), 'utf8')) as ResourceMap;
  const entry = resources[resource];
  if (!entry) throw new Error(`${MODEL_PACKAGE} has no ${resource}`);
  const model = new Uint8Array(entry.size);
  let filled = 0;
  for (const { hash, offsets } of entry.chunks) {
    const chunk = await readFile(join(dist, chunkFile(hash)));
    if (chunk.length !== offsets[1] - offsets[0] || createHash('sha256').update(chunk).digest('hex') !== hash) {
      throw new Error(`${MODEL_PACKAGE}: chunk ${hash} of ${resource} is damaged; reinstall the package (npm ci)`);
    }
    model.set(chunk, offsets[0]);
    filled += chunk.length;
  }
  if (filled !== entry.size) throw new Error(`${MODEL_PACKAGE}: the chunks of ${resource} add up to ${filled} bytes, not ${entry.size}`);
  return model;
}

async function loadOrt(): Promise<Ort> {
  const module = (await import(/* @vite-ignore */ pathToFileURL(resolvePackageFile('onnxruntime-node')).href)) as Ort & { default?: Ort };
  return module.default ?? module;
}

export interface NodeSegmentationOptions {
  /** Drop the session (and its memory) after this long unused; the next call reloads it (~1 s). */
  idleMs?: number;
  /** Which precision of resources.json (benchmarks compare them). */
  resource?: string;
}

/**
 * ISNet on onnxruntime-node. The session is created on first use and released when idle: it
 * holds ~0.5 GB, and a run peaks near 1.2 GB (measured; README), which a server should not keep
 * while it only answers text tools.
 */
export function createNodeSegmentation({ idleMs = 60_000, resource = MODEL_RESOURCE }: NodeSegmentationOptions = {}): SegmentationPlatform {
  let session: Promise<{ ort: Ort; session: Session }> | undefined;
  let running = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () =>
    (session ??= (async () => {
      const [ort, model] = await Promise.all([loadOrt(), readModel(resource)]);
      // Without the arena and the memory pattern, activations (1024² × 64 channels and more)
      // are freed after each run instead of being kept for the next: a run peaks at ~1.2 GB
      // instead of ~2.2 GB, and no slower that could be measured here.
      const created = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'all', executionMode: 'sequential', enableCpuMemArena: false, enableMemPattern: false });
      return { ort, session: created };
    })().catch((error: unknown) => {
      session = undefined;
      throw error;
    }));

  const scheduleRelease = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running > 0 || !session) return;
      const closing = session;
      session = undefined;
      void closing.then(({ session: s }) => s.release()).catch(() => undefined);
    }, idleMs);
    idleTimer.unref?.();
  };

  return {
    async segment(input) {
      if (input.length !== 3 * MODEL_SIDE * MODEL_SIDE) throw new Error(`segment: expected ${3 * MODEL_SIDE * MODEL_SIDE} values, got ${input.length}`);
      running++;
      clearTimeout(idleTimer);
      try {
        const { ort, session: s } = await open();
        const outputs = await s.run({ input: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) }, ['output']);
        return outputs.output!.data as Float32Array;
      } finally {
        running--;
        if (running === 0) scheduleRelease();
      }
    },
  };
}

/** The Node doors' model: one per thread that removes backgrounds (each pool worker; the main
 * thread only when HEAVY_WORKERS=0, and the tests). */
export const nodeSegmentation: SegmentationPlatform = createNodeSegmentation();
