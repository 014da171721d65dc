import { defineTool } from '../define';
import { loadImage, imageBytes } from '../../lib/images/load';
import { encodeImage } from '../../lib/images/output';
import { EXAMPLE_PNG } from '../../lib/images/example';
import { checkEncodable } from '../../lib/images/limits';
import { IMAGE_FORMATS, RASTER_FORMATS } from '../../lib/images/formats';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'image-converter',
  name: 'Image Converter',
  summary: 'Converts an image between PNG, JPEG, WebP, AVIF, TIFF and GIF (SVG as input too).',
  tag: 'conversion',
  category: 'images',
  icon: 'image',
  blurb: 'Convert to PNG, JPEG, WebP, AVIF or GIF.',
  keywords: ['image', 'convert', 'png', 'jpeg', 'jpg', 'webp', 'avif', 'tiff', 'gif', 'svg', 'photo', 'picture', 'format'],
  input: Input,
  output: Output,
  heavy: true,
  // The raster formats (lib/images/formats.ts): SVG opens in an editor, not here.
  accepts: { types: Object.fromEntries(RASTER_FORMATS.map((format) => [IMAGE_FORMATS[format].mime, IMAGE_FORMATS[format].extensions.map((ext) => `.${ext}`)])), read: 'files' },
  examples: [
    { summary: 'PNG to WebP', input: { image: EXAMPLE_PNG, from: 'png', to: 'webp' } },
    { summary: 'PNG to JPEG at quality 90 (transparency becomes white)', input: { image: EXAMPLE_PNG, from: 'png', to: 'jpeg', quality: 90 } },
  ],
  async run({ image, from, to, quality }, ctx) {
    // The output has the input's size: an encoder's limit is checked before decoding.
    const { bitmap } = await loadImage(ctx, imageBytes(image, ctx.maxImageBytes), { expected: from, sized: (width, height) => checkEncodable(to, width, height) });
    const out = await encodeImage(ctx, bitmap, to, quality);
    // docs/contract.md: `format` echoes `to`; size fields describe the output.
    return { image: out.base64, format: to, width: out.width, height: out.height, size_bytes: out.sizeBytes };
  },
});
