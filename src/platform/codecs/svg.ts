// SVG through resvg (WASM). Only the bundled DejaVu faces are used (no system fonts, so the
// result is the same everywhere), and only those the SVG's text names (svg-fonts.ts), and resvg-wasm resolves no external references: nothing is fetched.
// The tools have counted what parsing asks for (src/lib/images/svg-budget.ts); what drawing
// would cost is estimated on the parsed tree and refused over budget (svg-cost.ts).
import type { Resvg } from '@resvg/resvg-wasm';
import type { AssetLoader, AssetName } from '../assets';
import type { Bitmap, SvgOptions } from '../types';
import { ImageDataError } from '../types';
import { once } from './common';
import { instantiateResvg } from './resvg-instance.mjs';
import { checkMarkupCost, checkRenderCost } from './svg-cost';
import { FAMILY_NAMES, facesFor, mapFontFamilies } from './svg-fonts';

const FAMILY = FAMILY_NAMES.sans;

/**
 * A Rust panic inside resvg surfaces as a WebAssembly trap (RuntimeError "unreachable"); the
 * instance it happened in is left with a lowered stack pointer and a borrowed object, and is
 * never used again.
 */
const isTrap = (error: unknown) => error instanceof WebAssembly.RuntimeError;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `instantiate` makes a resvg instance from the compiled module; the tests count the instances
 * made to see a trapped one replaced.
 */
export function svgRenderer(assets: AssetLoader, instantiate: typeof instantiateResvg = instantiateResvg) {
  const loaded = once(() => assets.wasm('resvg.wasm'));
  /** Each face is read once per process, when the first SVG that needs it arrives. */
  const faces = new Map<AssetName, Promise<Uint8Array>>();
  const face = (name: AssetName) => {
    let bytes = faces.get(name);
    if (!bytes) {
      bytes = assets.bytes(name);
      // A failed read is tried again by the next SVG, not remembered.
      bytes.catch(() => faces.delete(name));
      faces.set(name, bytes);
    }
    return bytes;
  };
  let engine: Promise<{ Resvg: typeof Resvg }> | undefined;

  return async function renderSvg(markup: string, { parseNs = 0, elements = 0 }: SvgOptions = {}): Promise<Bitmap> {
    const svg = mapFontFamilies(markup);
    const [module, fonts] = await Promise.all([loaded(), Promise.all(facesFor(svg).map(face))]);
    const instance = (engine ??= instantiate(module));
    /** Forgets a failed or trapped instance (if still the current one): the next SVG gets a fresh one. */
    const discard = () => {
      if (engine === instance) engine = undefined;
    };
    const { Resvg: Renderer } = await instance.catch((error: unknown) => {
      discard();
      throw error;
    });
    let renderer: InstanceType<typeof Resvg>;
    try {
      renderer = new Renderer(svg, {
        // The generic families are named too, although this build of resvg-wasm resolves them
        // all to the default: the markup's lists were pointed at the faces' own names above.
        font: {
          fontBuffers: fonts,
          defaultFontFamily: FAMILY,
          sansSerifFamily: FAMILY,
          serifFamily: FAMILY_NAMES.serif,
          monospaceFamily: FAMILY_NAMES.mono,
          cursiveFamily: FAMILY,
          fantasyFamily: FAMILY,
        },
      });
    } catch (error) {
      if (isTrap(error)) discard();
      throw new ImageDataError(`SVG renderer: ${message(error)}`);
    }
    let trapped = false;
    try {
      // Drawing cannot be interrupted once started: its cost is estimated first (svg-cost.ts).
      let tree: string | undefined;
      try {
        tree = renderer.toString();
      } catch (error) {
        if (!isTrap(error)) throw error;
        // resvg panics writing out some trees it draws well (a clip path whose only child is
        // a <use> of a group): the estimate falls back to a bound read off the markup.
        trapped = true;
        discard();
      }
      if (tree === undefined) checkMarkupCost(svg, renderer.width, renderer.height, parseNs, elements);
      else checkRenderCost(tree, renderer.width, renderer.height, parseNs);
      let rendered;
      try {
        rendered = renderer.render();
      } catch (error) {
        if (isTrap(error)) {
          trapped = true;
          discard();
        }
        throw new ImageDataError(`SVG renderer: ${message(error)}`);
      }
      const { width, height } = rendered;
      const data = unpremultiply(rendered.pixels);
      rendered.free();
      return { width, height, data };
    } finally {
      // A trapped instance's objects stay borrowed: freeing them throws, and the instance
      // goes with them.
      if (!trapped) renderer.free();
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
