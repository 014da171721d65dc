// The crop area's geometry, in pixels of the upright image (as the browser draws it, EXIF
// orientation applied, which is what the tool's crop coordinates refer to). Pure functions:
// the page's rune classes (crop.svelte.ts) hold the state, these compute with it.

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

/** The tool's crop fields: each absent means "from the edge" (x, y) or "to the edge" (width, height). */
export interface CropFields {
  cropX?: number;
  cropY?: number;
  cropWidth?: number;
  cropHeight?: number;
}

export const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);

/** A number field's value for the tool: empty (null) or not a finite number means "not set". */
export const pixels = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The area the crop fields describe in an image of `size`, as the tool reads them (missing
 * offsets are 0, a missing width or height runs to the edge); undefined when no field is set
 * or the size is not known yet. Not clamped: fields outside the image stay outside (the tool
 * refuses them, and says so).
 */
export function fieldsToRect(fields: CropFields, size: Size | undefined): Rect | undefined {
  const { cropX, cropY, cropWidth, cropHeight } = fields;
  if (cropX === undefined && cropY === undefined && cropWidth === undefined && cropHeight === undefined) return undefined;
  if (!size) return undefined;
  const x = cropX ?? 0;
  const y = cropY ?? 0;
  return { x, y, width: cropWidth ?? size.width - x, height: cropHeight ?? size.height - y };
}

/** The crop fields of an area, all four present; no area clears them all. */
export function rectToFields(rect: Rect | undefined): CropFields {
  return { cropX: rect?.x, cropY: rect?.y, cropWidth: rect?.width, cropHeight: rect?.height };
}

/** The part of `rect` inside an image of `size`: what the crop box draws. */
export function fitInside(rect: Rect, size: Size): Rect {
  const x = clamp(rect.x, 0, size.width);
  const y = clamp(rect.y, 0, size.height);
  return { x, y, width: clamp(rect.width, 0, size.width - x), height: clamp(rect.height, 0, size.height - y) };
}

/**
 * The image pixel under a pointer at `client` (viewport coordinates) when the image of `size`
 * is drawn in `box` (its bounding client rect, however scaled), rounded and kept inside.
 */
export function toImagePoint(client: Point, box: { left: number; top: number; width: number; height: number }, size: Size): Point {
  return {
    x: clamp(Math.round(((client.x - box.left) / box.width) * size.width), 0, size.width),
    y: clamp(Math.round(((client.y - box.top) / box.height) * size.height), 0, size.height),
  };
}

/** Whether `point` is on a non-empty `rect` (its edges included): a drag there moves the area. */
export function contains(rect: Rect, point: Point): boolean {
  return rect.width > 0 && point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;
}

/** The area drawn by dragging from `start` to `end`, in either direction. */
export function spanRect(start: Point, end: Point): Rect {
  return { x: Math.min(start.x, end.x), y: Math.min(start.y, end.y), width: Math.abs(end.x - start.x), height: Math.abs(end.y - start.y) };
}

/** `origin` moved by the drag from `start` to `end`, stopped at the image's edges. */
export function moveRect(origin: Rect, start: Point, end: Point, size: Size): Rect {
  return {
    ...origin,
    x: clamp(origin.x + end.x - start.x, 0, size.width - origin.width),
    y: clamp(origin.y + end.y - start.y, 0, size.height - origin.height),
  };
}

/** Whether a drawn area is one: at least a pixel each way (a click without a drag is not). */
export const isArea = (rect: Rect | undefined): rect is Rect => rect !== undefined && rect.width >= 1 && rect.height >= 1;
