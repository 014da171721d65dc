// The differences between two parsed documents as an RFC 6902 JSON Patch: applied in order to
// the first document, its operations give the second. Values are compared as JSON values:
// strings by their characters, numbers by their exact decimal value (so 1.0 equals 1 and
// 12345678901234567890 differs from 12345678901234567891), objects by their members whatever
// their order. Iterative, so no nesting depth can overflow the call stack.
import { MAX_LCS_CELLS } from './limits';
import { JsonObject, type JsonNode } from '../../lib/json-tree';
import type { ArrayDiff } from './schema';

/** The arrays at `pointer` (in the first document) would need more comparisons than are left. */
export class LcsTooLargeError extends Error {
  override name = 'LcsTooLargeError';
  constructor(
    readonly pointer: string,
    readonly removed: number,
    readonly added: number,
    readonly left: number,
  ) {
    super(`${removed} × ${added} element pairs at ${pointer === '' ? 'the root' : pointer}, ${left} left`);
  }
}

/** One operation, its value (if any) still a parsed node so that it prints losslessly. */
export type PatchOp =
  | { op: 'add' | 'replace'; path: string; value: JsonNode }
  | { op: 'remove'; path: string }
  | { op: 'move'; from: string; path: string };

/** A JSON Pointer token (RFC 6901): `~` as `~0`, `/` as `~1`. */
const token = (key: string): string => (/[~/]/.test(key) ? key.replace(/~/g, '~0').replace(/\//g, '~1') : key);

/** An object key (a JSON string literal in JSON.stringify's spelling) as the string it stands for. */
const keyText = (literal: string): string =>
  literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1);

const isNumber = (text: string): boolean => {
  const c = text.charCodeAt(0);
  return c === 45 || (c >= 48 && c <= 57); // '-' or a digit
};

/**
 * A number's exact value as one spelling: sign, significant digits without leading or trailing
 * zeros, and the exponent of the last digit (`-12.30e1` → `-123e0`; every zero → `0`). The
 * exponent is a BigInt so that `1e99999999999999999999` stays exact.
 */
export function numberKey(text: string): string {
  let i = 0;
  const negative = text.charCodeAt(0) === 45;
  if (negative) i++;
  let end = text.length;
  const e = Math.max(text.indexOf('e', i), text.indexOf('E', i));
  let exponent = 0n;
  if (e >= 0) {
    exponent = BigInt(text.slice(e + 1).replace('+', ''));
    end = e;
  }
  const dot = text.indexOf('.', i);
  let digits: string;
  if (dot >= 0 && dot < end) {
    digits = text.slice(i, dot) + text.slice(dot + 1, end);
    exponent -= BigInt(end - dot - 1);
  } else {
    digits = text.slice(i, end);
  }
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start++;
  let stop = digits.length;
  while (stop > start + 1 && digits.charCodeAt(stop - 1) === 48) {
    stop--;
    exponent++;
  }
  digits = digits.slice(start, stop);
  if (digits === '0') return '0';
  return `${negative ? '-' : ''}${digits}e${exponent}`;
}

/** Two scalars (output texts) are the same JSON value. */
const sameScalar = (a: string, b: string): boolean =>
  a === b || (isNumber(a) && isNumber(b) && numberKey(a) === numberKey(b));

/** Whether two nodes are the same JSON value (iterative: any depth). */
function sameNode(a: JsonNode, b: JsonNode): boolean {
  const stack: JsonNode[] = [a, b];
  while (stack.length > 0) {
    const y = stack.pop()!;
    const x = stack.pop()!;
    if (x === y) continue;
    if (typeof x === 'string' || typeof y === 'string') {
      if (typeof x !== 'string' || typeof y !== 'string' || !sameScalar(x, y)) return false;
      continue;
    }
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = 0; i < x.length; i++) stack.push(x[i]!, y[i]!);
      continue;
    }
    if (Array.isArray(y) || x.keys.length !== y.keys.length) return false;
    for (let i = 0; i < x.keys.length; i++) {
      const at = y.indexOf(x.keys[i]!);
      if (at < 0) return false;
      stack.push(x.values[i]!, y.values[at]!);
    }
  }
  return true;
}

/**
 * Gives every distinct JSON value an integer, so that deep equality is one comparison: a
 * container's is looked up by its kind and its members' (keys sorted), each container once.
 */
class Interner {
  private ids = new Map<string, number>();
  private memo = new WeakMap<object, number>();

