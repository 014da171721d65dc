// The background-removal model in the browser: downloaded from this origin's /models/ on first
// use (or when the user asks to make it available offline), each file checked against its
// SHA-256, kept in Cache Storage so it works offline, and reported as MB downloaded of the total.
// Pages and their tool worker share it (same origin, same cache); a Web Lock lets only one of
// them download at a time, and the other then finds the files cached. The service worker serves
// the cached files to anyone who fetches them offline. Which WASM build is needed depends on the
// backend (WebGPU or WebAssembly), asked of the browser once (preferredBackend).
import built from 'virtual:model-manifest';
import { appHref } from '../lib/app-base';
import { MODEL_CACHE, WASM_FILES, megabytes, type Backend, type ModelFile, type ModelManifest } from './model';
import { ModelUnavailableError } from './segmentation';

/** The build names each file from the root (`/models/…`); an app served under a sub-path has them below its base. */
const belowAppBase = (file: ModelFile): ModelFile => ({ ...file, url: appHref(file.url) });

export const manifest: ModelManifest = {
  ...built,
  chunks: built.chunks.map(belowAppBase),
  wasm: Object.fromEntries(
    Object.entries(built.wasm as Record<string, ModelFile>).map(([name, file]) => [name, belowAppBase(file)]),
  ) as ModelManifest['wasm'],
};

export interface Progress {
  /** Bytes on this device, of `total`. */
  loaded: number;
  total: number;
}
export type ProgressListener = (progress: Progress) => void;

let backend: Promise<Backend> | undefined;

/**
 * The backend this browser offers: WebGPU when it hands out an adapter with fp16 shaders, else
 * WebAssembly.
 * Asked once per context (page or worker); any failure means WebAssembly, silently.
 */
export function preferredBackend(): Promise<Backend> {
  const gpu = (
    self.navigator as Navigator & { gpu?: { requestAdapter(): Promise<{ features: ReadonlySet<string> } | null> } }
  ).gpu;
  return (backend ??= gpu
    ? gpu.requestAdapter().then(
        // The model's weights and activations are fp16: without shader-f16 its kernels would
        // run on the CPU inside the WebGPU build, slower than the WebAssembly build.
        (adapter) => (adapter?.features.has('shader-f16') ? 'webgpu' : 'wasm'),
        () => 'wasm' as const,
      )
    : Promise.resolve('wasm'));
}

/** The onnxruntime-web WASM build a backend runs. */
export const wasmFileFor = (choice: Backend): ModelFile => manifest.wasm[WASM_FILES[choice]];

/** What background removal needs with a backend: the model's chunks and its WASM build. */
export function neededFiles(choice: Backend): ModelFile[] {
  return [...manifest.chunks, wasmFileFor(choice)];
}

/** The files for this browser's backend. */
export const filesHere = async () => neededFiles(await preferredBackend());

/** Total bytes of `files` (by default the WebAssembly set, the one every browser can run). */
export const totalBytes = (files: ModelFile[] = neededFiles('wasm')) => files.reduce((sum, file) => sum + file.size, 0);

const CONTENT_TYPE = (file: ModelFile) =>
  file.url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';

/** How much of the model is on this device already. */
export async function cachedBytes(given?: ModelFile[]): Promise<Progress> {
  const files = given ?? (await filesHere());
  const cache = await caches.open(MODEL_CACHE);
  let loaded = 0;
  for (const file of files) if (await cache.match(file.url)) loaded += file.size;
  return { loaded, total: totalBytes(files) };
}

const hex = (digest: ArrayBuffer) =>
  Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

const unavailable = (reason: string) =>
  new ModelUnavailableError(
    `The background-removal model (${megabytes(totalBytes())}) is not on this device yet and could not be downloaded (${reason}). Connect to the internet once, or open the Background Remover page while online and choose “Make available offline”.`,
  );

/** Fetches one file, reporting its bytes as they arrive, and checks its length and SHA-256. */
async function download(
  file: ModelFile,
  onBytes: (count: number) => void,
  signal?: AbortSignal,
): Promise<Uint8Array<ArrayBuffer>> {
  let response: Response;
  try {
    response = await fetch(file.url, { signal, cache: 'no-store' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unavailable('the network is unreachable');
  }
  if (!response.ok || !response.body) throw unavailable(`${file.url} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(file.size);
  let at = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      if (signal?.aborted) throw error;
      throw unavailable('the download was interrupted');
    });
    if (done) break;
    if (at + value.length > file.size) {
      await reader.cancel();
      throw unavailable(`${file.url} is larger than expected`);
    }
    bytes.set(value, at);
    at += value.length;
    onBytes(value.length);
  }
  if (at !== file.size) throw unavailable(`${file.url} ended after ${at} of ${file.size} bytes`);
  if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== file.sha256)
    throw unavailable(`${file.url} arrived damaged`);
  return bytes;
}

/** Runs `task` while holding the download lock of this origin (all tabs and workers). */
function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = self.navigator.locks as LockManager | undefined; // absent in old browsers
  return locks ? (locks.request('background-removal-model', task) as Promise<T>) : task();
}

/**
 * Makes sure every needed file is in Cache Storage, downloading what is missing (three at a
 * time). Progress counts cached files as loaded. Throws ModelUnavailableError when a file
 * cannot be had (offline, server without the model, damaged download, storage full).
 */
export async function ensureModel(
  onProgress?: ProgressListener,
  signal?: AbortSignal,
  given?: ModelFile[],
): Promise<void> {
  const files = given ?? (await filesHere());
  return exclusively(async () => {
    const cache = await caches.open(MODEL_CACHE);
    const total = totalBytes(files);
    let loaded = 0;
    const missing: ModelFile[] = [];
    for (const file of files) {
      if (await cache.match(file.url)) loaded += file.size;
      else missing.push(file);
    }
    onProgress?.({ loaded, total });
    const queue = [...missing];
    const worker = async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const bytes = await download(file, (count) => onProgress?.({ loaded: (loaded += count), total }), signal);
        const headers = { 'Content-Type': CONTENT_TYPE(file), 'Content-Length': String(bytes.length) };
        try {
          await cache.put(file.url, new Response(bytes, { headers }));
        } catch {
          throw unavailable('there is not enough storage space for it');
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
  });
}

async function cached(cache: Cache, file: ModelFile): Promise<ArrayBuffer> {
  const response = await cache.match(file.url);
  if (!response) throw unavailable('it was removed from this device meanwhile');
  return response.arrayBuffer();
}

/**
 * The model's bytes and the backend's WASM, from the cache (downloading first what is missing).
 * The WASM is handed to onnxruntime-web as bytes, so it never fetches anything itself.
 */
export async function loadModelFiles(
  choice: Backend,
  onProgress?: ProgressListener,
): Promise<{ model: Uint8Array; wasm: ArrayBuffer }> {
  await ensureModel(onProgress, undefined, neededFiles(choice));
  const cache = await caches.open(MODEL_CACHE);
  const model = new Uint8Array(manifest.size);
  let at = 0;
  for (const chunk of manifest.chunks) {
    const bytes = new Uint8Array(await cached(cache, chunk));
    model.set(bytes, at);
    at += bytes.length;
  }
  return { model, wasm: await cached(cache, wasmFileFor(choice)) };
}

/** Deletes the downloaded files (the page's “Remove from this device”). */
export async function removeModel(): Promise<void> {
  await caches.delete(MODEL_CACHE);
}
