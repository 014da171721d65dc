// How long resvg will take to draw a parsed SVG, estimated before it draws anything, from the
// simplified tree resvg writes of it (`Resvg.toString()`: <use> expanded, text as paths,
// markers as groups, transforms as matrices, filters with their resolved regions). resvg has
// no time limit and runs to the end once started: a 206-byte SVG with one feTurbulence of
// 100,000 octaves held the server for the full 60 s task limit.
//
// The estimate adds, over everything drawn, device pixels × a cost per pixel, and path
// segments, scanline crossings and dashes × a cost each; layers (groups drawn apart for
// opacity, blending, clipping, masking or filtering) cost their area, which resvg bounds to
// 16× the canvas, and their filters cost it again per primitive. Boxes are bounding boxes of
// control points, so each contains what resvg really covers. The costs per unit are resvg-wasm
// 2.6.2's on this machine, rounded up (docs/limits.md has the measurements).
import { decodeBase64 } from '../../lib/base64';
import { ImageRefusedError } from '../types';
import { jpegStructure } from './jpeg-markers';
import {
  EMPTY,
  IDENTITY,
  area,
  boundsOf,
  grow,
  isEmpty,
  multiply,
  parseTransform,
  pathPoints,
  rect,
  scaleOf,
  scaling,
  transformBox,
  translation,
  union,
  type Box,
  type Matrix,
} from './svg-geometry';
import { parseSvgMarkup, type SvgElement } from './svg-markup';

/**
 * The most an SVG may be estimated to cost, parsing (the caller's estimate) and drawing
 * together; the drawing estimates run 1.2–2.6× the real time (docs/limits.md).
 */
export const SVG_BUDGET_NS = 3e9;
/**
 * Elements and path points visited while costing (patterns, clip paths and masks are costed
 * again at every use, as resvg draws them again): beyond it the estimate itself would take
 * long, and the drawing far longer, so the SVG is refused.
 */
const MAX_STEPS = 10_000_000;
/** Steps an element visit counts for (a path's points count one each): ~1 µs against ~10 ns. */
const ELEMENT_STEPS = 50;

/** Nanoseconds per pixel, or per item where said. */
const NS = {
  /** Clearing, unpremultiplying and copying the canvas. */
  canvas: 15,
  /** Per path drawn, whatever its size. */
  path: 10_000,
  /** An anti-aliased fill or stroke, per pixel of its box; a gradient or pattern paint, on top. */
  fill: 25,
  gradient: 20,
  pattern: 100,
  /** A pattern's tile, drawn into its own pixmap at every use, per tile pixel. */
  tile: 30,
  /** Per path segment (edge building); per pixel row an edge crosses, filled or stroked; per dash. */
  segment: 500,
  fillRow: 80,
  strokeRow: 800,
  dash: 700,
  /** A group drawn through a layer, per layer pixel; a clip or mask on top. */
  layer: 100,
  /** Each layer, clip, mask, filter primitive or pattern tile, whatever its size (allocation, set-up). */
  fixed: 40_000,
  clip: 50,
  mask: 50,
  /** Per filter (region copies, colour-space conversions), per pixel of its region. */
  filter: 250,
  /** An embedded raster image: per pixel decoded (at every draw) and per pixel drawn (scaled). */
  decode: 25,
  image: 550,
};

/** A filter primitive's cost per pixel of the filter region. */
function primitiveNs(
  primitive: SvgElement,
  scale: [number, number],
  objectBox: Box,
  regionArea: number,
  units: string | undefined,
): number {
  const numbers = (name: string) =>
    (primitive.attributes.get(name) ?? '')
      .trim()
      .split(/[\s,]+/)
      .map(Number)
      .filter(Number.isFinite);
  switch (primitive.name) {
    case 'feGaussianBlur':
      return 450;
    case 'feDropShadow':
      return 700;
    case 'feTurbulence':
      return 150 + 200 * Math.max(1, numbers('numOctaves')[0] ?? 1);
    case 'feMorphology': {
      // A window of 2⌈r⌉ × 2⌈r⌉ device pixels around every pixel (resvg's morphology.rs).
      const [rx = 0, ry = rx] = numbers('radius');
      const [bx, by] =
        units === 'objectBoundingBox' ? [objectBox.x1 - objectBox.x0, objectBox.y1 - objectBox.y0] : [1, 1];
      const taps = 4 * Math.ceil(Math.max(0, rx * bx * scale[0])) * Math.ceil(Math.max(0, ry * by * scale[1]));
      return 60 + 8 * Math.min(taps, regionArea);
    }
    case 'feConvolveMatrix': {
      const [ox = 3, oy = ox] = numbers('order');
      return 60 + 20 * ox * oy;
    }
    case 'feDiffuseLighting':
      return 150;
    case 'feSpecularLighting':
      return 250;
    case 'feDisplacementMap':
    case 'feBlend':
      return 300;
    case 'feMerge':
      return 150 * Math.max(1, primitive.children.length);
    default:
      return 60;
  }
}

