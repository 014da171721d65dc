import { defineTool } from '../define';
import { loadImage, imageBytes } from '../../lib/images/load';
import { encodeAnimation, encodeImage } from '../../lib/images/output';
import { ANIMATED_FORMATS, animates, firstFrameNotice } from '../../lib/images/animation';
import { EXAMPLE_PNG } from '../../lib/images/example';
import { checkEncodable } from '../../lib/images/limits';
import { DECODED_FORMATS, IMAGE_FORMATS } from '../../lib/images/formats';
import { compositeOver } from '../../lib/images/background';
import { parseColour } from '../../lib/images/colour';
import { ToolInputError } from '../define';
import { Input, LOSSLESS_TARGETS, Output } from './schema';

/** Why `lossless` cannot be had for a target, by target (the others have it or are lossless anyway). */
const NO_LOSSLESS: Partial<Record<string, string>> = {
  jpeg: "'lossless' is not available for JPEG: it is always lossy; use PNG, WebP or AVIF for an exact copy.",
  gif: "'lossless' is not available for GIF: it holds at most 256 colours and on/off transparency; use PNG, WebP or AVIF for an exact copy.",
};

export default defineTool({
  slug: 'image-converter',
  name: 'Image Converter',
  summary: 'Converts an image between PNG, JPEG, WebP, AVIF, TIFF and GIF (SVG and HEIC as input too).',
  tag: 'conversion',
  category: 'images',
  icon: 'image',
  blurb: 'Convert to PNG, JPEG, WebP, AVIF or GIF.',
  keywords: [
    'image',
    'convert',
    'png',
    'jpeg',
    'jpg',
    'webp',
    'avif',
    'tiff',
    'gif',
    'svg',
    'heic',
    'heif',
    'photo',
    'picture',
    'format',
  ],
  input: Input,
  output: Output,
  heavy: true,
  // The formats decoded to pixels, HEIC included (lib/images/formats.ts): SVG opens in an editor, not here.
  accepts: {
    types: Object.fromEntries(
      DECODED_FORMATS.map((format) => [
        IMAGE_FORMATS[format].mime,
        IMAGE_FORMATS[format].extensions.map((ext) => `.${ext}`),
      ]),
    ),
    read: 'files',
  },
  opensShared: true,
  examples: [
    { summary: 'PNG to WebP', input: { image: EXAMPLE_PNG, from: 'png', to: 'webp' } },
    {
      summary: 'PNG to JPEG at quality 90 (transparency becomes white)',
      input: { image: EXAMPLE_PNG, from: 'png', to: 'jpeg', quality: 90 },
    },
    { summary: 'PNG to lossless WebP', input: { image: EXAMPLE_PNG, from: 'png', to: 'webp', lossless: true } },
    {
      summary: 'PNG to JPEG with transparency on black',
      input: { image: EXAMPLE_PNG, from: 'png', to: 'jpeg', background: 'black' },
    },
  ],
  async run({ image, from, to, quality, lossless, background }, ctx) {
    // Refused before any decoding: asked for an exact copy in a format that cannot hold one.
    const refusal = lossless ? NO_LOSSLESS[to] : undefined;
    if (refusal) throw new ToolInputError(refusal);
    // The output has the input's size: an encoder's limit is checked before decoding.
    const loaded = await loadImage(ctx, imageBytes(image, ctx.maxImageBytes), {
      expected: from,
      sized: (width, height) => checkEncodable(to, width, height),
      animation: animates(to),
    });
    // A given background flattens every target (docs/contract.md); left out, encodeImage keeps
    // today's answer (JPEG on white, the others with their alpha). The schema checked it parses.
    const flatten = (bitmap: typeof loaded.bitmap) =>
      background === undefined ? bitmap : compositeOver(bitmap, parseColour(background)!);
    const exact = { lossless: lossless && LOSSLESS_TARGETS.includes(to) };
    const { animation } = loaded;
    const out =
      animation && animates(to)
        ? await encodeAnimation(
            ctx,
            { ...animation, frames: animation.frames.map((frame) => ({ ...frame, image: flatten(frame.image) })) },
            to,
            quality,
            exact,
          )
        : await encodeImage(ctx, flatten(loaded.bitmap), to, quality, exact);
    // docs/contract.md: `format` echoes `to`; size fields describe the output. An animated input
    // adds `frames` (what the output holds) and, where only the first was kept, a `notice`.
    const frames =
      loaded.frames > 1
        ? {
            frames: animation ? animation.frames.length : 1,
            ...(animation ? {} : { notice: firstFrameNotice(to, loaded.frames, ANIMATED_FORMATS) }),
          }
        : {};
    return {
      image: out.base64,
      format: to,
      width: out.width,
      height: out.height,
      size_bytes: out.sizeBytes,
      ...frames,
    };
  },
});
