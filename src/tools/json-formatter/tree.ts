// The tree view's model: the formatted output parsed losslessly (scalars keep their exact text,
// keys their order), and RFC 9535 normalized paths (§2.7) for "Copy JSONPath".
import { parseStrictJson, type JsonBuilder } from '../../lib/json-strict';
import { MAX_NESTING } from './limits';

/** A scalar's JSON text, an array's items or an object's [name, value] members. */
export type TreeValue = { kind: 'scalar'; text: string } | { kind: 'array'; items: TreeValue[] } | { kind: 'object'; members: [string, TreeValue][] };

const name = (src: string, start: number, end: number) => {
  const literal = src.slice(start, end);
  return literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);
};

const BUILDER: JsonBuilder<TreeValue, TreeValue[], [string, TreeValue][]> = {
  string: (src, start, end) => ({ kind: 'scalar', text: src.slice(start, end) }),
  key: name,
  number: (src, start, end) => ({ kind: 'scalar', text: src.slice(start, end) }),
  literal: (word) => ({ kind: 'scalar', text: word }),
  emptyArray: () => ({ kind: 'array', items: [] }),
  array: () => [],
  push: (items, value) => void items.push(value),
  closeArray: (items) => ({ kind: 'array', items }),
  emptyObject: () => ({ kind: 'object', members: [] }),
  object: () => [],
  // The formatter's output has unique keys already (the last duplicate won there).
  set: (members, key, value) => void members.push([key, value]),
  closeObject: (members) => ({ kind: 'object', members }),
};

/** The tree of a formatted JSON text (valid: the formatter produced it), or undefined. */
export function buildTree(json: string): TreeValue | undefined {
  const parsed = parseStrictJson(json, BUILDER, MAX_NESTING);
  return parsed.ok ? parsed.value : undefined;
}

const HEX = '0123456789abcdef';

/** One child segment of a normalized path: `[0]` or `['name']` (RFC 9535 §2.7 escaping). */
export function segment(step: string | number): string {
  if (typeof step === 'number') return `[${step}]`;
  let out = "['";
  for (const ch of step) {
    const c = ch.codePointAt(0)!;
    if (ch === "'") out += "\\'";
    else if (ch === '\\') out += '\\\\';
    else if (c === 8) out += '\\b';
    else if (c === 12) out += '\\f';
    else if (c === 10) out += '\\n';
    else if (c === 13) out += '\\r';
    else if (c === 9) out += '\\t';
    else if (c < 0x20) out += `\\u00${HEX[c >> 4]}${HEX[c & 15]}`;
    else out += ch;
  }
  return out + "']";
}
