// How much of a reduction the JPEG decoder may do in the DCT domain before resampling: sharp's
// shrink-on-load rule ("fastShrinkOnLoad"). Other images' block average has its own rule
// (codecs/resize.ts blockSide).

/** The largest of 8, 4, 2 that both axes shrink by at least; 1 when neither does. */
export function shrinkFactor(fromWidth: number, fromHeight: number, toWidth: number, toHeight: number): number {
  const factor = Math.min(fromWidth / toWidth, fromHeight / toHeight);
  return factor >= 8 ? 8 : factor >= 4 ? 4 : factor >= 2 ? 2 : 1;
}
