// The page's two steps (the model's mask, kept per image; the answer composed from it) against
// the API's one call: the same answers, byte for byte, with the model run once for the mask and
// never for a recomposition. The model is a stand-in here (a centred disc), so the test is about
// the plumbing, not ISNet; background-remover.test.ts runs the real model.
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { MODEL_SIDE, lazySegmentation, type SegmentationPlatform } from '../../platform/segmentation';
import { nodeContext } from '../../platform/node-context';
import type { ToolContext } from '../define';
import { KEPT_MASKS, MaskStore, maskKey } from './mask-store';
import { mask, recompose } from './page-steps';
import tool from './tool';

/** A stand-in model: foreground probability 1 inside a centred disc, 0 outside; counts its runs. */
function discModel(): SegmentationPlatform & { runs: number } {
  const model = {
    runs: 0,
    async segment(input: Float32Array) {
      expect(input.length).toBe(3 * MODEL_SIDE * MODEL_SIDE);
      model.runs++;
      const out = new Float32Array(MODEL_SIDE * MODEL_SIDE);
      const c = MODEL_SIDE / 2;
      for (let y = 0; y < MODEL_SIDE; y++)
        for (let x = 0; x < MODEL_SIDE; x++)
          out[y * MODEL_SIDE + x] = Math.hypot(x - c, y - c) < MODEL_SIDE / 3 ? 1 : 0;
      return out;
    },
  };
  return model;
}

const context = (segmentation: SegmentationPlatform): ToolContext => ({
  now: nodeContext.now,
  randomBytes: nodeContext.randomBytes,
  images: nodeContext.images,
  segmentation,
});
const IMAGE = tool.examples[0].input.image as string;

describe('background-remover page steps', () => {
  it('mask once, then any output and background composed from it: the API’s answers, the model run once', async () => {
    const model = discModel();
    // Behind the port the doors use, which knows whether its model has run (the stage said).
    const ctx = context(lazySegmentation(async () => model));
    const stages: string[] = [];
    const { alpha } = await mask(ctx, { image: IMAGE }, (stage) => stages.push(stage));
    expect(model.runs).toBe(1);
    expect(stages).toEqual(['reading the image', 'starting the model']);
    expect(alpha.length).toBe(MODEL_SIDE * MODEL_SIDE);

    const settings = [
      { output: 'cutout' as const },
      { output: 'cutout' as const, background: '#ff8800' },
      { output: 'cutout' as const, background: 'rgb(0, 0, 255)' },
      { output: 'mask' as const },
    ];
    const answers: string[] = [];
    for (const setting of settings) {
      const composed = await recompose(ctx, { image: IMAGE, alpha, ...setting }, () => undefined);
      const api = await invoke(tool, { image: IMAGE, ...setting }, context(discModel()));
      expect(api.status).toBe(200);
      expect(composed).toEqual(api.body);
      answers.push(composed.image);
    }
    // Still the one run: recomposing never touches the model. And every setting changed the pixels.
    expect(model.runs).toBe(1);
    expect(new Set(answers).size).toBe(settings.length);

    // The worker's second image says so: its model is running already.
    stages.length = 0;
    await mask(ctx, { image: IMAGE }, (stage) => stages.push(stage));
    expect(stages).toEqual(['reading the image', 'running the model']);

    // That is the context's model, not the module's: another door's context starts its own.
    stages.length = 0;
    await mask(context(lazySegmentation(async () => discModel())), { image: IMAGE }, (stage) => stages.push(stage));
    expect(stages).toEqual(['reading the image', 'starting the model']);
  });

  it('refuses a mask of the wrong size and a background that is no colour (400s, not faults)', async () => {
    const ctx = context(discModel());
    const alpha = new Uint8Array(MODEL_SIDE * MODEL_SIDE);
    await expect(
      recompose(ctx, { image: IMAGE, alpha: new Uint8Array(10), output: 'cutout' }, () => undefined),
    ).rejects.toThrow("'alpha' is not a mask");
    await expect(
      recompose(ctx, { image: IMAGE, alpha, output: 'cutout', background: 'no colour' }, () => undefined),
    ).rejects.toThrow("'background' is not a colour");
  });
});

describe('MaskStore', () => {
  const file = (name: string, lastModified = 1) => new File(['x'], name, { type: 'image/png', lastModified });

  it('knows an image by its file’s identity and forgets the least recently used beyond its size', () => {
    const store = new MaskStore();
    const first = new Uint8Array([1]);
    store.set(file('a.png'), first);
    // The same file picked again (another File object) finds its mask; a changed file does not.
    expect(store.get(file('a.png'))).toBe(first);
    expect(store.get(file('a.png', 2))).toBeUndefined();
    expect(maskKey(file('a.png'))).not.toBe(maskKey(file('b.png')));
    for (let i = 0; i < KEPT_MASKS; i++) {
      store.set(file(`${i}.png`), new Uint8Array([i]));
      if (i === 0) store.get(file('a.png')); // used again: kept longer than 0.png
    }
    expect(store.size).toBe(KEPT_MASKS);
    expect(store.get(file('0.png'))).toBeUndefined();
    expect(store.get(file(`${KEPT_MASKS - 1}.png`))?.[0]).toBe(KEPT_MASKS - 1);
  });
});
