// The SVG parse budget: hostile documents of a few hundred bytes that ask resvg's parser for
// billions of elements or hours of work are refused with a sentence naming what; ordinary
// documents pass. (Drawing costs: src/platform/codecs/svg-cost.test.ts.)
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../tests/support/image-fixtures';
import { MAX_SVG_DEPTH, MAX_SVG_ELEMENTS, checkSvgBudget } from './svg-budget';

const svg = (body: string, head = '') =>
  `${head}<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">${body}</svg>`;
const refusal = (text: string) => {
  try {
    checkSvgBudget(text);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

/** `levels` definitions, each using the previous one 10 times; `kind` says how. */
function nested(kind: 'use' | 'pattern' | 'mask' | 'clip', levels: number): string {
  const item = (i: number) =>
    ({
      use: `<use href="#x${i}"/>`,
      pattern: `<rect width="5" height="5" fill="url(#x${i})"/>`,
      mask: `<rect width="5" height="5" mask="url(#x${i})"/>`,
      clip: `<rect width="5" height="5" clip-path="url(#x${i})"/>`,
    })[kind];
  const wrap = (i: number, content: string) =>
    ({
      use: `<g id="x${i}">${content}</g>`,
      pattern: `<pattern id="x${i}" width="10" height="10" patternUnits="userSpaceOnUse">${content}</pattern>`,
      mask: `<mask id="x${i}">${content}</mask>`,
      clip: `<clipPath id="x${i}">${content}</clipPath>`,
    })[kind];
  let defs = wrap(0, '<rect width="5" height="5" fill="#fff"/>');
  for (let i = 1; i <= levels; i++) defs += wrap(i, item(i - 1).repeat(10));
  return svg(`<defs>${defs}</defs>${item(levels)}`);
}

describe('ordinary SVGs pass', () => {
  const fixtures = readdirSync(resolve(import.meta.dirname, '../../../tests/fixtures/images')).filter((name) =>
    name.endsWith('.svg'),
  );
  it.each(fixtures)('%s', (name) => {
    expect(refusal(fixture(name).toString())).toBe('accepted');
  });

  it('an illustration: 2,000 paths, gradients, a filter, markers, CSS, a few <use> and some text', () => {
    let paths = '';
    for (let i = 0; i < 2000; i++) paths += `<path class="c${i % 5}" d="M${i % 97} ${i % 89} l 10 5 q 3 4 -2 8 z"/>`;
    const text = svg(
      `<style>.c0{fill:url(#g)} .c1{clip-path:url(#c)} path{stroke-width:2}</style>` +
        `<defs><linearGradient id="g"><stop offset="0"/><stop offset="1" stop-color="red"/></linearGradient>` +
        `<clipPath id="c"><circle r="40"/></clipPath><marker id="m"><path d="M0 0 L 5 5"/></marker>` +
        `<filter id="f"><feGaussianBlur stdDeviation="2"/><feOffset dx="2"/></filter><g id="icon">${paths.slice(0, 2000)}</g></defs>` +
        `${paths}<polyline points="1,1 5,5 9,1 13,5" marker-mid="url(#m)"/>${'<use href="#icon"/>'.repeat(20)}` +
        `<text x="10" y="90" filter="url(#f)">${'Quarterly figures, region by region. '.repeat(20)}<tspan>more</tspan></text>`,
    );
    expect(refusal(text)).toBe('accepted');
  });
});

describe('hostile SVGs are refused before parsing', () => {
  it('feTurbulence with 100,000 octaves (206 bytes that held the server for 60 s)', () => {
    const turbulence = svg(
      '<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter><rect width="100%" height="100%" filter="url(#f)"/>',
    );
    expect(turbulence.length).toBeLessThan(260);
    expect(refusal(turbulence)).toBe(
      "The SVG's feTurbulence asks for 100,000 octaves; at most 10 are allowed (further octaves are finer than a pixel).",
    );
    expect(refusal(turbulence.replace('100000', '10'))).toBe('accepted');
    // Through an entity, the same.
    const entity = svg(
      '<filter id="f"><feTurbulence numOctaves="&n;"/></filter>',
      '<!DOCTYPE svg [<!ENTITY n "100000">]>',
    );
    expect(refusal(entity)).toMatch(/asks for 100,000 octaves/);
  });

  it('nested <use>: ten levels of ten (10¹⁰ elements from 2 KB)', () => {
    expect(refusal(nested('use', 10))).toMatch(
      /^The SVG expands to [\d,]{14} elements once its <use>, marker and url\(#…\) references are followed; at most 100,000 are allowed\.$/,
    );
    expect(MAX_SVG_ELEMENTS).toBe(100_000);
    expect(refusal(nested('use', 3))).toBe('accepted');
  });

  it.each(['pattern', 'mask', 'clip'] as const)('%s nested in one another, eight levels of ten', (kind) => {
    expect(refusal(nested(kind, 8))).toMatch(
      /^The SVG expands to [\d,]+ elements once its <use>, marker and url\(#…\) references are followed/,
    );
    expect(refusal(nested(kind, 2))).toBe('accepted');
  });

  it('a <use> chain deeper than the renderer recurses safely', () => {
    let chain = '<rect id="u0" width="1" height="1"/>';
    for (let i = 1; i <= MAX_SVG_DEPTH + 10; i++) chain += `<use id="u${i}" href="#u${i - 1}"/>`;
    expect(refusal(svg(`<defs>${chain}</defs><use href="#u${MAX_SVG_DEPTH + 10}"/>`))).toBe(
      'The SVG nests elements 269 deep through its <use> references; at most 256 levels are allowed.',
    );
    // Written from the top of the chain down, it is followed by recursion: stopped at the limit.
    let reversed = '';
    for (let i = MAX_SVG_DEPTH + 10; i >= 1; i--) reversed += `<use id="u${i}" href="#u${i - 1}"/>`;
    expect(refusal(svg(`<defs>${reversed}<rect id="u0" width="1" height="1"/></defs>`))).toBe(
      'The SVG nests elements more than 256 deep through its <use> references; at most 256 levels are allowed.',
    );
  });

  it('a marker of 100 circles at each of 5,000 vertices', () => {
    const text = svg(
      `<marker id="m">${'<circle r="1"/>'.repeat(100)}</marker><polyline marker-mid="url(#m)" points="${'1,1 '.repeat(5000)}"/>`,
    );
    expect(refusal(text)).toMatch(/^The SVG expands to [\d,]+ elements/);
  });

  it('markers set from a stylesheet count too', () => {
    const text = svg(
      `<style>polyline { marker-mid: url(#m) }</style><marker id="m">${'<circle r="1"/>'.repeat(100)}</marker><polyline points="${'1,1 '.repeat(5000)}"/>`,
    );
    expect(refusal(text)).toMatch(/^The SVG expands to [\d,]+ elements/);
  });

  it('entity expansion (a billion laughs) and entities with markup', () => {
    const entities = ['<!ENTITY a0 "lollollollol">'];
    for (let i = 1; i < 10; i++) entities.push(`<!ENTITY a${i} "${`&a${i - 1};`.repeat(10)}">`);
    const laughs = svg('<text>&a9;</text>', `<!DOCTYPE svg [${entities.join('')}]>`);
    expect(refusal(laughs)).toBe(
      'The SVG expands to 11,444 MB of attributes and text once its entities and references are followed; at most 12 MB are allowed.',
    );
    expect(refusal(svg('<g>&e;</g>', '<!DOCTYPE svg [<!ENTITY e "<rect/>">]>'))).toBe(
      'The SVG declares an entity (e) that contains markup, which is not supported.',
    );
    expect(refusal(svg('<g>&e;</g>', '<!DOCTYPE svg [<!ENTITY e "x&e;">]>'))).toBe(
      "The SVG's entity e refers to itself.",
    );
  });

  it('text whose layout grows with the square of its length', () => {
    expect(refusal(svg(`<text y="20">${'Lorem ipsum '.repeat(9000)}</text>`))).toBe(
      "The SVG's text would take about 24 s to lay out (its largest <text> element has 108,000 characters); at most 1 s is allowed.",
    );
    expect(refusal(svg(`<text y="20">${'<tspan>Lorem ipsum </tspan>'.repeat(1500)}</text>`))).toMatch(
      /text would take about \d+ s to lay out \(its largest <text> element has 18,000 characters in 1,500 spans\)/,
    );
    // The same characters in many small <text> elements are laid out in linear time.
    expect(refusal(svg(`<text y="20">${'Lorem ipsum '.repeat(10)}</text>`.repeat(800)))).toBe('accepted');
  });

  it('an SVG embedded as an image', () => {
    const inner = Buffer.from(svg('')).toString('base64');
    expect(refusal(svg(`<image width="10" height="10" href="data:image/svg+xml;base64,${inner}"/>`))).toMatch(
      /^An SVG embedded as an image in the SVG is not supported/,
    );
  });

  it('an feImage drawing an element whose own filter draws one', () => {
    const defs =
      '<filter id="f0"><feOffset dx="1"/></filter><rect id="r1" width="5" height="5" filter="url(#f0)"/><filter id="f1"><feImage xlink:href="#r1"/></filter>' +
      '<rect id="r2" width="5" height="5" filter="url(#f1)"/><filter id="f2"><feImage xlink:href="#r2"/></filter>';
    expect(refusal(svg(`<defs>${defs}</defs><rect width="10" height="10" filter="url(#f2)"/>`))).toMatch(
      /through an feImage, an element whose own filter draws elements through an feImage/,
    );
    expect(refusal(svg(`<defs>${defs}</defs><rect width="10" height="10" filter="url(#f1)"/>`))).toMatch(
      /only one such level/,
    );
    // One level is fine.
    const one =
      '<filter id="f0"><feOffset dx="1"/></filter><rect id="r1" width="5" height="5" filter="url(#f0)"/><filter id="f1"><feImage xlink:href="#r1"/></filter>';
    expect(refusal(svg(`<defs>${one}</defs><rect width="10" height="10" filter="url(#f1)"/>`))).toBe('accepted');
  });

  it('nesting deeper than 256 is refused without recursing', () => {
    expect(refusal(svg(`${'<g>'.repeat(100_000)}${'</g>'.repeat(100_000)}`))).toBe(
      'The SVG nests elements 100,001 deep; at most 256 levels are allowed.',
    );
  });

  it('more than 100,000 elements are refused without reading further', () => {
    expect(refusal(svg('<g/>'.repeat(700_000)))).toBe(
      'The SVG has more than 100,000 elements; at most 100,000 are allowed.',
    );
    expect(refusal(svg('<g/>'.repeat(99_999)))).toBe('accepted');
  });
});
