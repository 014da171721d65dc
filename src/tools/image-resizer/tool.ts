import { ToolInputError, defineTool } from '../define';
import { imagesOf, imageBytes, loadImage } from '../../lib/images/load';
import { encodeAnimation, encodeImage } from '../../lib/images/output';
import { animates, firstFrameNotice } from '../../lib/images/animation';
import type { Bitmap } from '../../platform/types';
import { EXAMPLE_PNG } from '../../lib/images/example';
import { checkDimensions, checkEncodable } from '../../lib/images/limits';
import { planFit, type FitPlan } from '../../lib/images/fit';
import { shrinkFactor } from '../../platform/shrink';
import { crop, pad, transform, type Transform } from '../../lib/images/pixels';
import { parseColour } from '../../lib/images/colour';
import { FORMATS, Input, Output } from './schema';

const ROTATIONS: Record<number, Transform> = { 0: 'identity', 90: 'rotate90', 180: 'rotate180', 270: 'rotate270' };

export default defineTool({
  slug: 'image-resizer',
  name: 'Image Resizer',
  summary: 'Resizes, crops, rotates and flips an image; outputs PNG, JPEG or WebP.',
  tag: 'conversion',
  category: 'images',
  icon: 'scaling',
  blurb: 'Resize, crop, rotate or flip an image.',
  keywords: [
    'image',
    'resize',
    'scale',
    'crop',
    'rotate',
    'flip',
    'thumbnail',
    'width',
    'height',
    'png',
    'jpeg',
    'webp',
  ],
  input: Input,
  output: Output,
  heavy: true,
  examples: [
    { summary: 'Scale to 32 px wide', input: { image: EXAMPLE_PNG, width: 32 } },
    {
      summary: 'Crop the top-left quarter, rotate it a quarter turn and save as WebP',
      input: { image: EXAMPLE_PNG, cropWidth: 8, cropHeight: 8, rotate: 90, format: 'webp' },
    },
    {
      summary: 'Cover a 20×10 box as JPEG',
      input: { image: EXAMPLE_PNG, width: 20, height: 10, fit: 'cover', format: 'jpeg' },
    },
    {
      summary: 'Enlarge pixel art 4× with hard edges, in a 64×80 box padded with white',
      input: { image: EXAMPLE_PNG, width: 64, height: 80, fit: 'contain', kernel: 'nearest', background: 'white' },
    },
  ],
  async run(input, ctx) {
    // Checked before decoding: a bad request should not cost a decode.
    const degrees = input.rotate ?? 0;
    const turn = ((degrees % 360) + 360) % 360;
    const rotation = ROTATIONS[turn];
    if (!rotation) throw new ToolInputError(`'rotate' must be a multiple of 90 degrees (got ${degrees}).`);

    // docs/contract.md order: EXIF orientation (in loadImage), crop, rotate, flip, resize.
    const { cropX, cropY, cropWidth, cropHeight } = input;
    const cropping = cropX !== undefined || cropY !== undefined || cropWidth !== undefined || cropHeight !== undefined;
    // Without a crop (whose coordinates are full-size pixels) the size to resample to is known
    // from the header, so a JPEG can be decoded straight at 1/2, 1/4 or 1/8 of it.
    const planOf = (width: number, height: number) => {
      const [w, h] = turn % 180 ? [height, width] : [width, height];
      return { w, h, plan: planFit(w, h, input.width, input.height, input.fit) };
    };
    // The DCT shrink always leaves the kernel at least a 2× reduction (platform/shrink.ts): nearest
    // still picks pixels from a reduction, the smooth kernels do most of the filtering.
    const shrink = cropping
      ? undefined
      : (width: number, height: number) => {
          const { w, h, plan } = planOf(width, height);
          return shrinkFactor(w, h, plan.width, plan.height);
        };
    // When resizing is the only step, a JPEG is resampled as it decodes (the same bytes, sooner).
    const onlyResize = !cropping && turn === 0 && !input.flipHorizontal && !input.flipVertical;
    const resizeTo = onlyResize
      ? (width: number, height: number) => {
          const { plan } = planOf(width, height);
          return { width: plan.width, height: plan.height, kernel: input.kernel ?? 'lanczos3' };
        }
      : undefined;
    // The sizes to produce, held to the limits and to the output format's own maximum.
    const checkPlan = (plan: FitPlan) => {
      checkDimensions(plan.width, plan.height, 'The resized image');
      if (plan.box) checkDimensions(plan.box.width, plan.box.height, 'The output');
      checkEncodable(input.format, (plan.box ?? plan).width, (plan.box ?? plan).height);
    };
    // Without a crop they are known from the header: checked before decoding (and again below).
    const sized = cropping ? undefined : (width: number, height: number) => checkPlan(planOf(width, height).plan);
    const loaded = await loadImage(ctx, imageBytes(input.image, ctx.maxImageBytes), {
      shrink,
      resizeTo,
      sized,
      animation: animates(input.format),
    });
    const { width: originalWidth, height: originalHeight, animation } = loaded;
    const first = loaded.bitmap;

    // The crop area is checked once: every frame of an animation has the first one's size.
    if (cropping) {
      const x = cropX ?? 0;
      const y = cropY ?? 0;
      const w = cropWidth ?? first.width - x;
      const h = cropHeight ?? first.height - y;
      const area = `Crop area ${w}×${h} at (${x}, ${y})`;
      const bounds = `the image bounds (${first.width}×${first.height})`;
      if (x >= first.width || y >= first.height || x + w > first.width || y + h > first.height)
        throw new ToolInputError(`${area} exceeds ${bounds}.`);
      if (w <= 0 || h <= 0)
        throw new ToolInputError(`${area} is empty; it needs a width and height of at least 1 pixel within ${bounds}.`);
    }
    const [croppedWidth, croppedHeight] = cropping
      ? [cropWidth ?? first.width - (cropX ?? 0), cropHeight ?? first.height - (cropY ?? 0)]
      : [first.width, first.height];

    // Planned on the full size, so a shrunk decode cannot change the output's size by rounding.
    const [fullWidth, fullHeight] = cropping
      ? turn % 180
        ? [croppedHeight, croppedWidth]
        : [croppedWidth, croppedHeight]
      : turn % 180
        ? [originalHeight, originalWidth]
        : [originalWidth, originalHeight];
    const plan = planFit(fullWidth, fullHeight, input.width, input.height, input.fit);
    checkPlan(plan);

    // Each frame (or the one image) goes through the same steps.
    const shape = async (image: Bitmap): Promise<Bitmap> => {
      let bitmap = cropping ? crop(image, cropX ?? 0, cropY ?? 0, croppedWidth, croppedHeight) : image;
      bitmap = transform(bitmap, rotation);
      if (input.flipHorizontal) bitmap = transform(bitmap, 'flipH');
      if (input.flipVertical) bitmap = transform(bitmap, 'flipV');
      bitmap = await imagesOf(ctx).resize(bitmap, plan.width, plan.height, input.kernel ?? 'lanczos3');
      // The schema has checked the colour; absent, the padding is transparent (white in a JPEG).
      if (plan.box?.mode === 'pad')
        bitmap = pad(
          bitmap,
          plan.box.width,
          plan.box.height,
          input.background === undefined ? undefined : parseColour(input.background),
        );
      if (plan.box?.mode === 'crop') {
        const { width, height } = plan.box;
        bitmap = crop(
          bitmap,
          Math.floor((bitmap.width - width) / 2),
          Math.floor((bitmap.height - height) / 2),
          width,
          height,
        );
      }
      return bitmap;
    };

    let out;
    if (animation && animates(input.format)) {
      const frames = [];
      for (const frame of animation.frames) frames.push({ ...frame, image: await shape(frame.image) });
      out = await encodeAnimation(ctx, { ...animation, frames }, input.format, input.quality);
    } else {
      out = await encodeImage(ctx, await shape(first), input.format, input.quality);
    }
    // As the converter: an animated input adds `frames`, and a `notice` where only the first was kept.
    const frameFields =
      loaded.frames > 1
        ? {
            frames: animation ? animation.frames.length : 1,
            ...(animation ? {} : { notice: firstFrameNotice(input.format, loaded.frames, FORMATS.filter(animates)) }),
          }
        : {};
    return {
      image: out.base64,
      format: input.format,
      width: out.width,
      height: out.height,
      originalWidth,
      originalHeight,
      sizeBytes: out.sizeBytes,
      ...frameFields,
    };
  },
});
