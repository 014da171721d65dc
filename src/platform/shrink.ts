// How much of a reduction the JPEG decoder may do in the DCT domain before resampling. Decoding
// at 1/2, 1/4 or 1/8 averages 2×2, 4×4 or 8×8 blocks: a box filter, 32–38 dB from a Lanczos3
// resample of the full decode. So at least a 2× reduction is always left to the kernel, which
// then does most of the filtering: libvips' rule when sharp is told `fastShrinkOnLoad: false`
// (its default starts a factor earlier, and so scores 35–47 dB at 4× and 7× on the corpus'
// photos where this rule scores 40–55; tests/corpus/shrink-fidelity.test.ts). Other images'
// block average has its own rule, to the same end (codecs/resize.ts blockSide).

/** The largest of 8, 4, 2 that leaves both axes at least a further 2× to shrink; 1 when none does. */
export function shrinkFactor(fromWidth: number, fromHeight: number, toWidth: number, toHeight: number): number {
  const factor = Math.min(fromWidth / toWidth, fromHeight / toHeight);
  return factor >= 16 ? 8 : factor >= 8 ? 4 : factor >= 4 ? 2 : 1;
}
