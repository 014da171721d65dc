// The tree view's model: normalized paths held against json-p3's own (RFC 9535 §2.7), the
// lossless tree, and the output view's line colouring.
import { JSONPathEnvironment } from 'json-p3';
import { describe, expect, it } from 'vitest';
import { lineStarts, tokenize } from './highlight';
import { buildTree, segment } from './tree';

describe('normalized paths', () => {
  const names = ['a', "it's", 'back\\slash', 'new\nline', 'tab\t', '\u0001', '\u001f', '"quoted"', 'é😀', '', '$', '[0]', '\u007f'];
  it.each(names.map((name) => [JSON.stringify(name), name] as const))('%s is written as json-p3 writes it', (_, name) => {
    const document = { [name]: [0, { [name]: 1 }] };
    const node = new JSONPathEnvironment().query('$.*[1].*', document).nodes[0]!;
    expect('$' + segment(name) + segment(1) + segment(name)).toBe(node.getPath({ form: 'canonical' }));
  });
});

describe('buildTree', () => {
  it('keeps scalars as written and members in input order', () => {
    expect(buildTree('{"b":12345678901234567890,"10":[1.0,"x\\n"],"a":null}')).toEqual({
      kind: 'object',
      members: [
        ['b', { kind: 'scalar', text: '12345678901234567890' }],
        ['10', { kind: 'array', items: [{ kind: 'scalar', text: '1.0' }, { kind: 'scalar', text: '"x\\n"' }] }],
        ['a', { kind: 'scalar', text: 'null' }],
      ],
    });
  });
});

describe('highlight', () => {
  it('tells keys from string values, and numbers, literals and punctuation', () => {
    expect(tokenize('  "k\\"ey": "v:", 1.5e3, true]').map((t) => [t.kind, t.text])).toEqual([
      ['plain', '  '], ['key', '"k\\"ey"'], ['punct', ':'], ['plain', ' '], ['string', '"v:"'], ['punct', ','], ['plain', ' '],
      ['number', '1.5e3'], ['punct', ','], ['plain', ' '], ['literal', 'true'], ['punct', ']'],
    ]);
  });
  it('finds line starts', () => {
    expect([...lineStarts('a\nbc\n\nd')]).toEqual([0, 2, 5, 6]);
  });
});
