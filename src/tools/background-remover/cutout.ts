// Everything around the model, identical in every door: the image as ISNet's input tensor, and
// the model's answer as the image's alpha. The model itself is the door's (ToolContext.segmentation).
//
// ISNet as IMG.LY trained and ships it: RGB resized to 1024 × 1024 (aspect ratio not kept),
// each channel normalised as (v − 128) / 256, planar; out comes one foreground probability per
// pixel of that square, which is scaled back to the image's own size.
import { MODEL_SIDE } from '../../platform/segmentation';
import type { Bitmap } from '../../platform/types';

/** The model's input from an RGBA bitmap of MODEL_SIDE × MODEL_SIDE (alpha is not seen). */
export function toModelInput(square: Bitmap): Float32Array {
  if (square.width !== MODEL_SIDE || square.height !== MODEL_SIDE)
    throw new Error(`toModelInput: expected ${MODEL_SIDE}², got ${square.width}×${square.height}`);
  const plane = MODEL_SIDE * MODEL_SIDE;
  const input = new Float32Array(3 * plane);
  const { data } = square;
  for (let p = 0, i = 0; p < plane; p++, i += 4) {
    input[p] = (data[i]! - 128) / 256;
    input[p + plane] = (data[i + 1]! - 128) / 256;
    input[p + 2 * plane] = (data[i + 2]! - 128) / 256;
  }
  return input;
}

/** Below this probability a pixel is background (alpha 0); above 1 − it, foreground (255). */
export const CERTAIN = 0.02;

/**
 * Probabilities as 8-bit alpha. The model calls confident background 0.001–0.01, which plain
 * rounding would leave as a faint veil (alpha 1–3) over the whole background, and docs/contract.md
 * wants the background at alpha 0; so the ends are clamped and the soft edge in between is
 * stretched linearly over the full 0–255.
 */
export function maskToAlpha(mask: Float32Array): Uint8Array {
  const alpha = new Uint8Array(mask.length);
  const scale = 255 / (1 - 2 * CERTAIN);
  for (let i = 0; i < mask.length; i++) {
    const v = mask[i]!;
    // `!(v > CERTAIN)` also sends NaN (never seen, but a broken runtime must not make pixels opaque) to 0.
    alpha[i] = !(v > CERTAIN) ? 0 : v >= 1 - CERTAIN ? 255 : Math.round((v - CERTAIN) * scale);
  }
  return alpha;
}

/**
 * The cut-out: the image with its alpha multiplied by the mask, the mask scaled from its
 * `side` × `side` square to the image's size bilinearly, sample centres aligned (the mask is
 * smooth, so bilinear neither rings nor blurs what the model drew). Where some alpha is left
 * the colour channels are kept as they are, so an edge pixel that is half foreground keeps its
 * true colour; where none is left they are zeroed: what was cut away must not be in the file
 * (drop the alpha channel and the background would be back) nor weigh on its size.
 */
export function applyMask(image: Bitmap, alpha: Uint8Array, side = MODEL_SIDE): Bitmap {
  const { width, height, data } = image;
  const out = new Uint8Array(data);
  resampleMask(width, height, alpha, side, out, 4, 3);
  clearTransparent(out);
  return { width, height, data: out };
}

/** RGB 0 under alpha 0, in place. */
export function clearTransparent(rgba: Uint8Array): Uint8Array {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] === 0) rgba[i - 3] = rgba[i - 2] = rgba[i - 1] = 0;
  return rgba;
}

/**
 * The mask alone at the image's size, one gray byte per pixel: exactly the alpha `applyMask`
 * gives an opaque image (the same loop writes both), so mask and cut-out never disagree.
 */
export function scaleMask(width: number, height: number, alpha: Uint8Array, side = MODEL_SIDE): Uint8Array {
  const out = new Uint8Array(width * height).fill(255);
  resampleMask(width, height, alpha, side, out, 1, 0);
  return out;
}

/**
 * Multiplies every `stride`-th byte of `out` (from `offset`), one per pixel, by the mask scaled
 * bilinearly to width × height: out = round(m · out / 255). One loop for both answers.
 */
function resampleMask(
  width: number,
  height: number,
  alpha: Uint8Array,
  side: number,
  out: Uint8Array,
  stride: number,
  offset: number,
): void {
  // For each output column: the two source columns and the weight of the second, computed once.
  const x0 = new Int32Array(width);
  const x1 = new Int32Array(width);
  const fx = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const sx = Math.min(Math.max(((x + 0.5) * side) / width - 0.5, 0), side - 1);
    x0[x] = Math.floor(sx);
    x1[x] = Math.min(x0[x]! + 1, side - 1);
    fx[x] = sx - x0[x]!;
  }
  for (let y = 0; y < height; y++) {
    const sy = Math.min(Math.max(((y + 0.5) * side) / height - 0.5, 0), side - 1);
    const row0 = Math.floor(sy) * side;
    const row1 = Math.min(Math.floor(sy) + 1, side - 1) * side;
    const fy = sy - Math.floor(sy);
    let o = y * width * stride + offset;
    for (let x = 0; x < width; x++, o += stride) {
      const top = alpha[row0 + x0[x]!]! + (alpha[row0 + x1[x]!]! - alpha[row0 + x0[x]!]!) * fx[x]!;
      const bottom = alpha[row1 + x0[x]!]! + (alpha[row1 + x1[x]!]! - alpha[row1 + x0[x]!]!) * fx[x]!;
      const m = top + (bottom - top) * fy;
      out[o] = Math.round((m * out[o]!) / 255);
    }
  }
}
