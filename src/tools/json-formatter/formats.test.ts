// YAML and TOML against independent readers: every document the tool writes as YAML or TOML is
// read back by Python's PyYAML (with YAML 1.2's core schema resolvers, below) or tomllib, and every
// YAML or TOML document it reads is read by them too; the values must agree exactly (numbers as
// decimals, so a lost digit shows). Python is the reference, not our own reader.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { nodeContext } from '../../platform/node-context';
import { prng } from '../../../tests/support/prng';
import tool from './tool';

const PYTHON = String.raw`
import json, re, sys, tomllib, yaml, datetime
from decimal import Decimal

class Core12(yaml.SafeLoader):
    pass
# YAML 1.2's core schema (PyYAML knows 1.1, where yes, 0755 and 2024-01-01 mean other things).
Core12.yaml_implicit_resolvers = {}
def resolver(tag, pattern, first):
    Core12.add_implicit_resolver(tag, re.compile(pattern), list(first))
resolver('tag:yaml.org,2002:null', r'^(?:~|null|Null|NULL|)$', ['~', 'n', 'N', ''])
resolver('tag:yaml.org,2002:bool', r'^(?:true|True|TRUE|false|False|FALSE)$', 'tTfF')
resolver('tag:yaml.org,2002:int', r'^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$', '-+0123456789')
resolver('tag:yaml.org,2002:float',
    r'^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$',
    '-+0123456789.')
def c_int(loader, node):
    text = loader.construct_scalar(node)
    return int(text, 0) if text[:2] in ('0o', '0x') else int(text)
def c_float(loader, node):
    text = loader.construct_scalar(node).lower()
    if text.endswith('.inf'):
        return Decimal('-Infinity') if text.startswith('-') else Decimal('Infinity')
    if text == '.nan':
        return Decimal('NaN')
    return Decimal(text)
Core12.add_constructor('tag:yaml.org,2002:int', c_int)
Core12.add_constructor('tag:yaml.org,2002:float', c_float)
Core12.add_constructor('tag:yaml.org,2002:bool', lambda l, n: l.construct_scalar(n).lower() == 'true')

def load(text, fmt):
    if fmt == 'json':
        return json.loads(text, parse_float=Decimal)
    if fmt == 'yaml':
        return yaml.load(text, Loader=Core12)
    return tomllib.loads(text, parse_float=Decimal)

def same(ours, ref, path='$'):
    if isinstance(ref, bool) or ref is None:
        return None if ours is ref else path
    if isinstance(ref, (int, Decimal, float)) and not isinstance(ours, bool):
        if not isinstance(ours, (int, Decimal, float)):
            return path
        a, b = Decimal(ours), Decimal(ref)
        return None if (a.is_nan() and b.is_nan()) or a == b else f'{path}: {ours} != {ref}'
    if isinstance(ref, (datetime.datetime, datetime.date, datetime.time)):
        # TOML's dates and times become RFC 3339 strings.
        return None if isinstance(ours, str) and type(ref).fromisoformat(ours) == ref else path
    if isinstance(ref, str):
        return None if ours == ref else f'{path}: {ours!r} != {ref!r}'
    if isinstance(ref, list):
        if not isinstance(ours, list) or len(ours) != len(ref):
            return path
        for i, (a, b) in enumerate(zip(ours, ref)):
            if (p := same(a, b, f'{path}[{i}]')):
                return p
        return None
    if not isinstance(ours, dict) or set(map(str, ours)) != set(map(str, ref)):
        return f'{path}: keys {list(ours)[:5]} != {list(ref)[:5]}'
    mine = {str(k): v for k, v in ours.items()}
    for k, v in ref.items():
        if (p := same(mine[str(k)], v, f'{path}.{k}')):
            return p
    return None

out = []
for case in json.load(sys.stdin):
    try:
        out.append(same(load(case['ours'], case['oursFormat']), load(case['ref'], case['refFormat'])))
    except Exception as e:
        out.append(f'{type(e).__name__}: {e}')
print(json.dumps(out))
`;

type Pair = { ours: string; oursFormat: string; ref: string; refFormat: string };

