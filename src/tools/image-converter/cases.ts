// Golden vectors: every door must answer these the same (tests/contract). Output bytes are
// deterministic, so the service-worker spec also checks them equal to the Node server's.
import type { ToolCase } from '../define';
import * as S from '../../lib/images/samples';

/** Base64 starts of each output format's magic bytes. */
const MAGIC = { png: /^iVBORw0KGgo/, jpeg: /^\/9j\//, webp: /^UklGR.{6}XRUJQ/, avif: /^AAAA.{3}0eXBhdmlm/, tiff: /^SUkqA/, gif: /^R0lGODlh/ };
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
] as const;

const cases: ToolCase[] = [
  // Every input format to every output format (7 × 6), the 40×24 four-quadrant image.
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
  { name: 'lossy WebP with alpha by default', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp' }, status: 200, match: { image: WEBP_LOSSY_ALPHA, width: 32, height: 32 } },
  { name: 'lossless WebP is VP8L', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: true }, status: 200, match: { image: WEBP_LOSSLESS, format: 'webp', width: 32, height: 32 } },
  { name: 'lossless WebP ignores quality', body: { image: S.QUADRANTS_JPEG, from: 'jpeg', to: 'webp', lossless: true, quality: 1 }, status: 200, match: { image: WEBP_LOSSLESS, width: 40, height: 24 } },
  { name: 'AVIF is 4:2:0 by default', body: { image: S.ALPHA_PNG, from: 'png', to: 'avif' }, status: 200, match: { image: AVIF_420, width: 32, height: 32 } },
  { name: 'lossless AVIF is 4:4:4', body: { image: S.ALPHA_PNG, from: 'png', to: 'avif', lossless: true, quality: 10 }, status: 200, match: { image: AVIF_444, format: 'avif', width: 32, height: 32 } },
  { name: 'lossless: false is the default', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: false }, status: 200, match: { image: WEBP_LOSSY_ALPHA } },
  { name: 'lossless PNG: PNG is lossless anyway', body: { image: S.ALPHA_PNG, from: 'png', to: 'png', lossless: true }, status: 200, match: { image: MAGIC.png, width: 32, height: 32 } },
  {
    name: 'lossless JPEG is refused before decoding',
    body: { image: S.TRUNCATED_PNG, from: 'png', to: 'jpeg', lossless: true },
    status: 400,
    expect: { error: "'lossless' is not available for JPEG: it is always lossy; use PNG, WebP or AVIF for an exact copy." },
  },
  {
    name: 'lossless GIF is refused',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'gif', lossless: true },
    status: 400,
    expect: { error: "'lossless' is not available for GIF: it holds at most 256 colours and on/off transparency; use PNG, WebP or AVIF for an exact copy." },
  },
  { name: 'lossless must be a boolean', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', lossless: 'true' }, status: 400, match: { error: /'lossless' must be a boolean/ } },
  // background: given, it flattens every target; left out, JPEG on white and the rest keep alpha.
  { name: 'transparent PNG to JPEG on black', body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 'black' }, status: 200, match: { image: MAGIC.jpeg, width: 32, height: 32 } },
  { name: 'transparent PNG to WebP on a colour is opaque (VP8, no alpha)', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#336699' }, status: 200, match: { image: WEBP_LOSSY_OPAQUE, width: 32, height: 32 } },
  { name: 'a translucent background keeps alpha (VP8X)', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#33669980' }, status: 200, match: { image: WEBP_LOSSY_ALPHA } },
  { name: 'transparent PNG to PNG on rebeccapurple', body: { image: S.ALPHA_PNG, from: 'png', to: 'png', background: 'RebeccaPurple' }, status: 200, match: { image: MAGIC.png, width: 32, height: 32 } },
  { name: 'lossless WebP on a colour', body: { image: S.ALPHA_PNG, from: 'png', to: 'webp', background: '#fff', lossless: true }, status: 200, match: { image: WEBP_LOSSLESS } },
  {
    name: 'background that is not a colour',
    body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 'blurple' },
    status: 400,
    match: { error: /'background' is not a colour: use hex \(#rgb, #rgba, #rrggbb, #rrggbbaa\) or a CSS colour name such as white/ },
  },
  { name: 'background must be a string', body: { image: S.ALPHA_PNG, from: 'png', to: 'jpeg', background: 0 }, status: 400, match: { error: /'background' must be a string/ } },
  {
    name: 'EXIF orientation 6 is applied (40×24 stored, 24×40 shown)',
    body: { image: S.EXIF_6_JPEG, from: 'jpeg', to: 'webp' },
    status: 200,
    match: { format: 'webp', width: 24, height: 40 },
  },
  { name: 'animated GIF: the first frame', body: { image: S.ANIMATED_GIF, from: 'gif', to: 'png' }, status: 200, match: { format: 'png', width: 6, height: 4 } },
  { name: 'animated WebP: the first frame', body: { image: S.ANIMATED_WEBP, from: 'webp', to: 'gif' }, status: 200, match: { format: 'gif', width: 6, height: 4 } },
  { name: 'SVG without size or viewBox renders at 300×150', body: { image: S.UNSIZED_SVG, from: 'svg', to: 'png' }, status: 200, match: { width: 300, height: 150 } },
  { name: 'SVG text is drawn with the bundled font', body: { image: S.TEXT_SVG, from: 'svg', to: 'webp', quality: 90 }, status: 200, match: { format: 'webp', width: 120, height: 40 } },
  {
    name: 'a data URL prefix and line breaks are tolerated',
    body: { image: `data:image/png;base64,${S.QUADRANTS_PNG.slice(0, 60)}\n${S.QUADRANTS_PNG.slice(60)}`, from: 'png', to: 'png' },
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
    expect: { error: "'image' could not be decoded as PNG: the data is damaged, truncated or uses an unsupported variant." },
  },
  {
    name: 'bytes that are no image name the expected format',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==', from: 'webp', to: 'png' },
    status: 400,
    expect: { error: "'image' is not a WebP image: its bytes are not an image in any supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF or SVG)." },
  },
  { name: 'invalid Base64', body: { image: 'iVBOR*w0K', from: 'png', to: 'png' }, status: 400, match: { error: /^'image' is not valid Base64: Invalid character '\*' at position 6/ } },
  // Read through its embedded profile (or the naive conversion without one): pixels in the unit tests.
  { name: 'CMYK JPEG', body: { image: S.CMYK_JPEG, from: 'jpeg', to: 'png' }, status: 200, match: { image: MAGIC.png, format: 'png', width: 40, height: 24 } },
  // Display P3 with its profile: converted to sRGB on decode (littleCMS, loaded for it), the same
  // bytes from every door; the pixels (the quadrants' sRGB colours again) in colour-profile.test.ts.
  { name: 'a Display P3 PNG', body: { image: S.P3_PNG, from: 'png', to: 'png' }, status: 200, match: { image: MAGIC.png, format: 'png', width: 40, height: 24 } },
  {
    name: 'TIFF with an unsupported compression',
    body: { image: S.WEBP_COMPRESSED_TIFF, from: 'tiff', to: 'png' },
    status: 400,
    expect: { error: 'TIFF compression type 50001 is not supported (supported: none, LZW, JPEG, Deflate, PackBits).' },
  },
  { name: 'SVG is input only', body: { image: S.QUADRANTS_PNG, from: 'png', to: 'svg' }, status: 400, match: { error: /'to' must be one of "png", "jpeg", "webp", "avif", "tiff", "gif"/ } },
  { name: 'unknown target format is named', body: { image: S.QUADRANTS_PNG, from: 'png', to: 'bmp' }, status: 400, match: { error: /'to' must be one of/ } },
  { name: 'quality out of range', body: { image: S.QUADRANTS_PNG, from: 'png', to: 'jpeg', quality: 101 }, status: 400, match: { error: /'quality' must be at most 100/ } },
  { name: 'quality must be an integer', body: { image: S.QUADRANTS_PNG, from: 'png', to: 'jpeg', quality: 50.5 }, status: 400, match: { error: /'quality' must be an integer/ } },
  { name: 'image is required', body: { from: 'png', to: 'jpeg' }, status: 400, match: { error: /'image' is required/ } },
];
export default cases;
