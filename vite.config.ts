import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { toolbox } from './src/build/toolbox-plugin';

export default defineConfig({
  publicDir: 'static',
  plugins: [
    svelte(),
    toolbox(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // A classic script built as one bundle: minified ES output broke inside the service
      // worker, and a service worker cannot import() chunks (STACK.md).
      injectManifest: {
        rollupFormat: 'iife',
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,json,txt,wasm,woff2,ttf}'],
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
      },
      manifest: {
        id: '/',
        name: 'Developer Toolbox',
        short_name: 'Toolbox',
        description: 'Fifteen developer utilities that work offline, on your own device, with one JSON API.',
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
  ],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  worker: { format: 'es' },
});
