import { createHash } from 'node:crypto';
import { it } from 'vitest';
import { invokeTool } from '../../core/invoke';
import tool from './tool';
import { digestText } from './digest';

const N = 3 * 1024 * 1024;
function make(chunk: string) { let s = ''; while (s.length < N) s += chunk; return s.slice(0, N); }
const inputs = { ascii: make('{"id": 12345, "name": "The quick brown fox", "tags": ["a", "b"]}\n'), mixed: make('The quick brown fox jumps over the lazy dog. héllo 👋 ') };
async function time(fn: () => unknown, reps = 40) {
  for (let i = 0; i < 5; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < reps; i++) await fn();
  return (performance.now() - t) / reps;
}
it('bench', async () => {
  for (const [kind, s] of Object.entries(inputs)) {
    for (const alg of ['sha256', 'md5', 'sha1', 'sha512', 'sha3-256', 'blake2b512'] as const) {
      const ours = alg === 'blake2b512' ? 'blake2b' : alg;
      const node = await time(() => createHash(alg).update(s).digest('hex'));
      const tool_ = await time(() => invokeTool(tool, { input: s, algorithm: ours }));
      const wasm = await time(() => digestText(ours, s, { webCrypto: false }));
      console.log(`${kind} ${alg}: node ${node.toFixed(2)} ms, tool ${tool_.toFixed(2)} ms (×${(tool_ / node).toFixed(2)}), wasm-only ${wasm.toFixed(2)} (×${(wasm / node).toFixed(2)})`);
    }
  }
}, 120000);
