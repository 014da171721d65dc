import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call } from '../../../tests/support/doors';
import { COLOUR_SPELLINGS, ColourField, WHITE, colourHex, compositeOver } from './background';
import { parseColour } from './colour';
import { quickRgba } from './colour-syntax';
import { flattenOnWhite } from './pixels';

describe('parseColour: every colour the color-converter reads', () => {
  it.each([
    ['#fff', [255, 255, 255, 255]],
    ['#0AF', [0, 170, 255, 255]],
    ['#0af8', [0, 170, 255, 136]],
    ['#112233', [17, 34, 51, 255]],
    ['#11223344', [17, 34, 51, 68]],
    ['fff', [255, 255, 255, 255]],
    ['white', [255, 255, 255, 255]],
    [' RebeccaPurple ', [102, 51, 153, 255]],
    ['transparent', [0, 0, 0, 0]],
    ['rgb(255, 200, 0)', [255, 200, 0, 255]],
    ['rgba(255, 200, 0, 0.5)', [255, 200, 0, 128]],
    ['rgb(100% 0% 0% / 25%)', [255, 0, 0, 64]],
    ['hsl(120 100% 25%)', [0, 128, 0, 255]],
    ['hwb(0 0% 0%)', [255, 0, 0, 255]],
    ['color(srgb 0 0.5 1)', [0, 128, 255, 255]],
  ])('%s', (text, rgba) => expect(parseColour(text)).toEqual(rgba));

  it("CSS spaces agree with colorjs.io (the CSS Color editors' library) and the colour converter", async () => {
    const { default: Color } = await import('colorjs.io');
    for (const text of [
      'oklch(62.8% 0.2577 29.23)',
      'lab(50% 40 -20)',
      'oklab(0.7 -0.1 0.1)',
      'lch(60% 40 200 / 0.25)',
    ]) {
      const reference = new Color(text).to('srgb');
      const expected = reference.coords.map((c) => Math.round(Math.min(1, Math.max(0, c ?? 0)) * 255));
      expect(parseColour(text)!.slice(0, 3), text).toEqual(expected);
      expect(parseColour(text)![3], text).toBe(Math.round(reference.alpha * 255));
      const converter = await call('color-converter', { color: text });
      expect((converter.body as { rgb: { r: number; g: number; b: number } }).rgb, text).toMatchObject({
        r: expected[0],
        g: expected[1],
        b: expected[2],
      });
    }
    // Outside sRGB: the colour converter's CSS Color 4 gamut mapping, not clipping.
    const mapped = new Color('color(display-p3 0 1 0)').toGamut({ space: 'srgb', method: 'css' }).to('srgb');
    expect(parseColour('color(display-p3 0 1 0)')).toEqual([
      ...mapped.coords.map((c) => Math.max(0, Math.round((c ?? 0) * 255))),
      255,
    ]);
  });

  it.each([
    '',
    '#',
    '#12',
    '#12345',
    '#1234567',
    '#ggg',
    'notacolour',
    'rgb(300,0,0)',
    'hsl(1 2)',
    'constructor',
    '__proto__',
  ])('refuses %j', (text) => {
    expect(parseColour(text)).toBeUndefined();
  });

  it("the page's quick reading agrees for the sRGB models and leaves the CSS spaces to the full parser", () => {
    for (const text of [
      '#0af8',
      'navy',
      'rgb(1 2 3 / 40%)',
      'hsl(210 50% 40%)',
      'hsv(30 50% 50%)',
      'hwb(120 10% 20% / 0.5)',
    ])
      expect(quickRgba(text), text).toEqual(parseColour(text));
    expect(quickRgba('oklch(70% 0.1 250)')).toBe('css');
    expect(quickRgba('nope')).toBeUndefined();
  });

  it('the schema names the problem: the spellings, or the channel out of range', () => {
    const field = z.object({ background: ColourField() });
    expect(field.safeParse({ background: 'blurple' }).error?.issues[0]?.message).toBe(
      `is not a colour: ${COLOUR_SPELLINGS}`,
    );
    expect(field.safeParse({ background: 'rgb(0, 0, 256)' }).error?.issues[0]?.message).toBe(
      `is not a colour: blue '256' is out of range (0–255); ${COLOUR_SPELLINGS}`,
    );
    expect(field.safeParse({ background: 'oklch(50% 0.1 120 / 0.5)' }).success).toBe(true);
  });

  it('colourHex', () => expect(colourHex([0, 170, 255, 128])).toBe('#00aaff80'));
});

describe('compositeOver', () => {
  const image = { width: 3, height: 1, data: new Uint8Array([10, 20, 30, 255, 200, 100, 0, 128, 9, 9, 9, 0]) };
  it('over opaque white matches flattenOnWhite within one level', () => {
    const a = compositeOver(image, WHITE).data;
    const b = flattenOnWhite(image).data;
    for (let i = 0; i < a.length; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(1);
  });
  it('over an opaque colour: opaque pixels kept, transparent ones become the colour', () => {
    const out = compositeOver(image, [0, 0, 255, 255]).data;
    expect([...out.slice(0, 4)]).toEqual([10, 20, 30, 255]);
    expect([...out.slice(8, 12)]).toEqual([0, 0, 255, 255]);
    // Half-transparent orange over blue: the mix, by hand: 200·128/255 ≈ 100.4, …
    expect([...out.slice(4, 8)]).toEqual([100, 50, 127, 255]);
  });
  it('over transparent: unchanged', () => {
    expect([...compositeOver(image, [0, 0, 0, 0]).data]).toEqual([...image.data]);
  });
});
