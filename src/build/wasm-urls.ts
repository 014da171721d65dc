// Service-worker build: the codecs' Emscripten/wasm-bindgen glue names its default .wasm with
// `new URL('x.wasm', import.meta.url)`, which Vite's one-file (lib) build would inline as
// Base64 (megabytes in sw.js). The codecs never use that URL (each door hands them a compiled
// module), so it is pointed at the origin instead and Vite leaves it alone.
import type { Plugin } from 'vite';

/**
 * The packages' glue, and our own builds in vendor/ (libjpeg-turbo, libdeflate: linked in, so
 * their real paths are vendor/). A glue missed here fails in the service worker alone, where
 * `import.meta.url` is no base URL ("Failed to construct 'URL': Invalid base URL").
 */
const CODEC_GLUE = /(node_modules[\\/](@jsquash|@resvg|lcms-wasm)|vendor[\\/]lib[\w-]+-wasm)[\\/]/;

export function wasmUrlsNotInlined(): Plugin {
  return {
    name: 'wasm-urls-not-inlined',
    enforce: 'pre',
    transform(code, id) {
      if (!CODEC_GLUE.test(id) || !code.includes('import.meta.url')) return undefined;
      return {
        code: code.replace(
          /new URL\((["'`])([^"'`]+\.wasm)\1,\s*import\.meta\.url\)/g,
          'new URL($1$2$1, self.location.href)',
        ),
        map: null,
      };
    },
  };
}

/**
 * Server build: libheif-js's glue is CommonJS, and in Node it reads `__dirname` (only to name a
 * default .wasm path, which heic.ts never uses: it hands over the compiled module), which an ES
 * module bundle does not define. It is given the bundle's own directory instead.
 */
export function cjsGlueDirname(): Plugin {
  return {
    name: 'cjs-glue-dirname',
    enforce: 'pre',
    transform(code, id) {
      if (!/node_modules[\\/]libheif-js[\\/]/.test(id) || !code.includes('__dirname')) return undefined;
      return { code: code.replace(/\b__dirname\b/g, 'import.meta.dirname'), map: null };
    },
  };
}
