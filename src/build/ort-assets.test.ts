// onnxruntime-web's bundled loaders must not make Vite emit their WASM into assets/ (the service
// worker would precache 41 MB for every visitor), and the WASM builds the app downloads must be
// the ones those loaders run. Both break silently on an onnxruntime-web upgrade that renames them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WASM_FILES } from '../platform/model';
import { ortWasmNotEmitted } from './ort-assets';

const require = createRequire(import.meta.url);
const dist = dirname(require.resolve(`onnxruntime-web/${WASM_FILES.wasm}`));
const ASSET_URL = /new URL\((["'`])([^"'`]+\.wasm)\1,\s*import\.meta\.url\)/g;

const transform = (code: string, id: string) => {
  const hook = ortWasmNotEmitted().transform as (code: string, id: string) => { code: string } | undefined;
  return hook(code, id)?.code ?? code;
};

describe('onnxruntime-web assets', () => {
  for (const [entry, backend] of [
    ['ort.wasm.bundle.min.mjs', 'wasm'],
    ['ort.webgpu.bundle.min.mjs', 'webgpu'],
  ] as const) {
    it(`${entry}: loads ${WASM_FILES[backend]}, and no .wasm is left for Vite to emit`, () => {
      const id = join(dist, entry);
      const code = readFileSync(id, 'utf8');
      const named = [...code.matchAll(ASSET_URL)].map((match) => match[2]);
      expect(named.length).toBeGreaterThan(0);
      expect(new Set(named)).toEqual(new Set([WASM_FILES[backend]]));
      expect(readFileSync(join(dist, WASM_FILES[backend])).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
      const out = transform(code, id);
      expect([...out.matchAll(ASSET_URL)]).toEqual([]);
      const pointed = (text: string) => text.split('self.location.href').length - 1;
      expect(pointed(out) - pointed(code)).toBe(named.length);
    });
  }

  it('leaves other packages alone', () => {
    const code = 'new URL("x.wasm", import.meta.url)';
    expect(transform(code, '/app/node_modules/other/dist/x.mjs')).toBe(code);
  });
});
