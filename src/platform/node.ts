// The image port in Node: the same codecs as the browser (codecs/index.ts), with each file read
// from `assets/` beside the server bundle (src/build/server-assets.ts copies them there, so
// the bundle runs from anywhere), else from the installed packages (tests, unbundled runs).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { inflateSync } from 'node:zlib';
import { ASSET_SOURCES, type AssetLoader, type AssetName } from './assets';
import { createImagePlatform } from './codecs/index';
import { type Inflate, scriptInflate } from './codecs/inflate';
import type { ImagePlatform } from './types';

const here = import.meta.url;

export function assetPath(name: AssetName): string {
  // Bundled, this module is main.js itself or a file in chunks/ beside it.
  for (const dir of ['assets/', '../assets/']) {
    const bundled = fileURLToPath(new URL(dir + name, here));
    if (existsSync(bundled)) return bundled;
  }
  return createRequire(here).resolve(ASSET_SOURCES[name]);
}

const nodeAssets: AssetLoader = {
  wasm: async (name) => new WebAssembly.Module(await readFile(assetPath(name))),
  bytes: async (name) => new Uint8Array(await readFile(assetPath(name))),
};

/**
 * zlib in one synchronous call: Node's `DecompressionStream` runs the same zlib but through
 * web streams and the thread pool, 16 KB at a time, which costs several times the inflating.
 */
const zlibInflate: Inflate = (parts, size) => {
  try {
    // One output chunk a little larger than the image (an exact fit makes zlib allocate a
    // second, empty one); a stream that would inflate to more than `size` throws.
    const out = inflateSync(parts.length === 1 ? parts[0]! : Buffer.concat(parts), {
      chunkSize: size + 1024,
      maxOutputLength: size,
    });
    return out.length === size ? new Uint8Array(out.buffer, out.byteOffset, out.length) : undefined;
  } catch {
    return undefined; // damaged, truncated or failing its Adler-32: the PNG codec falls back
  }
};

/**
 * The Node door's image codecs; each codec loads on its first use. Worker threads (the pool's,
 * which are terminated at their time limit) inflate in script: see `scriptInflate`.
 */
export const nodeImages: ImagePlatform = createImagePlatform(nodeAssets, isMainThread ? zlibInflate : scriptInflate);
