// Encoding the result: JPEG gets alpha flattened onto white (docs/contract.md), then the door's
// encoder, then Base64 for the response.
import { ImageRefusedError, type Bitmap, type EncodeOptions, type RasterFormat } from '../../platform/types';
import { ToolInputError, type ToolContext } from '../../tools/define';
import { checkEncodable } from './limits';
import { imagesOf } from './load';
import { encodeBase64 } from '../base64';
import { flattenOnWhite } from './pixels';
import type { AnimatedFormat, Animation } from './animation';

export interface EncodedImage {
  base64: string;
  width: number;
  height: number;
  sizeBytes: number;
}

/** `options`: the encoder's other settings (image-converter's `lossless`). */
export async function encodeImage(
  ctx: ToolContext,
  image: Bitmap,
  format: RasterFormat,
  quality: number,
  options: Omit<EncodeOptions, 'quality'> = {},
): Promise<EncodedImage> {
  checkEncodable(format, image.width, image.height);
  const pixels = format === 'jpeg' ? flattenOnWhite(image) : image;
  let bytes: Uint8Array;
  try {
    bytes = await imagesOf(ctx).encode(pixels, format, { ...options, quality });
  } catch (error) {
    // An encoder's own refusal (a size it cannot write) is the caller's 400, not a fault.
    if (error instanceof ImageRefusedError) throw new ToolInputError(error.message);
    throw error;
  }
  return { base64: encodeBase64(bytes), width: image.width, height: image.height, sizeBytes: bytes.length };
}

/** An animation in `format` (GIF or WebP), every frame kept with its delay, and the loop count. */
export async function encodeAnimation(
  ctx: ToolContext,
  animation: Animation,
  format: AnimatedFormat,
  quality: number,
  options: Omit<EncodeOptions, 'quality'> = {},
): Promise<EncodedImage> {
  const { width, height } = animation.frames[0]!.image;
  checkEncodable(format, width, height);
  let bytes: Uint8Array;
  try {
    bytes = await imagesOf(ctx).encodeAnimation(animation, format, { ...options, quality });
  } catch (error) {
    if (error instanceof ImageRefusedError) throw new ToolInputError(error.message);
    throw error;
  }
  return { base64: encodeBase64(bytes), width, height, sizeBytes: bytes.length };
}
