// The segmentation port in a page's tool worker: ISNet on onnxruntime-web (WebAssembly, SIMD),
// the model from Cache Storage (model-cache.ts). In a cross-origin isolated page (COOP + COEP,
// sent by the Node server and added by the service worker) it runs on threads, about twice as
// fast on two cores. Loaded lazily: only background removal downloads onnxruntime-web.
//
// onnxruntime-web 1.17 is the version @imgly/background-removal 1.4.5 (matching the model data
// 1.4.5) is built on; its WASM is copied next to the model by the build, and fetched by
// onnxruntime-web itself from /models/, which the service worker serves from the cache offline.
import * as ort from 'onnxruntime-web/wasm';
import { loadModelBytes, manifest, wasmFileFor, type ProgressListener } from './model-cache';
import { MODEL_SIDE, ModelUnavailableError, type SegmentationPlatform } from './segmentation';

/** Threads for the model: every core, as far as onnxruntime-web's pool goes. */
const threads = () => (self.crossOriginIsolated ? Math.min(Math.max(self.navigator.hardwareConcurrency || 2, 1), 8) : 1);

export async function createBrowserSegmentation(onProgress?: ProgressListener): Promise<SegmentationPlatform> {
  const wasmFile = wasmFileFor();
  ort.env.wasm.numThreads = threads();
  ort.env.wasm.simd = true;
  ort.env.wasm.proxy = false; // this already is a worker
  ort.env.wasm.wasmPaths = { [wasmFile]: manifest.wasm[wasmFile].url };
  const model = await loadModelBytes(onProgress);
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  } catch (error) {
    // The WASM is fetched here: offline, without the service worker's copy, that fails.
    if (!self.navigator.onLine) throw new ModelUnavailableError('The background-removal runtime could not be loaded offline; open the app once while online.');
    throw error;
  }
  return {
    async segment(input) {
      const feeds = { input: new ort.Tensor('float32', input, [1, 3, MODEL_SIDE, MODEL_SIDE]) };
      const outputs = await session.run(feeds, ['output']);
      return outputs.output!.data as Float32Array;
    },
  };
}
