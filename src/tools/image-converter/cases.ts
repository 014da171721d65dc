import type { ToolCase } from '../define';
import { TINY_PNG } from '../pending';

const cases: ToolCase[] = [
  {
    name: 'answers a clear 400 until the image issue lands',
    body: { image: TINY_PNG, from: 'png', to: 'webp' },
    status: 400,
    expect: { error: 'Image conversion is not available yet in this version of the service.' },
  },
  {
    name: 'unknown target format is named',
    body: { image: TINY_PNG, from: 'png', to: 'bmp' },
    status: 400,
    match: { error: /'to' must be one of "png", "jpeg", "webp", "avif", "tiff", "gif"/ },
  },
  {
    name: 'quality out of range',
    body: { image: TINY_PNG, from: 'png', to: 'jpeg', quality: 101 },
    status: 400,
    match: { error: /'quality' must be at most 100/ },
  },
];
export default cases;
