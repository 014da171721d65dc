// The five fit modes (docs/contract.md §4 image-resizer): the size to resample to, and how that
// result becomes the output box (exactly, padded, or centre-cropped).
export type Fit = 'contain' | 'cover' | 'fill' | 'inside' | 'outside';

export interface FitPlan {
  /** Resample the image to this size… */
  width: number;
  height: number;
  /** …then, if set, pad (contain) or centre-crop (cover) it to this box. */
  box?: { width: number; height: number; mode: 'pad' | 'crop' };
}

const side = (n: number) => Math.max(1, Math.round(n));

/**
 * `width`/`height` of 0 or undefined are "not set". With one set the other follows the aspect
 * ratio; with none the size is kept. Upscaling is allowed.
 */
export function planFit(
  sourceWidth: number,
  sourceHeight: number,
  width: number | undefined,
  height: number | undefined,
  fit: Fit,
): FitPlan {
  const w = width || 0;
  const h = height || 0;
  if (!w && !h) return { width: sourceWidth, height: sourceHeight };
  if (!h) return { width: w, height: side((sourceHeight * w) / sourceWidth) };
  if (!w) return { width: side((sourceWidth * h) / sourceHeight), height: h };
  if (fit === 'fill') return { width: w, height: h };
  // The side whose scale wins keeps its exact length; the other follows the aspect ratio.
  const byWidth = { width: w, height: side((sourceHeight * w) / sourceWidth) };
  const byHeight = { width: side((sourceWidth * h) / sourceHeight), height: h };
  const widthIsTighter = w * sourceHeight <= h * sourceWidth; // w/sw <= h/sh, in integers
  const inside = widthIsTighter ? byWidth : byHeight;
  const outside = widthIsTighter ? byHeight : byWidth;
  switch (fit) {
    case 'inside':
      return inside;
    case 'outside':
      return outside;
    case 'contain':
      return { ...inside, box: { width: w, height: h, mode: 'pad' } };
    case 'cover':
      return { ...outside, box: { width: w, height: h, mode: 'crop' } };
  }
}
