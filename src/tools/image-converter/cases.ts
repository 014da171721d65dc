// Golden vectors: every door must answer these the same (tests/contract). Output bytes are
// deterministic, so the service-worker spec also checks them equal to the Node server's.
import type { ToolCase } from '../vectors';
import * as S from '../../lib/images/samples';

/** Base64 starts of each output format's magic bytes. */
const MAGIC = {
  png: /^iVBORw0KGgo/,
  jpeg: /^\/9j\//,
  webp: /^UklGR.{6}XRUJQ/,
  avif: /^AAAA.{3}0eXBhdmlm/,
  tiff: /^SUkqA/,
  gif: /^R0lGODlh/,
};
const OUTPUTS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif'] as const;
/**
 * What the WebP and AVIF headers show of how they were written, so every door's answer proves
 * the mode (the unit tests decode them with sharp and compare pixels; the service-worker and
 * page-worker specs require the very bytes of the Node server): WebP's first chunk is `VP8L`
 * for lossless, `VP8X` for lossy with alpha, `VP8 ` for lossy and opaque; libavif's ftyp names
 * the AV1 profile, MA1A (4:4:4, what lossless needs) or MA1B (4:2:0).
 */
const WEBP_LOSSLESS = /^UklGR.{6}XRUJQVlA4T/;
const WEBP_LOSSY_ALPHA = /^UklGR.{6}XRUJQVlA4W/;
const WEBP_LOSSY_OPAQUE = /^UklGR.{6}XRUJQVlA4I/;
const AVIF_444 = /^AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUEA/;
const AVIF_420 = /^AAAAIGZ0eXBhdmlmAAAAAGF2aWZtaWYxbWlhZk1BMUIA/;
const INPUTS = [
  ['png', S.QUADRANTS_PNG],
  ['jpeg', S.QUADRANTS_JPEG],
  ['webp', S.QUADRANTS_WEBP],
  ['avif', S.QUADRANTS_AVIF],
  ['tiff', S.QUADRANTS_TIFF],
  ['gif', S.QUADRANTS_GIF],
  ['svg', S.QUADRANTS_SVG],
  ['heic', S.QUADRANTS_HEIC],
] as const;

