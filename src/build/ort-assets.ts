// Tool-worker build: onnxruntime-web's bundled loaders name their WASM with
// `new URL('ort-wasm-simd-threaded….wasm', import.meta.url)`, which Vite would emit into assets/
// (14 MB and 27 MB) where the service worker precaches every .wasm, for every visitor. The app
// never uses those URLs: segmentation-browser.ts hands onnxruntime-web the WASM as bytes
// (env.wasm.wasmBinary) from the checked copy in Cache Storage (model-cache.ts), downloaded
// from /models/ with the model on first use (model-assets.ts). So the URLs are pointed at the
// origin, and Vite leaves them alone.
import type { Plugin } from 'vite';

const ORT_WEB = /node_modules[\\/]onnxruntime-web[\\/]dist[\\/]/;

export function ortWasmNotEmitted(): Plugin {
  return {
    name: 'ort-wasm-not-emitted',
    enforce: 'pre',
    transform(code, id) {
      if (!ORT_WEB.test(id) || !code.includes('import.meta.url')) return undefined;
      return {
        code: code.replace(
          /new URL\((["'`])(ort-wasm[^"'`]*\.wasm)\1,\s*import\.meta\.url\)/g,
          'new URL($1$2$1, self.location.href)',
        ),
        map: null,
      };
    },
  };
}
