// Size limits of the image tools (docs/contract.md §4 image-converter/image-resizer), checked on
// the encoded bytes, on the header's dimensions before any pixel is allocated, and again on
// what the decoder actually produced.
import { groupThousands } from '../digits';
import type { RasterFormat } from './formats';
import { ToolInputError } from '../../tools/define';
import { FORMAT_NAMES } from './formats';

/** 3 MB of decoded input ("MB" is MiB; exactly 3,145,728 bytes is accepted). */
export const MAX_INPUT_BYTES = 3 * 1048576;
/**
 * 50 MB: what the pages accept, running on the user's own device (ToolContext.maxImageBytes).
 * The pixel limits below are the same on every door.
 */
export const DEVICE_MAX_INPUT_BYTES = 50 * 1048576;
/** 40 megapixels, decoded or produced. */
export const MAX_PIXELS = 40_000_000;
/** 16,384 pixels per side. */
export const MAX_SIDE = 16_384;

/** The refusal of `length` bytes of decoded input when over `max` (whole MiB), else undefined. */
export function inputTooLarge(length: number, max = MAX_INPUT_BYTES): string | undefined {
  return length > max
    ? `Input image is ${(length / 1048576).toFixed(1)} MB — maximum is ${max / 1048576} MB.`
    : undefined;
}

export function checkInputBytes(length: number, max = MAX_INPUT_BYTES): void {
  const refusal = inputTooLarge(length, max);
  if (refusal) throw new ToolInputError(refusal);
}

const megapixels = (width: number, height: number) => ((width * height) / 1e6).toFixed(1);

/** Refuses a canvas the tools will not allocate. `what` names it: "The image", "The output". */
export function checkDimensions(width: number, height: number, what = 'The image'): void {
  if (!(width >= 1 && height >= 1)) throw new ToolInputError(`${what} has no pixels (${width}×${height}).`);
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new ToolInputError(`${what} is ${width}×${height} pixels; each side may be at most 16,384 pixels.`);
  }
  if (width * height > MAX_PIXELS) {
    throw new ToolInputError(
      `${what} is ${width}×${height} pixels (${megapixels(width, height)} megapixels); the maximum is 40 megapixels.`,
    );
  }
}

/**
 * The largest side each encoder can write. Only WebP's is below MAX_SIDE: its header stores a
 * side in 14 bits, and libwebp fails on 16,384 (which was a 500). GIF and JPEG store 16 bits,
 * AV1 frames go to 65,536, PNG and TIFF to 2³¹ and more; they are listed so that a change of
 * MAX_SIDE cannot outgrow them unnoticed (images.test.ts).
 */
export const ENCODER_MAX_SIDE: Record<RasterFormat, number> = {
  webp: 16_383,
  gif: 65_535,
  jpeg: 65_535,
  avif: 65_536,
  png: 2 ** 31 - 1,
  tiff: 2 ** 32 - 1,
};

/** 16383 → "16,383" (no locale: the same message in every runtime). */
export const thousands = groupThousands;

/** Refuses an output `format` cannot encode at this size; checked before the work that leads to it. */
export function checkEncodable(format: RasterFormat, width: number, height: number): void {
  const max = ENCODER_MAX_SIDE[format];
  if (width > max || height > max) {
    throw new ToolInputError(
      `${FORMAT_NAMES[format]} images can be at most ${thousands(max)} pixels per side; the output would be ${width}×${height}.`,
    );
  }
}
