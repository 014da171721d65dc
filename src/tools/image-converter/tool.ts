import { defineTool } from '../define';
import { TINY_PNG, notAvailableYet } from '../pending';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'image-converter',
  name: 'Image Converter',
  summary: 'Converts an image between PNG, JPEG, WebP, AVIF, TIFF and GIF (SVG as input too).',
  tag: 'conversion',
  input: Input,
  output: Output,
  examples: [{ summary: 'PNG to WebP', input: { image: TINY_PNG, from: 'png', to: 'webp' } }],
  run: () => notAvailableYet('Image conversion'),
});
