// The Node server as one self-contained ES module (Node 20 cannot run .ts; docs/stack.md).
import { defineConfig } from 'vite';
import { examplesModule } from './src/build/examples-plugin';
import { serverAssets, serverAssetFiles } from './src/build/server-assets';
import { thirdPartyNotices } from './src/build/third-party-notices';
import { cjsGlueDirname } from './src/build/wasm-urls';

export default defineConfig({
  publicDir: false,
  // The codecs' WASM and font beside main.js (src/platform/node.ts reads them from there), and
  // the worked examples as data (src/build/examples-plugin.ts).
  // dist-server/THIRD-PARTY-NOTICES.txt: the licences of what the bundle and assets/ carry.
  plugins: [
    cjsGlueDirname(),
    serverAssets(),
    examplesModule(),
    ...thirdPartyNotices({
      key: 'dist-server',
      product: 'Developer Toolbox (the server and command line, dist-server/)',
      files: serverAssetFiles,
    }),
  ],
  build: {
    // Three commands (package.json `bin`): the HTTP server, the MCP server over stdio and the
    // `devtoolbox` command line (src/cli/, which starts the other two for `serve` and `mcp`); and the
    // heavy-tool worker thread the HTTP server starts (src/server/worker-pool.ts), and the
    // background-removal model's process (src/platform/inference-host.mjs).
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        cli: 'src/cli/main.ts',
        'mcp-stdio': 'src/server/mcp-stdio.ts',
        'tool-worker': 'src/server/tool-worker.ts',
        'inference-host': 'src/platform/inference-host.mjs',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js', format: 'es' },
    },
  },
  ssr: { noExternal: true, target: 'node' },
});
