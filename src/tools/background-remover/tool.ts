import { defineTool } from '../define';
import { TINY_PNG, notAvailableYet } from '../pending';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'background-remover',
  name: 'Background Remover',
  summary: 'Removes the background of an image and returns a transparent PNG of the same size.',
  tag: 'conversion',
  input: Input,
  output: Output,
  examples: [{ summary: 'Cut out the foreground', input: { image: TINY_PNG } }],
  run: () => notAvailableYet('Background removal'),
});
