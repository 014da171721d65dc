// The background remover's two steps as the page's tool worker runs them apart (the API runs them
// as one, tool.ts): `mask`, the model's alpha for an image, which the page keeps per image; and
// `compose`, the answer from the image and a kept alpha, so a new background colour or the mask
// output never runs the model again. Both are tool.ts's own functions: the page's answers are
// the API's. Only the page's worker calls them (protocol.ts, StepMessage).
import type { ToolContext } from '../define';
import { ToolInputError } from '../define';
import { MODEL_SIDE } from '../../platform/segmentation';
import { OUTPUTS, type OutputKind } from './schema';
import { compose, loadInput, modelAlpha } from './tool';

/** The worker's steps of one run, as it reports them to the page. */
export type Stage = 'reading the image' | 'starting the model' | 'running the model' | 'composing the result';

export async function mask(
  ctx: ToolContext,
  body: { image: string },
  report: (stage: Stage) => void,
): Promise<{ alpha: Uint8Array }> {
  report('reading the image');
  const bitmap = await loadInput(ctx, body.image);
  // The door's model port knows whether it has run before (ToolContext, not this module).
  report(ctx.segmentation?.started ? 'running the model' : 'starting the model');
  return { alpha: await modelAlpha(ctx, bitmap) };
}

export async function recompose(
  ctx: ToolContext,
  body: { image: string; alpha: Uint8Array; output: OutputKind; background?: string },
  report: (stage: Stage) => void,
) {
  if (!OUTPUTS.includes(body.output)) throw new ToolInputError(`'output' must be one of ${OUTPUTS.join(', ')}.`);
  if (!(body.alpha instanceof Uint8Array) || body.alpha.length !== MODEL_SIDE * MODEL_SIDE)
    throw new ToolInputError("'alpha' is not a mask of the model's size.");
  report('reading the image');
  const bitmap = await loadInput(ctx, body.image);
  report('composing the result');
  return compose(ctx, bitmap, body.alpha, body.output, body.background || undefined);
}

/** The steps the page worker runs by name (`background-remover/mask`, `…/compose`). */
export const steps = { mask, compose: recompose };
