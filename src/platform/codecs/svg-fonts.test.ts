// SVG text in bold, italic, serif and monospace is drawn with the matching DejaVu face, against
// an independent renderer: librsvg (through sharp, which draws exactly as rsvg-convert does)
// with the same DejaVu faces from the system (/usr/share/fonts/truetype/dejavu), asked for by
// their own names so that no fontconfig alias decides the reference.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import type { AssetName } from '../assets';
import { assetPath, nodeImages } from '../node';
import { facesFor, familyOf, mapFontFamilies } from './svg-fonts';
import { svgRenderer } from './svg';

const textSvg = (attributes: string, style = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="44">${style}<text x="6" y="32" font-size="26" ${attributes}>Hamburgefonts</text></svg>`;

/** Mean absolute difference of the alpha channels (text is black on transparent: alpha is the ink). */
function inkDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 3; i < a.length; i += 4) sum += Math.abs(a[i]! - b[i]!);
  return sum / (a.length / 4);
}

const librsvg = async (svg: string) => new Uint8Array(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer());
const ours = async (svg: string) => (await nodeImages.renderSvg(svg)).data;

describe('SVG text faces', () => {
  // What the SVG says → the DejaVu face librsvg is asked for by name (→ the face it must not be
  // drawn with: regular DejaVu Sans, unless said otherwise).
  const CASES: [string, string, string, string?][] = [
    [
      'bold sans-serif',
      'font-family="Arial, Helvetica, sans-serif" font-weight="bold"',
      'font-family="DejaVu Sans" font-weight="bold"',
    ],
    ['italic sans', 'font-family="sans-serif" font-style="italic"', 'font-family="DejaVu Sans" font-style="oblique"'],
    [
      'bold italic sans',
      'style="font-family: Helvetica; font-weight: 700; font-style: italic"',
      'font-family="DejaVu Sans" font-weight="bold" font-style="oblique"',
    ],
    ['serif (Georgia)', `font-family="Georgia, 'Times New Roman', serif"`, 'font-family="DejaVu Serif"'],
    ['serif bold (Times, in a style sheet)', 'class="t"', 'font-family="DejaVu Serif" font-weight="bold"'],
    // resvg ignores the `font` shorthand: it is written out as longhands.
    [
      'serif italic (font shorthand)',
      `style="font: italic 26px 'Times New Roman', serif"`,
      'font-family="DejaVu Serif" font-style="italic"',
    ],
    ['monospace (Consolas)', 'font-family="Consolas, monospace"', 'font-family="DejaVu Sans Mono"'],
    [
      'monospace bold (Courier New)',
      `font-family="'Courier New'" font-weight="bold"`,
      'font-family="DejaVu Sans Mono" font-weight="bold"',
    ],
    // The slanted faces of serif bold and mono: not the upright (or bold) face they fell back to.
    [
      'serif bold italic',
      'font-family="Georgia, serif" font-weight="bold" font-style="italic"',
      'font-family="DejaVu Serif" font-weight="bold" font-style="italic"',
      'font-family="DejaVu Serif" font-weight="bold"',
    ],
    [
      'monospace oblique',
      'font-family="Menlo, monospace" font-style="italic"',
      'font-family="DejaVu Sans Mono" font-style="oblique"',
      'font-family="DejaVu Sans Mono"',
    ],
    [
      'monospace bold oblique',
      `style="font: bold oblique 26px 'Courier New', monospace"`,
      'font-family="DejaVu Sans Mono" font-weight="bold" font-style="oblique"',
      'font-family="DejaVu Sans Mono" font-weight="bold"',
    ],
  ];
  const SHEET = '<style>.t { font-family: Times, serif; font-weight: bold }</style>';

  it.each(CASES)(
    '%s is drawn as librsvg draws the DejaVu face, not as the face it would stand in for',
    async (_, attributes, reference, other = 'font-family="DejaVu Sans"') => {
      const style = attributes === 'class="t"' ? SHEET : '';
      const [mine, expected, plain] = await Promise.all([
        ours(textSvg(attributes, style)),
        librsvg(textSvg(reference)),
        librsvg(textSvg(other)),
      ]);
      const toReference = inkDistance(mine, expected);
      const plainToReference = inkDistance(plain, expected);
      // The face really differs from regular sans (in ink, a few levels of alpha per pixel at least)…
      expect(plainToReference).toBeGreaterThan(8);
      // …and ours is the reference's face: resvg and librsvg rasterise a glyph alike, to within
      // a fraction of what a different face costs.
      expect(toReference).toBeLessThan(plainToReference / 4);
    },
  );

  it('regular sans and an unknown family stay DejaVu Sans, as today', async () => {
    const expected = await librsvg(textSvg('font-family="DejaVu Sans"'));
    for (const attributes of ['', 'font-family="Arial"', 'font-family="NoSuchFont"'])
      expect(inkDistance(await ours(textSvg(attributes)), expected)).toBeLessThan(2);
  });
});

describe('font-family mapping', () => {
  it('maps lists to the family of their first known name', () => {
    expect(familyOf(`"Times New Roman", serif`)).toBe('serif');
    expect(familyOf('NoSuch, Courier')).toBe('mono');
    expect(familyOf('&quot;Helvetica Neue&quot;, Arial')).toBe('sans');
    expect(familyOf('NoSuch')).toBeUndefined();
  });

  it('rewrites attributes, style attributes and sheets, never text content', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><style>text { font: bold 12px/1.2 Georgia, serif } .m { font-family: monospace; }</style><text font-family='Courier New' style="font-family: Times">font-family: serif</text></svg>`;
    expect(mapFontFamilies(svg)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg"><style>text { font-style: normal; font-weight: bold; font-size: 12px; font-family: 'DejaVu Serif' } .m { font-family: 'DejaVu Sans Mono'; }</style><text font-family='"DejaVu Sans Mono"' style="font-family: 'DejaVu Serif'">font-family: serif</text></svg>`,
    );
  });

  it('loads no face without text, and only the styles and families named', () => {
    const faces = (svg: string) => facesFor(mapFontFamilies(svg)).sort();
    expect(faces('<svg><rect width="2" height="2"/></svg>')).toEqual([]);
    expect(faces('<svg><text>a</text></svg>')).toEqual(['font.ttf']);
    expect(faces('<svg:svg><svg:text font-weight="bold">a</svg:text></svg:svg>')).toEqual([
      'font-sans-bold.ttf',
      'font.ttf',
    ]);
    expect(faces('<svg><text font-family="serif" font-style="italic">a</text></svg>')).toEqual([
      'font-sans-oblique.ttf',
      'font-serif-italic.ttf',
      'font-serif.ttf',
      'font.ttf',
    ]);
    expect(faces('<svg><text style="font-family:Consolas;font-weight:700">a</text></svg>')).toEqual([
      'font-mono-bold.ttf',
      'font-mono.ttf',
      'font-sans-bold.ttf',
      'font.ttf',
    ]);
    expect(faces('<svg><text style="font-family:Consolas;font-style:oblique">a</text></svg>')).toEqual([
      'font-mono-oblique.ttf',
      'font-mono.ttf',
      'font-sans-oblique.ttf',
      'font.ttf',
    ]);
    expect(faces('<svg><text font-family="serif" font-weight="bold" font-style="italic">a</text></svg>')).toEqual([
      'font-sans-bold-oblique.ttf',
      'font-sans-bold.ttf',
      'font-sans-oblique.ttf',
      'font-serif-bold-italic.ttf',
      'font-serif-bold.ttf',
      'font-serif-italic.ttf',
      'font-serif.ttf',
      'font.ttf',
    ]);
  });

  it('reads each face once per process, and only when an SVG needs it', async () => {
    const asked: AssetName[] = [];
    const render = svgRenderer({
      wasm: async (name) => new WebAssembly.Module(readFileSync(assetPath(name))),
      bytes: async (name) => (asked.push(name), new Uint8Array(readFileSync(assetPath(name)))),
    });
    await render('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
    expect(asked).toEqual([]);
    await render(textSvg('font-family="serif"'));
    await render(textSvg('font-family="Times"'));
    expect(asked.sort()).toEqual(['font-serif.ttf', 'font.ttf']);
  });
});