  private intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }

  id(root: JsonNode): number {
    if (typeof root === 'string') return this.scalar(root);
    const known = this.memo.get(root);
    if (known !== undefined) return known;
    // Post-order without recursion: a container is interned once all its members are.
    const stack: (JsonNode[] | JsonObject)[] = [root];
    while (stack.length > 0) {
      const node = stack[stack.length - 1]!;
      if (this.memo.has(node)) {
        stack.pop();
        continue;
      }
      const members = Array.isArray(node) ? node : node.values;
      let ready = true;
      for (const member of members) {
        if (typeof member !== 'string' && !this.memo.has(member)) {
          stack.push(member);
          ready = false;
        }
      }
      if (!ready) continue;
      stack.pop();
      const ids = members.map((member) => (typeof member === 'string' ? this.scalar(member) : this.memo.get(member)!));
      let key: string;
      if (Array.isArray(node)) {
        key = `[${ids.join(',')}`;
      } else {
        const order = node.keys.map((_, i) => i).sort((x, y) => (node.keys[x]! < node.keys[y]! ? -1 : 1));
        key = `{${order.map((i) => `${node.keys[i]}:${ids[i]}`).join(',')}`;
      }
      this.memo.set(node, this.intern(key));
    }
    return this.memo.get(root)!;
  }

  private scalar(text: string): number {
    return this.intern(isNumber(text) ? `#${numberKey(text)}` : text);
  }
}

/**
 * A pair of nodes still to compare, the pointer where the first one stands while the patch
 * applies, and (for the page's marks) where each stands in its own document.
 */
type Task = { a: JsonNode; b: JsonNode; path: string; aAt: string; bAt: string };

/** Where the changes are in each document (JSON Pointers), for a view that marks them. */
export type Marks = { a: string[]; b: string[] };

/**
 * The operations that turn `a` into `b`. With `lcs`, arrays keep the longest common
 * subsequence of their elements in place, elements that only moved become `move` operations,
 * and the rest are compared pairwise within each stretch between kept elements. Throws
 * LcsTooLargeError when the arrays would need more than MAX_LCS_CELLS comparisons.
 */
export function diffJson(a: JsonNode, b: JsonNode, arrayDiff: ArrayDiff, marks?: Marks): PatchOp[] {
  const ops: PatchOp[] = [];
  const mark =
    marks &&
    ((aAt: string | undefined, bAt: string | undefined) => {
      if (aAt !== undefined) marks.a.push(aAt);
      if (bAt !== undefined) marks.b.push(bAt);
    });
  const interner = arrayDiff === 'lcs' ? new Interner() : undefined;
  let cellsLeft = MAX_LCS_CELLS;
  // Depth-first, in document order: the tasks of one container are pushed in reverse.
  const stack: Task[] = [{ a, b, path: '', aAt: '', bAt: '' }];
  while (stack.length > 0) {
    const task = stack.pop()!;
    const { a: x, b: y, path } = task;
    if (typeof x === 'string' || typeof y === 'string') {
      if (typeof x !== 'string' || typeof y !== 'string' || !sameScalar(x, y)) {
        ops.push({ op: 'replace', path, value: y });
        mark?.(task.aAt, task.bAt);
      }
      continue;
    }
    const xArray = Array.isArray(x);
    if (xArray !== Array.isArray(y)) {
      ops.push({ op: 'replace', path, value: y });
      mark?.(task.aAt, task.bAt);
      continue;
    }
    const tasks: Task[] = [];
    const before = ops.length;
    if (xArray) {
      const ya = y as JsonNode[];
      if (interner) cellsLeft = diffArrayLcs(x, ya, task, interner, ops, tasks, cellsLeft, mark);
      else diffArrayIndex(x, ya, task, ops, tasks);
    } else {
      diffObject(x, y as JsonObject, task, ops, tasks);
    }
    // An object's or an index comparison's operations name the member by its last token.
    if (mark && (!xArray || !interner)) markMembers(ops, before, task, mark);
    for (let i = tasks.length - 1; i >= 0; i--) stack.push(tasks[i]!);
  }
  return ops;
}

// Operations on a container's own members are emitted at once, before those inside its members;
// that order is safe because they never change where a compared member stands (objects) or
// they are emitted so that it is already final (arrays, see below).

type Mark = (aAt: string | undefined, bAt: string | undefined) => void;