/** Pixels of an embedded PNG, GIF or JPEG, from its header (0 when unreadable: resvg skips it too). */
function embeddedPixels(href: string | undefined): number {
  const match = href && /^data:image\/[\w.+-]+;base64,\s*([A-Za-z0-9+/\s]{16,})/.exec(href.slice(0, 90_000));
  if (!match) return 0;
  const text = match[1]!.replace(/\s+/g, '');
  const decoded = decodeBase64(text.slice(0, text.length & ~3));
  if (!decoded.ok) return 0;
  const bytes = decoded.bytes;
  const be32 = (at: number) =>
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes.length >= 24) return be32(16) * be32(20);
  if (bytes[0] === 0x47 && bytes[1] === 0x49 && bytes.length >= 10)
    return (bytes[6]! | (bytes[7]! << 8)) * (bytes[8]! | (bytes[9]! << 8));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    const frame = jpegStructure(bytes).frame;
    return frame ? frame.width * frame.height : 0;
  }
  return 0;
}

export type CostPart =
  | 'shapes'
  | 'dashed strokes'
  | 'layers'
  | 'clip paths'
  | 'masks'
  | 'filters'
  | 'patterns'
  | 'embedded images'
  | 'canvas';

export interface RenderCost {
  ns: number;
  parts: Map<CostPart, number>;
}

