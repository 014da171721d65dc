// The image port in browsers (page worker and service worker): the same codecs as Node
// (codecs/index.ts), with every file fetched from the app's own origin. The files are build
// assets, so the service worker precaches them and the tools work offline.
import { ASSET_SOURCES, type AssetName } from './assets';
import { createImagePlatform } from './codecs/index';
import type { ImagePlatform } from './types';

/** How the door gets a file: `fetch` in a page worker; the precache first in the service worker. */
export type AssetFetch = (url: string) => Promise<Response>;

export function createBrowserImages(
  urls: Record<AssetName, string>,
  fetchAsset: AssetFetch = (url) => fetch(url),
): ImagePlatform {
  const load = async (name: AssetName): Promise<ArrayBuffer> => {
    const response = await fetchAsset(urls[name]);
    if (!response.ok) throw new Error(`Could not load ${urls[name]}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  return createImagePlatform({
    // compile() rather than compileStreaming(): a precached Response may lack the wasm MIME type.
    wasm: async (name) => WebAssembly.compile(await load(name)),
    bytes: async (name) => new Uint8Array(await load(name)),
  });
}

/**
 * The asset URLs as the service worker finds them in its precache manifest: Vite names each
 * `assets/<file name>-<hash>.<extension>` after the source file (ASSET_SOURCES).
 */
export function assetUrlsFromManifest(entries: readonly (string | { url: string })[]): Record<AssetName, string> {
  const urls = entries.map((entry) => (typeof entry === 'string' ? entry : entry.url));
  const found = {} as Record<AssetName, string>;
  for (const [name, source] of Object.entries(ASSET_SOURCES) as [AssetName, string][]) {
    const file = source.slice(source.lastIndexOf('/') + 1);
    const dot = file.lastIndexOf('.');
    // Exactly Vite's 8-character hash: DejaVuSans-<hash>.ttf must not match DejaVuSans-Bold-<hash>.ttf.
    const pattern = new RegExp(
      `(^|/)${file.slice(0, dot).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{8}\\${file.slice(dot)}$`,
    );
    const url = urls.find((candidate) => pattern.test(candidate));
    // Missing only in a development build, whose precache holds index.html alone.
    found[name] = url ? new URL(url, self.location.href).pathname : `/missing-asset/${name}`;
  }
  return found;
}
