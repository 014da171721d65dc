// The `background` field (image-converter, image-resizer, background-remover): what replaces
// transparency, fills the padding of `contain`, or goes behind a cut-out. One schema for the
// three tools, reading colours with the colour converter's parser (colour-syntax.ts, colour.ts), so they accept
// what the colour converter reads and refuse with the same sentence.
import { z } from 'zod';
import type { Bitmap } from '../../platform/types';
import { colourProblem, type Rgba } from './colour-syntax';

// Reading a colour to RGBA (parseColour) is colour.ts's: not imported here, because the pages
// import this schema and the CSS spaces' conversion (colorjs.io) must stay out of their bundle.
export type { Rgba };

export const WHITE: Rgba = [255, 255, 255, 255];

/** What every refusal of a colour ends with: the spellings the field takes. */
export const COLOUR_SPELLINGS =
  'use hex (#rgb, #rrggbb, #rrggbbaa), rgb(), hsl(), hwb(), lab(), lch(), oklab(), oklch(), color() or a CSS colour name such as white';

/** The `background` field's schema: the tools add their own `.describe()` of what it fills. */
export const ColourField = () =>
  z.string().superRefine((value, context) => {
    const problem = colourProblem(value);
    if (problem === undefined) return;
    // An unrecognised spelling gets the list; a known one out of range gets the parser's reason.
    const reason = problem.startsWith('Unrecognized color') ? COLOUR_SPELLINGS : `${problem}; ${COLOUR_SPELLINGS}`;
    context.addIssue({ code: 'custom', message: `is not a colour: ${reason}` });
  });

/** `#rrggbbaa` of a colour, lowercase (for answers and cache keys). */
export const colourHex = ([r, g, b, a]: Rgba): string =>
  `#${[r, g, b, a].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * `image` composited over `colour` ("source over"): an opaque colour gives an opaque image (what
 * JPEG needs); a translucent one gives the union's alpha. Exact for opaque pixels; rounding as
 * libvips's flatten (to nearest).
 */
export function compositeOver(image: Bitmap, colour: Rgba): Bitmap {
  const { data } = image;
  const out = new Uint8Array(data.length);
  const [br, bg, bb, ba] = colour;
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    if (a === 255 || ba === 0) {
      out[i] = data[i]!;
      out[i + 1] = data[i + 1]!;
      out[i + 2] = data[i + 2]!;
      out[i + 3] = a;
      continue;
    }
    // Porter–Duff over in straight alpha, scaled by 255: outA = a + ba·(1 − a).
    const under = ba * (255 - a); // ×255
    const outA255 = a * 255 + under; // outA × 255²/255 = outA·255
    if (outA255 === 0) {
      out[i] = out[i + 1] = out[i + 2] = out[i + 3] = 0;
      continue;
    }
    out[i] = Math.round((data[i]! * a * 255 + br * under) / outA255);
    out[i + 1] = Math.round((data[i + 1]! * a * 255 + bg * under) / outA255);
    out[i + 2] = Math.round((data[i + 2]! * a * 255 + bb * under) / outA255);
    out[i + 3] = Math.round(outA255 / 255);
  }
  return { width: image.width, height: image.height, data: out };
}
