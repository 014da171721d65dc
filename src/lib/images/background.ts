// The colour of a `background` field (image-converter, image-resizer, background-remover): what
// replaces transparency, fills the padding of `contain`, or goes behind a cut-out. One parser and
// one schema for the three tools, so they accept the same spellings and refuse with the same
// sentence. Hex (#rgb, #rgba, #rrggbb, #rrggbbaa, as CSS reads them) and the 148 CSS colour names;
// the colour converter's full CSS Color 4 parser is not pulled in for a fill colour.
import colors from 'color-name';
import { z } from 'zod';
import type { Bitmap } from '../../platform/types';

/** Straight (not premultiplied) 8-bit RGBA. */
export type Rgba = readonly [r: number, g: number, b: number, a: number];

export const WHITE: Rgba = [255, 255, 255, 255];

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** `#0af`, `#00aaff80`, `white`, `transparent` → RGBA; undefined when it is none of those. */
export function parseColour(value: string): Rgba | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'transparent') return [0, 0, 0, 0];
  const named = Object.hasOwn(colors, text) ? (colors as Record<string, [number, number, number]>)[text] : undefined;
  if (named) return [named[0], named[1], named[2], 255];
  const hex = HEX.exec(text)?.[1];
  if (!hex) return undefined;
  const digits = hex.length <= 4 ? [...hex].map((d) => d + d) : hex.match(/../g)!;
  const [r, g, b, a = 'ff'] = digits as [string, string, string, string?];
  return [parseInt(r, 16), parseInt(g, 16), parseInt(b, 16), parseInt(a, 16)];
}

/** The `background` field's schema: the tools add their own `.describe()` of what it fills. */
export const ColourField = () =>
  z.string().refine((value) => parseColour(value) !== undefined, {
    message: 'is not a colour: use hex (#rgb, #rgba, #rrggbb, #rrggbbaa) or a CSS colour name such as white',
  });

/** `#rrggbbaa` of a colour, lowercase (for answers and cache keys). */
export const colourHex = ([r, g, b, a]: Rgba): string => `#${[r, g, b, a].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

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
