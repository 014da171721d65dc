// Golden vectors: every door must answer these the same (tests/contract). The source is the
// 40×24 four-quadrant image unless a case says otherwise.
import type { ToolCase } from '../vectors';
import * as S from '../../lib/images/samples';

const image = S.QUADRANTS_PNG;
// Exact answers, so every door must give these very bytes (PNG, our encoder's; recomputed if it changes).
const NEAREST_80 =
  'iVBORw0KGgoAAAANSUhEUgAAAFAAAAAwCAYAAACG5f33AAACGElEQVR4Ae3gAZAkSZIkSRKLqpm7R0REZmZmVlVVVVV3d3d3d/fMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMdHd3d3dXV1VVVVVmZkZGRIS7m5kKz0xmV3d1d3dPz8zMzMxMogzmfzCZ/8mQwfwPJvM/GTKY/8Fk/idDBvM/mMz/ZMhg/geT+Z8MGcz/YDL/kyGD+R9M5n8yZDD/g8n8T4YM5n8wmf/JkMH8DybzPxkymP/BZP4nQwbzP5jM/2TIYP4Hk/mfDBnM/2Ay/5Mhg/kfTOZ/MmQw/4PJ/E+GDOZ/MJn/yZDB/A8m8z8ZMpj/wWT+J0MG8z+YzP9kyGD+B5P5nwwZzP9gMv+TIYP5H0zmfzJkMP+DyfxPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPhsDmfzBb/A+GwOZ/MFv8D4bA5n8wW/wPxj8Cg8mnufXikdgAAAAASUVORK5CYII=';
const PADDED_RED_HALF =
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAYAAACNiR0NAAABw0lEQVR4Ae3gAZAkSZIkSRKLqpm7R0REZmZmVlVVVVV3d3d3d/fMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMzMdHd3d3dXV1VVVVVmZkZGRIS7m5kKz0xmV3d1d3dPz8zMzMxMogyfzX8cZPhs/uMgw2fzHwcZPpv/OMhgXgALZNjbgZtvh70dkMHiBUEG8wJYIMPeDtx8O+ztgAwWLwgymBfAAhn2duDm22FvB2SweEFQIvMCWBCGSzvwoNvNpR0Ig8ULggzmBRFgONqBM7fD0Q5gQLwg6BI75gWwoDPs7phXuP2A3R3TGSxeELTDJfMCSGZ0x/Gdi/zZ7Y/h+M4+o4VkXgAENi+IAMPGzhFnb7+ejZ09sEDmBUAizQsgmXRwbOcSz7j9Fo7t7JEWknkBENi8AJKxxc7OHrfffjM7O3vYQjIvAAKbF0AyttjZ2eP2229mZ2cPW0jmBUBg8wJIxhY7O3vcfvvN7OzsYQvJvADI8Nn8x0GGz+Y/DjJ8Nv9xkOGz+Y/DPwLLZIjvD0+lrgAAAABJRU5ErkJggg==';
const size = (width: number, height: number, format = 'png') => ({
  format,
  width,
  height,
  originalWidth: 40,
  originalHeight: 24,
});

