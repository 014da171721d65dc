// Golden vectors: every door must answer these the same (tests/contract). Output bytes are
// deterministic, so the service-worker spec also checks them equal to the Node server's.
import type { ToolCase } from '../define';
import * as S from '../../lib/images/samples';

/** Base64 starts of each output format's magic bytes. */
const MAGIC = { png: /^iVBORw0KGgo/, jpeg: /^\/9j\//, webp: /^UklGR.{6}XRUJQ/, avif: /^AAAA.{3}0eXBhdmlm/, tiff: /^SUkqA/, gif: /^R0lGODlh/ };
const OUTPUTS = ['png', 'jpeg', 'webp', 'avif', 'tiff', 'gif'] as const;
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
  { name: 'CMYK JPEG', body: { image: S.CMYK_JPEG, from: 'jpeg', to: 'png' }, status: 400, expect: { error: 'CMYK JPEG images are not supported; save the image as RGB and try again.' } },
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
