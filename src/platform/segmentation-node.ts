// The segmentation port in Node: ISNet on onnxruntime-node (native CPU kernels, all cores), in a
// process of its own (inference-host.mjs) that can be killed at any moment and exits when idle;
// the model read from the installed @imgly/background-removal-data package (a checkout), else
// from the app build's dist/models/ (the published package: the model ships once, there), and
// checked chunk by chunk against the SHA-256 that names it. No network, ever.
//
// Both packages are found at run time rather than bundled: onnxruntime-node is a native addon,
// and the model is 84 MiB. They are looked up from this file's location (the server built into
// the project's dist-server/, or unbundled in tests) and then from the working directory (a build
// elsewhere, started from the project), so a server that never removes a background starts
// anywhere, and one that does names what is missing.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assembleChunks, type ModelChunk } from './model-chunks.mjs';
import { MODEL_PACKAGE, MODEL_RESOURCE, MODEL_RESOURCES_FILE, MODELS_PATH, type ResourceMap } from './model';
import { MODEL_SIDE, type SegmentationPlatform } from './segmentation';

// onnxruntime (1.30 on Linux) starts a telemetry client when it loads: it writes a device id
// and an upload queue under $HOME/.cache/Microsoft/DeveloperTools/.onnxruntime and, where $HOME
// is read-only (containers), prints a coloured non-JSON warning ("Failed to persist telemetry
// device ID") to stderr and writes a `:memory:.ses` file into the working directory. This
// program promises no network and JSON-only logs, so telemetry is off. The library reads the
// variable from the process environment, which only the main thread writes (a worker thread's
// process.env is its own copy): this module is imported on the main thread by every Node entry
// (node-context.ts), before any worker or the model's process (inference-host.mjs) starts.
process.env.ORT_DISABLE_TELEMETRY = '1';

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
  throw new Error(
    `Cannot find ${specifier}: install the project's dependencies (npm ci) and start the server from the project directory`,
  );
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
  throw new Error(
    `Cannot find the background-removal model: neither ${MODEL_PACKAGE} (npm ci) nor the app build's dist${MODELS_PATH} (npm run build) is there`,
  );
}

/** The model's chunk files, in order, as resources.json lists them (model-chunks.mjs reads and checks them). */
export async function modelChunks(
  resource = MODEL_RESOURCE,
  from: ModelSource | string = modelSource(),
): Promise<{ chunks: ModelChunk[]; size: number }> {
  const { dir: dist, chunkFile } = typeof from === 'string' ? { dir: from, chunkFile: (hash: string) => hash } : from;
  const resources = JSON.parse(await readFile(join(dist, MODEL_RESOURCES_FILE), 'utf8')) as ResourceMap;
  const entry = resources[resource];
  if (!entry) throw new Error(`${MODEL_PACKAGE} has no ${resource}`);
  return {
    chunks: entry.chunks.map(({ hash, offsets }) => ({
      path: join(dist, chunkFile(hash)),
      sha256: hash,
      start: offsets[0],
      end: offsets[1],
    })),
    size: entry.size,
  };
}

/** Reassembles a model from its chunks, refusing a chunk whose size or SHA-256 is wrong. */
export async function readModel(
  resource = MODEL_RESOURCE,
  from: ModelSource | string = modelSource(),
): Promise<Uint8Array> {
  const { chunks, size } = await modelChunks(resource, from);
  return assembleChunks(chunks, size, { package: MODEL_PACKAGE, resource });
}

/** The model's process: dist-server/inference-host.js in the build (this module is in dist-server/
 * or dist-server/chunks/), inference-host.mjs beside this file when run from the sources. */