const cases: ToolCase[] = [
  {
    name: 'width only: the height follows',
    body: { image, width: 20 },
    status: 200,
    match: { ...size(20, 12), image: /^iVBORw0KGgo/ },
  },
  { name: 'height only: the width follows', body: { image, height: 48 }, status: 200, match: size(80, 48) },
  { name: 'width 0 means not set', body: { image, width: 0, height: 12 }, status: 200, match: size(20, 12) },
  { name: 'no size: unchanged', body: { image }, status: 200, match: size(40, 24) },
  { name: 'fit inside (default)', body: { image, width: 30, height: 30 }, status: 200, match: size(30, 18) },
  {
    name: 'fit contain pads to the box',
    body: { image, width: 30, height: 30, fit: 'contain' },
    status: 200,
    match: size(30, 30),
  },
  {
    name: 'fit cover fills and crops',
    body: { image, width: 30, height: 30, fit: 'cover' },
    status: 200,
    match: size(30, 30),
  },
  { name: 'fit fill stretches', body: { image, width: 30, height: 30, fit: 'fill' }, status: 200, match: size(30, 30) },
  {
    name: 'fit outside covers without cropping',
    body: { image, width: 30, height: 30, fit: 'outside' },
    status: 200,
    match: size(50, 30),
  },
  {
    name: 'crop the top-left quadrant',
    body: { image, cropWidth: 20, cropHeight: 12 },
    status: 200,
    match: size(20, 12),
  },
  { name: 'crop from an offset to the edge', body: { image, cropX: 10, cropY: 4 }, status: 200, match: size(30, 20) },
  { name: 'rotate 90 swaps the sides', body: { image, rotate: 90 }, status: 200, match: size(24, 40) },
  {
    name: 'rotate -90 and 450 are multiples of 90 too',
    body: { image, rotate: -90, width: 12 },
    status: 200,
    match: size(12, 20),
  },
  { name: 'rotate 450', body: { image, rotate: 450 }, status: 200, match: size(24, 40) },
  {
    name: 'crop, rotate, flip and resize together, as WebP',
    body: {
      image,
      cropX: 20,
      cropWidth: 20,
      rotate: 270,
      flipHorizontal: true,
      flipVertical: true,
      height: 10,
      format: 'webp',
    },
    status: 200,
    match: { ...size(12, 10, 'webp'), image: /^UklGR/ },
  },
  {
    name: 'JPEG output',
    body: { image: S.ALPHA_PNG, width: 16, format: 'jpeg', quality: 60 },
    status: 200,
    match: { format: 'jpeg', width: 16, height: 16, image: /^\/9j\// },
  },
  {
    name: 'EXIF orientation first: the original size is the upright one',
    body: { image: S.EXIF_6_JPEG, width: 12 },
    status: 200,
    match: { width: 12, height: 20, originalWidth: 24, originalHeight: 40 },
  },
  {
    name: 'AVIF irot/imir first: the original size is the shown one',
    body: { image: S.AVIF_IROT3, width: 12 },
    status: 200,
    match: { width: 12, height: 20, originalWidth: 24, originalHeight: 40 },
  },
  {
    name: 'HEIC, its irot applied first: the original size is the shown one',
    body: { image: S.HEIC_IROT3, width: 12 },
    status: 200,
    match: { width: 12, height: 20, originalWidth: 24, originalHeight: 40 },
  },
  {
    name: 'SVG input',
    body: { image: S.QUADRANTS_SVG, width: 80, format: 'webp' },
    status: 200,
    match: size(80, 48, 'webp'),
  },
  {
    name: 'animated GIF to WebP: every frame resized',
    body: { image: S.ANIMATED_GIF, width: 3, format: 'webp' },
    status: 200,
    match: {
      format: 'webp',
      width: 3,
      height: 2,
      originalWidth: 6,
      originalHeight: 4,
      frames: 3,
      image: /^UklGR.{6}XRUJQVlA4WAoAAAAC/,
    },
  },
  {
    name: 'animated WebP to PNG: the first frame, and a notice',
    body: { image: S.ANIMATED_WEBP, width: 3 },
    status: 200,
    match: {
      format: 'png',
      width: 3,
      height: 2,
      frames: 1,
      notice: 'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose WebP to keep them all.',
    },
  },
  { name: 'GIF input', body: { image: S.QUADRANTS_GIF, width: 10 }, status: 200, match: size(10, 6) },
  {
    name: 'SVG input with a namespaced <svg:svg> root',
    body: { image: S.NAMESPACED_SVG, width: 20 },
    status: 200,
    match: size(20, 12),
  },
  {
    name: '.svgz input (gzipped SVG)',
    body: { image: S.QUADRANTS_SVGZ, width: 80, format: 'webp' },
    status: 200,
    match: size(80, 48, 'webp'),
  },
  {
    name: 'a .svgz that inflates past the limit on an SVG is refused by name',
    body: { image: S.BOMB_SVGZ, width: 10 },
    status: 400,
    match: {
      error:
        /^'image' is a gzip-compressed SVG that inflates to more than \d+ MB; an SVG may be at most \d+ MB once inflated\.$/,
    },
  },
  // kernel: the same bytes through every door (nearest is exact integer work; the others are
  // integer arithmetic too, in WebAssembly SIMD or its JavaScript twin).
  {
    name: 'kernel nearest: a 2× enlargement with hard edges',
    body: { image, width: 80, kernel: 'nearest' },
    status: 200,
    match: { ...size(80, 48), image: NEAREST_80 },
  },
  {
    name: 'kernel linear',
    body: { image: S.ALPHA_PNG, width: 12, kernel: 'linear' },
    status: 200,
    match: { format: 'png', width: 12, height: 12, image: /^iVBORw0KGgo/ },
  },
  { name: 'kernel cubic', body: { image, width: 16, kernel: 'cubic' }, status: 200, match: size(16, 10) },
  {
    name: 'kernel lanczos3 is the default',
    body: { image, width: 16, kernel: 'lanczos3' },
    status: 200,
    match: size(16, 10),
  },
  // background: the padding colour of contain (translucent kept in PNG, flattened onto white in JPEG).
  {
    name: 'contain pads with the background colour',
    body: { image, width: 20, height: 20, fit: 'contain', background: '#ff000080' },
    status: 200,
    match: { ...size(20, 20), image: PADDED_RED_HALF },
  },
  // Any colour the color-converter reads: the same half-transparent red in three more spellings gives the very same bytes.
  {
    name: 'background as rgb() with a percentage alpha',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'rgb(255 0 0 / 50.2%)' },
    status: 200,
    match: { ...size(20, 20), image: PADDED_RED_HALF },
  },
  {
    name: 'background as hsla()',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'hsla(0, 100%, 50%, 0.502)' },
    status: 200,
    match: { ...size(20, 20), image: PADDED_RED_HALF },
  },
  {
    name: 'background as color(srgb …)',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'color(srgb 1 0 0 / 0.502)' },
    status: 200,
    match: { ...size(20, 20), image: PADDED_RED_HALF },
  },
  {
    name: 'background as oklch(), as JPEG',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'oklch(45% 0.12 264)', format: 'jpeg' },
    status: 200,
    match: { ...size(20, 20, 'jpeg'), image: /^\/9j\// },
  },
  {
    name: 'a background out of range names the channel',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'rgb(300, 0, 0)' },
    status: 400,
    match: { error: /^Invalid request: 'background' is not a colour: red '300' is out of range \(0–255\); use hex/ },
  },
  {
    name: 'contain with a background, as JPEG',
    body: { image, width: 20, height: 20, fit: 'contain', background: 'navy', format: 'jpeg' },
    status: 200,
    match: { ...size(20, 20, 'jpeg'), image: /^\/9j\// },
  },
  {
    name: 'background is ignored by the fits that do not pad',
    body: { image, width: 30, height: 30, fit: 'cover', background: 'navy' },
    status: 200,
    match: size(30, 30),
  },
  {
    name: 'a crop area that leaves the image',
    body: { image, cropX: 30, cropWidth: 20 },
    status: 400,
    expect: { error: 'Crop area 20×24 at (30, 0) exceeds the image bounds (40×24).' },
  },
  {
    name: 'an empty crop area',
    body: { image, cropHeight: 0 },
    status: 400,
    expect: {
      error:
        'Crop area 40×0 at (0, 0) is empty; it needs a width and height of at least 1 pixel within the image bounds (40×24).',
    },
  },
  {
    name: 'rotation by 45 degrees',
    body: { image, rotate: 45 },
    status: 400,
    expect: { error: "'rotate' must be a multiple of 90 degrees (got 45)." },
  },
  {
    name: 'an output side over 16,384 px',
    body: { image, width: 20000 },
    status: 400,
    expect: { error: 'The resized image is 20000×12000 pixels; each side may be at most 16,384 pixels.' },
  },
  {
    name: 'an output over 40 megapixels',
    body: { image, width: 10000, height: 10000, fit: 'fill' },
    status: 400,
    expect: { error: 'The resized image is 10000×10000 pixels (100.0 megapixels); the maximum is 40 megapixels.' },
  },
  {
    name: 'the PNG header bomb',
    body: { image: S.BOMB_PNG, width: 10 },
    status: 400,
    expect: { error: 'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.' },
  },
  {
    name: 'bytes that are no image',
    body: { image: 'SGVsbG8sIFdvcmxkIQ==' },
    status: 400,
    expect: { error: "'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC)." },
  },
  {
    name: 'negative width is refused',
    body: { image, width: -1 },
    status: 400,
    match: { error: /'width' must be at least 0/ },
  },
  {
    name: 'fractional crop offset is refused',
    body: { image, cropX: 1.5 },
    status: 400,
    match: { error: /'cropX' must be an integer/ },
  },
  {
    name: 'output format is PNG, JPEG or WebP',
    body: { image, format: 'gif' },
    status: 400,
    match: { error: /'format' must be one of "png", "jpeg", "webp"/ },
  },
  {
    name: 'unknown kernel',
    body: { image, kernel: 'bicubic' },
    status: 400,
    match: { error: 'Invalid request: \'kernel\' must be one of "lanczos3", "nearest", "linear", "cubic".' },
  },
  {
    name: 'a background that is no colour',
    body: { image, background: 'not-a-colour' },
    status: 400,
    match: {
      error:
        "Invalid request: 'background' is not a colour: use hex (#rgb, #rrggbb, #rrggbbaa), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color() or a CSS colour name such as white.",
    },
  },
  {
    name: 'a background that is no string',
    body: { image, background: 12 },
    status: 400,
    match: { error: /'background' must be a string/ },
  },
  {
    name: 'unknown fit',
    body: { image, width: 10, height: 10, fit: 'stretch' },
    status: 400,
    match: { error: /'fit' must be one of/ },
  },
];
export default cases;
