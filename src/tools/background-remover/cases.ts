// Golden vectors that every door answers identically (tests/contract): the refusals, all made
// before the model runs. Cut-outs themselves are checked pixel by pixel in
// background-remover.test.ts (invoke), tests/server/background-remover.test.ts (the Node server)
// and tests/e2e/background-remover.spec.ts (page, service worker offline): the browser's
// onnxruntime-web and Node's onnxruntime-node round floats differently, so their PNG bytes may
// differ by a few alpha levels at the edges, and a byte-exact vector cannot span the doors.
// The fields `output` and `background` are checked the same way: their refusals here, their
// answers against sharp in background-remover.test.ts and in the page (tests/e2e).
import type { ToolCase } from '../vectors';
import * as S from '../../lib/images/samples';
import { EXAMPLE_DISC_PNG } from './example';

/** Just over 10 MiB of zeros in Base64 (a 14 MB body, under the 16 MiB request cap). */
const OVER_10_MB = 'A'.repeat(Math.ceil((10 * 1048576 + 1) / 3) * 4);

const cases: ToolCase[] = [
  { name: 'image is required', body: {}, status: 400, match: { error: "Invalid request: 'image' is required." } },
  { name: 'image must be a string', body: { image: 42 }, status: 400, match: { error: /'image' must be a string/ } },
  {
    name: 'invalid Base64',
    body: { image: 'iVBOR*w0K' },
    status: 400,
    match: { error: /^'image' is not valid Base64: Invalid character '\*' at position 6/ },
  },
  {
    name: 'bytes that are no image',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==' },
    status: 400,
    expect: { error: "'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC)." },
  },
  {
    name: 'a truncated PNG',
    body: { image: S.TRUNCATED_PNG },
    status: 400,
    expect: {
      error: "'image' could not be decoded as PNG: the data is damaged, truncated or uses an unsupported variant.",
    },
  },
  {
    name: 'more than 10 MB is refused',
    body: { image: OVER_10_MB },
    status: 400,
    expect: { error: 'Input image is 10.0 MB — maximum is 10 MB.' },
  },
  {
    name: 'a WebP claiming 16384×16384 (over 40 megapixels) is refused before decoding',
    body: { image: S.BOMB_WEBP },
    status: 400,
    expect: { error: 'The image is 16384×16384 pixels (268.4 megapixels); the maximum is 40 megapixels.' },
  },
  {
    name: 'a PNG claiming 30000×30000 is refused before decoding',
    body: { image: S.BOMB_PNG },
    status: 400,
    expect: { error: 'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.' },
  },
  {
    name: 'output must be cutout or mask',
    body: { image: EXAMPLE_DISC_PNG, output: 'alpha' },
    status: 400,
    expect: {
      error: 'Invalid request: \'output\' must be one of "cutout", "mask".',
      issues: [{ path: ['output'], message: 'must be one of "cutout", "mask"' }],
    },
  },
  {
    name: 'a background that is no colour',
    body: { image: EXAMPLE_DISC_PNG, background: 'blurple' },
    status: 400,
    match: {
      error:
        "Invalid request: 'background' is not a colour: use hex (#rgb, #rrggbb, #rrggbbaa), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color() or a CSS colour name such as white.",
    },
  },
  {
    name: 'a background out of range names the channel (any colour the color-converter reads is taken)',
    body: { image: EXAMPLE_DISC_PNG, background: 'oklch(120% 0.1 40)' },
    status: 400,
    match: {
      error:
        /^Invalid request: 'background' is not a colour: lightness '120%' is out of range \(0 to 1, or 0% to 100%\); use hex/,
    },
  },
  {
    name: 'a background that is not a string',
    body: { image: EXAMPLE_DISC_PNG, background: 0xffffff },
    status: 400,
    match: { error: "Invalid request: 'background' must be a string (got a number)." },
  },
  {
    name: 'a background with output mask is refused before the model runs',
    body: { image: EXAMPLE_DISC_PNG, output: 'mask', background: 'white' },
    status: 400,
    expect: {
      error:
        "'background' applies to the cut-out only: a mask has no background. Leave it out, or ask for output 'cutout'.",
    },
  },
  {
    name: 'output mask: bytes that are no image are refused before the model',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==', output: 'mask' },
    status: 400,
    expect: { error: "'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC)." },
  },
  {
    name: 'a background with a truncated PNG: the image is refused before the model',
    body: { image: S.TRUNCATED_PNG, background: '#fff' },
    status: 400,
    expect: {
      error: "'image' could not be decoded as PNG: the data is damaged, truncated or uses an unsupported variant.",
    },
  },
];
export default cases;
