// The drawing-cost estimate on resvg's own simplified tree: SVGs whose drawing would run for
// seconds to hours are refused by the renderer before it draws (an ImageRefusedError naming
// what costs most), ordinary ones are drawn. Estimates against real drawing times, and the
// largest accepted SVGs on a 40 MP canvas: bench/svg-budget.mjs and docs/limits.md.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { assetPath, nodeImages } from '../node';
import { instantiateResvg } from './resvg-instance.mjs';
import { ImageRefusedError } from '../types';
import { SVG_BUDGET_NS, estimateRenderCost } from './svg-cost';

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}">${body}</svg>`;
const filtered = (primitives: string, width = '100%', height = '100%') =>
  `<filter id="f">${primitives}</filter><rect width="${width}" height="${height}" fill="#08f" filter="url(#f)"/>`;

// An instance of resvg of the test's own, for reading the simplified tree the renderer estimates on.
let Resvg: Awaited<ReturnType<typeof instantiateResvg>>['Resvg'];
beforeAll(async () => {
  ({ Resvg } = await instantiateResvg(new WebAssembly.Module(readFileSync(assetPath('resvg.wasm')))));
});

const refusal = async (text: string) => {
  try {
    const image = await nodeImages.renderSvg(text);
    return `drawn ${image.width}×${image.height}`;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRefusedError);
    return (error as Error).message;
  }
};

describe('drawing that would take too long is refused before it starts', () => {
  it('feTurbulence of 10 octaves (the most allowed) over 25 megapixels', async () => {
    expect(await refusal(svg(5000, 5000, filtered('<feTurbulence baseFrequency="0.05" numOctaves="10"/>')))).toMatch(
      /^The SVG is too complex to render at 5000×5000 pixels: its filters would take about \d+ s to draw \(\d+ s in all; at most 3 s is allowed\)\.$/,
    );
    // The same filter on a small canvas is drawn.
    expect(await refusal(svg(200, 100, filtered('<feTurbulence baseFrequency="0.05" numOctaves="10"/>')))).toBe(
      'drawn 200×100',
    );
  });

  it('feMorphology with a radius of 1,000 (a million-pixel window at every pixel)', async () => {
    expect(await refusal(svg(1000, 1000, filtered('<feMorphology radius="1000"/>')))).toMatch(
      /its filters would take about \d+ s to draw/,
    );
    expect(await refusal(svg(300, 150, filtered('<feMorphology radius="2"/>')))).toBe('drawn 300×150');
  });

  it('what the caller estimates parsing to cost counts against the same budget', async () => {
    const text = svg(1000, 1000, filtered('<feGaussianBlur stdDeviation="5"/>'));
    expect(await refusal(text)).toBe('drawn 1000×1000');
    const drawing = estimateRenderCost(treeOf(text), 1000, 1000).ns;
    await expect(nodeImages.renderSvg(text, { parseNs: SVG_BUDGET_NS - drawing + 1e6 })).rejects.toThrow(
      /^The SVG is too complex to render at 1000×1000 pixels: its filters would take about 1\.\d s to draw \(1\.\d s in all, 1\.\d s more to parse; at most 3 s is allowed\)\.$/,
    );
  });

  it('a filter region far larger than the canvas costs at most 16× the canvas', () => {
    const huge = (size: number) =>
      svg(
        500,
        500,
        `<filter id="f" filterUnits="userSpaceOnUse" x="${-size}" y="${-size}" width="${2 * size}" height="${2 * size}"><feOffset dx="3"/></filter><rect width="100%" height="100%" filter="url(#f)"/>`,
      );
    const estimate = (text: string) => estimateRenderCost(treeOf(text), 500, 500).ns;
    expect(estimate(huge(1e9))).toBe(estimate(huge(1e6)));
    expect(estimate(huge(1e6))).toBeGreaterThan(estimate(huge(100)));
  });

  it('a pattern tile of 20,000 × 20,000 pixels (1.6 GB, drawn at every use)', async () => {
    const text = svg(
      1000,
      1000,
      '<pattern id="p" width="20000" height="20000" patternUnits="userSpaceOnUse"><rect width="50" height="50"/></pattern><rect width="100%" height="100%" fill="url(#p)"/>',
    );
    expect(await refusal(text)).toMatch(/its patterns would take about \d+ s to draw/);
  });

  it('a path zigzagging across a 40-megapixel canvas 5,000 times', async () => {
    let d = 'M0 0';
    for (let i = 0; i < 5000; i++) d += ` L${(i * 7) % 8000} ${(i % 2) * 5000}`;
    expect(await refusal(svg(8000, 5000, `<path d="${d}" fill="none" stroke="red"/>`))).toMatch(
      /^The SVG is too complex to render at 8000×5000 pixels: its shapes would take about \d+ s/,
    );
  });

  it('a million dashes, many times over', async () => {
    const dashed = '<path d="M0 10 L 8000 10" stroke="red" stroke-dasharray="0.004"/>';
    expect(await refusal(svg(8000, 100, dashed.repeat(10)))).toMatch(
      /its dashed strokes would take about \d+(\.\d)? s/,
    );
  });

  it('clip paths inside clip paths, four levels of ten (each level a canvas-sized pixmap per child)', async () => {
    let defs = '<clipPath id="x0"><rect width="5" height="5"/></clipPath>';
    for (let i = 1; i <= 4; i++)
      defs += `<clipPath id="x${i}">${`<rect width="5" height="5" clip-path="url(#x${i - 1})"/>`.repeat(10)}</clipPath>`;
    expect(
      await refusal(svg(100, 100, `<defs>${defs}</defs><rect width="100" height="100" clip-path="url(#x4)"/>`)),
    ).toMatch(/its layers would take about \d+ s/);
  });

  it('patterns drawing patterns a million times are refused without costing each one', async () => {
    let defs =
      '<pattern id="p0" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern>';
    for (let i = 1; i <= 6; i++)
      defs += `<pattern id="p${i}" width="100" height="100" patternUnits="userSpaceOnUse">${`<rect width="100" height="100" fill="url(#p${i - 1})"/>`.repeat(10)}</pattern>`;
    const text = svg(100, 100, `${defs}<rect width="100%" height="100%" fill="url(#p6)"/>`);
    expect(await refusal(text)).toBe(
      'The SVG is too complex to render: its patterns, clip paths or masks draw one another too many times over.',
    );
  });
});

