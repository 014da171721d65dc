// The segmentation port in a page's tool worker: ISNet on onnxruntime-web, the model from Cache
// Storage (model-cache.ts). Loaded lazily: only background removal downloads onnxruntime-web.
//
// - WebGPU where the browser hands out an adapter with shader-f16 (the model is fp16; the choice
//   is model-cache.ts's preferredBackend). If the session cannot be made there (a driver
//   refusing a kernel), WebAssembly takes over silently.
// - WebAssembly with SIMD otherwise, on threads in a cross-origin isolated page (COOP + COEP,
//   sent by the Node server and added by the service worker).
//
// onnxruntime-web is the Node server's version (1.30). Its JavaScript loader is bundled into this
// chunk (the package's *.bundle.min.mjs entries); the WASM it would fetch is handed over as bytes
// (env.wasm.wasmBinary) from the checked copy in Cache Storage, so it fetches nothing itself.
// One InferenceSession per worker, made on first use and reused for every image after
// (lazySegmentation in tool.worker.ts keeps this module's result).
import { loadModelFiles, preferredBackend, type ProgressListener } from './model-cache';
import type { Backend } from './model';
import { MODEL_SIDE, ModelUnavailableError, type SegmentationPlatform } from './segmentation';

type Ort = typeof import('onnxruntime-web/wasm');

/** Threads for the model: every core, as far as onnxruntime-web's pool goes (a shared memory needs isolation). */
const threads = () =>
  self.crossOriginIsolated ? Math.min(Math.max(self.navigator.hardwareConcurrency || 2, 1), 8) : 1;

async function open(
  backend: Backend,
  onProgress?: ProgressListener,
): Promise<{ ort: Ort; session: import('onnxruntime-web/wasm').InferenceSession }> {
  const [ort, { model, wasm }] = await Promise.all([
    backend === 'webgpu' ? (import('onnxruntime-web/webgpu') as Promise<Ort>) : import('onnxruntime-web/wasm'),
    loadModelFiles(backend, onProgress),
  ]);
  ort.env.wasm.numThreads = threads();
  ort.env.wasm.proxy = false; // this already is a worker
  ort.env.wasm.wasmBinary = wasm;
  const session = await ort.InferenceSession.create(model, {
    executionProviders: [backend],
    graphOptimizationLevel: 'all',
    // The 1024² activations are freed after each run instead of pooled for the next (as in
    // Node, segmentation-node.ts): a lower peak, for no measurable cost.
    enableMemPattern: false,
  });
  return { ort, session };
}

export async function createBrowserSegmentation(onProgress?: ProgressListener): Promise<SegmentationPlatform> {
  let opened: Awaited<ReturnType<typeof open>>;
  try {
    const backend = await preferredBackend();
    opened = await open(backend, onProgress).catch((error: unknown) => {
      if (backend === 'wasm' || error instanceof ModelUnavailableError) throw error;
      return open('wasm', onProgress); // WebGPU offered but unable: WebAssembly, silently
    });
  } catch (error) {
    if (error instanceof ModelUnavailableError) throw error;
    // Offline without the runtime's code chunk (never opened while online): say so, not a 500.
    if (!self.navigator.onLine)
      throw new ModelUnavailableError(
        'The background-removal runtime could not be loaded offline; open the app once while online.',
      );
    throw error;
  }
  const { ort, session } = opened;
  return {
    async segment(input) {
      const feeds = { input: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) };
      const outputs = await session.run(feeds, ['output']);
      return outputs.output!.data as Float32Array;
    },
  };
}
