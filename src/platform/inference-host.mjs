// The background-removal model's own process (segmentation-node.ts starts it with fork): it
// loads onnxruntime-node and the model, then runs one forward pass per message, in order.
//
// Why a process: onnxruntime-node runs a model synchronously inside native code, which a worker
// thread cannot be stopped in. Terminating a pool worker mid-run (a time limit, a memory limit,
// a client that left) made the addon throw into a torn-down thread and abort the whole server
// (`terminate called after throwing an instance of 'Napi::Error'`). A process can be killed at
// any moment (SIGKILL) without harm to anyone else, and when it exits every byte of the model's
// memory goes back, which a thread's allocator does not give. Plain JavaScript, so it runs from
// the source tree (tests) as from the build (dist-server/inference-host.js).
//
// Messages (advanced serialization, so typed arrays travel as they are):
//   in:  { kind: 'load', ort, chunks, size, label }  once, first: where onnxruntime-node and the
//        model's chunks are (model-chunks.mjs checks them)
//        { kind: 'run', id, input: Float32Array, dims }
//   out: { kind: 'result', id, output: Float32Array } or { kind: 'error', id, message }
// The parent closing the channel (idle, or gone) ends the process.
import { pathToFileURL } from 'node:url';
import { assembleChunks } from './model-chunks.mjs';

/** @type {Promise<{ ort: any, session: any }> | undefined} */
let loaded;
/** Runs one at a time, in the order they came. */
let queue = Promise.resolve();

async function load({ ort: ortPath, chunks, size, label }) {
  const module = await import(pathToFileURL(ortPath).href);
  const ort = module.default ?? module;
  const model = await assembleChunks(chunks, size, label);
  // Without the arena and the memory pattern, activations (1024² × 64 channels and more) are
  // freed after each run instead of being kept for the next: a run peaks at ~1.2 GB instead of
  // ~2.2 GB, and no slower that could be measured.
  const session = await ort.InferenceSession.create(model, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    enableCpuMemArena: false,
    enableMemPattern: false,
  });
  return { ort, session };
}

async function run({ id, input, dims }) {
  try {
    if (!loaded) throw new Error('the model was not loaded');
    const { ort, session } = await loaded;
    const outputs = await session.run({ input: new ort.Tensor('float32', input, dims) }, ['output']);
    process.send({ kind: 'result', id, output: outputs.output.data });
  } catch (error) {
    // A model that cannot load will not load on the next call either: this process ends once
    // the error is out, and the parent starts a fresh one for the next call, which looks again.
    const usable = await loaded?.then(
      () => true,
      () => false,
    );
    process.send(
      { kind: 'error', id, message: error instanceof Error ? error.message : String(error) },
      () => usable || process.exit(1),
    );
  }
}

process.on('message', (message) => {
  if (message.kind === 'load') {
    loaded ??= load(message);
    loaded.catch(() => undefined); // reported by the runs that need it
  } else if (message.kind === 'run') queue = queue.then(() => run(message));
});
process.on('disconnect', () => process.exit(0));
