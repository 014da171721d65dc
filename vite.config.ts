import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';
import { toolbox } from './src/build/toolbox-plugin';

export default defineConfig({
  publicDir: 'static',
  plugins: [svelte(), toolbox()],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true },
  worker: { format: 'es' },
});
