// The general path, for what needs whole objects before printing: sorted keys and duplicate keys.
// Building and printing are both iterative, so no nesting depth can overflow the call stack.
import type { JsonSink } from './parse';
import type { OutputWriter } from './writer';

/**
 * A parsed value. Scalars are their output text: numbers and literals as written, strings in
 * JSON.stringify's spelling. Objects are JsonObject, never plain JS objects (which would move
 * integer-like keys first and treat `__proto__` specially).
 */
export type JsonNode = string | JsonNode[] | JsonObject;

/** A JSON object: unique keys (as JSON string literals) in first-seen order, with their values. */
export class JsonObject {
  readonly keys: string[] = [];
  readonly values: JsonNode[] = [];
  /** Key → position, built only once an object is large enough for linear search to cost. */
  private index: Map<string, number> | undefined;

  /** Duplicate keys: the last value wins, at the position of the first occurrence. */
  set(key: string, value: JsonNode): void {
    const at = this.find(key);
    if (at >= 0) {
      this.values[at] = value;
      return;
    }
    this.index?.set(key, this.keys.length);
    this.keys.push(key);
    this.values.push(value);
  }

  private find(key: string): number {
    if (this.index === undefined) {
      if (this.keys.length < 16) return this.keys.indexOf(key);
      this.index = new Map(this.keys.map((k, i) => [k, i]));
    }
    return this.index.get(key) ?? -1;
  }
}

/** Builds the tree of one JSON text; `root` holds it once parsing has finished. */
export class TreeBuilder implements JsonSink {
  root: JsonNode = '';
  private readonly src: string;
  private readonly open: (JsonNode[] | JsonObject)[] = [];
  /** For each open container, the key awaiting its value ('' for arrays). */
  private readonly keys: string[] = [];

  constructor(src: string) {
    this.src = src;
  }

  private add(value: JsonNode): void {
    const top = this.open[this.open.length - 1];
    if (top === undefined) this.root = value;
    else if (Array.isArray(top)) top.push(value);
    else top.set(this.keys[this.keys.length - 1]!, value);
  }

  private begin(container: JsonNode[] | JsonObject): void {
    this.open.push(container);
    this.keys.push('');
  }

  private end(): void {
    this.keys.pop();
    this.add(this.open.pop()!);
  }

  beginObject(): void {
    this.begin(new JsonObject());
  }

  endObject(): void {
    this.end();
  }

  beginArray(): void {
    this.begin([]);
  }

  endArray(): void {
    this.end();
  }

  key(start: number, end: number, text: string | undefined): void {
    this.keys[this.keys.length - 1] = text ?? this.src.slice(start, end);
  }

  scalar(start: number, end: number, text: string | undefined): void {
    this.add(text ?? this.src.slice(start, end));
  }
}

/** Prints a tree in JSON.stringify's layout (`{}` and `[]` when empty), keys sorted on request. */
export function printTree(root: JsonNode, out: OutputWriter, sortKeys: boolean): void {
  const open: (JsonNode[] | JsonObject)[] = [];
  const nextIndex: number[] = [];
  const orders: (number[] | undefined)[] = [];
  let value: JsonNode = root;
  for (;;) {
    if (typeof value === 'string') {
      out.text(value);
    } else {
      out.char(Array.isArray(value) ? 91 : 123);
      open.push(value);
      nextIndex.push(0);
      orders.push(value instanceof JsonObject && sortKeys ? codePointOrder(value.keys) : undefined);
    }

    // Move to the next member to print, closing every container that is finished.
    for (;;) {
      const depth = open.length;
      if (depth === 0) return;
      const node = open[depth - 1]!;
      const i = nextIndex[depth - 1]!;
      const isArray = Array.isArray(node);
      const size = isArray ? node.length : node.keys.length;
      if (i < size) {
        if (i > 0) out.char(44); // ,
        out.lineBreak(depth);
        nextIndex[depth - 1] = i + 1;
        if (isArray) {
          value = node[i]!;
        } else {
          const k = orders[depth - 1]?.[i] ?? i;
          out.text(node.keys[k]!);
          out.colon();
          value = node.values[k]!;
        }
        break;
      }
      if (size > 0) out.lineBreak(depth - 1);
      out.char(isArray ? 93 : 125);
      open.pop();
      nextIndex.pop();
      orders.pop();
    }
  }
}

/** Indices of `keys` (JSON string literals) in Unicode code point order of their values. */
function codePointOrder(keys: readonly string[]): number[] {
  const values = keys.map((key) => (key.includes('\\') ? (JSON.parse(key) as string) : key.slice(1, -1)));
  return values.map((_, i) => i).sort((a, b) => compareCodePoints(values[a]!, values[b]!));
}

/**
 * Compares by code point, not by UTF-16 unit (which would put U+10000 and above before
 * U+E000–U+FFFF). Lone surrogates compare as their own code point.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  // A shared high surrogate just before the difference may start the code points to compare;
  // when it is lone in both strings, the difference itself starts them.
  const prev = a.charCodeAt(i - 1);
  if (prev >= 0xd800 && prev <= 0xdbff) {
    const x = a.codePointAt(i - 1)!;
    const y = b.codePointAt(i - 1)!;
    if (x !== y) return x - y;
  }
  return a.codePointAt(i)! - b.codePointAt(i)!;
}