/** Marks what ops[from…] remove, add or replace, each a member of the task's nodes. */
function markMembers(ops: PatchOp[], from: number, task: Task, mark: Mark): void {
  for (let k = from; k < ops.length; k++) {
    const op = ops[k]!;
    const last = op.path.slice(task.path.length);
    mark(op.op === 'add' ? undefined : task.aAt + last, op.op === 'remove' ? undefined : task.bAt + last);
  }
}

function diffObject(x: JsonObject, y: JsonObject, task: Task, ops: PatchOp[], tasks: Task[]): void {
  const path = task.path;
  for (let i = 0; i < x.keys.length; i++) {
    const key = x.keys[i]!;
    const at = y.indexOf(key);
    const last = `/${token(keyText(key))}`;
    if (at < 0) ops.push({ op: 'remove', path: path + last });
    else
      tasks.push({ a: x.values[i]!, b: y.values[at]!, path: path + last, aAt: task.aAt + last, bAt: task.bAt + last });
  }
  for (let i = 0; i < y.keys.length; i++) {
    const key = y.keys[i]!;
    if (x.indexOf(key) < 0) ops.push({ op: 'add', path: `${path}/${token(keyText(key))}`, value: y.values[i]! });
  }
}

/** By index: shared indices compared, then the surplus removed from the end or appended. */
function diffArrayIndex(x: JsonNode[], y: JsonNode[], task: Task, ops: PatchOp[], tasks: Task[]): void {
  const { path, aAt, bAt } = task;
  const shared = Math.min(x.length, y.length);
  for (let i = x.length - 1; i >= shared; i--) ops.push({ op: 'remove', path: `${path}/${i}` });
  for (let i = shared; i < y.length; i++) ops.push({ op: 'add', path: `${path}/${i}`, value: y[i]! });
  for (let i = 0; i < shared; i++)
    tasks.push({ a: x[i]!, b: y[i]!, path: `${path}/${i}`, aAt: `${aAt}/${i}`, bAt: `${bAt}/${i}` });
}

/** Returns the comparisons left in the budget. */
function diffArrayLcs(
  x: JsonNode[],
  y: JsonNode[],
  task: Task,
  interner: Interner,
  ops: PatchOp[],
  tasks: Task[],
  cellsLeft: number,
  mark: Mark | undefined,
): number {
  const path = task.path;
  // The elements both start and end with stay where they are: compared directly, which costs
  // less than giving each an identity (only the middle needs them).
  let head = 0;
  while (head < x.length && head < y.length && sameNode(x[head]!, y[head]!)) head++;
  let tail = 0;
  while (tail < x.length - head && tail < y.length - head && sameNode(x[x.length - 1 - tail]!, y[y.length - 1 - tail]!))
    tail++;
  const n = x.length - head - tail;
  const m = y.length - head - tail;
  if (n === 0 && m === 0) return cellsLeft;
  const cells = n * m;
  if (cells > cellsLeft) throw new LcsTooLargeError(path, n, m, cellsLeft);
  // Identities of the middle's elements, indexed like x and y.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < n; i++) xs[head + i] = interner.id(x[head + i]!);
  for (let j = 0; j < m; j++) ys[head + j] = interner.id(y[head + j]!);

  // source[j]: the element of the middle of x that becomes the middle's y[j], or -1 for a new
  // one; modified[j]: whether it is a different value, compared member by member.
  const source = new Int32Array(m).fill(-1);
  const modified = new Uint8Array(m);
  const kept = new Uint8Array(n);
  // The stretches between kept elements: what x has there, and what y has.
  const gaps: { xs: number[]; ys: number[] }[] = [];
  if (cells > 0) {
    // The longest common subsequence, by the usual table of suffix lengths (two bytes a cell:
    // a length never exceeds min(n, m), which the budget keeps under 65536).
    const w = m + 1;
    const table = new Uint16Array((n + 1) * w);
    for (let i = n - 1; i >= 0; i--) {
      const xi = xs[head + i];
      for (let j = m - 1; j >= 0; j--) {
        const at = i * w + j;
        table[at] = xi === ys[head + j] ? table[at + w + 1]! + 1 : Math.max(table[at + w]!, table[at + 1]!);
      }
    }
    let gap = { xs: [] as number[], ys: [] as number[] };
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (xs[head + i] === ys[head + j]) {
        source[j] = i;
        kept[i] = 1;
        i++;
        j++;
        if (gap.xs.length + gap.ys.length > 0) gaps.push(gap);
        gap = { xs: [], ys: [] };
      } else if (table[(i + 1) * w + j]! >= table[i * w + j + 1]!) {
        gap.xs.push(i++);
      } else {
        gap.ys.push(j++);
      }
    }
    while (i < n) gap.xs.push(i++);
    while (j < m) gap.ys.push(j++);
    gaps.push(gap);
  } else {
    gaps.push({ xs: Array.from({ length: n }, (_, i) => i), ys: Array.from({ length: m }, (_, j) => j) });
  }

  // A new element equal to a left-over one anywhere in the array is that element, moved.
  const leftOver = new Map<number, number[]>();
  for (const gap of gaps) {
    for (const i of gap.xs) {
      const list = leftOver.get(xs[head + i]!);
      if (list) list.push(i);
      else leftOver.set(xs[head + i]!, [i]);
    }
  }
  for (const gap of gaps) {
    for (const j of gap.ys) {
      const list = leftOver.get(ys[head + j]!);
      if (list === undefined || list.length === 0) continue;
      const i = list.shift()!;
      source[j] = i;
      kept[i] = 1;
    }
  }
  // Within a stretch, what is left of x and of y is paired in order: edited elements.
  for (const gap of gaps) {
    const gx = gap.xs.filter((i) => !kept[i]);
    const gy = gap.ys.filter((j) => source[j] === -1);
    const paired = Math.min(gx.length, gy.length);
    for (let k = 0; k < paired; k++) {
      source[gy[k]!] = gx[k]!;
      modified[gy[k]!] = 1;
      kept[gx[k]!] = 1;
    }
  }
  const moved = emitArrayOps(x, y, task, head, n, m, source, modified, kept, ops, tasks);
  if (mark) {
    for (let i = 0; i < n; i++) if (!kept[i]) mark(`${task.aAt}/${head + i}`, undefined);
    for (let j = 0; j < m; j++) {
      if (source[j] === -1) mark(undefined, `${task.bAt}/${head + j}`);
      else if (moved[j]) mark(`${task.aAt}/${head + source[j]!}`, `${task.bAt}/${head + j}`);
    }
  }
  return cellsLeft - cells;
}

