import { z } from 'zod';
import { pure } from '../pure';

export const Input = pure(() => z.object({
  image: z.string().min(1).describe('Base64 image (a data-URL prefix is tolerated). At most 10 MB decoded, 40 megapixels.'),
}));

export const Output = pure(() => z.object({
  image: z.string().describe('Base64 PNG of the input size: foreground kept, background transparent.'),
  width: z.number().int().describe('Width in pixels.'),
  height: z.number().int().describe('Height in pixels.'),
  size_bytes: z.number().int().describe('Byte length of the PNG.'),
}));
