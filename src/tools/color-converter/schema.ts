import { z } from 'zod';
import { pure } from '../pure';

// The shared shapes of docs/spec.md §2. Exported so that the OpenAPI document can list them under
// components/schemas (docs/contract.md §3).
export const RGB = pure(() => z
  .object({
    r: z.number().int().min(0).max(255).describe('Red, 0–255.'),
    g: z.number().int().min(0).max(255).describe('Green, 0–255.'),
    b: z.number().int().min(0).max(255).describe('Blue, 0–255.'),
    css: z.string().describe('CSS form `rgb(R, G, B)` (empty when the input is invalid).'),
  })
  .describe('A colour as red, green and blue.')
  .meta({ id: 'RGB' }));

export const HSL = pure(() => z
  .object({
    h: z.number().int().min(0).max(360).describe('Hue in degrees, 0–359 (360 wraps to 0).'),
    s: z.number().int().min(0).max(100).describe('Saturation, 0–100 (%).'),
    l: z.number().int().min(0).max(100).describe('Lightness, 0–100 (%).'),
    css: z.string().describe('CSS form `hsl(H, S%, L%)` (empty when the input is invalid).'),
  })
  .describe('A colour as hue, saturation and lightness.')
  .meta({ id: 'HSL' }));

export const HSV = pure(() => z
  .object({
    h: z.number().int().min(0).max(360).describe('Hue in degrees, 0–359 (360 wraps to 0).'),
    s: z.number().int().min(0).max(100).describe('Saturation, 0–100 (%).'),
    v: z.number().int().min(0).max(100).describe('Value (brightness), 0–100 (%).'),
  })
  .describe('A colour as hue, saturation and value (HSB).')
  .meta({ id: 'HSV' }));

export const Input = pure(() => z.object({
  color: z
    .string()
    .min(1)
    .describe(
      'The colour: `#rrggbb`, `#rgb`, `rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`, `rgba()`, `r,g,b`, `hsl(h, s%, l%)`, `hsla()`, `hsv(h, s%, v%)`, `hsb()`, CSS Color 4 space syntax (`rgb(255 0 0 / 50%)`) or a CSS colour name. Case and spaces are free.',
    ),
}));

export const Output = pure(() => z.object({
  hex: z.string().describe('Lowercase `#rrggbb` (empty when invalid).'),
  rgb: RGB,
  hsl: HSL,
  hsv: HSV,
  valid: z.boolean().describe('False when the colour could not be read or a channel is out of range.'),
  alpha: z.number().min(0).lt(1).optional().describe('Opacity 0–1 (3 decimals) when the input has one below 1; omitted when opaque.'),
  error: z.string().optional().describe('Why the colour is invalid, naming the channel when one is out of range.'),
}));
