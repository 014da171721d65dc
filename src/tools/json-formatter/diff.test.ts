// The JSON Patch of `compare_with`, checked by an independent implementation: Python's jsonpatch
// (python3-jsonpatch) applies each patch to the first document, and the result must equal the
// second one, read by Python with exact numbers (Decimal) and compared with types kept apart
// (Python's True == 1 would hide a wrong literal).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { prng } from '../../../tests/support/prng';
import { numberKey } from './diff';
import { sideBySide } from './diff-view';
import { MAX_LCS_CELLS } from './limits';
import tool from './tool';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** A generated value: numbers keep their spelling (`{ n: '1.0' }`), so big and equal-valued ones can be told apart. */
type Value = null | boolean | string | { n: string } | Value[] | { o: [string, Value][] };

const NUMBERS = [
  '0',
  '-0',
  '0.0',
  '1',
  '1.0',
  '10e-1',
  '1E+0',
  '2',
  '100',
  '1e2',
  '12345678901234567890',
  '12345678901234567891',
  '0.1',
  '0.10',
  '1e400',
  '-1.5e-3',
  '9007199254740993',
];
const KEYS = [
  'a',
  'b',
  'a/b',
  '~',
  '~1',
  '/',
  '',
  '__proto__',
  'constructor',
  '10',
  '2',
  'é',
  '😀',
  'x y',
  '"q"',
  '\\',
  '\u2028',
  '\ud800',
];
const STRINGS = ['', 'a', 'A', '"', '\\', '/', '\n', '\u0001', 'é', '😀', '\u2028', '\ud800', '1', 'true', 'null'];

function scalar(rand: Rand): Value {
  const r = rand();
  if (r < 0.4) return { n: pick(rand, NUMBERS) };
  if (r < 0.75) return pick(rand, STRINGS);
  return pick(rand, [null, true, false]);
}

function randomValue(rand: Rand, depth: number): Value {
  const r = rand();
  if (depth <= 0 || r < 0.35) return scalar(rand);
  const size = Math.floor(rand() * 6);
  if (r < 0.7) return Array.from({ length: size }, () => randomValue(rand, depth - 1));
  const members = new Map<string, Value>();
  for (let i = 0; i < size; i++) members.set(pick(rand, KEYS), randomValue(rand, depth - 1));
  return { o: [...members] };
}

/** A variant of `v`: some members changed, added, removed or moved, and object keys reordered. */
function mutate(rand: Rand, v: Value, depth: number): Value {
  if (rand() < 0.1) return randomValue(rand, depth);
  if (Array.isArray(v)) {
    const out = v.map((x) => (rand() < 0.3 ? mutate(rand, x, depth - 1) : x));
    const edits = Math.floor(rand() * 3);
    for (let k = 0; k < edits; k++) {
      const r = rand();
      const at = Math.floor(rand() * (out.length + 1));
      if (r < 0.35) out.splice(at, 0, randomValue(rand, depth - 1));
      else if (r < 0.6 && out.length > 0) out.splice(at % out.length, 1);
      else if (out.length > 1) {
        const [moved] = out.splice(at % out.length, 1);
        out.splice(Math.floor(rand() * (out.length + 1)), 0, moved!);
      }
    }
    return out;
  }
  if (v !== null && typeof v === 'object' && 'o' in v) {
    let members = v.o
      .filter(() => rand() > 0.15)
      .map(([k, x]): [string, Value] => [k, rand() < 0.3 ? mutate(rand, x, depth - 1) : x]);
    if (rand() < 0.4) members.push([pick(rand, KEYS), randomValue(rand, depth - 1)]);
    if (rand() < 0.5) members = members.reverse();
    return { o: [...new Map(members)] };
  }
  return rand() < 0.5 ? scalar(rand) : v;
}

/** JSON text of a generated value, escaping some characters that need no escape and spacing at random. */
function text(rand: Rand, v: Value): string {
  const space = () => (rand() < 0.2 ? ' \n' : '');
  const str = (s: string) =>
    rand() < 0.3
      ? JSON.stringify(s).replace(/[a-z]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)
      : JSON.stringify(s);
  if (v === null) return 'null';
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return str(v);
  if (Array.isArray(v)) return `[${space()}${v.map((x) => text(rand, x)).join(`,${space()}`)}]`;
  if ('n' in v) return v.n;
  return `{${v.o.map(([k, x]) => `${str(k)}${space()}:${text(rand, x)}`).join(',')}}`;
}

