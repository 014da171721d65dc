// The page's side-by-side comparison: both documents pretty-printed, each line knowing the JSON
// Pointer of the value it belongs to, and marked when that value (or one around it) is one the
// patch removes, adds, replaces or moves. Loaded with the comparison view only.
import { diffJson, type Marks } from './diff';
import { parseJson, type JsonNode } from '../../lib/json-tree';
import type { ArrayDiff } from './schema';

export type DiffLine = { text: string; changed: boolean };
export type SideBySide = { left: DiffLine[]; right: DiffLine[]; truncated: boolean };

/** Lines beyond this many per side are not shown (the patch has everything). */
export const MAX_VIEW_LINES = 5000;

const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');
const keyText = (literal: string): string =>
  literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);

/** Whether `pointer` is one of `marked` or inside one of them. */
function isMarked(pointer: string, marked: Set<string>): boolean {
  if (marked.has(pointer)) return true;
  for (let i = pointer.lastIndexOf('/'); i > 0; i = pointer.lastIndexOf('/', i - 1))
    if (marked.has(pointer.slice(0, i))) return true;
  return marked.has('');
}

/** `root` in 2-space lines (JSON.stringify's layout), each with its pointer's mark; at most `max` lines. */
function lines(root: JsonNode, marked: Set<string>, max: number): { lines: DiffLine[]; truncated: boolean } {
  const out: DiffLine[] = [];
  type Frame = { node: JsonNode[] | { keys: string[]; values: JsonNode[] }; pointer: string; next: number };
  const stack: Frame[] = [];
  let pending: { value: JsonNode; pointer: string; prefix: string } | undefined = {
    value: root,
    pointer: '',
    prefix: '',
  };
  const indent = () => '  '.repeat(stack.length);
  while (out.length < max) {
    if (pending) {
      const { value, pointer, prefix } = pending;
      pending = undefined;
      const changed = isMarked(pointer, marked);
      if (typeof value === 'string') {
        out.push({ text: indent() + prefix + value, changed });
      } else {
        const isArray = Array.isArray(value);
        const size = isArray ? value.length : value.keys.length;
        if (size === 0) {
          out.push({ text: indent() + prefix + (isArray ? '[]' : '{}'), changed });
        } else {
          out.push({ text: indent() + prefix + (isArray ? '[' : '{'), changed });
          stack.push({ node: value, pointer, next: 0 });
        }
      }
    }
    const frame = stack[stack.length - 1];
    if (frame === undefined) return { lines: out, truncated: false };
    const node = frame.node;
    const isArray = Array.isArray(node);
    const size = isArray ? node.length : node.keys.length;
    const last = out[out.length - 1]!;
    if (frame.next < size) {
      if (frame.next > 0) last.text += ',';
      const i = frame.next++;
      pending = isArray
        ? { value: node[i]!, pointer: `${frame.pointer}/${i}`, prefix: '' }
        : {
            value: node.values[i]!,
            pointer: `${frame.pointer}/${token(keyText(node.keys[i]!))}`,
            prefix: `${node.keys[i]!}: `,
          };
    } else {
      stack.pop();
      out.push({ text: indent() + (isArray ? ']' : '}'), changed: isMarked(frame.pointer, marked) });
    }
  }
  return { lines: out, truncated: true };
}

/** Both documents side by side with their changes marked; throws what the tool would answer with an error for. */
export function sideBySide(first: string, second: string, arrayDiff: ArrayDiff): SideBySide {
  const a = parseJson(first);
  const b = parseJson(second);
  const marks: Marks = { a: [], b: [] };
  diffJson(a, b, arrayDiff, marks);
  const left = lines(a, new Set(marks.a), MAX_VIEW_LINES);
  const right = lines(b, new Set(marks.b), MAX_VIEW_LINES);
  return { left: left.lines, right: right.lines, truncated: left.truncated || right.truncated };
}
