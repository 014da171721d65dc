import type { ToolCase } from '../define';
import { TINY_PNG } from '../pending';

const cases: ToolCase[] = [
  {
    name: 'answers a clear 400 until the background-removal issue lands',
    body: { image: TINY_PNG },
    status: 400,
    expect: { error: 'Background removal is not available yet in this version of the service.' },
  },
  {
    name: 'missing image is named',
    body: {},
    status: 400,
    match: { error: "Invalid request: 'image' is required." },
  },
];
export default cases;