const cases: ToolCase[] = [
  // Every input format to every output format (8 × 6), the 40×24 four-quadrant image.
  ...INPUTS.flatMap(([from, image]) =>
    OUTPUTS.map((to) => ({
      name: `${from} to ${to}`,
      body: { image, from, to },
      status: 200,
      match: { image: MAGIC[to], format: to, width: 40, height: 24 },
    })),
  ),
  {
    name: 'transparent PNG to JPEG at quality 50 (flattened onto white)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', quality: 50 },
    status: 200,
    match: { image: MAGIC.jpeg, format: 'jpeg', width: 32, height: 32 },
  },
  // lossless (WebP, AVIF; no-op for PNG and TIFF; refused for JPEG and GIF).
  {
    name: 'lossy WebP with alpha by default',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp' },
    status: 200,
    match: { image: WEBP_LOSSY_ALPHA, width: 32, height: 32 },
  },
  {
    name: 'lossless WebP is VP8L',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: true },
    status: 200,
    match: { image: WEBP_LOSSLESS, format: 'webp', width: 32, height: 32 },
  },
  {
    name: 'lossless WebP ignores quality',
    body: { image: S.QUADRANTS_JPEG, from: 'jpeg', to: 'webp', lossless: true, quality: 1 },
    status: 200,
    match: { image: WEBP_LOSSLESS, width: 40, height: 24 },
  },
  {
    name: 'AVIF is 4:2:0 by default',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'avif' },
    status: 200,
    match: { image: AVIF_420, width: 32, height: 32 },
  },
  {
    name: 'lossless AVIF is 4:4:4',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'avif', lossless: true, quality: 10 },
    status: 200,
    match: { image: AVIF_444, format: 'avif', width: 32, height: 32 },
  },
  {
    name: 'lossless: false is the default',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: false },
    status: 200,
    match: { image: WEBP_LOSSY_ALPHA },
  },
  {
    name: 'lossless PNG: PNG is lossless anyway',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', lossless: true },
    status: 200,
    match: { image: MAGIC.png, width: 32, height: 32 },
  },
  {
    name: 'lossless JPEG is refused before decoding',
    body: { image: S.TRUNCATED_PNG, from: 'png', to: 'jpeg', lossless: true },
    status: 400,
    expect: {
      error: "'lossless' is not available for JPEG: it is always lossy; use PNG, WebP or AVIF for an exact copy.",
    },
  },
  {
    name: 'lossless GIF is refused',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'gif', lossless: true },
    status: 400,
    expect: {
      error:
        "'lossless' is not available for GIF: it holds at most 256 colours and on/off transparency; use PNG, WebP or AVIF for an exact copy.",
    },
  },
  {
    name: 'lossless must be a boolean',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: 'true' },
    status: 400,
    match: { error: /'lossless' must be a boolean/ },
  },
  // background: given, it flattens every target; left out, JPEG on white and the rest keep alpha.
  {
    name: 'transparent PNG to JPEG on black',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 'black' },
    status: 200,
    match: { image: MAGIC.jpeg, width: 32, height: 32 },
  },
  {
    name: 'transparent PNG to WebP on a colour is opaque (VP8, no alpha)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#336699' },
    status: 200,
    match: { image: WEBP_LOSSY_OPAQUE, width: 32, height: 32 },
  },
  {
    name: 'a translucent background keeps alpha (VP8X)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#33669980' },
    status: 200,
    match: { image: WEBP_LOSSY_ALPHA },
  },
  {
    name: 'transparent PNG to PNG on rebeccapurple',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'RebeccaPurple' },
    status: 200,
    match: { image: MAGIC.png, width: 32, height: 32 },
  },
  // Any colour the color-converter reads (its own parser): rgb(), hsl(), hwb(), lab(), oklch(), color(), with alpha.
  {
    name: 'transparent PNG to JPEG on rgb(255, 200, 0)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 'rgb(255, 200, 0)' },
    status: 200,
    match: { image: MAGIC.jpeg, width: 32, height: 32 },
  },
  {
    name: 'on hsl() it is opaque (VP8)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: 'hsl(210 50% 40%)' },
    status: 200,
    match: { image: WEBP_LOSSY_OPAQUE, width: 32, height: 32 },
  },
  {
    name: 'on a translucent hwb() it keeps alpha (VP8X)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: 'hwb(120 10% 20% / 0.5)' },
    status: 200,
    match: { image: WEBP_LOSSY_ALPHA },
  },
  {
    name: 'on oklch()',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'oklch(70% 0.15 150)' },
    status: 200,
    match: { image: MAGIC.png, width: 32, height: 32 },
  },
  {
    name: 'on lab()',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'lab(50% 40 -20)' },
    status: 200,
    match: { image: MAGIC.png, width: 32, height: 32 },
  },
  {
    name: 'on a colour outside sRGB (gamut-mapped)',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'color(display-p3 0 1 0)' },
    status: 200,
    match: { image: MAGIC.png, width: 32, height: 32 },
  },
  {
    name: 'a background out of range names the channel',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'hsl(120 150% 50%)' },
    status: 400,
    match: { error: /'background' is not a colour: saturation '150%' is out of range \(0–100%\); use hex/ },
  },
  {
    name: 'lossless WebP on a colour',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#fff', lossless: true },
    status: 200,
    match: { image: WEBP_LOSSLESS },
  },
  {
    name: 'background that is not a colour',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 'blurple' },
    status: 400,
    match: {
      error:
        /'background' is not a colour: use hex \(#rgb, #rrggbb, #rrggbbaa\), rgb\(\), hsl\(\), hwb\(\), lab\(\), lch\(\), oklab\(\), oklch\(\), color\(\) or a CSS colour name such as white/,
    },
  },
  {
    name: 'background must be a string',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 0 },
    status: 400,
    match: { error: /'background' must be a string/ },
  },
  {
    name: 'EXIF orientation 6 is applied (40×24 stored, 24×40 shown)',
    body: { image: S.EXIF_6_JPEG, from: 'jpeg', to: 'webp' },
    status: 200,
    match: { format: 'webp', width: 24, height: 40 },
  },
  // AVIF irot/imir: stored 40×24, shown 24×40 (sharp-written, the properties patched in).
  {
    name: 'AVIF irot 1 then imir 0 is applied (a transpose: 24×40)',
    body: { image: S.AVIF_IROT1_IMIR0, from: 'avif', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, width: 24, height: 40 },
  },
  {
    name: 'AVIF irot 3 is applied (24×40)',
    body: { image: S.AVIF_IROT3, from: 'avif', to: 'webp' },
    status: 200,
    match: { format: 'webp', width: 24, height: 40 },
  },
  // HEIC (libheif, loaded for it): orientation, alpha and colour profile applied; pixels against
  // heif-convert in src/platform/codecs/heic.test.ts. heif-enc codes the 40×24 as 64×64 with a
  // clean-aperture crop, which libheif applies too.
  {
    name: 'HEIC irot 3 is applied (24×40)',
    body: { image: S.HEIC_IROT3, from: 'heic', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, format: 'png', width: 24, height: 40 },
  },
  {
    name: 'HEIC with alpha to WebP keeps the alpha (VP8X)',
    body: { image: S.ALPHA_HEIC, from: 'heic', to: 'webp' },
    status: 200,
    match: { image: WEBP_LOSSY_ALPHA, width: 32, height: 32 },
  },
  {
    name: 'a Display P3 HEIC',
    body: { image: S.P3_HEIC, from: 'heic', to: 'jpeg' },
    status: 200,
    match: { image: MAGIC.jpeg, format: 'jpeg', width: 40, height: 24 },
  },
  {
    name: 'a HEIC sent as `from: png` is read as HEIC',
    body: { image: S.QUADRANTS_HEIC, from: 'png', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, width: 40, height: 24 },
  },
  {
    name: 'a truncated HEIC',
    body: { image: S.TRUNCATED_HEIC, from: 'heic', to: 'png' },
    status: 400,
    expect: {
      error: "'image' could not be decoded as HEIC: the data is damaged, truncated or uses an unsupported variant.",
    },
  },
  {
    name: 'HEIC is input only',
    body: { image: S.QUADRANTS_PNG, from: 'png', to: 'heic' },
    status: 400,
    match: { error: /'to' must be one of "png", "jpeg", "webp", "avif", "tiff", "gif"/ },
  },
  // Animations: kept by GIF and WebP (every frame, delays, loop), the first frame and a notice elsewhere.
  {
    name: 'animated GIF to PNG: the first frame, and a notice',
    body: { image: S.ANIMATED_GIF, from: 'gif', to: 'png' },
    status: 200,
    match: {
      format: 'png',
      width: 6,
      height: 4,
      frames: 1,
      notice:
        'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose GIF or WebP to keep them all.',
    },
  },
  {
    name: 'animated WebP to JPEG: the first frame, and a notice',
    body: { image: S.ANIMATED_WEBP, from: 'webp', to: 'jpeg' },
    status: 200,
    match: {
      image: MAGIC.jpeg,
      frames: 1,
      notice: /^JPEG cannot hold an animation: only the first of its 3 frames was kept/,
    },
  },
  {
    name: 'animated GIF to WebP keeps the 3 frames (VP8X, ANIM)',
    body: { image: S.ANIMATED_GIF, from: 'gif', to: 'webp' },
    status: 200,
    match: { image: /^UklGR.{6}XRUJQVlA4WAoAAAAC.{12}QU5JTQ/, format: 'webp', width: 6, height: 4, frames: 3 },
  },
  {
    name: 'animated GIF to GIF keeps the 3 frames',
    body: { image: S.ANIMATED_GIF, from: 'gif', to: 'gif' },
    status: 200,
    match: { image: MAGIC.gif, width: 6, height: 4, frames: 3 },
  },
  {
    name: 'animated WebP to GIF keeps the 3 frames',
    body: { image: S.ANIMATED_WEBP, from: 'webp', to: 'gif' },
    status: 200,
    match: { format: 'gif', width: 6, height: 4, frames: 3 },
  },
  {
    name: 'animated WebP to lossless WebP keeps the 3 frames',
    body: { image: S.ANIMATED_WEBP, from: 'webp', to: 'webp', lossless: true },
    status: 200,
    match: { image: MAGIC.webp, width: 6, height: 4, frames: 3 },
  },
  {
    name: 'animated WebP to AVIF: the first frame, and a notice',
    body: { image: S.ANIMATED_WEBP, from: 'webp', to: 'avif' },
    status: 200,
    match: { image: MAGIC.avif, frames: 1, notice: /^AVIF cannot hold an animation/ },
  },
  {
    name: 'SVG without size or viewBox renders at 300×150',
    body: { image: S.UNSIZED_SVG, from: 'svg', to: 'png' },
    status: 200,
    match: { width: 300, height: 150 },
  },
  // SVG as it comes from the wild: a root in the SVG namespace under a prefix, gzipped (.svgz, `from` is still svg),
  // and a valid SVG on which resvg panics writing out its tree (drawn all the same, never a 500).
  {
    name: 'a namespaced <svg:svg> root is SVG',
    body: { image: S.NAMESPACED_SVG, from: 'svg', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, format: 'png', width: 40, height: 24 },
  },
  {
    name: '.svgz (gzipped SVG) is SVG',
    body: { image: S.QUADRANTS_SVGZ, from: 'svg', to: 'webp' },
    status: 200,
    match: { image: MAGIC.webp, format: 'webp', width: 40, height: 24 },
  },
  {
    name: 'a .svgz that inflates past the limit on an SVG is refused by name',
    body: { image: S.BOMB_SVGZ, from: 'svg', to: 'png' },
    status: 400,
    match: {
      error:
        /^'image' is a gzip-compressed SVG that inflates to more than \d+ MB; an SVG may be at most \d+ MB once inflated\.$/,
    },
  },
  {
    name: 'a truncated .svgz',
    body: { image: S.QUADRANTS_SVGZ.slice(0, 80), from: 'svg', to: 'png' },
    status: 400,
    expect: { error: "'image' could not be decoded as SVG: its gzip compression is damaged or truncated." },
  },
  {
    name: 'an SVG resvg panics writing out (a clip path child <use> of a group) is drawn',
    body: { image: S.CLIP_INVALID_USE_SVG, from: 'svg', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, width: 200, height: 200 },
  },
  {
    name: 'SVG text is drawn with the bundled font',
    body: { image: S.TEXT_SVG, from: 'svg', to: 'webp', quality: 90 },
    status: 200,
    match: { format: 'webp', width: 120, height: 40 },
  },
  {
    name: 'a data URL prefix and line breaks are tolerated',
    body: {
      image: `data:image/png;base64,${S.QUADRANTS_PNG.slice(0, 60)}\n${S.QUADRANTS_PNG.slice(60)}`,
      from: 'png',
      to: 'png',
    },
    status: 200,
    match: { width: 40, height: 24 },
  },
  {
    name: 'bytes of another format than `from` are converted as what they are',
    body: { image: S.QUADRANTS_GIF, from: 'png', to: 'png' },
    status: 200,
    match: { width: 40, height: 24 },
  },
  {
    name: 'a PNG header claiming 30000×30000 is refused before decoding',
    body: { image: S.BOMB_PNG, from: 'png', to: 'jpeg' },
    status: 400,
    expect: { error: 'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.' },
  },
  {
    name: 'a 34-byte WebP claiming 16384×16384 is refused before decoding',
    body: { image: S.BOMB_WEBP, from: 'webp', to: 'png' },
    status: 400,
    expect: { error: 'The image is 16384×16384 pixels (268.4 megapixels); the maximum is 40 megapixels.' },
  },
  {
    name: 'a truncated PNG',
    body: { image: S.TRUNCATED_PNG, from: 'png', to: 'png' },
    status: 400,
    expect: {
      error: "'image' could not be decoded as PNG: the data is damaged, truncated or uses an unsupported variant.",
    },
  },
  {
    name: 'bytes that are no image name the expected format',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==', from: 'webp', to: 'png' },
    status: 400,
    expect: {
      error:
        "'image' is not a WebP image: its bytes are not an image in any supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC).",
    },
  },
  {
    name: 'invalid Base64',
    body: { image: 'iVBOR*w0K', from: 'png', to: 'png' },
    status: 400,
    match: { error: /^'image' is not valid Base64: Invalid character '\*' at position 6/ },
  },
  // Read through its embedded profile (or the naive conversion without one): pixels in the unit tests.
  {
    name: 'CMYK JPEG',
    body: { image: S.CMYK_JPEG, from: 'jpeg', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, format: 'png', width: 40, height: 24 },
  },
  // Display P3 with its profile: converted to sRGB on decode (littleCMS, loaded for it), the same
  // bytes from every door; the pixels (the quadrants' sRGB colours again) in colour-profile.test.ts.
  {
    name: 'a Display P3 PNG',
    body: { image: S.P3_PNG, from: 'png', to: 'png' },
    status: 200,
    match: { image: MAGIC.png, format: 'png', width: 40, height: 24 },
  },
  {
    name: 'TIFF with an unsupported compression',
    body: { image: S.WEBP_COMPRESSED_TIFF, from: 'tiff', to: 'png' },
    status: 400,
    expect: {
      error: 'TIFF compression type 50001 (WebP) is not supported (supported: none, LZW, JPEG, Deflate, PackBits).',
    },
  },
  {
    name: 'SVG is input only',
    body: { image: S.QUADRANTS_PNG, from: 'png', to: 'svg' },
    status: 400,
    match: { error: /'to' must be one of "png", "jpeg", "webp", "avif", "tiff", "gif"/ },
  },
  {
    name: 'unknown target format is named',
    body: { image: S.QUADRANTS_PNG, from: 'png', to: 'bmp' },
    status: 400,
    match: { error: /'to' must be one of/ },
  },
  {
    name: 'quality out of range',
    body: { image: S.QUADRANTS_PNG, from: 'png', to: 'jpeg', quality: 101 },
    status: 400,
    match: { error: /'quality' must be at most 100/ },
  },
  {
    name: 'quality must be an integer',
    body: { image: S.QUADRANTS_PNG, from: 'png', to: 'jpeg', quality: 50.5 },
    status: 400,
    match: { error: /'quality' must be an integer/ },
  },
  {
    name: 'image is required',
    body: { from: 'png', to: 'jpeg' },
    status: 400,
    match: { error: /'image' is required/ },
  },
];
export default cases;