function hostScript(): string {
  for (const candidate of ['./inference-host.js', '../inference-host.js', './inference-host.mjs']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error('Cannot find the background-removal process (inference-host.js): build the server (npm run build)');
}

type HostReply = { kind: 'result'; id: number; output: Float32Array } | { kind: 'error'; id: number; message: string };

/** Told when a model process starts (alive) and when it has ended: the worker pool kills the
 * processes of a worker it stops (worker-pool.ts, `companions`). */
export type ModelProcessListener = (pid: number, alive: boolean) => void;
const listeners = new Set<ModelProcessListener>();

/** Calls `listener` for every model process this thread starts or loses, from now on. */
export function watchModelProcesses(listener: ModelProcessListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One model process and the runs waiting for its answers. */
class ModelProcess {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, { resolve(output: Float32Array): void; reject(error: Error): void }>();
  private nextId = 1;
  exited = false;

  constructor(
    load: { ort: string; chunks: ModelChunk[]; size: number; label: { package: string; resource: string } },
    onExit: () => void,
  ) {
    // stdout goes to stderr: in the MCP stdio server stdout is the protocol's. No execArgv: the
    // parent's flags (a test runner's loaders, inspector ports) are not the model's business.
    this.child = fork(hostScript(), [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 2, 2, 'ipc'] });
    const pid = this.child.pid;
    const ended = (why: string) => {
      if (this.exited) return;
      this.exited = true;
      onExit();
      for (const { reject } of this.waiting.values()) reject(new Error(`the background-removal process ${why}`));
      this.waiting.clear();
      if (pid !== undefined) for (const listener of listeners) listener(pid, false);
    };
    this.child.on('error', (error) => ended(`failed: ${error.message}`));
    this.child.on('exit', (code, signal) => ended(signal ? `was stopped (${signal})` : `exited with code ${code}`));
    this.child.on('message', (reply: HostReply) => {
      const run = this.waiting.get(reply.id);
      if (!run) return;
      this.waiting.delete(reply.id);
      this.idleRef();
      if (reply.kind === 'result') run.resolve(reply.output);
      else run.reject(new Error(reply.message));
    });
    // Neither the process nor its channel keeps this thread's event loop alive while idle: a
    // command that has answered exits, and the model's process with it (its channel closes).
    this.child.unref();
    this.idleRef();
    if (pid !== undefined) for (const listener of listeners) listener(pid, true);
    this.child.send({ kind: 'load', ...load });
  }

  /** The channel holds the event loop only while an answer is awaited. */
  private idleRef(): void {
    const channel = this.child.channel as { ref(): void; unref(): void } | null | undefined;
    if (this.waiting.size > 0) channel?.ref();
    else channel?.unref();
  }

  run(input: Float32Array, dims: number[]): Promise<Float32Array> {
    if (this.exited) return Promise.reject(new Error('the background-removal process has ended'));
    const id = this.nextId++;
    return new Promise<Float32Array>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.idleRef();
      this.child.send({ kind: 'run', id, input, dims });
    });
  }

  /** Ends an idle process: it exits when its channel closes (killed if it has not within 10 s). */
  close(): void {
    if (this.exited) return;
    if (this.child.connected) this.child.disconnect();
    setTimeout(() => this.exited || this.child.kill('SIGKILL'), 10_000).unref();
  }
}

export interface NodeSegmentationOptions {
  /** End the model's process (and give back its memory) after this long unused; the next call
   * starts it again (~1 s). */
  idleMs?: number;
  /** Which precision of resources.json (benchmarks compare them). */
  resource?: string;
}

/**
 * ISNet on onnxruntime-node, in a process of its own (inference-host.mjs): started on first use,
 * ended when idle. It holds ~0.5 GB, and a run peaks near 1.2 GB (measured; README), which a
 * server should not keep while it only answers text tools; and it can be killed at any moment,
 * which a thread running onnxruntime cannot (docs/architecture.md).
 */
export function createNodeSegmentation({
  idleMs = 60_000,
  resource = MODEL_RESOURCE,
}: NodeSegmentationOptions = {}): SegmentationPlatform {
  let host: Promise<ModelProcess> | undefined;
  let current: ModelProcess | undefined;
  let running = 0;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  const open = () =>
    (host ??= (async () => {
      const { chunks, size } = await modelChunks(resource);
      const started: ModelProcess = new ModelProcess(
        { ort: resolvePackageFile('onnxruntime-node'), chunks, size, label: { package: MODEL_PACKAGE, resource } },
        () => {
          // A process that ended (idle, killed, crashed) is replaced by the next call.
          if (current === started) host = current = undefined;
        },
      );
      current = started;
      return started;
    })().catch((error: unknown) => {
      host = undefined;
      throw error;
    }));

  const scheduleClose = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (running > 0 || !current) return;
      const closing = current;
      host = current = undefined;
      closing.close();
    }, idleMs);
    idleTimer.unref?.();
  };

  return {
    async segment(input) {
      if (input.length !== 3 * MODEL_SIDE * MODEL_SIDE)
        throw new Error(`segment: expected ${3 * MODEL_SIDE * MODEL_SIDE} values, got ${input.length}`);
      running++;
      clearTimeout(idleTimer);
      try {
        const output = await (await open()).run(input, [1, 3, MODEL_SIDE, MODEL_SIDE]);
        if (output.length !== MODEL_SIDE * MODEL_SIDE)
          throw new Error(`segment: the model answered ${output.length} values`);
        return output;
      } finally {
        running--;
        if (running === 0) scheduleClose();
      }
    },
  };
}

/** The Node doors' model: one process per thread that removes backgrounds (each pool worker; the
 * main thread only when HEAVY_WORKERS=0, the command line's light calls, and the tests). */
export const nodeSegmentation: SegmentationPlatform = createNodeSegmentation();
