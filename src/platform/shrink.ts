// How much of a reduction may happen before resampling, shared by the decoders (JPEG's DCT
// scaling) and the resizer's block average: sharp's shrink-on-load rule ("fastShrinkOnLoad").

/** The largest of 8, 4, 2 that both axes shrink by at least; 1 when neither does. */
export function shrinkFactor(fromWidth: number, fromHeight: number, toWidth: number, toHeight: number): number {
  const factor = Math.min(fromWidth / toWidth, fromHeight / toHeight);
  return factor >= 8 ? 8 : factor >= 4 ? 4 : factor >= 2 ? 2 : 1;
}
