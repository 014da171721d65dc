// Encoding the result: JPEG gets alpha flattened onto white (CONTRACT.md), then the door's
// encoder, then Base64 for the response.
import type { Bitmap, RasterFormat } from '../../platform/types';
import type { ToolContext } from '../define';
import { imagesOf } from './load';
import { toBase64 } from './base64';
import { flattenOnWhite } from './pixels';

export interface EncodedImage {
  base64: string;
  width: number;
  height: number;
  sizeBytes: number;
}

export async function encodeImage(ctx: ToolContext, image: Bitmap, format: RasterFormat, quality: number): Promise<EncodedImage> {
  const pixels = format === 'jpeg' ? flattenOnWhite(image) : image;
  const bytes = await imagesOf(ctx).encode(pixels, format, { quality });
  return { base64: toBase64(bytes), width: image.width, height: image.height, sizeBytes: bytes.length };
}
