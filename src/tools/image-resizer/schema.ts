import { z } from 'zod';
import { pure } from '../pure';
import { imageFieldMeta } from '../../lib/images/image-field';
import { ColourField } from '../../lib/images/background';
import { KERNELS } from '../../lib/images/kernels';

const pixels = (what: string) => z.number().int().min(0).optional().describe(what);

export const FITS = ['contain', 'cover', 'fill', 'inside', 'outside'] as const;
export type Fit = (typeof FITS)[number];
export const FORMATS = ['png', 'jpeg', 'webp'] as const;
export type Format = (typeof FORMATS)[number];

/** The value of each field the request may leave out with a default (the page starts from them too). */
export const DEFAULTS = { fit: 'inside', format: 'png', quality: 85 } as const;

export const Input = pure(() =>
  z.object({
    image: z
      .string()
      .min(1)
      .meta(imageFieldMeta())
      .describe(
        'Base64 image (PNG, JPEG, WebP, AVIF, GIF, TIFF or SVG); a data-URL prefix is tolerated. At most 3 MB decoded, 40 megapixels and 16,384 px per side; an SVG must also be simple enough to draw in bounded time.',
      ),
    width: pixels('Target width in pixels; 0 or absent: follows the height by aspect ratio.'),
    height: pixels('Target height in pixels; 0 or absent: follows the width by aspect ratio.'),
    fit: z.enum(FITS).default(DEFAULTS.fit).describe('How the image fits a box given by both width and height.'),
    background: ColourField()
      .optional()
      .describe(
        "Colour of the padding that fit 'contain' adds: any colour the color-converter reads: hex (#rgb, #rgba, #rrggbb, #rrggbbaa), a CSS colour name, rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch() or color(), with an optional alpha. Default: transparent. JPEG output flattens it onto white like the rest of the image, so give an opaque colour for JPEG. Other fits add no padding and ignore it.",
      ),
    kernel: z
      .enum(KERNELS)
      .optional() // absent means lanczos3 (tool.ts); optional, so the page's settings need not carry it
      .describe(
        'Resampling kernel, as sharp names them (default lanczos3): lanczos3 (sharpest), cubic (Catmull-Rom), linear (bilinear, softest) or nearest (no blending: hard pixel edges, for pixel art).',
      ),
    cropX: pixels('Crop left offset in pixels.'),
    cropY: pixels('Crop top offset in pixels.'),
    cropWidth: pixels('Crop width in pixels (default: the rest of the image).'),
    cropHeight: pixels('Crop height in pixels (default: the rest of the image).'),
    rotate: z.number().optional().describe('Clockwise rotation in degrees, a multiple of 90 (negative allowed).'),
    flipHorizontal: z.boolean().optional().describe('Mirror left-right.'),
    flipVertical: z.boolean().optional().describe('Mirror top-bottom.'),
    format: z
      .enum(FORMATS)
      .default(DEFAULTS.format)
      .describe('Output format. WebP holds at most 16,383 pixels per side.'),
    quality: z.number().int().min(1).max(100).default(DEFAULTS.quality).describe('Quality for JPEG and WebP output.'),
  }),
);

export const Output = pure(() =>
  z.object({
    image: z.string().meta(imageFieldMeta()).describe('Base64 of the output image.'),
    format: z.string().describe('Output format.'),
    width: z.number().int().describe('Output width in pixels.'),
    height: z.number().int().describe('Output height in pixels.'),
    originalWidth: z.number().int().describe('Input width after EXIF orientation.'),
    originalHeight: z.number().int().describe('Input height after EXIF orientation.'),
    sizeBytes: z.number().int().describe('Byte length of the output image.'),
    frames: z
      .number()
      .int()
      .optional()
      .describe(
        'Present only when the input is an animation (an animated GIF or WebP): how many frames the output holds. WebP output keeps every frame, each resized, with its delay and the loop count; PNG and JPEG hold one.',
      ),
    notice: z
      .string()
      .optional()
      .describe(
        'Present only when something of the input could not be kept: e.g. only the first frame of an animation, for PNG or JPEG output.',
      ),
  }),
);