/** The estimate for the tree resvg wrote (`toString()`), drawn on a `width` × `height` canvas. */
export function estimateRenderCost(tree: string, width: number, height: number): RenderCost {
  const { root, elements } = parseSvgMarkup(tree);
  const ids = new Map<string, SvgElement>();
  for (const element of elements) {
    const id = element.attributes.get('id');
    if (id !== undefined) ids.set(id, element);
  }
  const canvas = width * height;
  const maxLayer = 16 * canvas; // resvg's render.rs clips layers to 4× the canvas each way
  const parts = new Map<CostPart, number>();
  const add = (part: CostPart, ns: number) => parts.set(part, (parts.get(part) ?? 0) + ns);
  let steps = 0;

  const attr = (element: SvgElement, name: string) => element.attributes.get(name);
  const number = (element: SvgElement, name: string, otherwise: number) => {
    const value = Number(attr(element, name));
    return Number.isFinite(value) && attr(element, name) !== undefined ? value : otherwise;
  };
  const referenced = (value: string | undefined) =>
    value ? [...value.matchAll(/url\(#([^)]+)\)/g)].map((m) => ids.get(m[1]!)).filter((e) => e !== undefined) : [];
  const transformOf = (element: SvgElement) => parseTransform(attr(element, 'transform'));
  /** The matrix mapping the unit square onto `box` (objectBoundingBox units). */
  const boxMatrix = (box: Box): Matrix =>
    isEmpty(box) ? IDENTITY : [box.x1 - box.x0, 0, 0, box.y1 - box.y0, box.x0, box.y0];

  const boxes = new Map<SvgElement, Box>();
  /** What an element covers in its own user space (before its transform), strokes and filter regions included. */
  const ownBox = (element: SvgElement): Box => {
    const cached = boxes.get(element);
    if (cached) return cached;
    let box = EMPTY;
    if (element.name === 'path') {
      const { bounds, halfWidth } = factsOf(element);
      box = grow(bounds, halfWidth);
    } else if (element.name === 'image') {
      box = rect(
        number(element, 'x', 0),
        number(element, 'y', 0),
        number(element, 'width', 0),
        number(element, 'height', 0),
      );
    } else if (element.name === 'g') {
      box = contentBox(element);
      const filters = referenced(attr(element, 'filter'));
      if (filters.length)
        box = filters.reduce((all, filter) => union(all, filterRegion(filter, contentBox(element))), EMPTY);
    }
    boxes.set(element, box);
    return box;
  };
  const contentBox = (element: SvgElement): Box =>
    element.children.reduce((all, child) => union(all, transformBox(transformOf(child), ownBox(child))), EMPTY);
  const filterRegion = (filter: SvgElement, objectBox: Box): Box => {
    if (attr(filter, 'filterUnits') === 'userSpaceOnUse')
      return rect(
        number(filter, 'x', 0),
        number(filter, 'y', 0),
        number(filter, 'width', 0),
        number(filter, 'height', 0),
      );
    return transformBox(
      boxMatrix(objectBox),
      rect(
        number(filter, 'x', -0.1),
        number(filter, 'y', -0.1),
        number(filter, 'width', 1.2),
        number(filter, 'height', 1.2),
      ),
    );
  };

  const tick = (work: number) => {
    steps += work;
    if (steps > MAX_STEPS) {
      throw new ImageRefusedError(
        'The SVG is too complex to render: its patterns, clip paths or masks draw one another too many times over.',
      );
    }
  };
  /** What a path's attributes say, read once: patterns may draw a path a million times. */
  interface PathFacts {
    points: Float64Array;
    bounds: Box;
    /** Per paint (fill, stroke): the gradients or patterns it names (none for a colour). */
    paints: SvgElement[][];
    filled: boolean;
    stroked: boolean;
    halfWidth: number;
    dashes: number[];
  }
  const facts = new Map<SvgElement, PathFacts>();
  const factsOf = (path: SvgElement): PathFacts => {
    const known = facts.get(path);
    if (known) return known;
    const points = pathPoints(attr(path, 'd') ?? '');
    const [fill, stroke] = [attr(path, 'fill'), attr(path, 'stroke')];
    const filled = fill !== undefined && fill !== 'none';
    const stroked = stroke !== undefined && stroke !== 'none';
    const fresh: PathFacts = {
      points,
      bounds: boundsOf(points),
      paints: [...(filled ? [referenced(fill)] : []), ...(stroked ? [referenced(stroke)] : [])],
      filled,
      stroked,
      // Miter joins reach miterlimit × half the width; square caps √2 × half.
      halfWidth: stroked
        ? (number(path, 'stroke-width', 1) * Math.max(number(path, 'stroke-miterlimit', 4), 1.5)) / 2
        : 0,
      dashes: stroked
        ? (attr(path, 'stroke-dasharray') ?? '')
            .split(/[\s,]+/)
            .map(Number)
            .filter((n) => n > 0)
        : [],
    };
    facts.set(path, fresh);
    return fresh;
  };

  /**
   * A group, path or image with an opacity, blending, clip path, mask or filter is drawn into a
   * layer of its own (render.rs), the size of its box (at most 16× the canvas); inside a clip
   * path, the size of the clip's own pixmap (clip.rs). Everything else is drawn onto `target`.
   */
  const draw = (element: SvgElement, m: Matrix, target: number, inClip = false): void => {
    tick(ELEMENT_STEPS);
    if (element.name !== 'g' && element.name !== 'path' && element.name !== 'image') return;
    if (inClip && element.name === 'image') return; // clip.rs draws only fills and groups
    const clips = referenced(attr(element, 'clip-path'));
    const masks = referenced(attr(element, 'mask'));
    const filters = referenced(attr(element, 'filter'));
    const blended = /mix-blend-mode:\s*(?!normal)|isolation:\s*isolate/.test(attr(element, 'style') ?? '');
    if (!(number(element, 'opacity', 1) < 1 || clips.length + masks.length + filters.length > 0 || blended)) {
      drawContent(element, m, target, inClip);
      return;
    }
    const t = multiply(m, transformOf(element));
    const layer = inClip ? target : Math.min(area(transformBox(t, ownBox(element))), maxLayer);
    if (!(layer > 0)) return; // resvg draws nothing for an empty layer
    const objectBox =
      element.name === 'g' ? contentBox(element) : element.name === 'path' ? factsOf(element).bounds : ownBox(element);
    add('layers', NS.fixed + layer * NS.layer);
    drawContent(element, m, layer, inClip);
    for (const clip of clips) drawClip(clip, t, layer, objectBox);
    for (const mask of masks) drawMask(mask, t, layer, objectBox);
    for (const filter of filters) drawFilter(filter, t, layer, objectBox);
  };
  const drawContent = (element: SvgElement, m: Matrix, target: number, inClip: boolean) => {
    if (element.name === 'path') drawPath(element, m, target, inClip);
    else if (element.name === 'image') drawImage(element, m, target);
    else {
      const t = multiply(m, transformOf(element));
      for (const child of element.children) draw(child, t, target, inClip);
    }
  };

  const drawPath = (path: SvgElement, m: Matrix, target: number, inClip: boolean) => {
    const t = multiply(m, transformOf(path));
    const facts = factsOf(path);
    const { points, bounds, filled, halfWidth } = facts;
    // In a clip path only the fill's outline counts (clip.rs): no stroke, no paint server.
    const [paints, stroked, dashes] = inClip ? [[[]], false, []] : [facts.paints, facts.stroked, facts.dashes];
    tick(points.length / 2);
    let rows = 0;
    let length = 0;
    for (let i = 2; i < points.length; i += 2) {
      const dx = t[0] * (points[i]! - points[i - 2]!) + t[2] * (points[i + 1]! - points[i - 1]!);
      const dy = t[1] * (points[i]! - points[i - 2]!) + t[3] * (points[i + 1]! - points[i - 1]!);
      rows += Math.abs(dy) + 1;
      length += Math.hypot(dx, dy);
    }
    const covered = Math.min(area(transformBox(t, grow(bounds, halfWidth))), target);
    // Each paint (fill, stroke) and the gradient or pattern it names, if any.
    for (const servers of paints) {
      add('shapes', covered * NS.fill);
      for (const server of servers) {
        if (server.name === 'pattern') drawPattern(server, t, bounds, covered);
        else add('shapes', covered * NS.gradient);
      }
    }
    add(
      'shapes',
      NS.path +
        (points.length / 2) * NS.segment * (stroked ? 3 : 1) +
        rows * ((filled ? NS.fillRow : 0) + (stroked ? NS.strokeRow : 0)),
    );
    if (dashes.length) {
      // tiny-skia gives up past a million dashes; each dash is stroked and filled on its own.
      const period =
        dashes.reduce((a, b) => a + b, 0) * (dashes.length % 2 ? 2 : 1) * Math.max(1e-9, Math.min(...scaleOf(t)));
      const count = Math.min(1e6, (length / period) * Math.ceil(dashes.length / 2) * (dashes.length % 2 ? 2 : 1));
      add('dashed strokes', count * NS.dash);
    }
  };

  /** resvg draws a pattern's tile into a pixmap at device scale (paint_server.rs), at every use. */
  const drawPattern = (pattern: SvgElement, m: Matrix, objectBox: Box, covered: number) => {
    const relative = attr(pattern, 'patternUnits') !== 'userSpaceOnUse';
    const [bw, bh] = relative ? [objectBox.x1 - objectBox.x0, objectBox.y1 - objectBox.y0] : [1, 1];
    const w = number(pattern, 'width', 0) * bw;
    const h = number(pattern, 'height', 0) * bh;
    const [sx, sy] = scaleOf(multiply(m, parseTransform(attr(pattern, 'patternTransform'))));
    const tile = Math.round(w * sx) * Math.round(h * sy);
    if (!(tile >= 1)) return;
    add('patterns', NS.fixed + tile * NS.tile + covered * NS.pattern);
    let content: Matrix = scaling(sx, sy);
    const viewBox = attr(pattern, 'viewBox')
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
    if (viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0) {
      content = multiply(
        content,
        multiply(scaling(w / viewBox[2]!, h / viewBox[3]!), translation(-viewBox[0]!, -viewBox[1]!)),
      );
    } else if (attr(pattern, 'patternContentUnits') === 'objectBoundingBox') {
      content = multiply(content, boxMatrix(objectBox));
    }
    for (const child of pattern.children) draw(child, content, tile);
  };

  const drawImage = (image: SvgElement, m: Matrix, target: number) => {
    const covered = Math.min(area(transformBox(multiply(m, transformOf(image)), ownBox(image))), target);
    add(
      'embedded images',
      covered * NS.image + embeddedPixels(attr(image, 'xlink:href') ?? attr(image, 'href')) * NS.decode,
    );
  };

  /** Every primitive makes a pass over the region; an feImage also draws what it names. */
  const drawFilter = (filter: SvgElement, m: Matrix, region: number, objectBox: Box) => {
    const units = attr(filter, 'primitiveUnits');
    add('filters', NS.fixed + region * NS.filter);
    for (const primitive of filter.children) {
      add('filters', NS.fixed + region * primitiveNs(primitive, scaleOf(m), objectBox, region, units));
      if (primitive.name !== 'feImage') continue;
      const href = attr(primitive, 'xlink:href') ?? attr(primitive, 'href') ?? '';
      if (!href.startsWith('#')) {
        add('filters', embeddedPixels(href) * NS.decode + region * NS.image);
        continue;
      }
      // usvg writes an element reference as a bare "#" and the element into <defs>: drawing
      // every drawable there (but those already being drawn) bounds drawing the one it was.
      const named = ids.get(href.slice(1));
      for (const node of named ? [named] : defsDrawables) {
        if (drawing.has(node)) continue;
        drawing.add(node);
        draw(node, m, region);
        drawing.delete(node);
      }
    }
  };
  const defsDrawables = elements
    .filter((element) => element.name === 'defs')
    .flatMap((defs) =>
      defs.children.filter((child) => child.name === 'g' || child.name === 'path' || child.name === 'image'),
    );
  const drawing = new Set<SvgElement>();

  /**
   * A clip path is drawn into a pixmap the size of the layer (clip.rs), at every use; a child
   * with a clip path of its own gets another such pixmap.
   */
  const drawClip = (clip: SvgElement, m: Matrix, layer: number, objectBox: Box) => {
    add('clip paths', NS.fixed + layer * NS.clip);
    let t = multiply(m, transformOf(clip));
    if (attr(clip, 'clipPathUnits') === 'objectBoundingBox') t = multiply(t, boxMatrix(objectBox));
    for (const child of clip.children) draw(child, t, layer, true);
    for (const inner of referenced(attr(clip, 'clip-path'))) if (inner !== clip) drawClip(inner, m, layer, objectBox);
  };
  /** A mask's content is drawn into a layer-sized pixmap (mask.rs), at every use. */
  const drawMask = (mask: SvgElement, m: Matrix, layer: number, objectBox: Box) => {
    add('masks', NS.fixed + layer * (NS.mask + NS.layer));
    const t = attr(mask, 'maskContentUnits') === 'objectBoundingBox' ? multiply(m, boxMatrix(objectBox)) : m;
    for (const child of mask.children) draw(child, t, layer);
    for (const inner of referenced(attr(mask, 'mask'))) if (inner !== mask) drawMask(inner, m, layer, objectBox);
  };

  add('canvas', canvas * NS.canvas);
  if (root) {
    // The root's viewBox maps onto the canvas (usvg writes one; stretching bounds any aspect).
    const viewBox = attr(root, 'viewBox')
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
    const m: Matrix =
      viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0
        ? multiply(scaling(width / viewBox[2]!, height / viewBox[3]!), translation(-viewBox[0]!, -viewBox[1]!))
        : IDENTITY;
    for (const child of root.children) if (child.name !== 'defs') draw(child, m, canvas);
  }
  let ns = 0;
  for (const value of parts.values()) ns += value;
  return { ns, parts };
}

/**
 * A bound on the drawing read off the markup itself, for the trees resvg cannot write out (it
 * panics writing some it draws well). Without resolved boxes, every element is charged as a
 * layer over the whole canvas with a clip path, a mask and a gradient and pattern paint, each
 * filter primitive as filtering 16 canvases (resvg's largest layer) for every element naming
 * it, and all of it again for every time references copy an element (`elements`: the count
 * once references are followed, src/lib/images/svg-budget.ts). Far above what resvg spends on
 * ordinary documents (docs/limits.md), so it refuses only large, busy ones.
 */
export function estimateMarkupCost(svg: string, width: number, height: number, expandedElements = 0): RenderCost {
  const { root, elements } = parseSvgMarkup(svg);
  const canvas = width * height;
  const viewBox = root?.attributes
    .get('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const scale: [number, number] =
    viewBox?.length === 4 && viewBox[2]! > 0 && viewBox[3]! > 0 ? [width / viewBox[2]!, height / viewBox[3]!] : [1, 1];
  const parts = new Map<CostPart, number>();
  const add = (part: CostPart, ns: number) => parts.set(part, (parts.get(part) ?? 0) + ns);
  const ids = new Map<string, SvgElement>();
  for (const element of elements) {
    const id = element.attributes.get('id');
    if (id !== undefined && !ids.has(id)) ids.set(id, element);
  }
  const copies = Math.max(1, expandedElements / Math.max(1, elements.length));
  const perElement =
    NS.path +
    4 * NS.fixed +
    canvas * (NS.fill + NS.gradient + NS.pattern + NS.layer + NS.clip + NS.mask) +
    height * (NS.fillRow + NS.strokeRow);
  const unit = rect(0, 0, 1, 1);
  add('canvas', canvas * NS.canvas);
  for (const element of elements) {
    add('shapes', copies * perElement);
    const points = (element.attributes.get('d') ?? element.attributes.get('points') ?? '').match(/\d+/g)?.length ?? 0;
    add('shapes', copies * points * (3 * NS.segment + NS.fillRow + NS.strokeRow));
    if (element.name === 'image' || element.name === 'feImage') {
      add(
        'embedded images',
        copies *
          (canvas * NS.image +
            embeddedPixels(element.attributes.get('xlink:href') ?? element.attributes.get('href')) * NS.decode),
      );
    }
    const named = [...element.attributes.values()].flatMap((value) =>
      [...value.matchAll(/url\(\s*['"]?#([^)'"\s]+)/g)].map((m) => ids.get(m[1]!)),
    );
    for (const filter of named) {
      if (filter?.name !== 'filter') continue;
      const units = filter.attributes.get('primitiveUnits');
      for (const primitive of filter.children) {
        add(
          'filters',
          copies * (NS.fixed + 16 * canvas * (NS.filter + primitiveNs(primitive, scale, unit, 16 * canvas, units))),
        );
      }
    }
  }
  let ns = 0;
  for (const value of parts.values()) ns += value;
  return { ns, parts };
}

/** Refuses an SVG whose estimated parsing and drawing exceed the budget, naming what costs most. */
export function checkRenderCost(tree: string, width: number, height: number, parseNs = 0): void {
  refuseOverBudget(estimateRenderCost(tree, width, height), width, height, parseNs);
}

/** The same for an SVG whose tree resvg could not write out, on the bound read off its markup. */
export function checkMarkupCost(svg: string, width: number, height: number, parseNs = 0, expandedElements = 0): void {
  refuseOverBudget(estimateMarkupCost(svg, width, height, expandedElements), width, height, parseNs);
}

function refuseOverBudget({ ns, parts }: RenderCost, width: number, height: number, parseNs: number): void {
  if (parseNs + ns <= SVG_BUDGET_NS) return;
  const [part, partNs] = [...parts].sort((a, b) => b[1] - a[1])[0]!;
  const seconds = (n: number) => (n >= 10e9 ? (n / 1e9).toFixed(0) : (n / 1e9).toFixed(1));
  const parsing = parseNs >= 0.05e9 ? `, ${seconds(parseNs)} s more to parse` : '';
  throw new ImageRefusedError(
    `The SVG is too complex to render at ${width}×${height} pixels: its ${part} would take about ${seconds(partNs)} s to draw (${seconds(ns)} s in all${parsing}; at most ${SVG_BUDGET_NS / 1e9} s is allowed).`,
  );
}
