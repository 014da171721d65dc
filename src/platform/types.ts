// The image port (docs/architecture.md principle 4): what tools may ask of the runtime's image
// codecs. The browser (src/platform/browser.ts) and Node (src/platform/node.ts) implement it
// with the same WASM codecs, so every door gives the same bytes. Tools reach it through
// `ToolContext.images`; header checks, limits, orientation and geometry stay in the pure tool
// code (src/lib/images), so the port only turns bytes into pixels and back.

/** Formats the port can decode and encode (src/lib/images/formats.ts lists them). SVG is rendered, not decoded (`renderSvg`). */
export { RASTER_FORMATS, type RasterFormat, type DecodedFormat } from '../lib/images/formats';
import type { DecodedFormat, RasterFormat } from '../lib/images/formats';
import type { Kernel } from '../lib/images/kernels';
import type { AnimatedFormat, Animation } from '../lib/images/animation';
import type { Bitmap } from '../lib/images/bitmap';

export type { Bitmap } from '../lib/images/bitmap';

export interface EncodeOptions {
  /** 1–100, used by JPEG, WebP and AVIF; PNG, TIFF and GIF ignore it. */
  quality: number;
  /**
   * WebP and AVIF only: encode losslessly, so decoding gives back exactly these RGBA bytes
   * (transparent pixels' colours too); `quality` is then ignored. The other encoders ignore it:
   * the tools decide what it means for them (image-converter refuses it for JPEG and GIF).
   */
  lossless?: boolean;
}

export interface DecodeOptions {
  /**
   * The image will be shrunk by at least this factor (2, 4 or 8) on each side: a codec that can
   * decode straight to 1/shrink of the size does (JPEG's DCT scaling, libvips's shrink-on-load);
   * the others ignore it. Either way the bitmap says its own size.
   */
  shrink?: number;
  /**
   * The caller will resample the decoded image to exactly this size with this kernel next: a
   * codec that can resample as it decodes, to the same bytes, returns that size (JPEG, where the
   * resizer would resample alone: codecs/jpeg.ts); the others ignore it. Either way the bitmap
   * says its own size.
   */
  resizeTo?: { width: number; height: number; kernel: Kernel };
}

export interface SvgOptions {
  /**
   * The caller's estimate of what parsing the markup will cost, in nanoseconds (the tools'
   * src/lib/images/svg-budget.ts): it counts against the same time budget as the drawing.
   */
  parseNs?: number;
  /**
   * Elements once <use>, marker and url(#…) references are followed (the same count): bounds
   * the drawing when resvg cannot write out its tree (svg-cost.ts's estimate from the markup).
   */
  elements?: number;
}

export interface ImagePlatform {
  /**
   * Decodes one image (the first frame of an animation) to RGBA. The caller has already read
   * the header and enforced the size limits. Throws ImageDataError when the bytes are not a
   * decodable image of `format`; anything else it throws is a fault.
   */
  decode(bytes: Uint8Array, format: DecodedFormat, options?: DecodeOptions): Promise<Bitmap>;
  /**
   * Rasterises SVG markup at the size its root element states, text in the bundled font.
   * Never fetches anything. Throws ImageDataError for markup it cannot parse, and an
   * ImageRefusedError when drawing it would take too long (src/platform/codecs/svg-cost.ts).
   */
  renderSvg(svg: string, options?: SvgOptions): Promise<Bitmap>;
  /** Encodes RGBA; JPEG has no alpha, so callers flatten first. */
  encode(image: Bitmap, format: RasterFormat, options: EncodeOptions): Promise<Uint8Array>;
  /** Resampling to exactly width × height; Lanczos3 unless another kernel is asked for. */
  resize(image: Bitmap, width: number, height: number, kernel?: Kernel): Promise<Bitmap>;
  /**
   * Every frame of a GIF or WebP as shown (full canvases, blending and disposal applied), with
   * delays and loop count; a still image is one frame. The caller has bounded frames × pixels.
   * Throws ImageDataError like `decode`.
   */
  decodeAnimation(bytes: Uint8Array, format: AnimatedFormat): Promise<Animation>;
  /** Writes an animated GIF or WebP of these frames (`quality`, `lossless`: WebP's, per frame). */
  encodeAnimation(animation: Animation, format: AnimatedFormat, options: EncodeOptions): Promise<Uint8Array>;
}

/** The bytes are not a decodable image (damaged, truncated, unsupported variant): a 400. */
export class ImageDataError extends Error {
  override name = 'ImageDataError';
}

/**
 * A codec refused the image before decoding it for a reason the caller can act on: a structure
 * that would make decoding unbounded (a TIFF whose directories loop, a strip inflating past the
 * declared size), an encoder's size limit, an SVG too complex to render in bounded time. Its
 * message is one sentence for the user; the tools pass it on as the 400's error.
 */
export class ImageRefusedError extends ImageDataError {
  override name = 'ImageRefusedError';
}

/**
 * A platform whose real implementation is loaded on first use, so pages that never touch an
 * image never download the codecs (the page worker imports the browser platform lazily).
 */
export function lazyPlatform(load: () => Promise<ImagePlatform>): ImagePlatform {
  let loading: Promise<ImagePlatform> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download may be retried by the next request
      throw error;
    }));
  return {
    decode: async (bytes, format, options) => (await get()).decode(bytes, format, options),
    renderSvg: async (svg, options) => (await get()).renderSvg(svg, options),
    encode: async (image, format, options) => (await get()).encode(image, format, options),
    resize: async (image, width, height, kernel) => (await get()).resize(image, width, height, kernel),
    decodeAnimation: async (bytes, format) => (await get()).decodeAnimation(bytes, format),
    encodeAnimation: async (animation, format, options) => (await get()).encodeAnimation(animation, format, options),
  };
}

declare module '../tools/define' {
  /** The door's image codecs: WASM codecs differ in how each runtime loads them. */
  interface DoorPlatforms {
    readonly images?: ImagePlatform;
  }
}