describe('the service worker finds each face in its precache', () => {
  it('tells DejaVuSans-<hash>.ttf from DejaVuSans-Bold-<hash>.ttf, whatever their order', async () => {
    vi.stubGlobal('self', { location: { href: 'https://example.test/sw.js' } });
    try {
      const { assetUrlsFromManifest } = await import('../browser');
      const entries = [
        'assets/DejaVuSans-Bold-Ab_9-xYz.ttf',
        'assets/DejaVuSans-BoldOblique-Qq1-2w3e.ttf',
        { url: 'assets/DejaVuSans-CHjR2eXl.ttf' },
        'assets/DejaVuSansMono-Bold-zzzzzzzz.ttf',
      ];
      const urls = assetUrlsFromManifest(entries);
      expect(urls['font.ttf']).toBe('/assets/DejaVuSans-CHjR2eXl.ttf');
      expect(urls['font-sans-bold.ttf']).toBe('/assets/DejaVuSans-Bold-Ab_9-xYz.ttf');
      expect(urls['font-sans-bold-oblique.ttf']).toBe('/assets/DejaVuSans-BoldOblique-Qq1-2w3e.ttf');
      expect(urls['font-mono-bold.ttf']).toBe('/assets/DejaVuSansMono-Bold-zzzzzzzz.ttf');
      expect(urls['font-serif.ttf']).toBe('/missing-asset/font-serif.ttf');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
