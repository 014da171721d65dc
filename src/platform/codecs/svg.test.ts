// resvg panics (a WebAssembly trap) writing out some trees it draws well: such an SVG is drawn,
// its cost bounded from the markup, and the trapped instance is replaced, so no later SVG in the
// same process or worker pays for it. References: librsvg through sharp.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../tests/support/image-fixtures';
import { assetPath, nodeImages } from '../node';
import { instantiateResvg } from './resvg-instance.mjs';
import { svgRenderer } from './svg';
import { ImageRefusedError } from '../types';
import { estimateMarkupCost, estimateRenderCost, SVG_BUDGET_NS } from './svg-cost';

const TRAPPING = fixture('clip-invalid-use.svg').toString();
const PLAIN =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="2" height="2" fill="#f00"/><rect x="2" width="2" height="2" fill="#00f"/></svg>';

const RED_BLUE = [
  255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0,
  255, 255,
];

const psnr = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return sum === 0 ? Infinity : 10 * Math.log10((255 * 255) / (sum / a.length));
};

describe('an SVG on which resvg panics writing out its tree', () => {
  it('is drawn as librsvg draws it', async () => {
    const ours = await nodeImages.renderSvg(TRAPPING);
    const { data, info } = await sharp(Buffer.from(TRAPPING)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([ours.width, ours.height]).toEqual([info.width, info.height]);
    expect(psnr(ours.data, data)).toBeGreaterThan(35);
    // The group drawn black, the green square clipped away by the empty clip path, the blue one drawn.
    const at = (x: number, y: number) => [...ours.data.subarray((y * 200 + x) * 4, (y * 200 + x) * 4 + 4)];
    expect([at(10, 10), at(100, 100), at(190, 190)]).toEqual([
      [0, 0, 0, 0],
      [0, 0, 0, 255],
      [0, 0, 255, 255],
    ]);
  });

  it('an instance is replaced once it traps: one instance breaks ~1,300 panics later, a fresh one does not', async () => {
    const module = new WebAssembly.Module(readFileSync(assetPath('resvg.wasm')));
    const [first, second] = [await instantiateResvg(module), await instantiateResvg(module)];
    const plainVia = ({ Resvg }: typeof first) => {
      const renderer = new Resvg(PLAIN);
      const pixels = renderer.render().pixels;
      renderer.free();
      return [...pixels];
    };
    for (let i = 0; i < 1400; i++) expect(() => new first.Resvg(TRAPPING).toString()).toThrow(WebAssembly.RuntimeError);
    expect(() => plainVia(first)).toThrow(); // the package's single instance would be left so
    expect(plainVia(second)).toEqual(RED_BLUE);

    // The renderer makes a new instance after every trap, and keeps one that did not trap.
    let made = 0;
    const render = svgRenderer(
      { wasm: async () => module, bytes: async (name) => new Uint8Array(readFileSync(assetPath(name))) },
      (compiled) => {
        made++;
        return instantiateResvg(compiled);
      },
    );
    for (let i = 0; i < 3; i++) expect((await render(TRAPPING)).width).toBe(200);
    expect(made).toBe(3);
    expect([...(await render(PLAIN)).data]).toEqual(RED_BLUE);
    expect([...(await render(PLAIN)).data]).toEqual(RED_BLUE);
    expect(made).toBe(4);
  });

  it('is refused by name when the bound read off its markup is over budget', async () => {
    const heavy = TRAPPING.replace('viewBox="0 0 200 200"', 'viewBox="0 0 200 200" width="5000" height="5000"').replace(
      '</svg>',
      '<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter><rect width="200" height="200" filter="url(#f)"/></svg>',
    );
    const error = await nodeImages.renderSvg(heavy).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageRefusedError);
    expect((error as Error).message).toMatch(
      /^The SVG is too complex to render at 5000×5000 pixels: its filters would take about \d+ s to draw/,
    );
  });

  it('the bound from the markup is above the estimate on the tree for ordinary SVGs', async () => {
    // The fixture without its invalid clip child, which resvg writes out.
    const writable = TRAPPING.replace('<use xlink:href="#g1"/>', '<rect width="10" height="10"/>');
    const { Resvg } = await instantiateResvg(new WebAssembly.Module(readFileSync(assetPath('resvg.wasm'))));
    const tree = new Resvg(writable);
    const onTree = estimateRenderCost(tree.toString(), 200, 200).ns;
    tree.free();
    const onMarkup = estimateMarkupCost(writable, 200, 200).ns;
    expect(onMarkup).toBeGreaterThan(onTree);
    // …and leaves room for small documents (0.1 s of the 3 s here).
    expect(onMarkup).toBeLessThan(SVG_BUDGET_NS / 10);
  });
});
