// SVG through resvg (WASM). Only the bundled font is loaded (no system fonts, so the result is
// the same everywhere) and resvg-wasm resolves no external references: nothing is fetched.
// The tools have counted what parsing asks for (src/lib/images/svg-budget.ts); what drawing
// would cost is estimated on the parsed tree and refused over budget (svg-cost.ts).
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import type { AssetLoader } from '../assets';
import type { Bitmap, SvgOptions } from '../types';
import { ImageDataError } from '../types';
import { once } from './common';
import { checkRenderCost } from './svg-cost';

const FAMILY = 'DejaVu Sans';

export function svgRenderer(assets: AssetLoader) {
  const ready = once(async () => {
    const [module, font] = await Promise.all([assets.wasm('resvg.wasm'), assets.bytes('font.ttf')]);
    await initWasm(module);
    return font;
  });
  return async function renderSvg(svg: string, { parseNs = 0 }: SvgOptions = {}): Promise<Bitmap> {
    const font = await ready();
    let renderer: InstanceType<typeof Resvg> | undefined;
    try {
      renderer = new Resvg(svg, {
        font: { fontBuffers: [font], defaultFontFamily: FAMILY, sansSerifFamily: FAMILY, serifFamily: FAMILY, monospaceFamily: FAMILY, cursiveFamily: FAMILY, fantasyFamily: FAMILY },
      });
    } catch (error) {
      throw new ImageDataError(`SVG renderer: ${error instanceof Error ? error.message : String(error)}`);
    }
    try {
      // Drawing cannot be interrupted once started: its cost is estimated first (svg-cost.ts).
      checkRenderCost(renderer.toString(), renderer.width, renderer.height, parseNs);
      const rendered = renderer.render();
      const { width, height } = rendered;
      const data = unpremultiply(rendered.pixels);
      rendered.free();
      return { width, height, data };
    } finally {
      renderer.free();
    }
  };
}

/** resvg hands out tiny-skia's premultiplied pixels; the port speaks straight alpha. */
function unpremultiply(pixels: Uint8Array): Uint8Array {
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3]!;
    if (a === 255 || a === 0) continue;
    pixels[i] = Math.min(255, Math.round((pixels[i]! * 255) / a));
    pixels[i + 1] = Math.min(255, Math.round((pixels[i + 1]! * 255) / a));
    pixels[i + 2] = Math.min(255, Math.round((pixels[i + 2]! * 255) / a));
  }
  return pixels;
}
