// CMYK pixels as decoders hand them over, and the conversion used when a CMYK image carries
// no ICC profile. With a profile, src/platform/codecs/colour-profile.ts converts through it.

/**
 * CMYK samples, 4 bytes a pixel in C, M, Y, K order, 0 = no ink and 255 = full ink (the ICC
 * encoding). Decoders un-invert what Photoshop writes (Adobe APP14 JPEGs store 255 = no ink).
 * `alpha`, when present, is one byte a pixel.
 */
export interface CmykImage {
  width: number;
  height: number;
  cmyk: Uint8Array;
  alpha?: Uint8Array;
}

export const isCmyk = (image: object): image is CmykImage => 'cmyk' in image;

/**
 * The profile-less default (docs/contract.md): R = 255 − C − K·(255 − C)/255 and likewise for
 * G and B, i.e. (1 − C)(1 − K) in fractions, rounded — what ImageMagick and browsers do without a
 * profile. It ignores the press's ink behaviour, so colours come out brighter and more saturated
 * than through a real press profile.
 */
export function cmykToRgba(image: CmykImage): Uint8Array {
  const { cmyk, alpha } = image;
  const pixels = image.width * image.height;
  const out = new Uint8Array(pixels * 4);
  for (let p = 0, i = 0; p < pixels; p++, i += 4) {
    const white = 255 - cmyk[i + 3]!;
    out[i] = ((255 - cmyk[i]!) * white + 127) / 255;
    out[i + 1] = ((255 - cmyk[i + 1]!) * white + 127) / 255;
    out[i + 2] = ((255 - cmyk[i + 2]!) * white + 127) / 255;
    out[i + 3] = alpha ? alpha[p]! : 255;
  }
  return out;
}
