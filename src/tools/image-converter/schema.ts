import { z } from 'zod';
import { INPUT_FORMATS, RASTER_FORMATS } from '../../lib/images/formats';
import { pure } from '../pure';

/** The formats the converter writes (SVG is input only). */
export const TARGETS = RASTER_FORMATS;
export type Target = (typeof TARGETS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { quality: 80 } as const;

export const ImageFormat = pure(() => z.enum(TARGETS));

export const Input = pure(() => z.object({
  image: z.string().min(1).describe('Base64 image data (a `data:…;base64,` prefix and whitespace are tolerated). At most 3 MB decoded, 40 megapixels and 16,384 px per side; an SVG must also be simple enough to draw in bounded time.'),
  from: z.enum(INPUT_FORMATS).describe('Format of the input image.'),
  to: ImageFormat.describe('Format to convert to (SVG is input only). WebP holds at most 16,383 pixels per side.'),
  quality: z.number().int().min(1).max(100).default(DEFAULTS.quality).describe('Quality for JPEG, WebP and AVIF output.'),
}));

export const Output = pure(() => z.object({
  image: z.string().describe('Base64 of the converted image.'),
  format: z.string().describe('Format of the output image (echoes `to`).'),
  width: z.number().int().describe('Output width in pixels.'),
  height: z.number().int().describe('Output height in pixels.'),
  size_bytes: z.number().int().describe('Byte length of the output image.'),
}));
