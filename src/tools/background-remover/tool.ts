// Background removal (docs/contract.md §4 background-remover): decode any supported image to upright
// RGBA, scale it to the model's square, let the door's model (ToolContext.segmentation) find
// the foreground, and return the image at its own size with the background's alpha at 0 (or the
// caller's colour behind it), or the mask alone as a grayscale PNG.
import { MODEL_SIDE, ModelUnavailableError } from '../../platform/segmentation';
import { ToolInputError, ToolUnavailableError, defineTool, type ToolContext } from '../define';
import { compositeOver } from '../../lib/images/background';
import { parseColour } from '../../lib/images/colour';
import { encodeBase64 } from '../../lib/base64';
import { imageBytes, imagesOf, loadImage } from '../../lib/images/load';
import { encodeImage } from '../../lib/images/output';
import { applyMask, maskToAlpha, scaleMask, toModelInput } from './cutout';
import { encodeGrayPng } from './gray-png';
import { EXAMPLE_DISC_PNG } from './example';
import { MAX_INPUT_BYTES } from './limits';
import { Input, Output, type OutputKind } from './schema';
import type { Bitmap } from '../../platform/types';
import type { z } from 'zod';

async function foregroundAlpha(ctx: ToolContext, input: Float32Array): Promise<Uint8Array> {
  if (!ctx.segmentation) throw new Error('No segmentation model: the door built its context without one (doorContext)');
  try {
    return maskToAlpha(await ctx.segmentation.segment(input));
  } catch (error) {
    if (error instanceof ModelUnavailableError) throw new ToolUnavailableError(error.message);
    throw error;
  }
}

/** The decoded image, upright, as every step after it sees it. */
export async function loadInput(ctx: ToolContext, image: string): Promise<Bitmap> {
  return (await loadImage(ctx, imageBytes(image, ctx.maxImageBytes ?? MAX_INPUT_BYTES))).bitmap;
}

/** The model's answer for the image: MODEL_SIDE² alpha, the only step that runs the model. */
export async function modelAlpha(ctx: ToolContext, bitmap: Bitmap): Promise<Uint8Array> {
  const square = await imagesOf(ctx).resize(bitmap, MODEL_SIDE, MODEL_SIDE);
  return foregroundAlpha(ctx, toModelInput(square));
}

/**
 * The answer from the image and the model's alpha: the mask alone, or the cut-out (on
 * `background`). The page keeps the alpha per image and calls this alone when only these
 * settings change, so its answers are the API's, without running the model again.
 */
export async function compose(
  ctx: ToolContext,
  bitmap: Bitmap,
  alpha: Uint8Array,
  output: OutputKind,
  background: string | undefined,
): Promise<z.infer<typeof Output>> {
  if (alpha.length !== MODEL_SIDE * MODEL_SIDE)
    throw new Error(`compose: expected a ${MODEL_SIDE}² mask, got ${alpha.length} values`);
  if (output === 'mask') {
    const png = encodeGrayPng(scaleMask(bitmap.width, bitmap.height, alpha), bitmap.width, bitmap.height);
    return { image: encodeBase64(png), width: bitmap.width, height: bitmap.height, size_bytes: png.length };
  }
  const cutout = applyMask(bitmap, alpha);
  const colour = background === undefined ? undefined : parseColour(background);
  if (background !== undefined && !colour)
    throw new ToolInputError(`'background' is not a colour: ${JSON.stringify(background)}.`);
  const picture = colour ? compositeOver(cutout, colour) : cutout;
  const out = await encodeImage(ctx, picture, 'png', 100);
  return { image: out.base64, width: out.width, height: out.height, size_bytes: out.sizeBytes };
}

export default defineTool({
  slug: 'background-remover',
  name: 'Background Remover',
  summary: 'Removes the background of an image and returns a transparent PNG of the same size.',
  tag: 'conversion',
  category: 'images',
  icon: 'wand-sparkles',
  blurb: 'Cut the subject out of a photo.',
  keywords: ['background', 'remove', 'cutout', 'transparent', 'png', 'alpha', 'photo', 'segmentation', 'mask'],
  input: Input,
  output: Output,
  heavy: true,
  usesModel: true,
  examples: [{ summary: 'Cut out the foreground', input: { image: EXAMPLE_DISC_PNG } }],
  async run({ image, output, background }, ctx) {
    // Bad input is refused before the model is touched (or downloaded). A background with a
    // mask is refused rather than ignored: the caller asked for something the answer would not have.
    if (output === 'mask' && background !== undefined) {
      throw new ToolInputError(
        "'background' applies to the cut-out only: a mask has no background. Leave it out, or ask for output 'cutout'.",
      );
    }
    const bitmap = await loadInput(ctx, image);
    return compose(ctx, bitmap, await modelAlpha(ctx, bitmap), output, background);
  },
});
