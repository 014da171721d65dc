// What each tagged corpus file must get through the image converter (tests/corpus/corpus.test.ts),
// against libvips (sharp): one or more files of every variant class the corpus holds (TIFF
// photometrics, depths, compressions and layouts; JPEG processes; PNG depths, interlacing and
// transparency; GIF, WebP), the ones that once came out wrong first. bench/corpus.mjs runs all
// ~800 files. Files with an embedded ICC profile are left to the colour-management tests.

export type Expectation =
  /** A 200 of libvips' size within 35 dB PSNR of libvips' pixels. */
  | 'match'
  /** A 400 whose sentence matches (never the generic "damaged, truncated or…" one). */
  | { refused: RegExp }
  /**
   * A 200 where libvips at its default strictness refuses the file (it warns): compared with
   * libvips told to read it anyway (failOn 'none').
   */
  | { libvipsWarns: string }
  /** A 200 of libvips' size whose pixels differ for the reason given (docs/limits.md). */
  | { differs: string };

export const EXPECTATIONS: Record<string, Expectation> = {
  // TIFF: grey at 1, 2, 4 (all transparent black once), 8 and 16 bits; WhiteIsZero.
  'libvips/1bit.tif': 'match',
  'libvips/2bit.tif': 'match',
  'libvips/4bit.tif': 'match',
  'libtiff/minisblack-1c-8b.tiff': 'match',
  'libtiff/minisblack-1c-16b.tiff': 'match',
  'libtiff/miniswhite-1c-1b.tiff': 'match',
  'libvips/multi-channel-z-series.ome.tif': 'match', // signed 8-bit grey
  // Palettes, RGB at 8 and 16 bits, RGBA with associated alpha, strips with extra data.
  'libtiff/palette-1c-1b.tiff': 'match',
  'libtiff/palette-1c-4b.tiff': 'match',
  'libtiff/palette-1c-8b.tiff': 'match',
  'libtiff/rgb-3c-8b.tiff': 'match',
  'libtiff/rgb-3c-16b.tiff': 'match',
  'libtiff/32bpp-None.tiff': 'match',
  'libtiff/deflate-last-strip-extra-data.tiff': 'match',
  'sharp/uncompressed_tiff.tiff': 'match',
  // Colour spaces: CIELab 16-bit LZW (was all transparent black), YCbCr 4:2:0 LZW (was green stripes).
  'sharp/cielab-dagams.tiff': 'match',
  'libvips/subsampled.tif': 'match',
  // JPEG-in-TIFF: YCbCr tiles, RGB tiles (Aperio SVS: were wrong colours); CMYK with a profile.
  'libtiff/quad-tile.jpg.tiff': 'match',
  'libtiff/32bpp-None-jpeg.tiff': 'match',
  'libvips/CMU-1-Small-Region.svs': 'match',
  'sharp/fogra-0-100-100-0.tif': 'match', // CMYK through its FOGRA39 profile, as libvips reads it
  // Separate planes of grey and alpha (Photoshop): libvips reads them unlike the same samples
  // interleaved, which it reads as we read both (docs/limits.md, tiff-variants.test.ts).
  'libtiff/minisblack-2c-8b-alpha.tiff': {
    differs: "libvips wrong: planar grey and alpha read through libtiff's RGBA interface",
  },
  // Old-style LZW: libvips warns "Old-style LZW codes, convert file" and reads it when told to.
  'libtiff/quad-lzw-compat.tiff': { libvipsWarns: 'old-style LZW' },
  // Variants not read, each refused by name.
  'libtiff/testfax4.tiff': { refused: /^TIFF compression type 4 \(CCITT Group 4 fax\) is not supported/ },
  'sharp/G31D.TIF': { refused: /^TIFF compression type 3 \(CCITT Group 3 fax\) is not supported/ },
  'libtiff/ojpeg_zackthecat_subsamp22_single_strip.tiff': {
    refused: /^TIFF compression type 6 \(old-style JPEG\) is not supported/,
  },
  'libtiff/logluv-3c-16b.tiff': { refused: /^TIFF compression type 34676 \(SGI LogLuv\) is not supported/ },
  'libtiff/webp_lossless_rgba_alpha_fully_opaque.tif': {
    refused: /^TIFF compression type 50001 \(WebP\) is not supported/,
  },
  'libtiff/test_float64_predictor2_le_lzw.tif': {
    refused: /^TIFF images with 64 bits per sample are not supported\.$/,
  },
  'libtiff/test_ifd_loop_to_self.tif': { refused: /its image directories form a loop/ },
  // JPEG: baseline, arithmetic-coded, progressive; lossless and 12-bit refused by name.
  'libjpeg-turbo/testorig.jpg': 'match',
  'libjpeg-turbo/testimgari.jpg': 'match',
  'libjpeg-turbo/testimgint.jpg': 'match',
  'sharp/Landscape_1.jpg': 'match',
  'sharp/testimgl.jpg': { refused: /^Lossless JPEG \(SOF3\) images are not supported/ },
  'libjpeg-turbo/monkey12.jpg': { refused: /^12-bit JPEG images are not supported/ },
  // PNG: 1/2/4/16-bit grey, 16-bit colour, palettes, alpha, interlacing, tRNS; a broken one.
  'pngsuite/basn0g01.png': 'match',
  'pngsuite/basn0g04.png': 'match',
  'pngsuite/basi0g16.png': 'match',
  'pngsuite/basn2c16.png': 'match',
  'pngsuite/basn3p02.png': 'match',
  'pngsuite/basi4a08.png': 'match',
  'pngsuite/basn6a16.png': 'match',
  'pngsuite/tbbn0g04.png': 'match',
  'pngsuite/tp1n3p08.png': 'match',
  'sharp/16-bit-grey-alpha.png': 'match',
  'pngsuite/xs1n0g01.png': { refused: /not an image in any supported format/ },
  // AVIF without a pixi property (libavif, our decoder, requires it): read with one added, as libvips reads it.
  'libvips/avif-orientation-6.avif': 'match',
  // GIF and WebP (first frame of an animation).
  'libvips/trans-x.gif': 'match',
  'sharp/rotating-squares.gif': 'match',
  'sharp/5_webp_a.webp': 'match',
  'sharp/animated-loop-3.webp': 'match',
};
