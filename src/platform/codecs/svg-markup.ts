// A small, linear-time reader of SVG markup into elements, for counting what a document asks
// of the renderer before the renderer sees it (src/lib/images/svg-budget.ts) and for reading
// the renderer's own simplified tree (svg-cost.ts). It does not validate: whatever it reads
// differently from the real parser (roxmltree, inside resvg) is either refused by that parser
// or counted here at least as large (entity references count as their expansion).

export interface SvgElement {
  /** Local name (a namespace prefix removed): "rect", "use". */
  name: string;
  /** Attribute values as written (entity references not expanded), by qualified name. */
  attributes: Map<string, string>;
  children: SvgElement[];
  /** Characters of text directly inside, entity references counted as their expansion. */
  text: number;
  /** A <style> element's text as written (CSS can name paint servers, masks and filters). */
  css?: string;
  /** Nesting depth, the root element at 1. */
  depth: number;
}

export interface SvgMarkup {
  root: SvgElement | undefined;
  /** Every element in document order. */
  elements: SvgElement[];
  /** Internal entities declared in the DOCTYPE: name → replacement text. */
  entities: Map<string, string>;
  /** The deepest nesting seen (elements never closed still count). */
  depth: number;
  /** Reading stopped at `maxElements`: the rest of the document was not read. */
  truncated: boolean;
}

const NO_ATTRIBUTES: Map<string, string> = new Map();

const PREDEFINED = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** The index of the `>` that ends a tag or declaration starting at `from`, skipping quoted text. */
function tagEnd(text: string, from: number, subset = false): number {
  let quote = '';
  let bracket = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (subset && c === '[') bracket = true;
    else if (subset && c === ']') bracket = false;
    else if (c === '>' && !bracket) return i;
  }
  return text.length;
}

const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const NAME = /[^\s/>]*/y;
const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

export function parseSvgMarkup(text: string, maxElements = Infinity): SvgMarkup {
  const elements: SvgElement[] = [];
  const entities = new Map<string, string>();
  const stack: SvgElement[] = [];
  let root: SvgElement | undefined;
  let depth = 0;
  // Found lazily, so that the document is scanned for each once in all.
  let nextAmpersand = -1;
  let nextEquals = -1;
  const addText = (from: number, to: number) => {
    const parent = stack[stack.length - 1];
    if (!parent) return;
    if (nextAmpersand < from) nextAmpersand = text.indexOf('&', from) >>> 0; // none: 2³²−1
    parent.text += nextAmpersand >= to ? to - from : textLength(text.slice(from, to), entities);
    if (parent.name === 'style') parent.css = (parent.css ?? '') + text.slice(from, to);
  };
  for (let i = 0; i < text.length;) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      addText(i, text.length);
      break;
    }
    if (lt > i) addText(i, lt);
    if (text.startsWith('<!--', lt)) {
      const end = text.indexOf('-->', lt + 4);
      i = end < 0 ? text.length : end + 3;
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = text.indexOf(']]>', lt + 9);
      const stop = end < 0 ? text.length : end;
      const parent = stack[stack.length - 1];
      if (parent) parent.text += stop - (lt + 9);
      if (parent?.name === 'style') parent.css = (parent.css ?? '') + text.slice(lt + 9, stop);
      i = end < 0 ? text.length : end + 3;
    } else if (text.startsWith('<?', lt)) {
      const end = text.indexOf('?>', lt + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (text.startsWith('<!', lt)) {
      const end = tagEnd(text, lt + 2, true);
      for (const m of text.slice(lt, end).matchAll(/<!ENTITY\s+([^\s%"']+)\s+(?:"([^"]*)"|'([^']*)')/g)) {
        if (!entities.has(m[1]!)) entities.set(m[1]!, m[2] ?? m[3] ?? '');
      }
      i = end + 1;
    } else if (text[lt + 1] === '/') {
      stack.pop();
      i = tagEnd(text, lt + 2) + 1;
    } else {
      const end = tagEnd(text, lt + 1);
      const selfClosing = text[end - 1] === '/';
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)![0];
      let attributes = NO_ATTRIBUTES;
      if (nextEquals < lt) nextEquals = text.indexOf('=', lt) >>> 0; // none: 2³²−1
      if (nextEquals < end) {
        attributes = new Map();
        // Matched in place, one attribute after another (roxmltree refuses anything else).
        ATTRIBUTE.lastIndex = lt + 1 + name.length;
        for (let m = ATTRIBUTE.exec(text); m && m.index < end; m = ATTRIBUTE.exec(text))
          attributes.set(m[1]!, m[2] ?? m[3] ?? '');
      }
      const element: SvgElement = { name: localName(name), attributes, children: [], text: 0, depth: stack.length + 1 };
      depth = Math.max(depth, element.depth);
      elements.push(element);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else root ??= element;
      if (!selfClosing) stack.push(element);
      i = end + 1;
      if (elements.length >= maxElements) return { root, elements, entities, depth, truncated: true };
    }
  }
  return { root, elements, entities, depth, truncated: false };
}

/** Each entity's expanded length, computed once per document (nested entities multiply). */
const expandedLengths = new WeakMap<Map<string, string>, Map<string, number>>();

/**
 * Length of `value` once entity references are replaced, computed without building it (an
 * entity may double at each of ten levels). A self-referencing entity counts as Infinity.
 */
export function textLength(value: string, entities: Map<string, string>): number {
  if (!value.includes('&')) return value.length;
  let lengths = expandedLengths.get(entities);
  if (!lengths) expandedLengths.set(entities, (lengths = new Map()));
  const known = lengths;
  const entityLength = (name: string): number => {
    const cached = known.get(name);
    if (cached !== undefined) return cached;
    if (!entities.has(name)) return name.length + 2; // left as written; the parser refuses it
    known.set(name, Infinity); // while being computed: a reference back to it is a loop
    const length = measure(entities.get(name)!);
    known.set(name, length);
    return length;
  };
  const measure = (text: string): number => {
    let length = text.length;
    for (const m of text.matchAll(/&([^;\s&]*);/g)) {
      const name = m[1]!;
      length += (name.startsWith('#') || PREDEFINED.has(name) ? 1 : entityLength(name)) - m[0].length;
    }
    return length;
  };
  return measure(value);
}

/** `value` with entity and character references replaced, when it stays under `max` characters. */
export function expandText(value: string, entities: Map<string, string>, max = 4096): string | undefined {
  if (textLength(value, entities) > max) return undefined;
  return value.replace(/&([^;\s&]*);/g, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return String.fromCodePoint(code > 0 && code <= 0x10ffff ? code : 0xfffd);
    }
    const predefined: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (name in predefined) return predefined[name]!;
    const replacement = entities.get(name);
    return replacement === undefined ? whole : (expandText(replacement, entities, max) ?? whole);
  });
}
