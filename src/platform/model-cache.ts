// The background-removal model in the browser: downloaded from this origin's /models/ on first
// use (or when the user asks to make it available offline), each file checked against its
// SHA-256, kept in Cache Storage so it works offline, and reported as MB downloaded of the total.
// Pages and their tool worker share it (same origin, same cache); a Web Lock lets only one of
// them download at a time, and the other then finds the files cached. The service worker serves
// the cached files to anyone who fetches them offline (onnxruntime-web fetches its WASM itself).
import manifest from 'virtual:model-manifest';
import { MODEL_CACHE, megabytes, type ModelFile, type WasmFile } from './model';
import { ModelUnavailableError } from './segmentation';

export { manifest };

export interface Progress {
  /** Bytes on this device, of `total`. */
  loaded: number;
  total: number;
}
export type ProgressListener = (progress: Progress) => void;

/** The onnxruntime-web build this context runs: threads need a cross-origin isolated page. */
export function wasmFileFor(isolated = self.crossOriginIsolated): WasmFile {
  return isolated ? 'ort-wasm-simd-threaded.wasm' : 'ort-wasm-simd.wasm';
}

/** What background removal needs here: the model's chunks and one WASM build. */
export function neededFiles(isolated = self.crossOriginIsolated): ModelFile[] {
  return [...manifest.chunks, manifest.wasm[wasmFileFor(isolated)]];
}

export const totalBytes = (files: ModelFile[] = neededFiles()) => files.reduce((sum, file) => sum + file.size, 0);

const CONTENT_TYPE = (file: ModelFile) => (file.url.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream');

/** How much of the model is on this device already. */
export async function cachedBytes(files: ModelFile[] = neededFiles()): Promise<Progress> {
  const cache = await caches.open(MODEL_CACHE);
  let loaded = 0;
  for (const file of files) if (await cache.match(file.url)) loaded += file.size;
  return { loaded, total: totalBytes(files) };
}

const hex = (digest: ArrayBuffer) => Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');

const unavailable = (reason: string) =>
  new ModelUnavailableError(
    `The background-removal model (${megabytes(totalBytes())}) is not on this device yet and could not be downloaded (${reason}). Connect to the internet once, or open the Background Remover page while online and choose “Make available offline”.`,
  );

/** Fetches one file, reporting its bytes as they arrive, and checks its length and SHA-256. */
async function download(file: ModelFile, onBytes: (count: number) => void, signal?: AbortSignal): Promise<Uint8Array<ArrayBuffer>> {
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
  if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== file.sha256) throw unavailable(`${file.url} arrived damaged`);
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
export function ensureModel(onProgress?: ProgressListener, signal?: AbortSignal, files: ModelFile[] = neededFiles()): Promise<void> {
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

/** The model's bytes, from the cache (downloading first what is missing). */
export async function loadModelBytes(onProgress?: ProgressListener): Promise<Uint8Array> {
  await ensureModel(onProgress);
  const cache = await caches.open(MODEL_CACHE);
  const model = new Uint8Array(manifest.size);
  let at = 0;
  for (const chunk of manifest.chunks) {
    const response = await cache.match(chunk.url);
    if (!response) throw unavailable('it was removed from this device meanwhile');
    const bytes = new Uint8Array(await response.arrayBuffer());
    model.set(bytes, at);
    at += bytes.length;
  }
  return model;
}

/** Deletes the downloaded files (the page's “Remove from this device”). */
export async function removeModel(): Promise<void> {
  await caches.delete(MODEL_CACHE);
}
