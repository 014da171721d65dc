// YAML 1.2 (core schema) in, the formatter's lossless tree out. The `yaml` library reads the text;
// its values are not used for numbers, which are taken from their source text so that
// `12345678901234567890` and `1.0` survive as in JSON. Loaded only when a request reads YAML.
import { Composer, Lexer, Parser, isAlias, isMap, isScalar, isSeq, type Document, type Node } from 'yaml';
import { JsonObject, JsonSyntaxError, type JsonNode } from '../../lib/json-tree';
import { MAX_YAML_CHARS, MAX_YAML_NESTING, maxExpandedValues } from './limits';
import { SPECIAL_FLOATS } from './special';

/** Aliases would expand the document beyond maxExpandedValues (a "billion laughs" bomb). */
export class AliasExpansionError extends Error {
  override name = 'AliasExpansionError';
  readonly limit: number;
  constructor(limit: number) {
    super('aliases expand too far');
    this.limit = limit;
  }
}

/** More YAML than MAX_YAML_CHARS. */
export class YamlTooLargeError extends Error {
  override name = 'YamlTooLargeError';
}

const COLLECTIONS = new Set(['block-map', 'block-seq', 'flow-collection']);

const OPTIONS = { version: '1.2', schema: 'core', intAsBigInt: true, uniqueKeys: true, merge: false } as const;

/**
 * The CST of `src`, refusing nesting beyond MAX_YAML_NESTING as it grows: the library's composer
 * is recursive (it overflowed the call stack near 800 levels in Node), and its parser's work per
 * token grows with the depth, so depth is checked before either goes deep.
 */
function tokens(src: string) {
  const parser = new Parser();
  const out = [];
  for (const lexeme of new Lexer().lex(src)) {
    for (const token of parser.next(lexeme)) out.push(token);
    // The stack holds the document, one entry per open collection, and at most two others (a
    // scalar or value being read): only near the limit are the collections counted.
    if (parser.stack.length > MAX_YAML_NESTING + 1) {
      const depth = parser.stack.filter((token) => COLLECTIONS.has(token.type)).length;
      if (depth > MAX_YAML_NESTING)
        throw new JsonSyntaxError(`Nesting is deeper than ${MAX_YAML_NESTING} levels (YAML)`, parser.offset);
    }
  }
  for (const token of parser.end()) out.push(token);
  return out;
}

/** The one document of `src`; a JsonSyntaxError for the first error the library reports. */
function compose(src: string): Document.Parsed {
  const docs = [...new Composer(OPTIONS).compose(tokens(src))];
  const doc = docs[0];
  if (doc === undefined) throw new JsonSyntaxError('Expected a YAML document but found the end of input', 0);
  const error = doc.errors[0];
  if (error) throw new JsonSyntaxError(sentence(error.message), error.pos[0]);
  if (docs.length > 1) {
    throw new JsonSyntaxError(
      'Expected one YAML document but found a second (after ---); convert one document at a time',
      docs[1]!.range[0],
    );
  }
  return doc;
}

/** The library's message as the start of the tool's sentence (the tool adds where). */
function sentence(message: string): string {
  const first = message.split('\n', 1)[0]!.replace(/[.:]\s*$/, '');
  return `Invalid YAML: ${first}`;
}

/** `src` (YAML 1.2) as a tree. Throws JsonSyntaxError with an offset, or AliasExpansionError. */
export function readYaml(src: string): JsonNode {
  if (src.length > MAX_YAML_CHARS) throw new YamlTooLargeError();
  const doc = compose(src);
  const root = doc.contents;
  if (root === null) return 'null';
  const reader = new Reader(src);
  const tree = reader.node(root, 1);
  const limit = maxExpandedValues(src.length);
  // Without aliases the tree has fewer values than the text has characters.
  if (reader.aliases > 0 && reader.size(root) > limit) throw new AliasExpansionError(limit);
  return tree;
}

class Reader {
  private readonly src: string;
  /** The tree of each anchored node: an alias shares it, so memory stays linear. */
  private readonly done = new Map<Node, JsonNode>();
  /** How many aliases were read (the expansion is measured only when there are some). */
  aliases = 0;
  /** Values per node with aliases expanded; memoized, so a bomb costs no more than its text. */
  private readonly sizes = new Map<Node, number>();
  /** The node each anchor name stands for at this point of the document. */
  private readonly anchors = new Map<string, Node>();
  private readonly open = new Set<Node>();

  constructor(src: string) {
    this.src = src;
  }

