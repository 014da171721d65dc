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
  async run({ image, output, background }, ctx) {
    // Bad input is refused before the model is touched (or downloaded). A background with a
    // mask is refused rather than ignored: the caller asked for something the answer would not have.
    if (output === 'mask' && background !== undefined) {
      throw new ToolInputError("'background' applies to the cut-out only: a mask has no background. Leave it out, or ask for output 'cutout'.");
    }
    const { bitmap } = await loadImage(ctx, imageBytes(image, ctx.maxImageBytes ?? MAX_INPUT_BYTES));
    const square = await imagesOf(ctx).resize(bitmap, MODEL_SIDE, MODEL_SIDE);
    const alpha = await foregroundAlpha(ctx, toModelInput(square));
    if (output === 'mask') {
      const png = encodeGrayPng(scaleMask(bitmap.width, bitmap.height, alpha), bitmap.width, bitmap.height);
      return { image: encodeBase64(png), width: bitmap.width, height: bitmap.height, size_bytes: png.length };
    }
    const cutout = applyMask(bitmap, alpha);
    // parseColour cannot fail here: the schema refused what it does not read.
    const picture = background === undefined ? cutout : compositeOver(cutout, parseColour(background)!);
    const out = await encodeImage(ctx, picture, 'png', 100);
    return { image: out.base64, width: out.width, height: out.height, size_bytes: out.sizeBytes };
  },
});
