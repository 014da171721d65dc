// The tree view's model: normalized paths held against json-p3's own (RFC 9535 §2.7), the
// lossless tree, and the output view's line colouring.
import { JSONPathEnvironment } from 'json-p3';
import { describe, expect, it } from 'vitest';
import { lineStarts, tokenize } from './highlight';
import { buildTree, dotPath, findKeys, normalizedPath, parsePath, segment, valueAt } from './tree';

describe('normalized paths', () => {
  const names = [
    'a',
    "it's",
    'back\\slash',
    'new\nline',
    'tab\t',
    '\u0001',
    '\u001f',
    '"quoted"',
    'é😀',
    '',
    '$',
    '[0]',
    '\u007f',
  ];
  it.each(names.map((name) => [JSON.stringify(name), name] as const))(
    '%s is written as json-p3 writes it',
    (_, name) => {
      const document = { [name]: [0, { [name]: 1 }] };
      const node = new JSONPathEnvironment().query('$.*[1].*', document).nodes[0]!;
      expect('$' + segment(name) + segment(1) + segment(name)).toBe(node.getPath({ form: 'canonical' }));
    },
  );
});

describe('buildTree', () => {
  it('keeps scalars as written and members in input order', () => {
    expect(buildTree('{"b":12345678901234567890,"10":[1.0,"x\\n"],"a":null}')).toEqual({
      kind: 'object',
      members: [
        ['b', { kind: 'scalar', text: '12345678901234567890' }],
        [
          '10',
          {
            kind: 'array',
            items: [
              { kind: 'scalar', text: '1.0' },
              { kind: 'scalar', text: '"x\\n"' },
            ],
          },
        ],
        ['a', { kind: 'scalar', text: 'null' }],
      ],
    });
  });
});

describe('highlight', () => {
  it('tells keys from string values, and numbers, literals and punctuation', () => {
    expect(tokenize('  "k\\"ey": "v:", 1.5e3, true]').map((t) => [t.kind, t.text])).toEqual([
      ['plain', '  '],
      ['key', '"k\\"ey"'],
      ['punct', ':'],
      ['plain', ' '],
      ['string', '"v:"'],
      ['punct', ','],
      ['plain', ' '],
      ['number', '1.5e3'],
      ['punct', ','],
      ['plain', ' '],
      ['literal', 'true'],
      ['punct', ']'],
    ]);
  });
  it('finds line starts', () => {
    expect([...lineStarts('a\nbc\n\nd')]).toEqual([0, 2, 5, 6]);
  });
});

describe('paths typed to jump to, and the dot form', () => {
  const document = { users: [{ name: 'Ada' }, { name: 'Alan', 'e-mail': 'a@b', "it's": [1] }], 'a b': { $x: true } };
  const paths = [
    '$.users[1].name',
    "$['users'][1]['e-mail']",
    '$["users"][1]["it\'s"][0]',
    "$['users'][1]['it\\'s']",
    '$["a b"]["$x"]',
    '$',
    '$.users',
  ];
  it.each(paths)('%s gives the node json-p3 selects, in both forms', (text) => {
    const environment = new JSONPathEnvironment();
    const node = environment.query(text, document).nodes[0]!;
    const steps = parsePath(text)!;
    expect(normalizedPath(steps)).toBe(node.getPath({ form: 'canonical' }));
    // The dot form is JSONPath too, and selects the same node.
    expect(environment.query(dotPath(steps), document).nodes[0]!.getPath({ form: 'canonical' })).toBe(
      node.getPath({ form: 'canonical' }),
    );
  });
  it('reads the shorthand people type: no $, a leading dot', () => {
    expect(parsePath('users[4321].name')).toEqual(['users', 4321, 'name']);
    expect(parsePath('.users[0]')).toEqual(['users', 0]);
    expect(dotPath(['users', 4321, 'name', 'a b', 'if'])).toBe('$.users[4321].name["a b"].if');
  });
  it('refuses queries and broken paths', () => {
    for (const text of ['$.users[*]', '$..name', '$[?@.a]', '$[0:2]', "$['open", '$[1', '$.'])
      expect(parsePath(text), text).toBeUndefined();
  });
  it('finds keys in document order, case-insensitively, with their paths', () => {
    const tree = buildTree(JSON.stringify({ a: { Name: 1 }, list: [{ name: 2 }], name: 3 }))!;
    const found = findKeys(tree, 'NAME', 2);
    expect(found.total).toBe(3);
    expect(found.matches.map((m) => normalizedPath(m.steps))).toEqual(["$['a']['Name']", "$['list'][0]['name']"]);
    expect(valueAt(tree, ['list', 0, 'name'])).toEqual({ kind: 'scalar', text: '2' });
    expect(valueAt(tree, ['list', 3])).toBeUndefined();
  });
});
