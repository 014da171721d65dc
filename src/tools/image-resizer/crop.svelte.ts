// The image resizer's crop as state: the crop area held in the tool's input (CropArea, for the
// page and its numeric fields) and a drag on the image that draws or moves it (CropDrag, for
// CropBox). The geometry is in crop.ts.
import {
  contains,
  fieldsToRect,
  fitInside,
  isArea,
  moveRect,
  pixels,
  rectToFields,
  resizeRect,
  spanRect,
  type CropFields,
  type Handle,
  type Point,
  type Rect,
  type Size,
} from './crop';

/** The crop fields of the tool's input, read as an area of the image shown. */
export class CropArea {
  readonly #fields: () => CropFields;
  readonly #size: () => Size | undefined;

  /** `fields`: the live input whose crop fields this edits; `size`: the upright image's size, once known. */
  constructor(fields: () => CropFields, size: () => Size | undefined) {
    this.#fields = fields;
    this.#size = size;
  }

  /** The area the fields describe; undefined when none is set or the size is not known. */
  readonly rect: Rect | undefined = $derived.by(() => fieldsToRect(this.#fields(), this.#size()));

  set(rect: Rect | undefined): void {
    Object.assign(this.#fields(), rectToFields(rect));
  }

  clear(): void {
    this.set(undefined);
  }

  // The numeric fields, bound to inputs: an empty or invalid field is "not set".
  get x(): number | undefined {
    return this.#fields().cropX;
  }
  set x(value: number | null | undefined) {
    this.#fields().cropX = pixels(value);
  }
  get y(): number | undefined {
    return this.#fields().cropY;
  }
  set y(value: number | null | undefined) {
    this.#fields().cropY = pixels(value);
  }
  get width(): number | undefined {
    return this.#fields().cropWidth;
  }
  set width(value: number | null | undefined) {
    this.#fields().cropWidth = pixels(value);
  }
  get height(): number | undefined {
    return this.#fields().cropHeight;
  }
  set height(value: number | null | undefined) {
    this.#fields().cropHeight = pixels(value);
  }
}

interface Drag {
  mode: 'draw' | 'move' | 'resize';
  /** The handle a resize holds. */
  handle?: Handle;
  start: Point;
  /** The area when the drag started (what a move moves). */
  origin: Rect | undefined;
  pointer: number;
}

/** What a drag sees: the image's size once known, the crop area it has now, and the shape an
 * aspect preset holds it to (width ÷ height; none: free). */
export interface DragView {
  size: Size | undefined;
  crop: Rect | undefined;
  ratio?: number | undefined;
}

/**
 * A pointer drag on the image: started outside the area it draws a new one, started inside it
 * moves it, started on a handle resizes it (in the preset's shape, if one is chosen). The area
 * being dragged is a draft until the drag ends; then `end` gives it.
 */
export class CropDrag {
  /** The area while a drag changes it. */
  draft: Rect | undefined = $state.raw();
  #drag: Drag | undefined;
  readonly #view: () => DragView;

  constructor(view: () => DragView) {
    this.#view = view;
  }

  /** The area as drawn: inside the image even when the fields say otherwise (the tool refuses those). */
  readonly shown: Rect | undefined = $derived.by(() => {
    const { size, crop } = this.#view();
    const rect = this.draft ?? crop;
    return rect && size?.width && size.height ? fitInside(rect, size) : undefined;
  });

  /** A press at `point` (image pixels) with pointer `pointer`, on a `handle` of the area or not. */
  start(point: Point, pointer: number, handle?: Handle): void {
    const shown = this.shown;
    const mode = handle && shown ? 'resize' : shown && contains(shown, point) ? 'move' : 'draw';
    this.#drag = { mode, handle, start: point, origin: shown, pointer };
  }

  move(point: Point, pointer: number): void {
    const drag = this.#drag;
    const { size, ratio } = this.#view();
    if (!drag || pointer !== drag.pointer || !size) return;
    if (drag.mode === 'draw') {
      // With a preset, a new area is drawn in its shape from the press, towards the pointer.
      this.draft = ratio
        ? resizeRect({ ...drag.start, width: 0, height: 0 }, 'se', point, size, ratio)
        : spanRect(drag.start, point);
      if (ratio && point.x === drag.start.x && point.y === drag.start.y) this.draft = undefined;
    } else if (drag.origin && drag.mode === 'resize')
      this.draft = resizeRect(drag.origin, drag.handle!, point, size, ratio);
    else if (drag.origin) this.draft = moveRect(drag.origin, drag.start, point, size);
  }

  /** The pointer is released: the new area, if one was drawn (a click without a drag changes nothing). */
  end(pointer: number): Rect | undefined {
    if (!this.#drag || pointer !== this.#drag.pointer) return undefined;
    const result = this.draft;
    this.cancel();
    return isArea(result) ? result : undefined;
  }

  cancel(): void {
    this.#drag = undefined;
    this.draft = undefined;
  }
}