const PYTHON = String.raw`
import json, sys, jsonpatch
from decimal import Decimal

def load(s):
    return json.loads(s, parse_float=Decimal, parse_int=Decimal)

def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return type(a) is type(b) and a == b
    if isinstance(a, Decimal) and isinstance(b, Decimal):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return False

failures = []
for i, (a, b, patch) in enumerate(json.load(sys.stdin)):
    try:
        got = jsonpatch.apply_patch(load(a), load(patch))
        if not same(got, load(b)):
            failures.append([i, 'differs', json.dumps(got, default=str)])
    except Exception as e:
        failures.append([i, repr(e)])
print(json.dumps(failures))
`;

/** The pairs whose patch Python's jsonpatch could not apply or that did not give the second document back. */
function pythonFailures(triples: [string, string, string][]): unknown[] {
  const out = execFileSync('python3', ['-c', PYTHON], { input: JSON.stringify(triples), maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(out.toString()) as unknown[];
}

const patchOf = (json: string, compare_with: string, array_diff: 'index' | 'lcs') => {
  const out = tool.run(tool.input.parse({ json, compare_with, array_diff, mode: 'minify' }), nodeContext) as {
    patch: string;
    differences: number;
  };
  return out;
};

describe('compare_with: the patch applied by Python jsonpatch gives the second document', () => {
  for (const arrayDiff of ['index', 'lcs'] as const) {
    it(`${arrayDiff}: 600 random and mutated pairs`, () => {
      const rand = prng(arrayDiff === 'index' ? 30_2 : 30_3);
      const triples: [string, string, string][] = [];
      for (let i = 0; i < 600; i++) {
        const a = randomValue(rand, 4);
        const b = i % 5 === 0 ? randomValue(rand, 4) : mutate(rand, a, 4);
        const [ta, tb] = [text(rand, a), text(rand, b)];
        const { patch, differences } = patchOf(ta, tb, arrayDiff);
        expect(JSON.parse(patch)).toHaveLength(differences);
        triples.push([ta, tb, patch]);
      }
      expect(pythonFailures(triples)).toEqual([]);
    });
  }

  it('the oracle notices a wrong patch', () => {
    const { patch } = patchOf('{"a":[1,2,3]}', '{"a":[1,3,2]}', 'lcs');
    expect(
      pythonFailures([
        ['{"a":[1,2,3]}', '{"a":[1,3,2]}', patch],
        ['{"a":[1,2,3]}', '{"a":[1,3,2.5]}', patch],
        ['{"a":true}', '{"a":1}', '[]'],
      ]),
    ).toHaveLength(2);
  });
});

describe('compare_with: the operations', () => {
  const ops = (json: string, other: string, arrayDiff: 'index' | 'lcs' = 'index') =>
    JSON.parse(patchOf(json, other, arrayDiff).patch) as unknown[];

  it('numbers are compared by exact value, not as doubles and not as text', () => {
    expect(ops('[1.0, 1e2, -0, 0.10, 12345678901234567890]', '[1, 100, 0, 1e-1, 12345678901234567890]')).toEqual([]);
    expect(patchOf('[12345678901234567890]', '[12345678901234567891]', 'index').patch).toBe(
      '[{"op":"replace","path":"/0","value":12345678901234567891}]',
    );
    expect(patchOf('[9007199254740993]', '[9007199254740992]', 'index').differences).toBe(1);
  });

  it('paths escape ~ and / (RFC 6901) and keep every other character', () => {
    expect(ops('{"a/b":1,"~c":2,"😀":3}', '{"a/b":4,"~c":5,"😀":6}')).toEqual([
      { op: 'replace', path: '/a~1b', value: 4 },
      { op: 'replace', path: '/~0c', value: 5 },
      { op: 'replace', path: '/😀', value: 6 },
    ]);
  });

  it('key order does not count; strings compare by their characters, whatever their escapes', () => {
    expect(ops('{"a":"\\u00e9","b":[1]}', '{"b":[1],"a":"é"}')).toEqual([]);
  });

  it('a different type is a replace, the root included', () => {
    expect(ops('{"a":1}', '[1]')).toEqual([{ op: 'replace', path: '', value: [1] }]);
    expect(ops('{"a":null}', '{"a":false}')).toEqual([{ op: 'replace', path: '/a', value: false }]);
  });

  it('index: a shifted array is compared element by element; lcs: one insertion', () => {
    expect(ops('[1,2,3]', '[0,1,2,3]')).toHaveLength(4);
    expect(ops('[1,2,3]', '[0,1,2,3]', 'lcs')).toEqual([{ op: 'add', path: '/0', value: 0 }]);
  });

  it('lcs: a moved element is a move, an edited one is compared member by member', () => {
    expect(ops('[{"id":1},{"id":2},{"id":3}]', '[{"id":3},{"id":1},{"id":2}]', 'lcs')).toEqual([
      { op: 'move', from: '/2', path: '/0' },
    ]);
    expect(ops('[{"id":1,"v":"a"},{"id":2}]', '[{"id":1,"v":"b"},{"id":2}]', 'lcs')).toEqual([
      { op: 'replace', path: '/0/v', value: 'b' },
    ]);
  });

  it('the patch prints like the output, losslessly', () => {
    const out = tool.run(
      tool.input.parse({ json: '{"a":1}', compare_with: '{"a":1.50,"b":[1e400]}' }),
      nodeContext,
    ) as { patch: string };
    expect(out.patch).toBe(
      '[\n  {\n    "op": "add",\n    "path": "/b",\n    "value": [\n      1e400\n    ]\n  },\n  {\n    "op": "replace",\n    "path": "/a",\n    "value": 1.50\n  }\n]',
    );
  });

  it('numberKey spells each exact value once', () => {
    const same = [
      ['1', '1.0', '10e-1', '0.1e1', '1E+0'],
      ['0', '-0', '0.000', '0e5'],
      ['-123', '-12.30e1'],
      ['1e99999999999999999999', '10e99999999999999999998'],
    ];
    for (const group of same) expect(new Set(group.map(numberKey)).size).toBe(1);
    expect(numberKey('12345678901234567890')).not.toBe(numberKey('12345678901234567891'));
  });
});

describe('compare_with: bounds and errors', () => {
  it('invalid JSON in compare_with is a 400 with its line and column', async () => {
    const res = await invoke(tool, { json: '{}', compare_with: '{\n  "a": tru\n}' }, nodeContext);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: `'compare_with' is not valid JSON: Expected a property value but found 'tru' at line 2, column 8.`,
    });
  });

  it('lcs beyond its budget is a 400 naming the array', async () => {
    const side = Math.ceil(Math.sqrt(MAX_LCS_CELLS)) + 1;
    const a = JSON.stringify({ list: Array.from({ length: side }, (_, i) => i) });
    const b = JSON.stringify({ list: Array.from({ length: side }, (_, i) => -i - 1) });
    const res = await invoke(tool, { json: a, compare_with: b, array_diff: 'lcs' }, nodeContext);
    expect(res.status).toBe(400);
    expect((res.body as { error: string }).error).toBe(
      `'array_diff' "lcs" compares at most ${MAX_LCS_CELLS} pairs of elements in one request, and this one needs more (the array at '/list' has ${side} × ${side} to compare); use "index" or compare smaller arrays.`,
    );
    // The same arrays by index: one replace per element.
    const byIndex = await invoke(tool, { json: a, compare_with: b }, nodeContext);
    expect((byIndex.body as { differences: number }).differences).toBe(side);
  });

  it('an invalid first document gets its own error and no patch', async () => {
    const res = await invoke(tool, { json: '{', compare_with: '{}' }, nodeContext);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('patch');
  });
});

describe('the side-by-side view marks the lines of what changed', () => {
  const changed = (view: ReturnType<typeof sideBySide>['left']) =>
    view.filter((line) => line.changed).map((line) => line.text);

  it('a replaced member, an added one, and everything inside a replaced container', () => {
    const view = sideBySide('{"a":1,"b":{"c":[1]},"d":"x"}', '{"a":2,"b":[],"d":"x","e/f":null}', 'index');
    expect(view.left.map((line) => line.text)).toEqual([
      '{',
      '  "a": 1,',
      '  "b": {',
      '    "c": [',
      '      1',
      '    ]',
      '  },',
      '  "d": "x"',
      '}',
    ]);
    expect(changed(view.left)).toEqual(['  "a": 1,', '  "b": {', '    "c": [', '      1', '    ]', '  },']);
    expect(changed(view.right)).toEqual(['  "a": 2,', '  "b": [],', '  "e/f": null']);
  });

  it('lcs: a moved element on both sides, the kept ones unmarked', () => {
    const view = sideBySide('[1,2,3]', '[3,1,2]', 'lcs');
    expect(changed(view.left)).toEqual(['  3']);
    expect(changed(view.right)).toEqual(['  3,']);
  });
});
