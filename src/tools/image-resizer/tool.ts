import { defineTool } from '../define';
import { TINY_PNG, notAvailableYet } from '../pending';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'image-resizer',
  name: 'Image Resizer',
  summary: 'Resizes, crops, rotates and flips an image; outputs PNG, JPEG or WebP.',
  tag: 'conversion',
  input: Input,
  output: Output,
  examples: [{ summary: 'Scale to 64 px wide', input: { image: TINY_PNG, width: 64 } }],
  run: () => notAvailableYet('Image resizing'),
});