/**
 * Turns the middle x[head, head + n) into y[head, head + m): the elements not kept are removed
 * (last first), then position by position each element is put in its place (a `move` when it
 * is elsewhere, an `add` when new). Once every position is final, edited elements are compared
 * at their final index. The elements after the middle are never touched, nor the ones before.
 * Returns which of y's middle elements arrived by a `move` (the page marks those).
 */
function emitArrayOps(
  x: JsonNode[],
  y: JsonNode[],
  task: Task,
  head: number,
  n: number,
  m: number,
  source: Int32Array,
  modified: Uint8Array,
  kept: Uint8Array,
  ops: PatchOp[],
  tasks: Task[],
): Uint8Array {
  const path = task.path;
  const moved = new Uint8Array(m);
  for (let i = n - 1; i >= 0; i--) if (!kept[i]) ops.push({ op: 'remove', path: `${path}/${head + i}` });
  // The middle as it stands: indices into x (kept ones, in order), or -1 for an added element.
  const current: number[] = [];
  for (let i = 0; i < n; i++) if (kept[i]) current.push(i);
  for (let j = 0; j < m; j++) {
    const wanted = source[j]!;
    if (wanted === -1) {
      ops.push({ op: 'add', path: `${path}/${head + j}`, value: y[head + j]! });
      current.splice(j, 0, -1);
      continue;
    }
    if (current[j] === wanted) continue;
    const at = current.indexOf(wanted, j);
    ops.push({ op: 'move', from: `${path}/${head + at}`, path: `${path}/${head + j}` });
    moved[j] = 1;
    current.splice(at, 1);
    current.splice(j, 0, wanted);
  }
  for (let j = 0; j < m; j++) {
    if (modified[j])
      tasks.push({
        a: x[head + source[j]!]!,
        b: y[head + j]!,
        path: `${path}/${head + j}`,
        aAt: `${task.aAt}/${head + source[j]!}`,
        bAt: `${task.bAt}/${head + j}`,
      });
  }
  return moved;
}

/** The patch as a parsed document (an array of objects), so that it prints like any output. */
export function patchNode(ops: readonly PatchOp[]): JsonNode {
  return ops.map((operation) => {
    const object = new JsonObject();
    object.set('"op"', JSON.stringify(operation.op));
    if (operation.op === 'move') object.set('"from"', JSON.stringify(operation.from));
    object.set('"path"', JSON.stringify(operation.path));
    if (operation.op === 'add' || operation.op === 'replace') object.set('"value"', operation.value);
    return object;
  });
}
