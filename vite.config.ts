import { readFileSync } from 'node:fs';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { modelFiles, modelManifest, modelSourceFiles } from './src/build/model-assets';
import { ortWasmNotEmitted } from './src/build/ort-assets';
import { precompress } from './src/build/precompress';
import { routePreloads } from './src/build/route-preloads';
import { noticesCollector, thirdPartyNotices } from './src/build/third-party-notices';
import { examplesModule } from './src/build/examples-plugin';
import { lucideFilesRead } from './src/build/icons';
import { toolbox } from './src/build/toolbox-plugin';
import { wasmUrlsNotInlined } from './src/build/wasm-urls';
import { appHead, themeColors, webManifest } from './src/build/web-manifest';
import { cspMeta } from './src/build/csp-meta';
import { tools } from './src/tools/index';
import { SITE_DESCRIPTION } from './src/core/site';

/** The everyday tools in the installed app icon's menu (manifest `shortcuts`). */
const SHORTCUTS = ['json-formatter', 'jwt-decoder', 'base64', 'timestamp-converter'];
/** Light and dark colours for the manifest and the theme-color metas, from the one stylesheet. */
const colors = themeColors(readFileSync(new URL('./src/ui/theme.css', import.meta.url), 'utf8'));

export default defineConfig({
  // Relative URLs: pages are one level deep (`/<slug>`), so `./assets/…` resolves under whatever
  // path the app is served from (`/`, `/tools/`): one build serves any base path (docs/deploy.md).
  base: './',
  publicDir: 'static',
  plugins: [
    svelte(),
    toolbox(),
    appHead(tools, colors),
    cspMeta(),
    routePreloads(),
    // The background-removal model and its WASM in dist/models/ (src/build/model-assets.ts).
    modelManifest(),
    modelFiles(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // A classic script built as one bundle: minified ES output broke inside the service
      // worker, and a service worker cannot import() chunks (docs/stack.md).
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,jpg,ico,webmanifest,json,txt,wasm,woff2,ttf}'],
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        // The model (84 MiB) is downloaded on first use or on request, never on every install.
        // The manifest's screenshots are fetched by the browser's install dialog, online, not by
        // pages; route-preloads.json is for the Node server's headers (src/build/route-preloads.ts).
        globIgnores: [
          '**/node_modules/**/*',
          'sw.js',
          'workbox-*.js',
          'models/**',
          'screenshots/**',
          'route-preloads.json',
        ],
        // The image codecs are bundled into sw.js, their WASM stays in precached files; the
        // worked examples come in as data.
        buildPlugins: { vite: [wasmUrlsNotInlined(), examplesModule(), noticesCollector()] },
      },
      manifest: webManifest({ tools, shortcuts: SHORTCUTS, description: SITE_DESCRIPTION, colors }),
      devOptions: { enabled: false },
    }),
    // The licences of every package the page, its workers and sw.js bundle, of the model files
    // copied beside them and of the icons inlined: dist/THIRD-PARTY-NOTICES.txt
    // (src/build/third-party-notices.ts).
    ...thirdPartyNotices({
      product: 'Developer Toolbox (the web app, dist/)',
      files: (root) => [...modelSourceFiles(root), ...lucideFilesRead],
    }),
    // Last: brotli and gzip twins of everything above, sw.js included (src/build/precompress.ts).
    precompress(),
  ],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The app's own modules that most pages share (the tool page's frame, output, "Open in…",
        // the runner…) travel as one chunk instead of a dozen of 1–6 kB: a phone on a slow network
        // opens a handful of connections, so each extra file costs a round trip before the first
        // paint (bench/lighthouse.mjs: first paint ≈ 0.4 s sooner on the simulated phone).
        codeSplitting: {
          groups: [{ name: 'tool-page', test: /\/src\/(ui|lib|workers)\//, minShareCount: 4 }],
        },
      },
    },
  },
  // Workers are bundled with their own plugins: the model manifest is read in the tool worker,
  // which also bundles onnxruntime-web (its WASM comes from /models/, src/build/ort-assets.ts).
  worker: { format: 'es', plugins: () => [modelManifest(), ortWasmNotEmitted(), noticesCollector()] },
});
