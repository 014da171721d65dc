// Brotli's quality for what is compressed once: by the build (precompress.ts) and by the Node
// door for its documents (src/server/compression.ts), one rule for both.

/**
 * Brotli's best quality takes ~1 s per 300 KB on this hardware: worth it for what is compressed
 * once and sent many times when small (the pages' first scripts, the per-tool documents), not
 * for large files (codecs, WASM, the OpenAPI document), which get a fast setting a few % larger.
 */
export function brotliQuality(size: number): number {
  return size <= 96 * 1024 ? 11 : 6;
}
