// From the request's `image` field to upright RGBA: Base64, the 3 MB cap, format sniffing,
// the header probe and pixel limits (before decoding), decoding through the door's image
// platform, the post-decode check, and EXIF orientation. Shared by the image tools.
import { ToolInputError, type ToolContext } from '../../tools/define';
import { decodeBase64 } from '../base64';
import { ImageDataError, ImageRefusedError, type Bitmap, type ImagePlatform } from '../../platform/types';
import type { Kernel } from './kernels';
import { FORMAT_NAMES, formatList, sniffFormat, type InputFormat } from './formats';
import { MAX_INPUT_BYTES, checkDimensions, checkInputBytes } from './limits';
import { ORIENTATION_TRANSFORMS, transform } from './pixels';
import { probe } from './probe';
import { checkEmbeddedImages, svgSize, withSize } from './svg';
import { checkSvgBudget } from './svg-budget';
import { inflateSvgz, isGzip, isSvgz } from './svgz';
import { firstWebpFrame, onCanvas } from './webp-frame';
import { type Animation, animates, checkAnimation, frameCount } from './animation';

/** The door's codecs; a door that forgot to wire them is a fault (500), not bad input. */
export function imagesOf(ctx: ToolContext): ImagePlatform {
  if (!ctx.images) throw new Error('No image platform: the door built its context without one (doorContext)');
  return ctx.images;
}

/**
 * The bytes of the `image` field: Base64, whitespace and a `data:…;base64,` prefix tolerated;
 * at most `maxBytes` of them (the converter's and resizer's 3 MB unless the tool says otherwise).
 */
export function imageBytes(field: string, maxBytes = MAX_INPUT_BYTES): Uint8Array {
  const text = field.replace(/^\s*data:[^,]*;base64,/i, '');
  const decoded = decodeBase64(text);
  if (!decoded.ok) throw new ToolInputError(`'image' is not valid Base64: ${decoded.error}`);
  checkInputBytes(decoded.bytes.length, maxBytes);
  if (decoded.bytes.length === 0) throw new ToolInputError("'image' is empty.");
  return decoded.bytes;
}

export interface LoadedImage {
  bitmap: Bitmap;
  /** The format the bytes really are. */
  format: InputFormat;
  /** The upright image's full size (the bitmap is smaller when `shrink` allowed it). */
  width: number;
  height: number;
  /** How many frames the input holds (GIF and WebP animations; 1 for every other image). */
  frames: number;
  /** Every frame, when `animation` asked for them and the input has more than one; `bitmap` is the first. */
  animation?: Animation;
}

export interface LoadOptions {
  /** The converter's `from`: only shapes the error message. */
  expected?: InputFormat;
  /**
   * Given the upright size, by how much the caller will shrink the image anyway (shrinkFactor):
   * decoders that can decode smaller for free do so (JPEG). Omitted: full size.
   */
  shrink?: (width: number, height: number) => number;
  /**
   * Given the upright size, the size the caller will resample the image to next (its very next
   * step) and with which kernel: a decoder that can resample as it decodes, to the same bytes,
   * does (JPEG: platform/codecs/jpeg.ts), and the bitmap then has that size. Omitted, or for a
   * file EXIF turns or mirrors: full size.
   */
  resizeTo?: (width: number, height: number) => ResizeTarget | undefined;
  /**
   * Called with the upright size as soon as the header gives it, before decoding: the caller
   * refuses there what it could not produce anyway (the converter: a WebP over 16,383 px).
   */
  sized?: (width: number, height: number) => void;
  /**
   * The caller keeps animations: an animated GIF or WebP is decoded frame by frame (frames ×
   * pixels bounded first, animation.ts). Omitted: the first frame only.
   */
  animation?: boolean;
}

/** A size to resample to, and the kernel. */
export interface ResizeTarget {
  width: number;
  height: number;
  kernel: Kernel;
}

const SUPPORTED = formatList();

