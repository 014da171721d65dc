// The tree view's model: the formatted output parsed losslessly (scalars keep their exact text,
// keys their order), and RFC 9535 normalized paths (§2.7) for "Copy JSONPath".
import { parseStrictJson, type JsonBuilder } from '../../lib/json-strict';
import { normalizedPath } from '../../lib/jsonpath';
import { MAX_NESTING } from './limits';

/** A scalar's JSON text, an array's items or an object's [name, value] members. */
export type TreeValue =
  | { kind: 'scalar'; text: string }
  | { kind: 'array'; items: TreeValue[] }
  | { kind: 'object'; members: [string, TreeValue][] };

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

export { segment } from '../../lib/jsonpath';

export type Step = string | number;

/** A name both JavaScript and RFC 9535 take after a dot (JSONPath allows no `$` in it). */
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The dot form of a path, as JavaScript would read it after `$`: `$.users[4321].name`, `$["a b"]`. */
export function dotPath(steps: readonly Step[]): string {
  let out = '$';
  for (const step of steps)
    out += typeof step === 'number' ? `[${step}]` : IDENTIFIER.test(step) ? `.${step}` : `[${JSON.stringify(step)}]`;
  return out;
}

export { normalizedPath };

/**
 * The steps of a path as people type it, or undefined when it is not one: the normalized form
 * (`$['users'][4321]`), the dot form (`$.users[4321].name`, `users[4321].name`, `.users`), and
 * names in double or single quotes inside brackets (`["a b"]`, escapes as in JSON). A leading
 * `$` is optional. Wildcards, slices and filters are queries, not paths: the JSONPath filter
 * runs those.
 */
export function parsePath(text: string): Step[] | undefined {
  const src = text.trim();
  const steps: Step[] = [];
  let i = src.startsWith('$') ? 1 : 0;
  let first = true;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '.' || (first && i === 0 && c !== '[')) {
      if (c === '.') i++;
      const match = /^[^.[\]\s'"]+/.exec(src.slice(i));
      if (!match) return undefined;
      steps.push(match[0]);
      i += match[0].length;
    } else if (c === '[') {
      const rest = src.slice(i + 1);
      const index = /^\s*(\d+)\s*\]/.exec(rest);
      if (index) {
        steps.push(Number(index[1]));
        i += 1 + index[0].length;
      } else {
        const quote = rest.trimStart()[0];
        if (quote !== '"' && quote !== "'") return undefined;
        const start = i + 1 + (rest.length - rest.trimStart().length);
        let end = start + 1;
        while (end < src.length && src[end] !== quote) end += src[end] === '\\' ? 2 : 1;
        if (end >= src.length) return undefined;
        const body = src.slice(start + 1, end);
        let name: string;
        try {
          name = JSON.parse(`"${quote === "'" ? asDoubleQuoted(body) : body}"`) as string;
        } catch {
          return undefined;
        }
        const close = /^\s*\]/.exec(src.slice(end + 1));
        if (!close) return undefined;
        steps.push(name);
        i = end + 1 + close[0].length;
      }
    } else return undefined;
    first = false;
  }
  return steps;
}

/** A single-quoted name's body as a double-quoted one's (`\'` is a quote, `"` needs escaping); JSON's escapes stay. */
function asDoubleQuoted(body: string): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      out += body[i + 1] === "'" ? "'" : c + (body[i + 1] ?? '');
      i++;
    } else out += c === '"' ? '\\"' : c;
  }
  return out;
}

/** The value at `steps` in the tree, or undefined when the document has nothing there. */
export function valueAt(root: TreeValue, steps: readonly Step[]): TreeValue | undefined {
  let node: TreeValue | undefined = root;
  for (const step of steps) {
    if (node === undefined) return undefined;
    if (node.kind === 'array') node = typeof step === 'number' ? node.items[step] : undefined;
    else if (node.kind === 'object') node = node.members.find(([key]) => key === String(step))?.[1];
    else return undefined;
  }
  return node;
}

/** Where a child sits among its parent's children (array index or member position), for paging. */
export function childIndex(parent: TreeValue, step: Step): number {
  if (parent.kind === 'array') return typeof step === 'number' ? step : -1;
  if (parent.kind === 'object') return parent.members.findIndex(([key]) => key === String(step));
  return -1;
}

export interface KeyMatch {
  steps: Step[];
  value: TreeValue;
}

/**
 * Members whose name contains `query` (case-insensitive), in document order, at most `limit`;
 * `total` counts them all. Iterative, so a deep document cannot overflow the stack.
 */
export function findKeys(root: TreeValue, query: string, limit: number): { matches: KeyMatch[]; total: number } {
  const needle = query.toLowerCase();
  const matches: KeyMatch[] = [];
  let total = 0;
  const stack: { value: TreeValue; steps: Step[]; key?: string }[] = [{ value: root, steps: [] }];
  while (stack.length > 0) {
    const { value, steps, key } = stack.pop()!;
    if (key !== undefined && key.toLowerCase().includes(needle)) {
      total++;
      if (matches.length < limit) matches.push({ steps, value });
    }
    // Pushed in reverse so that they are visited in document order.
    if (value.kind === 'array')
      for (let i = value.items.length - 1; i >= 0; i--) stack.push({ value: value.items[i]!, steps: [...steps, i] });
    else if (value.kind === 'object') {
      for (let i = value.members.length - 1; i >= 0; i--) {
        const [name, child] = value.members[i]!;
        stack.push({ value: child, steps: [...steps, name], key: name });
      }
    }
  }
  return { matches, total };
}