describe('ordinary drawing', () => {
  it('is drawn: shapes, gradients, a blur, opacity, a clip path and text', async () => {
    const text = svg(
      800,
      600,
      '<linearGradient id="g"><stop offset="0" stop-color="#fc0"/><stop offset="1" stop-color="#06c"/></linearGradient><clipPath id="c"><circle cx="400" cy="300" r="250"/></clipPath>' +
        '<rect width="100%" height="100%" fill="url(#g)"/><g clip-path="url(#c)" opacity="0.8">' +
        '<circle cx="300" cy="300" r="120" fill="#c00"/><circle cx="500" cy="300" r="120" fill="#0c0" filter="url(#b)"/></g>' +
        '<filter id="b"><feGaussianBlur stdDeviation="4"/></filter><text x="20" y="580" font-size="24">Ordinary drawing</text>',
    );
    expect(await refusal(text)).toBe('drawn 800×600');
    expect(estimateRenderCost(treeOf(text), 800, 600).ns).toBeLessThan(SVG_BUDGET_NS / 4);
  });

  it('the estimate is the same every time, and grows with the canvas', () => {
    const text = (size: number) => svg(size, size, filtered('<feGaussianBlur stdDeviation="5"/>'));
    const small = estimateRenderCost(treeOf(text(400)), 400, 400);
    expect(estimateRenderCost(treeOf(text(400)), 400, 400)).toEqual(small);
    expect(estimateRenderCost(treeOf(text(800)), 800, 800).ns).toBeGreaterThan(3.5 * small.ns);
  });
});

/** resvg's simplified tree of `text`, which svg.ts estimates. */
function treeOf(text: string): string {
  const renderer = new Resvg(text);
  try {
    return renderer.toString();
  } finally {
    renderer.free();
  }
}