/** Python's verdict on each pair: null when both texts hold the same values. */
function python(pairs: Pair[]): (string | null)[] {
  const out = execFileSync('/usr/bin/python3', ['-c', PYTHON], {
    input: JSON.stringify(pairs),
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(out.toString()) as (string | null)[];
}

async function convert(json: string, body: Record<string, unknown>): Promise<string> {
  const reply = await invoke(tool, { json, ...body }, nodeContext);
  const answer = reply.body as { output?: string; valid?: boolean; error?: string };
  if (reply.status !== 200 || answer.valid !== true)
    throw new Error(`${JSON.stringify(body)} ${json.slice(0, 80)}: ${answer.error}`);
  return answer.output!;
}

// --- random JSON documents (seeded), the kinds of value that trip converters up ---

const WORDS = [
  'plain',
  'yes',
  'no',
  'on',
  'null',
  'true',
  'False',
  '~',
  '1.0',
  '0x1F',
  '007',
  '.inf',
  '2024-01-01',
  'a: b',
  '- item',
  '#hash',
  'x #y',
  ' lead',
  'trail ',
  '',
  'ключ',
  '日本語',
  '😀 emoji',
  'tab\there',
  'line\nbreak',
  'quote"s',
  "it's",
  'back\\slash',
  '\u0001\u007f\u0085\ufeff',
  '[x]',
  '{y}',
  '*star',
  '&amp',
  '!bang',
  '%pct',
  '@at',
  '`tick`',
  '|pipe',
  '>gt',
  '---',
  '...',
  '? q',
  'k=v',
  'a.b',
];
const NUMBERS = [
  '0',
  '-0',
  '1',
  '-17',
  '1.0',
  '-0.0',
  '3.141592653589793238462643383279',
  '1e3',
  '1E-7',
  '2.5e+10',
  '9223372036854775807',
  '-9223372036854775808',
  '12345678901234567890123',
  '0.1000',
  '1.7976931348623157e308',
];

function randomJson(next: () => number, depth: number, toml: boolean): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const r = next();
  if (depth > 5 || r < 0.45) {
    const s = next();
    if (s < 0.45) return JSON.stringify(pick(WORDS));
    if (s < 0.8) {
      const n = pick(NUMBERS);
      return toml && n === '12345678901234567890123' ? '1' : n;
    }
    if (s < 0.9 && !toml) return 'null';
    return next() < 0.5 ? 'true' : 'false';
  }
  const size = Math.floor(next() * 4);
  if (r < 0.7) return `[${Array.from({ length: size }, () => randomJson(next, depth + 1, toml)).join(',')}]`;
  const keys = new Set(Array.from({ length: size }, () => pick(WORDS)));
  return `{${[...keys].map((k) => `${JSON.stringify(k)}:${randomJson(next, depth + 1, toml)}`).join(',')}}`;
}

describe('JSON written as YAML or TOML reads back the same in Python', () => {
  it('300 random documents as YAML (indent 2 and 3, sorted and not) and as TOML', async () => {
    const next = prng(30);
    const pairs: Pair[] = [];
    for (let i = 0; i < 150; i++) {
      const json = randomJson(next, 0, false);
      const yaml = await convert(json, { output_format: 'yaml', indent: i % 2 ? 2 : 3, sort_keys: i % 3 === 0 });
      pairs.push({ ours: yaml, oursFormat: 'yaml', ref: json, refFormat: 'json' });
      const table = `{"doc":${randomJson(next, 0, true)},"n":1}`;
      const toml = await convert(table, { output_format: 'toml', sort_keys: i % 3 === 0 });
      pairs.push({ ours: toml, oursFormat: 'toml', ref: table, refFormat: 'json' });
    }
    const verdicts = python(pairs);
    const wrong = verdicts.flatMap((v, i) =>
      v === null ? [] : [`${v}\n--- ours ---\n${pairs[i]!.ours}\n--- ref ---\n${pairs[i]!.ref}`],
    );
    expect(wrong.slice(0, 3)).toEqual([]);
  });

  it('a key longer than YAML allows an implicit key to be, and nesting 150 deep', async () => {
    const long = `{"${'k'.repeat(2000)}":{"${'é'.repeat(1100)}":[1]}}`;
    const deep = '['.repeat(150) + '{"a":1.50}' + ']'.repeat(150);
    const pairs: Pair[] = [];
    for (const json of [long, deep]) {
      pairs.push({
        ours: await convert(json, { output_format: 'yaml' }),
        oursFormat: 'yaml',
        ref: json,
        refFormat: 'json',
      });
    }
    pairs.push({
      ours: await convert(`{"d":${deep}}`, { output_format: 'toml' }),
      oursFormat: 'toml',
      ref: `{"d":${deep}}`,
      refFormat: 'json',
    });
    expect(python(pairs)).toEqual([null, null, null]);
  });
});

/** YAML documents with what YAML has and JSON lacks: anchors, block scalars, tags, odd numbers. */
const YAML_DOCS = [
  'base: &b {x: 1, y: [a, b]}\ncopy: *b\nlist: [*b, *b]\nnested:\n  - &n\n    deep: [1, 2]\n  - *n\n',
  "literal: |\n  one\n   two\n\n  three\nkeep: |+\n  kept\n\nstrip: >-\n  folded\n  text\nplain: a plain\n  multi-line scalar\nquoted: \"a\\tb\n  c\\u00e9\"\nsingle: 'it''s'\n",
  'date: 2024-01-01\nstamp: 2024-01-01T10:00:00Z\nversion: 1.10\nzip: 01234\nbool: yes\noctal: 0o17\nhex: 0xff\nexp: 6.02e23\nneg: -.5\ndot: 1.\n',
  'ключ: значение\n"emoji 😀": ✓\n日本: [一, 二]\n? complex key\n: value\n"quoted: key": 1\n',
  'big: 123456789012345678901234567890\nprecise: 0.1000000000000000055511151231257827\nnull_key: ~\nempty:\nexplicit: !!str 123\n',
  '- - - nested\n    - seq\n  - [flow, {in: block}]\n- {a: [b, {c: d}]}\n',
  `${Array.from({ length: 150 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} leaf\n`,
];

const TOML_DOCS = [
  'title = "TOML"\n[owner]\nname = "Tom"\ndob = 1979-05-27T07:32:00-08:00\nlocal = 1979-05-27T07:32:00\nday = 1979-05-27\ntime = 07:32:00\n',
  'int = 9_223_372_036_854_775_807\nneg = -9223372036854775808\nhex = 0xDEADBEEF\noct = 0o755\nbin = 0b1101\nf = 6.626e-34\ng = 3.141592653589793\nh = 1e308\n',
  'str = "tab\\there \\u00e9"\nlit = \'C:\\path\'\nml = """\nline one\nline two"""\nmll = \'\'\'\nraw \\n\'\'\'\n"quoted key" = 1\nunicode = "日本語 😀"\n',
  '[[products]]\nname = "Hammer"\nsku = 738594937\n\n[[products]]\n\n[[products]]\nname = "Nail"\ncolor = "gray"\n[products.sub]\nx = [1, [2, 3], {a = 1}]\n',
  'a.b.c = 1\na.d = true\n[x.y.z]\ninline = { p = 1, q = [ "r" ] }\nempty = {}\nnone = []\n',
];

describe('YAML and TOML read as Python reads them', () => {
  it('YAML: anchors, block scalars, dates, numbers, unicode keys, deep nesting → JSON and YAML', async () => {
    const pairs: Pair[] = [];
    for (const doc of YAML_DOCS) {
      pairs.push({
        ours: await convert(doc, { input_format: 'yaml' }),
        oursFormat: 'json',
        ref: doc,
        refFormat: 'yaml',
      });
      pairs.push({
        ours: await convert(doc, { input_format: 'yaml', output_format: 'yaml' }),
        oursFormat: 'yaml',
        ref: doc,
        refFormat: 'yaml',
      });
    }
    expect(python(pairs)).toEqual(pairs.map(() => null));
  });

  it('YAML special floats → YAML and TOML', async () => {
    const doc = 'a: [.inf, -.Inf, +.INF, .nan, 1.5]\n';
    const pairs: Pair[] = [
      {
        ours: await convert(doc, { input_format: 'yaml', output_format: 'yaml' }),
        oursFormat: 'yaml',
        ref: doc,
        refFormat: 'yaml',
      },
      {
        ours: await convert(doc, { input_format: 'yaml', output_format: 'toml' }),
        oursFormat: 'toml',
        ref: doc,
        refFormat: 'yaml',
      },
    ];
    expect(python(pairs)).toEqual([null, null]);
  });

  it('TOML: tables, arrays of tables, dates, every integer form, strings → JSON, YAML and TOML', async () => {
    const pairs: Pair[] = [];
    for (const doc of TOML_DOCS) {
      for (const format of ['json', 'yaml', 'toml'])
        pairs.push({
          ours: await convert(doc, { input_format: 'toml', output_format: format }),
          oursFormat: format,
          ref: doc,
          refFormat: 'toml',
        });
    }
    expect(python(pairs)).toEqual(pairs.map(() => null));
  });

  it('auto detects each of the documents above as its own format', async () => {
    for (const [docs, format] of [
      [YAML_DOCS, 'yaml'],
      [TOML_DOCS, 'toml'],
    ] as const) {
      for (const doc of docs) {
        const reply = await invoke(tool, { json: doc, input_format: 'auto', output_format: 'yaml' }, nodeContext);
        expect((reply.body as { detected_format?: string }).detected_format, doc).toBe(format);
      }
    }
  });
});
