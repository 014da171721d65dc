// The page's default output format: the input's own where the resizer can write it. The tool
// writes PNG, JPEG and WebP; a JPEG stays a JPEG and a WebP a WebP (a photo re-encoded as PNG
// grows several times over), anything else (PNG, GIF, AVIF, TIFF, SVG) becomes PNG, which keeps
// transparency and loses nothing. The API's own default stays PNG, as the spec says.
import type { InputFormat } from '../../lib/images/formats';
import type { Format } from './schema';

/** The format choice meaning "the input's format" (a page value: the tool never sees it). */
export const SAME = 'same';
export type FormatChoice = Format | typeof SAME;

/** The format "Same as input" writes for an input of `format` (unknown: PNG). */
export function sameFormat(format: InputFormat | undefined): Format {
  return format === 'jpeg' || format === 'webp' ? format : 'png';
}
