import { describe, expect, it } from 'vitest';
import { contains, fieldsToRect, fitInside, isArea, moveRect, pixels, rectToFields, spanRect, toImagePoint } from './crop';

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
    expect(fieldsToRect({ cropX: 20, cropY: 12, cropWidth: 20, cropHeight: 12 }, image)).toEqual({ x: 20, y: 12, width: 20, height: 12 });
  });

  it('keeps an area outside the image as it is (the tool refuses it and says why)', () => {
    expect(fieldsToRect({ cropX: 30, cropWidth: 20 }, image)).toEqual({ x: 30, y: 0, width: 20, height: 24 });
  });

  it('writes all four fields, and clears them all', () => {
    expect(rectToFields({ x: 1, y: 2, width: 3, height: 4 })).toEqual({ cropX: 1, cropY: 2, cropWidth: 3, cropHeight: 4 });
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
