import type { ToolCase } from '../define';
import { TINY_PNG } from '../pending';

const cases: ToolCase[] = [
  {
    name: 'answers a clear 400 until the image issue lands',
    body: { image: TINY_PNG, width: 10 },
    status: 400,
    expect: { error: 'Image resizing is not available yet in this version of the service.' },
  },
  {
    name: 'negative width is refused',
    body: { image: TINY_PNG, width: -1 },
    status: 400,
    match: { error: /'width' must be at least 0/ },
  },
  {
    name: 'fractional crop offset is refused',
    body: { image: TINY_PNG, cropX: 1.5 },
    status: 400,
    match: { error: /'cropX' must be an integer/ },
  },
];
export default cases;
