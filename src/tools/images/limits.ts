// Size limits of the image tools (CONTRACT.md §4 image-converter/image-resizer), checked on
// the encoded bytes, on the header's dimensions before any pixel is allocated, and again on
// what the decoder actually produced.
import { ToolInputError } from '../define';

/** 3 MB of decoded input ("MB" is MiB; exactly 3,145,728 bytes is accepted). */
export const MAX_INPUT_BYTES = 3 * 1048576;
/** 40 megapixels, decoded or produced. */
export const MAX_PIXELS = 40_000_000;
/** 16,384 pixels per side. */
export const MAX_SIDE = 16_384;

export function checkInputBytes(length: number): void {
  if (length > MAX_INPUT_BYTES) {
    throw new ToolInputError(`Input image is ${(length / 1048576).toFixed(1)} MB — maximum is 3 MB.`);
  }
}

const megapixels = (width: number, height: number) => ((width * height) / 1e6).toFixed(1);

/** Refuses a canvas the tools will not allocate. `what` names it: "The image", "The output". */
export function checkDimensions(width: number, height: number, what = 'The image'): void {
  if (!(width >= 1 && height >= 1)) throw new ToolInputError(`${what} has no pixels (${width}×${height}).`);
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new ToolInputError(`${what} is ${width}×${height} pixels; each side may be at most 16,384 pixels.`);
  }
  if (width * height > MAX_PIXELS) {
    throw new ToolInputError(`${what} is ${width}×${height} pixels (${megapixels(width, height)} megapixels); the maximum is 40 megapixels.`);
  }
}
