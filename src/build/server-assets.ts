// Server build: copies every file the image codecs load (src/platform/assets.ts) into
// `assets/` beside the bundle, where src/platform/node.ts looks first, so the built server
// runs from any directory without node_modules.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ASSET_SOURCES, type AssetName } from '../platform/assets';

/** The files serverAssets copies (their packages' licences go into the notices). */
export function serverAssetFiles(root: string): string[] {
  const require = createRequire(resolve(root, 'package.json'));
  return Object.values(ASSET_SOURCES).map((source) => require.resolve(source));
}

export function serverAssets(): Plugin {
  let root = process.cwd();
  return {
    name: 'server-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle() {
      const files = serverAssetFiles(root);
      (Object.keys(ASSET_SOURCES) as AssetName[]).forEach((name, i) =>
        this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: readFileSync(files[i]!) }),
      );
    },
  };
}
