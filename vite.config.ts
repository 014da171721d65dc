import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { modelFiles, modelManifest } from './src/build/model-assets';
import { precompress } from './src/build/precompress';
import { routePreloads } from './src/build/route-preloads';
import { examplesModule } from './src/build/examples-plugin';
import { toolbox } from './src/build/toolbox-plugin';
import { wasmUrlsNotInlined } from './src/build/wasm-urls';

export default defineConfig({
  publicDir: 'static',
  plugins: [
    svelte(),
    toolbox(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,txt,wasm,woff2,ttf}'],
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        // The model (84 MiB) is downloaded on first use or on request, never on every install.
        // route-preloads.json is for the Node server's headers (src/build/route-preloads.ts).
        globIgnores: ['**/node_modules/**/*', 'sw.js', 'workbox-*.js', 'models/**', 'route-preloads.json'],
        // The image codecs are bundled into sw.js, their WASM stays in precached files; the
        // worked examples come in as data.
        buildPlugins: { vite: [wasmUrlsNotInlined(), examplesModule()] },
      },
      manifest: {
        id: '/',
        name: 'Developer Toolbox',
        short_name: 'Toolbox',
        description: 'Developer utilities that work offline, on your own device, with one JSON API.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#121316',
        theme_color: '#2457c5',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Last: brotli and gzip twins of everything above, sw.js included (src/build/precompress.ts).
    precompress(),
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  // Workers are bundled with their own plugins: the model manifest is read in the tool worker.
  worker: { format: 'es', plugins: () => [modelManifest()] },
});
