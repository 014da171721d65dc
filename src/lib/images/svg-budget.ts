// What an SVG asks of the renderer's parser, counted on the markup before the renderer sees it
// (the drawing itself is costed on the parsed tree: src/platform/codecs/svg-cost.ts). resvg
// copies the target of every <use> (and feImage reference) and the content of a marker at
// every vertex it marks, converts and writes out a pattern, mask, clip path or filter again
// wherever one is named from inside another (8 levels of 10 nested patterns: 15 s to parse,
// 109 s to write out), and lays text out in time that grows with the square of a <text>
// element's length; a few hundred bytes can ask for billions of elements or hours of layout.
// Measurements behind the limits: docs/limits.md.
import { ToolInputError } from '../../tools/define';
import {
  expandText,
  parseSvgMarkup,
  textLength,
  type SvgElement,
  type SvgMarkup,
} from '../../platform/codecs/svg-markup';
import { thousands } from './limits';

/** Elements once references and markers are expanded: resvg builds 100,000 in ~0.6 s. */
export const MAX_SVG_ELEMENTS = 100_000;
/** Bytes of attributes and text once expanded (a 3 MB file's own, four times over). */
export const MAX_SVG_BYTES = 12 * 1048576;
/** Nesting, <use> references included; roxmltree stops at 1,024, resvg recurses on each. */
export const MAX_SVG_DEPTH = 256;
/** feTurbulence octaves: each halves the previous one's size; past 10 none is visible. */
export const MAX_OCTAVES = 10;
/** Estimated text layout time (below), in nanoseconds. */
const MAX_TEXT_NS = 1e9;
/**
 * What parsing costs besides text layout, per element and per byte of attributes and text:
 * resvg builds, and writes out for svg-cost.ts, 100,000 elements in ~1 s, 3 MB of path data
 * in ~0.1 s. The estimate counts against the same budget as the drawing (svg-cost.ts).
 */
const PARSE_NS = { element: 10_000, byte: 50 };

interface Size {
  elements: number;
  bytes: number;
  textNs: number;
  depth: number;
}

const refuse = (sentence: string): never => {
  throw new ToolInputError(sentence);
};

/** The element an `href` (SVG 2) or `xlink:href` names with `#id`, if any. */
function reference(
  element: SvgElement,
  ids: Map<string, SvgElement>,
  entities: Map<string, string>,
): SvgElement | undefined {
  const href = element.attributes.get('href') ?? element.attributes.get('xlink:href');
  const value = href === undefined ? undefined : expandText(href, entities)?.trim();
  return value?.startsWith('#') ? ids.get(value.slice(1)) : undefined;
}

