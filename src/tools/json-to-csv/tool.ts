// PLACEHOLDER: replaced by the tool's implementation.
import { z } from 'zod';
import { defineTool } from '../define';

export default defineTool({
  slug: 'json-to-csv',
  name: 'json-to-csv',
  summary: 'Placeholder.',
  tag: 'text',
  input: z.object({}),
  output: z.object({}),
  examples: [{ summary: 'placeholder', input: {} }],
  run: () => ({}),
});