/** Decodes to upright RGBA. */
export async function loadImage(
  ctx: ToolContext,
  bytes: Uint8Array,
  { expected, shrink, resizeTo, sized, animation: keepFrames }: LoadOptions = {},
): Promise<LoadedImage> {
  const images = imagesOf(ctx);
  const format = sniffFormat(bytes) ?? (isSvgz(bytes) ? 'svg' : undefined);
  if (!format) {
    throw new ToolInputError(
      expected
        ? `'image' is not a ${FORMAT_NAMES[expected]} image: its bytes are not an image in any supported format (${SUPPORTED}).`
        : `'image' is not an image in a supported format (${SUPPORTED}).`,
    );
  }
  const undecodable = () =>
    new ToolInputError(
      `'image' could not be decoded as ${FORMAT_NAMES[format]}: the data is damaged, truncated or uses an unsupported variant.`,
    );
  // A codec's refusal names its reason; any other decoding failure gets the generic sentence.
  const refusal = (error: unknown) =>
    error instanceof ImageRefusedError
      ? new ToolInputError(error.message)
      : error instanceof ImageDataError
        ? undecodable()
        : undefined;

  if (format === 'svg') {
    // A .svgz is held to the limit of a plain SVG once inflated.
    const text = new TextDecoder().decode(
      isGzip(bytes) ? inflateSvgz(bytes, ctx.maxImageBytes ?? MAX_INPUT_BYTES) : bytes,
    );
    const { width, height } = svgSize(text);
    checkDimensions(width, height);
    sized?.(width, height);
    checkEmbeddedImages(text);
    // What parsing will cost counts against the renderer's budget for drawing (svg-cost.ts).
    const budget = checkSvgBudget(text);
    try {
      const bitmap = checked(await images.renderSvg(withSize(text, width, height), budget));
      if (bitmap.width !== width || bitmap.height !== height)
        throw new ImageDataError(`rendered at ${bitmap.width}×${bitmap.height}, not ${width}×${height}`);
      return { bitmap, format, width, height, frames: 1 };
    } catch (error) {
      throw refusal(error) ?? error;
    }
  }

  const header = probe(bytes, format);
  checkDimensions(header.width, header.height);
  const orientation = ORIENTATION_TRANSFORMS[header.orientation] ?? 'identity';
  const upright =
    header.orientation >= 5 /* EXIF 5–8 turn the image a quarter */
      ? { width: header.height, height: header.width }
      : { width: header.width, height: header.height };
  sized?.(upright.width, upright.height);
  const factor = shrink?.(upright.width, upright.height) ?? 1;
  // Only for upright files: resampling and then turning is not the same bytes as the reverse.
  const target = orientation === 'identity' ? resizeTo?.(upright.width, upright.height) : undefined;
  const frames = animates(format) ? frameCount(bytes, format) : 1;
  if (keepFrames && frames > 1 && animates(format)) {
    checkAnimation(header.width, header.height, frames);
    let animation: Animation;
    try {
      animation = await images.decodeAnimation(bytes, format);
      animation.frames.forEach((frame) => checked(frame.image));
    } catch (error) {
      throw refusal(error) ?? error;
    }
    const first = animation.frames[0]!.image;
    matchHeader(first, header, format, 1);
    return {
      bitmap: first,
      format,
      width: first.width,
      height: first.height,
      frames: animation.frames.length,
      animation,
    };
  }
  let bitmap: Bitmap;
  try {
    if (header.animated) {
      const frame = firstWebpFrame(bytes);
      if (!frame) throw undecodable();
      bitmap = onCanvas(checked(await images.decode(frame.still, 'webp')), frame);
    } else {
      bitmap = checked(await images.decode(bytes, format, { shrink: factor, ...(target && { resizeTo: target }) }));
    }
  } catch (error) {
    throw refusal(error) ?? error;
  }
  // Decoded straight to the target (which the header check below cannot know), or as usual.
  const resized =
    format === 'jpeg' &&
    target !== undefined &&
    bitmap.width === target.width &&
    bitmap.height === target.height &&
    (target.width !== header.width || target.height !== header.height);
  if (!resized) matchHeader(bitmap, header, format, factor);
  bitmap = transform(bitmap, orientation);
  // Unshrunk, the decoder's own size is the truth (it is checked against the header's above).
  // Only JPEG decodes smaller; the largest size a HEIC or AVIF states may be a coded size
  // larger than the image its crop shows.
  const shrunk = (factor > 1 || resized) && format === 'jpeg';
  return shrunk
    ? { bitmap, format, ...upright, frames }
    : { bitmap, format, width: bitmap.width, height: bitmap.height, frames };
}

/** Formats whose header states one size, which the decoder must produce (JPEG: or 1/shrink of it). */
const ONE_SIZE = new Set<InputFormat>(['png', 'jpeg', 'tiff']);

/**
 * The decoder's output against the header's size, before orientation: never larger (what the
 * limits were checked on), and exactly it where the header states only one size. GIF, WebP and
 * AVIF headers may state several (frames, items); the probe reports the largest.
 */
function matchHeader(
  bitmap: Bitmap,
  header: { width: number; height: number },
  format: InputFormat,
  factor: number,
): void {
  const side = (n: number) => (format === 'jpeg' && factor > 1 ? Math.ceil(n / factor) : n);
  const larger = bitmap.width > header.width || bitmap.height > header.height;
  const other = ONE_SIZE.has(format) && (bitmap.width !== side(header.width) || bitmap.height !== side(header.height));
  if (larger || other) {
    throw new ToolInputError(
      `'image' is not a readable ${FORMAT_NAMES[format]} image: its header says ${header.width}×${header.height} pixels but its data decodes to ${bitmap.width}×${bitmap.height}.`,
    );
  }
}

/** The decoder's output, held to the limits again (a header can understate). */
function checked(bitmap: Bitmap): Bitmap {
  checkDimensions(bitmap.width, bitmap.height, 'The decoded image');
  if (bitmap.data.length !== bitmap.width * bitmap.height * 4) throw new ImageDataError('wrong pixel buffer length');
  return bitmap;
}
