// Golden vectors that every door answers identically (tests/contract): the refusals, all made
// before the model runs. Cut-outs themselves are checked pixel by pixel in
// background-remover.test.ts (invoke), tests/server/background-remover.test.ts (the Node server)
// and tests/e2e/background-remover.spec.ts (page, service worker offline): the browser's
// onnxruntime-web and Node's onnxruntime-node round floats differently, so their PNG bytes may
// differ by a few alpha levels at the edges, and a byte-exact vector cannot span the doors.
import type { ToolCase } from '../define';
import * as S from '../../lib/images/samples';

/** Just over 10 MiB of zeros in Base64 (a 14 MB body, under the 16 MiB request cap). */
const OVER_10_MB = 'A'.repeat(Math.ceil((10 * 1048576 + 1) / 3) * 4);

const cases: ToolCase[] = [
  { name: 'image is required', body: {}, status: 400, match: { error: "Invalid request: 'image' is required." } },
  { name: 'image must be a string', body: { image: 42 }, status: 400, match: { error: /'image' must be a string/ } },
  { name: 'invalid Base64', body: { image: 'iVBOR*w0K' }, status: 400, match: { error: /^'image' is not valid Base64: Invalid character '\*' at position 6/ } },
  {
    name: 'bytes that are no image',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==' },
    status: 400,
    expect: { error: "'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF or SVG)." },
  },
  {
    name: 'a truncated PNG',
    body: { image: S.TRUNCATED_PNG },
    status: 400,
    expect: { error: "'image' could not be decoded as PNG: the data is damaged, truncated or uses an unsupported variant." },
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
];
export default cases;
