import { z } from 'zod';
import { INPUT_FORMATS, RASTER_FORMATS } from '../../lib/images/formats';
import { ColourField } from '../../lib/images/background';
import { pure } from '../pure';
import { imageFieldMeta } from '../../lib/images/image-field';

/** The formats the converter writes (SVG is input only). */
export const TARGETS = RASTER_FORMATS;
export type Target = (typeof TARGETS)[number];

/** The value of each field the request may leave out (the page starts from them too). */
export const DEFAULTS = { quality: 80, lossless: false } as const;

/** Targets with a lossless mode `lossless` switches on (PNG and TIFF are lossless anyway). */
export const LOSSLESS_TARGETS: readonly Target[] = ['webp', 'avif'];

export const ImageFormat = pure(() => z.enum(TARGETS));

export const Input = pure(() =>
  z.object({
    image: z
      .string()
      .min(1)
      .meta(imageFieldMeta())
      .describe(
        'Base64 image data (a `data:…;base64,` prefix and whitespace are tolerated). At most 3 MB decoded, 40 megapixels and 16,384 px per side; an SVG must also be simple enough to draw in bounded time.',
      ),
    from: z.enum(INPUT_FORMATS).describe('Format of the input image.'),
    to: ImageFormat.describe('Format to convert to (SVG is input only). WebP holds at most 16,383 pixels per side.'),
    quality: z
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULTS.quality)
      .describe('Quality for JPEG, WebP and AVIF output (ignored when `lossless` is true).'),
    lossless: z
      .boolean()
      .default(DEFAULTS.lossless)
      .describe(
        "Encode WebP or AVIF losslessly: decoding the output gives back exactly the input's pixels, transparent ones included, and `quality` is ignored. PNG and TIFF are always lossless, so it changes nothing there; JPEG and GIF have no lossless mode, so `true` is refused for them.",
      ),
    background: ColourField()
      .optional()
      .describe(
        'A colour that replaces transparency: when given, the image is laid over it whatever the target (e.g. a PNG on black), so an opaque colour gives an opaque image. Any colour the color-converter reads: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a CSS colour name, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color(), with an optional alpha. Left out: JPEG is flattened onto white and the other formats keep their transparency. JPEG has no alpha, so a translucent colour is itself laid over white there.',
      ),
  }),
);

export const Output = pure(() =>
  z.object({
    image: z.string().meta(imageFieldMeta()).describe('Base64 of the converted image.'),
    format: z.string().describe('Format of the output image (echoes `to`).'),
    width: z.number().int().describe('Output width in pixels.'),
    height: z.number().int().describe('Output height in pixels.'),
    size_bytes: z.number().int().describe('Byte length of the output image.'),
    frames: z
      .number()
      .int()
      .optional()
      .describe(
        'Present only when the input is an animation (an animated GIF or WebP): how many frames the output holds. GIF and WebP output keep every frame with its delay and the loop count; the other formats hold one.',
      ),
    notice: z
      .string()
      .optional()
      .describe(
        'Present only when something of the input could not be kept: e.g. only the first frame of an animation, for a target that cannot animate.',
      ),
  }),
);
