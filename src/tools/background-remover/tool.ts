// Background removal (docs/contract.md §4 background-remover): decode any supported image to upright
// RGBA, scale it to the model's square, let the door's model (ToolContext.segmentation) find
// the foreground, and return the image at its own size with the background's alpha at 0.
import { MODEL_SIDE, ModelUnavailableError } from '../../platform/segmentation';
import { ToolUnavailableError, defineTool, type ToolContext } from '../define';
import { imageBytes, imagesOf, loadImage } from '../../lib/images/load';
import { encodeImage } from '../../lib/images/output';
import { applyMask, maskToAlpha, toModelInput } from './cutout';
import { EXAMPLE_DISC_PNG } from './example';
import { MAX_INPUT_BYTES } from './limits';
import { Input, Output } from './schema';

async function foregroundAlpha(ctx: ToolContext, input: Float32Array): Promise<Uint8Array> {
  if (!ctx.segmentation) throw new Error('No segmentation model: the door built its context without one (doorContext)');
  try {
    return maskToAlpha(await ctx.segmentation.segment(input));
  } catch (error) {
    if (error instanceof ModelUnavailableError) throw new ToolUnavailableError(error.message);
    throw error;
  }
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
  async run({ image }, ctx) {
    // Bad input is refused before the model is touched (or downloaded).
    const { bitmap } = await loadImage(ctx, imageBytes(image, ctx.maxImageBytes ?? MAX_INPUT_BYTES));
    const square = await imagesOf(ctx).resize(bitmap, MODEL_SIDE, MODEL_SIDE);
    const alpha = await foregroundAlpha(ctx, toModelInput(square));
    const out = await encodeImage(ctx, applyMask(bitmap, alpha), 'png', 100);
    return { image: out.base64, width: out.width, height: out.height, size_bytes: out.sizeBytes };
  },
});
