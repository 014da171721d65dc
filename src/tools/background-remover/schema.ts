import { z } from 'zod';
import { ColourField } from '../../lib/images/background';
import { pure } from '../pure';
import { imageFieldMeta } from '../../lib/images/image-field';

/** What the tool answers: the cut-out (today's answer) or the mask alone. */
export const OUTPUTS = ['cutout', 'mask'] as const;
export type OutputKind = (typeof OUTPUTS)[number];

/** The value of each field the request may leave out with a default (the page starts from them too). */
export const DEFAULTS = { output: 'cutout' } as const;

export const Input = pure(() =>
  z.object({
    image: z
      .string()
      .min(1)
      .meta(imageFieldMeta())
      .describe('Base64 image (a data-URL prefix is tolerated). At most 10 MB decoded, 40 megapixels.'),
    output: z
      .enum(OUTPUTS)
      .default(DEFAULTS.output)
      .describe(
        "'cutout' (default): the image as an RGBA PNG, foreground kept, background transparent. 'mask': the foreground mask alone, an 8-bit grayscale PNG of the image's size (255 foreground, 0 background, soft edges in between): the alpha the cut-out of an opaque image has.",
      ),
    background: ColourField()
      .optional()
      .describe(
        "A colour put behind the cut-out instead of transparency, e.g. 'white' for product photos: any colour the color-converter reads: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a CSS colour name, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color(), with an optional alpha. An opaque colour gives an opaque PNG. Only with output 'cutout': a mask has no background, and sending both is refused.",
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    image: z
      .string()
      .meta(imageFieldMeta('image/png'))
      .describe(
        "Base64 PNG of the input size: with output 'cutout', RGBA, the foreground kept and the background transparent (or the 'background' colour); with 'mask', 8-bit grayscale, the foreground's alpha.",
      ),
    width: z.number().int().describe('Width in pixels.'),
    height: z.number().int().describe('Height in pixels.'),
    size_bytes: z.number().int().describe('Byte length of the PNG.'),
  }),
);
