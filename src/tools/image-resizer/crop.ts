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
export const pixels = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The area the crop fields describe in an image of `size`, as the tool reads them (missing
 * offsets are 0, a missing width or height runs to the edge); undefined when no field is set
 * or the size is not known yet. Not clamped: fields outside the image stay outside (the tool
 * refuses them, and says so).
 */
export function fieldsToRect(fields: CropFields, size: Size | undefined): Rect | undefined {
  const { cropX, cropY, cropWidth, cropHeight } = fields;
  if (cropX === undefined && cropY === undefined && cropWidth === undefined && cropHeight === undefined)
    return undefined;
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
export function toImagePoint(
  client: Point,
  box: { left: number; top: number; width: number; height: number },
  size: Size,
): Point {
  return {
    x: clamp(Math.round(((client.x - box.left) / box.width) * size.width), 0, size.width),
    y: clamp(Math.round(((client.y - box.top) / box.height) * size.height), 0, size.height),
  };
}

/** Whether `point` is on a non-empty `rect` (its edges included): a drag there moves the area. */
export function contains(rect: Rect, point: Point): boolean {
  return (
    rect.width > 0 &&
    point.x >= rect.x &&
    point.x <= rect.x + rect.width &&
    point.y >= rect.y &&
    point.y <= rect.y + rect.height
  );
}

/** The area drawn by dragging from `start` to `end`, in either direction. */
export function spanRect(start: Point, end: Point): Rect {
  return {
    x: Math.min(start.x, end.x),
    y: Math.min(start.y, end.y),
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
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
export const isArea = (rect: Rect | undefined): rect is Rect =>
  rect !== undefined && rect.width >= 1 && rect.height >= 1;

/** Where a crop box is grabbed to resize it: a corner or the middle of an edge (compass points). */
export type Handle = 'nw' | 'n' | 'ne' | 'e' | 'se' | 's' | 'sw' | 'w';
/** Clockwise from the top-left corner: the order they are drawn and tabbed through. */
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
/** What each handle is called to a screen reader. */
export const HANDLE_NAMES: Record<Handle, string> = {
  nw: 'top-left corner',
  n: 'top edge',
  ne: 'top-right corner',
  e: 'right edge',
  se: 'bottom-right corner',
  s: 'bottom edge',
  sw: 'bottom-left corner',
  w: 'left edge',
};

/** The aspect presets of the crop box: free, the image's own, and the usual photo and screen shapes. */
export const ASPECTS = ['free', 'original', '1:1', '4:3', '3:2', '16:9', '9:16', '4:5', '3:4', '2:3'] as const;
export type Aspect = (typeof ASPECTS)[number];
export const ASPECT_LABELS: Record<Aspect, string> = {
  free: 'Free',
  original: 'Original',
  '1:1': '1:1 square',
  '4:3': '4:3',
  '3:2': '3:2',
  '16:9': '16:9 wide',
  '9:16': '9:16 tall',
  '4:5': '4:5 portrait',
  '3:4': '3:4',
  '2:3': '2:3',
};

/** Width ÷ height of a preset for an image of `size`; none for "free" (or an unknown size). */
export function aspectRatio(aspect: Aspect, size: Size | undefined): number | undefined {
  if (aspect === 'free') return undefined;
  if (aspect === 'original') return size && size.width > 0 && size.height > 0 ? size.width / size.height : undefined;
  const [w, h] = aspect.split(':').map(Number);
  return w! / h!;
}

/**
 * The largest area of aspect `ratio` in an image of `size`, centred: what choosing a preset
 * crops to. Whole pixels, so the shape is the ratio to within one pixel's rounding.
 */
export function fitAspect(ratio: number, size: Size): Rect {
  let width = size.width;
  let height = size.height;
  if (width / height > ratio) width = clamp(Math.round(height * ratio), 1, size.width);
  else height = clamp(Math.round(width / ratio), 1, size.height);
  return { x: Math.floor((size.width - width) / 2), y: Math.floor((size.height - height) / 2), width, height };
}

/**
 * `origin` resized by dragging its `handle` to `point` (image pixels), inside an image of
 * `size`. Free: the grabbed edges follow the pointer (past the opposite edge the box turns
 * over). With a `ratio` the box keeps that shape: a corner grows from the opposite corner, led
 * by the axis the pointer moved further along (or `lead`, for arrow keys, which move one axis);
 * an edge grows from the opposite edge, centred the other way. Never past the image's edges,
 * never under a pixel.
 */
export function resizeRect(
  origin: Rect,
  handle: Handle,
  point: Point,
  size: Size,
  ratio?: number,
  lead?: 'x' | 'y',
): Rect {
  const p = { x: clamp(point.x, 0, size.width), y: clamp(point.y, 0, size.height) };
  const right = origin.x + origin.width;
  const bottom = origin.y + origin.height;
  const west = handle.includes('w');
  const east = handle.includes('e');
  const north = handle.includes('n');
  const south = handle.includes('s');
  if (ratio === undefined) {
    const x1 = west ? p.x : origin.x;
    const x2 = east ? p.x : right;
    const y1 = north ? p.y : origin.y;
    const y2 = south ? p.y : bottom;
    const rect = spanRect({ x: x1, y: y1 }, { x: x2, y: y2 });
    return { ...rect, width: Math.max(rect.width, 1), height: Math.max(rect.height, 1) };
  }
  if ((west || east) && (north || south)) {
    // A corner: the opposite one stays; the box grows towards the pointer, either way.
    const anchor = { x: west ? right : origin.x, y: north ? bottom : origin.y };
    const dx = p.x - anchor.x;
    const dy = p.y - anchor.y;
    const sx = dx === 0 ? (west ? -1 : 1) : Math.sign(dx);
    const sy = dy === 0 ? (north ? -1 : 1) : Math.sign(dy);
    const byX = lead ? lead === 'x' : Math.abs(dx) >= Math.abs(dy) * ratio;
    let width = byX ? Math.abs(dx) : Math.abs(dy) * ratio;
    const maxWidth = Math.min(
      sx > 0 ? size.width - anchor.x : anchor.x,
      (sy > 0 ? size.height - anchor.y : anchor.y) * ratio,
    );
    width = clamp(width, Math.min(1, maxWidth), maxWidth);
    const { w, h } = whole(width, ratio, size);
    return { x: sx > 0 ? anchor.x : anchor.x - w, y: sy > 0 ? anchor.y : anchor.y - h, width: w, height: h };
  }
  if (west || east) {
    // A side edge: the opposite edge stays, the height follows, centred where it was.
    const anchor = west ? right : origin.x;
    const dx = p.x - anchor;
    const sx = dx === 0 ? (west ? -1 : 1) : Math.sign(dx);
    const maxWidth = Math.min(sx > 0 ? size.width - anchor : anchor, size.height * ratio);
    const { w, h } = whole(clamp(Math.abs(dx), Math.min(1, maxWidth), maxWidth), ratio, size);
    const y = clamp(Math.round(origin.y + origin.height / 2 - h / 2), 0, size.height - h);
    return { x: sx > 0 ? anchor : anchor - w, y, width: w, height: h };
  }
  // The top or bottom edge.
  const anchor = north ? bottom : origin.y;
  const dy = p.y - anchor;
  const sy = dy === 0 ? (north ? -1 : 1) : Math.sign(dy);
  const maxHeight = Math.min(sy > 0 ? size.height - anchor : anchor, size.width / ratio);
  const { w, h } = whole(clamp(Math.abs(dy), Math.min(1, maxHeight), maxHeight) * ratio, ratio, size);
  const x = clamp(Math.round(origin.x + origin.width / 2 - w / 2), 0, size.width - w);
  return { x, y: sy > 0 ? anchor : anchor - h, width: w, height: h };
}

/** A width of a box of `ratio` in whole pixels, with the height that goes with it, both ≥ 1 and inside. */
function whole(width: number, ratio: number, size: Size): { w: number; h: number } {
  const w = clamp(Math.round(width), 1, size.width);
  return { w, h: clamp(Math.round(w / ratio), 1, size.height) };
}

/** Where a handle of `rect` is, in image pixels (what an arrow key moves). */
export function handlePoint(rect: Rect, handle: Handle): Point {
  const x = handle.includes('w') ? rect.x : handle.includes('e') ? rect.x + rect.width : rect.x + rect.width / 2;
  const y = handle.includes('n') ? rect.y : handle.includes('s') ? rect.y + rect.height : rect.y + rect.height / 2;
  return { x, y };
}

/** `origin` moved by (dx, dy) pixels, stopped at the image's edges (arrow keys on the box). */
export const nudgeRect = (origin: Rect, dx: number, dy: number, size: Size): Rect =>
  moveRect(origin, { x: 0, y: 0 }, { x: dx, y: dy }, size);

/**
 * The size a percentage gives (50 % of 4000×3000 → 2000×1500), each side rounded and at least
 * a pixel; `base` is the size before resizing (after the crop and a quarter turn).
 */
export function percentSize(base: Size, percent: number): Size {
  const scale = percent / 100;
  return { width: Math.max(1, Math.round(base.width * scale)), height: Math.max(1, Math.round(base.height * scale)) };
}

/** The size of what is resized: the crop (or the whole image), turned by `rotate` degrees. */
export function resizedBase(size: Size, crop: Rect | undefined, rotate: number): Size {
  const area = crop ? fitInside(crop, size) : size;
  return ((rotate % 180) + 180) % 180
    ? { width: area.height, height: area.width }
    : { width: area.width, height: area.height };
}
