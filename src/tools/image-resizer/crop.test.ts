import { describe, expect, it } from 'vitest';
import {
  ASPECTS,
  aspectRatio,
  contains,
  fieldsToRect,
  fitAspect,
  fitInside,
  handlePoint,
  isArea,
  moveRect,
  nudgeRect,
  percentSize,
  pixels,
  rectToFields,
  resizeRect,
  resizedBase,
  spanRect,
  toImagePoint,
} from './crop';

const image = { width: 40, height: 24 };

describe('crop fields ⇄ area', () => {
  it('no field set is no area, whatever the size', () => {
    expect(fieldsToRect({}, image)).toBeUndefined();
    expect(fieldsToRect({ cropX: undefined }, image)).toBeUndefined();
  });

  it('is unknown until the image size is', () => {
    expect(fieldsToRect({ cropX: 5 }, undefined)).toBeUndefined();
  });

  it('reads the fields as the tool does: offsets default to 0, sizes run to the edge', () => {
    expect(fieldsToRect({ cropX: 5 }, image)).toEqual({ x: 5, y: 0, width: 35, height: 24 });
    expect(fieldsToRect({ cropWidth: 10, cropHeight: 4 }, image)).toEqual({ x: 0, y: 0, width: 10, height: 4 });
    expect(fieldsToRect({ cropX: 20, cropY: 12, cropWidth: 20, cropHeight: 12 }, image)).toEqual({
      x: 20,
      y: 12,
      width: 20,
      height: 12,
    });
  });

  it('keeps an area outside the image as it is (the tool refuses it and says why)', () => {
    expect(fieldsToRect({ cropX: 30, cropWidth: 20 }, image)).toEqual({ x: 30, y: 0, width: 20, height: 24 });
  });

  it('writes all four fields, and clears them all', () => {
    expect(rectToFields({ x: 1, y: 2, width: 3, height: 4 })).toEqual({
      cropX: 1,
      cropY: 2,
      cropWidth: 3,
      cropHeight: 4,
    });
    const cleared = rectToFields(undefined);
    expect(Object.keys(cleared)).toEqual(['cropX', 'cropY', 'cropWidth', 'cropHeight']);
    expect(Object.values(cleared)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads a number field: empty, NaN or infinite is not set', () => {
    expect(pixels(12)).toBe(12);
    expect(pixels(0)).toBe(0);
    expect(pixels(null)).toBeUndefined();
    expect(pixels('')).toBeUndefined();
    expect(pixels(Number.NaN)).toBeUndefined();
    expect(pixels(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
});

describe('the crop box', () => {
  it('draws the part of the area inside the image', () => {
    expect(fitInside({ x: 30, y: 0, width: 20, height: 12 }, image)).toEqual({ x: 30, y: 0, width: 10, height: 12 });
    expect(fitInside({ x: -5, y: 30, width: 10, height: 10 }, image)).toEqual({ x: 0, y: 24, width: 10, height: 0 });
    expect(fitInside({ x: 2, y: 3, width: 4, height: 5 }, image)).toEqual({ x: 2, y: 3, width: 4, height: 5 });
  });

  it('maps a pointer to image pixels however the image is scaled, rounded and inside', () => {
    const box = { left: 100, top: 50, width: 400, height: 240 }; // drawn 10× larger
    expect(toImagePoint({ x: 100, y: 50 }, box, image)).toEqual({ x: 0, y: 0 });
    expect(toImagePoint({ x: 300, y: 170 }, box, image)).toEqual({ x: 20, y: 12 });
    expect(toImagePoint({ x: 304, y: 176 }, box, image)).toEqual({ x: 20, y: 13 });
    expect(toImagePoint({ x: 0, y: 1000 }, box, image)).toEqual({ x: 0, y: 24 });
  });

  it('a press on the area (edges included) moves it; elsewhere, or on an empty area, draws a new one', () => {
    const area = { x: 10, y: 5, width: 10, height: 5 };
    expect(contains(area, { x: 15, y: 7 })).toBe(true);
    expect(contains(area, { x: 10, y: 5 })).toBe(true);
    expect(contains(area, { x: 20, y: 10 })).toBe(true);
    expect(contains(area, { x: 21, y: 7 })).toBe(false);
    expect(contains({ x: 10, y: 5, width: 0, height: 5 }, { x: 10, y: 7 })).toBe(false);
  });

  it('draws from the press to the pointer, in any direction', () => {
    expect(spanRect({ x: 20, y: 0 }, { x: 40, y: 12 })).toEqual({ x: 20, y: 0, width: 20, height: 12 });
    expect(spanRect({ x: 40, y: 12 }, { x: 20, y: 0 })).toEqual({ x: 20, y: 0, width: 20, height: 12 });
    expect(spanRect({ x: 5, y: 5 }, { x: 5, y: 5 })).toEqual({ x: 5, y: 5, width: 0, height: 0 });
  });

  it('moves the area with the pointer, stopping at the edges', () => {
    const area = { x: 20, y: 0, width: 20, height: 12 };
    expect(moveRect(area, { x: 30, y: 6 }, { x: 30, y: 18 }, image)).toEqual({ x: 20, y: 12, width: 20, height: 12 });
    expect(moveRect(area, { x: 30, y: 6 }, { x: 0, y: 6 }, image)).toEqual({ x: 0, y: 0, width: 20, height: 12 });
    expect(moveRect(area, { x: 30, y: 6 }, { x: 40, y: 40 }, image)).toEqual({ x: 20, y: 12, width: 20, height: 12 });
  });

  it('an area is at least a pixel each way (a click without a drag is none)', () => {
    expect(isArea(undefined)).toBe(false);
    expect(isArea({ x: 5, y: 5, width: 0, height: 3 })).toBe(false);
    expect(isArea({ x: 5, y: 5, width: 1, height: 1 })).toBe(true);
  });
});

describe('aspect presets', () => {
  it("free has no ratio, original is the image's, the others their numbers", () => {
    expect(aspectRatio('free', image)).toBeUndefined();
    expect(aspectRatio('original', image)).toBeCloseTo(40 / 24);
    expect(aspectRatio('original', undefined)).toBeUndefined();
    expect(aspectRatio('16:9', image)).toBeCloseTo(16 / 9);
    expect(aspectRatio('9:16', image)).toBeCloseTo(9 / 16);
    expect(ASPECTS).toContain('4:5');
  });

  it('a preset crops the largest centred area of its shape', () => {
    expect(fitAspect(1, image)).toEqual({ x: 8, y: 0, width: 24, height: 24 });
    expect(fitAspect(16 / 9, { width: 4000, height: 3000 })).toEqual({ x: 0, y: 375, width: 4000, height: 2250 });
    expect(fitAspect(9 / 16, { width: 4000, height: 3000 })).toEqual({ x: 1156, y: 0, width: 1688, height: 3000 });
    expect(fitAspect(40 / 24, image)).toEqual({ x: 0, y: 0, width: 40, height: 24 });
    // Rounded to whole pixels: within a pixel of the shape.
    const wide = fitAspect(16 / 9, image);
    expect(wide.width).toBe(40);
    expect(Math.abs(wide.width / 16 - wide.height / 9)).toBeLessThanOrEqual(1);
  });
});

describe('crop handles', () => {
  const area = { x: 10, y: 4, width: 20, height: 10 };

  it('free: a corner follows the pointer, an edge moves one side only', () => {
    expect(resizeRect(area, 'se', { x: 35, y: 20 }, image)).toEqual({ x: 10, y: 4, width: 25, height: 16 });
    expect(resizeRect(area, 'nw', { x: 0, y: 0 }, image)).toEqual({ x: 0, y: 0, width: 30, height: 14 });
    expect(resizeRect(area, 'e', { x: 38, y: 0 }, image)).toEqual({ x: 10, y: 4, width: 28, height: 10 });
    expect(resizeRect(area, 'n', { x: 99, y: 1 }, image)).toEqual({ x: 10, y: 1, width: 20, height: 13 });
  });

  it('free: dragged past the opposite edge the box turns over; never outside, never empty', () => {
    expect(resizeRect(area, 'e', { x: 4, y: 0 }, image)).toEqual({ x: 4, y: 4, width: 6, height: 10 });
    expect(resizeRect(area, 'se', { x: 99, y: 99 }, image)).toEqual({ x: 10, y: 4, width: 30, height: 20 });
    expect(resizeRect(area, 'w', { x: 30, y: 0 }, image)).toEqual({ x: 30, y: 4, width: 1, height: 10 });
  });

  it('with a ratio a corner keeps the shape, grows from the opposite corner and stops at the edge', () => {
    const square = { x: 10, y: 4, width: 10, height: 10 };
    expect(resizeRect(square, 'se', { x: 26, y: 15 }, image, 1)).toEqual({ x: 10, y: 4, width: 16, height: 16 });
    // Led by the axis moved further: down 18 wins over right 12, but only 20 rows are left.
    expect(resizeRect(square, 'se', { x: 22, y: 40 }, image, 1)).toEqual({ x: 10, y: 4, width: 20, height: 20 });
    expect(resizeRect(square, 'nw', { x: 0, y: 0 }, image, 1)).toEqual({ x: 6, y: 0, width: 14, height: 14 });
    // Past the anchor the box turns over, keeping its shape.
    const turned = resizeRect(square, 'se', { x: 4, y: 0 }, image, 1);
    expect(turned).toEqual({ x: 6, y: 0, width: 4, height: 4 });
  });

  it('with a ratio an arrow key on a corner moves the axis it names', () => {
    const wide = { x: 0, y: 0, width: 16, height: 9 };
    const left = resizeRect(wide, 'se', { x: 15, y: 9 }, image, 16 / 9, 'x');
    expect(left).toEqual({ x: 0, y: 0, width: 15, height: 8 });
    const down = resizeRect(wide, 'se', { x: 16, y: 10 }, image, 16 / 9, 'y');
    expect(down.height).toBe(10);
    expect(down.width).toBe(18);
  });

  it('with a ratio an edge grows from the opposite edge, centred the other way, inside', () => {
    const square = { x: 10, y: 7, width: 10, height: 10 };
    expect(resizeRect(square, 'e', { x: 24, y: 0 }, image, 1)).toEqual({ x: 10, y: 5, width: 14, height: 14 });
    // As tall as the image at most; pushed in from the bottom edge.
    expect(resizeRect(square, 'e', { x: 40, y: 0 }, image, 1)).toEqual({ x: 10, y: 0, width: 24, height: 24 });
    expect(resizeRect(square, 's', { x: 0, y: 21 }, image, 2)).toEqual({ x: 1, y: 7, width: 28, height: 14 });
  });

  it("gives each handle's place and moves the box by arrow keys inside the image", () => {
    expect(handlePoint(area, 'nw')).toEqual({ x: 10, y: 4 });
    expect(handlePoint(area, 's')).toEqual({ x: 20, y: 14 });
    expect(handlePoint(area, 'e')).toEqual({ x: 30, y: 9 });
    expect(nudgeRect(area, 1, 0, image)).toEqual({ ...area, x: 11 });
    expect(nudgeRect(area, 100, -100, image)).toEqual({ ...area, x: 20, y: 0 });
  });
});

describe('percentage sizing', () => {
  it('scales both sides: 50 % of 4000×3000 is 2000×1500', () => {
    expect(percentSize({ width: 4000, height: 3000 }, 50)).toEqual({ width: 2000, height: 1500 });
    expect(percentSize({ width: 40, height: 24 }, 25)).toEqual({ width: 10, height: 6 });
    expect(percentSize({ width: 3, height: 3 }, 1)).toEqual({ width: 1, height: 1 });
    expect(percentSize({ width: 600, height: 400 }, 150)).toEqual({ width: 900, height: 600 });
  });

  it('of the crop, turned a quarter when rotated', () => {
    expect(resizedBase(image, undefined, 0)).toEqual(image);
    expect(resizedBase(image, undefined, 270)).toEqual({ width: 24, height: 40 });
    expect(resizedBase(image, { x: 20, y: 0, width: 20, height: 12 }, 90)).toEqual({ width: 12, height: 20 });
    expect(resizedBase(image, { x: 30, y: 0, width: 20, height: 12 }, 180)).toEqual({ width: 10, height: 12 });
  });
});