const URL_REFERENCE = /url\(\s*['"]?#([^)'"\s]+)/g;
/** Elements named by `url(#id)` in `text` (an attribute's value, or a stylesheet). */
const urlTargets = (text: string, ids: Map<string, SvgElement>) =>
  [...text.matchAll(URL_REFERENCE)].map((m) => ids.get(m[1]!)).filter((target) => target !== undefined);

/** Elements whose `href` resvg copies or converts at each reference. */
const COPIED_BY_HREF = new Set(['use', 'feImage', 'pattern']);

const SHAPES_WITH_MARKERS = new Set(['path', 'line', 'polyline', 'polygon']);
const MARKER_ATTRIBUTES = ['marker', 'marker-start', 'marker-mid', 'marker-end'];
const hasMarker = (element: SvgElement) =>
  MARKER_ATTRIBUTES.some((name) => element.attributes.has(name)) ||
  /marker/.test(element.attributes.get('style') ?? '');

/** Numbers in a path's data or a polyline's points: at least its vertices. */
const vertices = (element: SvgElement) =>
  element.name === 'line'
    ? 2
    : ((element.attributes.get('d') ?? element.attributes.get('points') ?? '').match(/\d+/g)?.length ?? 0);

/**
 * resvg's text layout, measured: about 2 ns × characters² within one <text> element, plus
 * 0.8 µs × characters × spans, plus 10 µs a character (108,000 characters in one element
 * took 21 s; 16,000 in 592 spans, 7.2 s).
 */
function textNs(text: SvgElement): { ns: number; characters: number; spans: number } {
  let characters = 0;
  let spans = 0;
  const walk = (element: SvgElement) => {
    characters += element.text;
    for (const child of element.children) {
      spans++;
      walk(child);
    }
  };
  walk(text);
  return { ns: 2 * characters ** 2 + 800 * characters * spans + 10_000 * characters, characters, spans };
}

/**
 * Refuses, with one sentence naming it, an SVG whose parsing alone would be unbounded; else
 * returns the estimated cost of parsing it, in nanoseconds, and its element count once
 * references are followed.
 */
export function checkSvgBudget(svg: string): { parseNs: number; elements: number } {
  const markup = parseSvgMarkup(svg, MAX_SVG_ELEMENTS + 1);
  if (markup.depth > MAX_SVG_DEPTH)
    refuse(`The SVG nests elements ${thousands(markup.depth)} deep; at most ${MAX_SVG_DEPTH} levels are allowed.`);
  if (markup.truncated)
    refuse(
      `The SVG has more than ${thousands(MAX_SVG_ELEMENTS)} elements; at most ${thousands(MAX_SVG_ELEMENTS)} are allowed.`,
    );
  checkStatic(markup);
  if (!markup.root) return { parseNs: 0, elements: 0 }; // the renderer reports it
  const ids = new Map<string, SvgElement>();
  for (const element of markup.elements) {
    const id = element.attributes.get('id');
    if (id !== undefined && !ids.has(id)) ids.set(id, element);
  }
  const markers = markup.elements.filter((element) => element.name === 'marker');
  // Markers set from a stylesheet may apply to any shape; the attribute form is inherited.
  const styledMarkers = markers.length > 0 && /marker[\w-]*\s*:/.test(svg);
  // What stylesheets name with url(#…) may apply to any element: counted for every one.
  const styled = [...new Set(markup.elements.flatMap((element) => (element.css ? urlTargets(element.css, ids) : [])))];

  const memo = [new Map<SvgElement, Size>(), new Map<SvgElement, Size>()];
  const inProgress = new Set<SvgElement>();
  let heaviestText = { ns: 0, characters: 0, spans: 0 };
  const size = (element: SvgElement, level: number, inheritsMarkers: boolean): Size => {
    if (level > MAX_SVG_DEPTH)
      refuse(
        `The SVG nests elements more than ${MAX_SVG_DEPTH} deep through its <use> references; at most ${MAX_SVG_DEPTH} levels are allowed.`,
      );
    const markered = inheritsMarkers || styledMarkers || hasMarker(element);
    const cached = memo[markered ? 1 : 0]!.get(element);
    if (cached) return cached;
    // A reference back into itself is skipped by resvg too: it adds nothing.
    if (inProgress.has(element)) return { elements: 0, bytes: 0, textNs: 0, depth: 0 };
    inProgress.add(element);
    let bytes = element.text;
    for (const value of element.attributes.values()) bytes += textLength(value, markup.entities);
    const total: Size = { elements: 1, bytes, textNs: 0, depth: 1 };
    const add = (part: Size, times = 1) => {
      total.elements += part.elements * times;
      total.bytes += part.bytes * times;
      total.textNs += part.textNs * times;
      total.depth = Math.max(total.depth, part.depth + 1);
    };
    for (const child of element.children) add(size(child, level + 1, markered));
    // What it refers to is converted again for it: a pattern, mask, clip path or filter named
    // by url(#…) (which may name others, each level multiplying), and a <use>'s target.
    const targets = [...element.attributes.values()].flatMap((value) =>
      value.includes('url(') ? urlTargets(expandText(value, markup.entities) ?? value, ids) : [],
    );
    if (COPIED_BY_HREF.has(element.name))
      targets.push(...[reference(element, ids, markup.entities)].filter((target) => target !== undefined));
    for (const target of [...targets, ...styled]) add(size(target, level + 1, markered));
    if (markered && SHAPES_WITH_MARKERS.has(element.name)) add(markerSize(level + 1), vertices(element));
    if (element.name === 'text') {
      const text = textNs(element);
      total.textNs += text.ns;
      if (text.ns > heaviestText.ns) heaviestText = text;
    }
    inProgress.delete(element);
    memo[markered ? 1 : 0]!.set(element, total);
    return total;
  };
  // Every marker's content, as if all of them marked each vertex (few documents have several).
  let markersTotal: Size | undefined;
  const markerSize = (level: number): Size => {
    if (markersTotal) return markersTotal;
    const sum: Size = { elements: 0, bytes: 0, textNs: 0, depth: 0 };
    for (const marker of markers) {
      const part = size(marker, level, false);
      sum.elements += part.elements;
      sum.bytes += part.bytes;
      sum.textNs += part.textNs;
      sum.depth = Math.max(sum.depth, part.depth);
    }
    return (markersTotal = sum);
  };
  const whole = size(markup.root, 1, false);
  checkFeImageNesting(markup, ids);

  if (whole.depth > MAX_SVG_DEPTH) {
    refuse(
      `The SVG nests elements ${thousands(whole.depth)} deep through its <use> references; at most ${MAX_SVG_DEPTH} levels are allowed.`,
    );
  }
  if (whole.elements > MAX_SVG_ELEMENTS) {
    refuse(
      `The SVG expands to ${thousands(whole.elements)} elements once its <use>, marker and url(#…) references are followed; at most ${thousands(MAX_SVG_ELEMENTS)} are allowed.`,
    );
  }
  if (whole.bytes > MAX_SVG_BYTES) {
    refuse(
      `The SVG expands to ${thousands(Math.round(whole.bytes / 1048576))} MB of attributes and text once its entities and references are followed; at most ${MAX_SVG_BYTES / 1048576} MB are allowed.`,
    );
  }
  if (whole.textNs > MAX_TEXT_NS) {
    const { characters, spans } = heaviestText;
    refuse(
      `The SVG's text would take about ${(whole.textNs / 1e9).toFixed(0)} s to lay out (its largest <text> element has ${thousands(characters)} characters${spans ? ` in ${thousands(spans)} spans` : ''}); at most ${MAX_TEXT_NS / 1e9} s is allowed.`,
    );
  }
  return {
    parseNs: whole.elements * PARSE_NS.element + whole.bytes * PARSE_NS.byte + whole.textNs,
    elements: whole.elements,
  };
}

/** What is refused whatever the document's size: entities with markup or loops, and a few attributes. */
function checkStatic(markup: SvgMarkup): void {
  for (const [name, value] of markup.entities) {
    if (value.includes('<'))
      refuse(`The SVG declares an entity (${name}) that contains markup, which is not supported.`);
    if (textLength(`&${name};`, markup.entities) === Infinity) refuse(`The SVG's entity ${name} refers to itself.`);
  }
  for (const element of markup.elements) {
    if (element.name === 'feTurbulence') {
      const octaves = Number(expandText(element.attributes.get('numOctaves') ?? '1', markup.entities));
      if (octaves > MAX_OCTAVES)
        refuse(
          `The SVG's feTurbulence asks for ${thousands(octaves)} octaves; at most ${MAX_OCTAVES} are allowed (further octaves are finer than a pixel).`,
        );
    }
    if (element.name === 'image' || element.name === 'feImage') {
      const href = element.attributes.get('href') ?? element.attributes.get('xlink:href') ?? '';
      if (/^\s*data:image\/svg\+xml/i.test(expandText(href.slice(0, 64), markup.entities) ?? '')) {
        refuse(
          'An SVG embedded as an image in the SVG is not supported: each would be parsed and drawn with budgets of its own.',
        );
      }
    }
  }
}

/**
 * An feImage may draw an element, but not one that is itself filtered by an feImage drawing an
 * element: resvg draws such chains again at every level, and its own simplified tree (from
 * which svg-cost.ts estimates the drawing) keeps only the first level of them.
 */
function checkFeImageNesting(markup: SvgMarkup, ids: Map<string, SvgElement>): void {
  const drawsElements = (filter: SvgElement) =>
    filter.children.some((p) => p.name === 'feImage' && reference(p, ids, markup.entities) !== undefined);
  const chaining = new Set(markup.elements.filter((e) => e.name === 'filter' && drawsElements(e)));
  if (chaining.size === 0) return;
  const cssFilters = markup.elements.some((e) => e.css !== undefined && /filter\s*:/.test(e.css));
  const filteredByChain = (element: SvgElement): boolean =>
    [...element.attributes.values()].some((value) =>
      urlTargets(expandText(value, markup.entities) ?? value, ids).some((target) => chaining.has(target)),
    ) || element.children.some(filteredByChain);
  for (const filter of chaining) {
    for (const primitive of filter.children) {
      const target = primitive.name === 'feImage' ? reference(primitive, ids, markup.entities) : undefined;
      if (target && (cssFilters || filteredByChain(target))) {
        refuse(
          'The SVG draws, through an feImage, an element whose own filter draws elements through an feImage; only one such level is supported.',
        );
      }
    }
  }
}