  node(node: Node, depth: number): JsonNode {
    if (isAlias(node)) {
      const target = this.anchors.get(node.source);
      if (target === undefined)
        throw new JsonSyntaxError(
          `Invalid YAML: the alias *${node.source} has no anchor before it`,
          node.range?.[0] ?? 0,
        );
      if (this.open.has(target))
        throw new JsonSyntaxError(
          `Invalid YAML: the alias *${node.source} refers to a collection that contains it, which has no end`,
          node.range?.[0] ?? 0,
        );
      this.aliases++;
      return this.done.get(target)!;
    }
    if (node.anchor) this.anchors.set(node.anchor, node);
    let value: JsonNode;
    if (isScalar(node)) {
      value = this.scalar(node);
    } else if (isSeq(node)) {
      this.open.add(node);
      const items = node.items as Node[];
      value = items.map((item) => this.node(item, depth + 1));
      this.open.delete(node);
    } else if (isMap(node)) {
      this.open.add(node);
      const object = new JsonObject();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const name = key === null ? 'null' : this.key(key, depth);
        object.set(JSON.stringify(name), pair.value === null ? 'null' : this.node(pair.value as Node, depth + 1));
      }
      value = object;
      this.open.delete(node);
    } else {
      value = 'null';
    }
    if (node.anchor) this.done.set(node, value);
    return value;
  }

  /** A mapping key as a JSON key: scalars by their JSON text (strings as they are). */
  private key(node: Node, depth: number): string {
    const value = this.node(node, depth + 1);
    if (typeof value !== 'string') {
      throw new JsonSyntaxError(
        'Invalid YAML for JSON: a mapping key is a collection, and JSON keys are strings',
        node.range?.[0] ?? 0,
      );
    }
    return value.startsWith('"') ? (JSON.parse(value) as string) : value;
  }

  private scalar(node: Node & { value: unknown }): JsonNode {
    const value = node.value;
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') {
      const range = node.range!;
      return numberText(this.src.slice(range[0], range[1]), value);
    }
    // A value of a tag the core schema lacks (there are none by default): its text.
    return JSON.stringify(String(value));
  }

  /** How many values `node` stands for with every alias expanded (memoized). */
  size(root: Node): number {
    // Iterative post-order: the tree is at most MAX_YAML_NESTING deep, but a plain loop is as short.
    const stack: [Node, boolean][] = [[root, false]];
    while (stack.length > 0) {
      const [node, ready] = stack.pop()!;
      const target = isAlias(node) ? this.anchors.get(node.source) : node;
      if (target === undefined || this.sizes.has(target)) continue;
      const children: Node[] = isSeq(target)
        ? (target.items as Node[])
        : isMap(target)
          ? target.items
              .flatMap((pair) => [pair.key as Node | null, pair.value as Node | null])
              .filter((n) => n !== null)
          : [];
      if (!ready) {
        stack.push([target, true]);
        for (const child of children) stack.push([child, false]);
        continue;
      }
      let total = 1;
      for (const child of children) {
        const c = isAlias(child) ? this.anchors.get(child.source) : child;
        total += c === undefined ? 1 : (this.sizes.get(c) ?? 1);
      }
      this.sizes.set(target, total);
    }
    return this.sizes.get(root) ?? 1;
  }
}

const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^([-+]?)(\.[0-9]+|[0-9]+(?:\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

/**
 * A YAML number's JSON text, from its source: digits as written (`+1` → `1`, `007` → `7`,
 * `.5` → `0.5`, `1.` → `1.0`), `0o`/`0x` integers in decimal, infinities and NaN as the
 * tree's special floats. A number with an explicit tag (`!!float "1"`) falls back to its value.
 */
function numberText(raw: string, value: number | bigint): string {
  const text = raw.trim();
  if (INT.test(text)) {
    const negative = text.startsWith('-');
    const digits = text.replace(/^[-+]/, '').replace(/^0+(?=\d)/, '');
    return negative ? `-${digits}` : digits;
  }
  const float = FLOAT.exec(text);
  if (float) {
    const [, sign, mantissa, exponent = ''] = float;
    const [digits = '', fraction] = mantissa!.split('.');
    const whole = digits.replace(/^0+(?=\d)/, '') || '0';
    const dot = fraction === undefined ? '' : `.${fraction || '0'}`;
    return `${sign === '-' ? '-' : ''}${whole}${dot}${exponent}`;
  }
  if (typeof value === 'bigint') return value.toString();
  if (Number.isNaN(value)) return SPECIAL_FLOATS.nan;
  if (!Number.isFinite(value)) return value > 0 ? SPECIAL_FLOATS.inf : SPECIAL_FLOATS.minusInf;
  return Object.is(value, -0) ? '-0.0' : String(value);
}
