// The TIFF decoder as the TIFF tests use it: its answer as RGBA (CMYK through the profile-less
// default, as the colour stage converts it without a profile), and the sentence of a refusal.
import { expect } from 'vitest';
import { cmykToRgba, isCmyk } from '../../src/lib/images/cmyk';
import { decodeTiff } from '../../src/platform/codecs/tiff';
import { ImageRefusedError, type Bitmap } from '../../src/platform/types';

export function decodeTiffRgba(bytes: Uint8Array): Bitmap {
  const image = decodeTiff(bytes);
  return isCmyk(image) ? { width: image.width, height: image.height, data: cmykToRgba(image) } : image;
}

/** The message of the ImageRefusedError decoding `bytes` throws (any other outcome fails the test). */
export function tiffRefusal(bytes: Uint8Array): string {
  try {
    decodeTiff(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefusedError);
    return (error as Error).message;
  }
  throw new Error('decoded');
}
