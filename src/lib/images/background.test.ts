import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ColourField, WHITE, colourHex, compositeOver, parseColour } from './background';
import { flattenOnWhite } from './pixels';

describe('parseColour', () => {
  it.each([
    ['#fff', [255, 255, 255, 255]],
    ['#0AF', [0, 170, 255, 255]],
    ['#0af8', [0, 170, 255, 136]],
    ['#112233', [17, 34, 51, 255]],
    ['#11223344', [17, 34, 51, 68]],
    ['white', [255, 255, 255, 255]],
    [' RebeccaPurple ', [102, 51, 153, 255]],
    ['transparent', [0, 0, 0, 0]],
  ])('%s', (text, rgba) => expect(parseColour(text)).toEqual(rgba));

  it.each(['', '#', '#12', '#12345', '#1234567', 'fff', '#ggg', 'notacolour', 'rgb(1,2,3)', 'constructor', '__proto__'])('refuses %j', (text) => {
    expect(parseColour(text)).toBeUndefined();
  });

  it('the schema names the problem', () => {
    const result = z.object({ background: ColourField() }).safeParse({ background: 'blurple' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^is not a colour/);
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
