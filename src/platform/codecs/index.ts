// The image port implemented once over the WASM and JS codecs; a door supplies the way its
// files are loaded (browser.ts: from the app's origin; node.ts: from disk) and, optionally, its
// runtime's own zlib inflater (node.ts: node:zlib, several times cheaper there than the
// web-standard `DecompressionStream`, which is the default). Every decoded image then passes the
// colour stage (colour-profile.ts): an embedded non-sRGB profile is converted to sRGB there.
import type { AssetLoader } from '../assets';
import type { Bitmap, DecodedFormat, DecodeOptions, ImagePlatform, RasterFormat } from '../types';
import { avifCodec } from './avif';
import { colourManager, convertsColours, type Decoded } from './colour-profile';
import { heicCodec } from './heic';
import { decodeGif, decodeGifAnimation, encodeGif, encodeGifAnimation } from './gif';
import { webpAnimation } from './webp-animation';
import { type Inflate, streamInflate } from './inflate';
import { jpegCodec } from './jpeg';
import { embeddedProfile } from './icc-profile';
import { pngCodec } from './png';
import { resizeBitmap } from './resize';
import { svgRenderer } from './svg';
import { decodeTiff, tiffEncoder } from './tiff';
import { webpCodec } from './webp';

export function createImagePlatform(assets: AssetLoader, inflate: Inflate = streamInflate): ImagePlatform {
  const png = pngCodec(assets, inflate);
  const jpeg = jpegCodec(assets);
  const webp = webpCodec(assets);
  const avif = avifCodec(assets);
  const heic = heicCodec(assets);
  const renderSvg = svgRenderer(assets);
  const encodeTiff = tiffEncoder(assets);
  const toSrgb = colourManager(assets);

  const decoders: Record<DecodedFormat, (bytes: Uint8Array, options: DecodeOptions) => Decoded | Promise<Decoded>> = {
    png: png.decode,
    jpeg: jpeg.decode,
    webp: webp.decode,
    avif: avif.decode,
    tiff: decodeTiff,
    gif: decodeGif,
    heic: heic.decode,
  };
  // `lossless` only reaches the encoders that have such a mode (WebP, AVIF).
  const encoders: Record<
    RasterFormat,
    (image: Bitmap, quality: number, lossless: boolean) => Uint8Array | Promise<Uint8Array>
  > = {
    png: png.encode,
    jpeg: jpeg.encode,
    webp: webp.encode,
    avif: avif.encode,
    tiff: encodeTiff,
    gif: encodeGif,
  };

  const animatedWebp = webpAnimation(webp);

  return {
    decode: async (bytes, format, options = {}) => {
      const profile = embeddedProfile(bytes, format);
      // A colour conversion runs on the decoded pixels, before any resampling (it is not linear):
      // a file it applies to is not resampled as it decodes.
      const { resizeTo, ...whole } = options;
      return toSrgb(await decoders[format](bytes, resizeTo && convertsColours(profile) ? whole : options), profile);
    },
    renderSvg,
    encode: async (image, format, { quality, lossless = false }) => encoders[format](image, quality, lossless),
    resize: resizeBitmap,
    decodeAnimation: async (bytes, format) =>
      format === 'gif' ? decodeGifAnimation(bytes) : animatedWebp.decode(bytes),
    encodeAnimation: async (animation, format, { quality, lossless = false }) =>
      format === 'gif' ? encodeGifAnimation(animation) : animatedWebp.encode(animation, quality, lossless),
  };
}
