import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { formatFast } from './fast';
import { formatGeneral, formatJson } from './format';
import { MAX_NESTING, MAX_REPAIR_CHARS } from './limits';
import { JsonSyntaxError, NestingTooDeepError } from '../../lib/json-tree';
import { lineColumn } from '../../lib/text-position';
import tool from './tool';
import { hasNestedQuantifier } from '../../lib/jsonpath';
import { compareCodePoints } from './print';
import { MAX_OUTPUT_CHARS, type Layout } from './writer';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

// --- a seeded generator of documents and of their many valid spellings ----------------------

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

const STRING_PIECES = [
  'a',
  'Z',
  '0',
  ' ',
  'key',
  '"',
  '\\',
  '/',
  '\n',
  '\t',
  '\b',
  '\u0001',
  '\u001f',
  '\u007f',
  'é',
  '€',
  '😀',
  '\u2028',
  '\ufeff',
  'ü',
];
const LONE_SURROGATES = ['\ud800', '\udfff'];

function randomString(rand: Rand, loneSurrogates: boolean): string {
  let s = '';
  const n = Math.floor(rand() * 8);
  for (let i = 0; i < n; i++)
    s += loneSurrogates && rand() < 0.05 ? pick(rand, LONE_SURROGATES) : pick(rand, STRING_PIECES);
  return s;
}

function randomNumber(rand: Rand): number {
  switch (Math.floor(rand() * 4)) {
    case 0:
      return Math.floor(rand() * 2000) - 1000;
    case 1:
      return (rand() - 0.5) * 1e6;
    case 2:
      return rand() * 10 ** Math.floor(rand() * 60 - 30);
    default:
      return -Math.floor(rand() * 1e15);
  }
}

/** A random JSON value whose keys are unique and not integer-like (JS objects would reorder those). */
function randomValue(rand: Rand, depth: number, loneSurrogates: boolean): unknown {
  const r = rand();
  if (depth > 4 || r < 0.35) {
    const kind = Math.floor(rand() * 5);
    if (kind === 0) return randomString(rand, loneSurrogates);
    if (kind === 1) return randomNumber(rand);
    if (kind === 2) return rand() < 0.5;
    if (kind === 3) return null;
    return randomString(rand, loneSurrogates);
  }
  if (r < 0.65)
    return Array.from({ length: Math.floor(rand() * 5) }, () => randomValue(rand, depth + 1, loneSurrogates));
  const object: Record<string, unknown> = {};
  const n = Math.floor(rand() * (rand() < 0.1 ? 40 : 6));
  for (let i = 0; i < n; i++) {
    const key = randomString(rand, loneSurrogates) + (rand() < 0.5 ? 'k' : '');
    if (/^\d+$/.test(key) || key in object) continue;
    Object.defineProperty(object, key, {
      value: randomValue(rand, depth + 1, loneSurrogates),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

const hex4 = (code: number, rand: Rand) => {
  const h = code.toString(16).padStart(4, '0');
  return '\\u' + (rand() < 0.5 ? h : h.toUpperCase());
};
const SHORT: Record<string, string> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

/** One of the many legal spellings of a string: escapes chosen at random (a pair as a whole). */
function spellString(s: string, rand: Rand): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    const code = s.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && /[\udc00-\udfff]/.test(s[i + 1] ?? '');
    if (pair) out += rand() < 0.15 ? hex4(code, rand) + hex4(s.charCodeAt(++i), rand) : ch + s[++i];
    else if (SHORT[ch] !== undefined) out += rand() < 0.7 ? SHORT[ch] : hex4(code, rand);
    else if (code < 0x20) out += hex4(code, rand);
    else if (ch === '/') out += rand() < 0.5 ? '\\/' : '/';
    else out += rand() < 0.15 ? hex4(code, rand) : ch;
  }
  return out + '"';
}

const WHITESPACE = ['', '', ' ', '\n', '\r\n', '\t', '  ', '\r'];

/** Serialises `value` with random whitespace and escapes: a valid, non-canonical JSON text. */
function spell(value: unknown, rand: Rand): string {
  const ws = () => pick(rand, WHITESPACE);
  if (typeof value === 'string') return spellString(value, rand);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${ws()}${value.map((v) => spell(v, rand) + ws()).join(`,${ws()}`)}]`;
  const members = Object.entries(value).map(
    ([k, v]) => `${spellString(k, rand)}${ws()}:${ws()}${spell(v, rand)}${ws()}`,
  );
  return `{${ws()}${members.join(`,${ws()}`)}}`;
}

/** Independent reference for sort_keys: code point arrays compared element by element. */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (typeof value !== 'object' || value === null) return value;
  const codePoints = (s: string) => Array.from(s, (ch) => ch.codePointAt(0)!);
  const compare = (a: string, b: string) => {
    const x = codePoints(a);
    const y = codePoints(b);
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compare)) {
    Object.defineProperty(sorted, key, { value: sortDeep((value as Record<string, unknown>)[key]), enumerable: true });
  }
  return sorted;
}

const INDENTS = [0, 1, 2, 3, 4, 8, 10, 'tab'] as const;
const stringifyIndent = (indent: (typeof INDENTS)[number]) => (indent === 'tab' ? '\t' : indent);

async function format(body: Record<string, unknown>) {
  const reply = await invoke(tool, body, nodeContext);
  expect(reply.status).toBe(200);
  return reply.body as {
    output: string;
    valid: boolean;
    error?: string;
    error_line?: number;
    error_column?: number;
    repaired?: boolean;
  };
}

// --- agreement with JSON.parse / JSON.stringify ----------------------------------------------

describe('agrees with JSON.parse + JSON.stringify where they are lossless', () => {
  it('pretty and minified output for 400 generated documents in random spellings', async () => {
    const rand = prng(1);
    for (let n = 0; n < 400; n++) {
      const value = randomValue(rand, 0, n % 4 === 0);
      const text = spell(value, rand);
      const indent = pick(rand, INDENTS);
      const minify = rand() < 0.3;
      const { output, valid } = await format({ json: text, indent, mode: minify ? 'minify' : 'pretty' });
      expect(valid).toBe(true);
      const parsed = JSON.parse(text);
      let expected = minify ? JSON.stringify(parsed) : JSON.stringify(parsed, null, stringifyIndent(indent));
      // indent 0 means "lines without indentation" here; JSON.stringify's 0 would minify.
      if (!minify && indent === 0) expected = JSON.stringify(parsed, null, 1).replace(/\n +/g, '\n');
      expect(output, text).toBe(expected);
    }
  });

  it('sort_keys equals a sort by code point arrays for 200 generated documents', async () => {
    const rand = prng(2);
    for (let n = 0; n < 200; n++) {
      const text = spell(randomValue(rand, 0, n % 3 === 0), rand);
      const { output } = await format({ json: text, sort_keys: true, mode: 'minify' });
      expect(output, text).toBe(JSON.stringify(sortDeep(JSON.parse(text))));
    }
  });

  it('the fast path takes every document without lone surrogates and matches the general path', () => {
    const rand = prng(3);
    const layouts: Layout[] = [null, { char: 32, width: 2 }, { char: 9, width: 1 }, { char: 32, width: 0 }];
    for (let n = 0; n < 300; n++) {
      const text = spell(randomValue(rand, 0, false), rand);
      for (const layout of layouts) {
        const fast = formatFast(text, layout);
        expect(fast, text).toBeDefined();
        expect(fast).toBe(formatGeneral(text, layout, false));
      }
    }
  });

  // The output buffer is UTF-8 and sized from the input's length: text beyond ASCII takes up to
  // 3 bytes per character (a pair 4 for 2), so long runs of it must grow the buffer mid-string.
  it('formats long runs of characters beyond ASCII, raw and escaped, on both paths', () => {
    const texts = [
      JSON.stringify('€'.repeat(50_000)),
      JSON.stringify(['é'.repeat(30_000), '😀'.repeat(20_000), { ключ: '中文'.repeat(20_000) }]),
      `["${'\\u20ac'.repeat(10_000)}", "${'\\ud83d\\ude00'.repeat(5_000)}", "${'\\u00e9\\n'.repeat(5_000)}"]`,
    ];
    const layouts: Layout[] = [null, { char: 32, width: 2 }, { char: 9, width: 1 }];
    for (const text of texts) {
      for (const layout of layouts) {
        const expected = JSON.stringify(
          JSON.parse(text),
          null,
          layout === null ? undefined : layout.char === 9 ? '\t' : 2,
        );
        expect(formatFast(text, layout)).toBe(expected);
        expect(formatGeneral(text, layout, false)).toBe(expected);
        expect(formatGeneral(text, layout, true)).toBe(expected);
      }
    }
  });
});

// --- strictness: mutated documents -------------------------------------------------------------

describe('strict RFC 8259 validation', () => {
  const MUTATIONS = [
    ',',
    ']',
    '}',
    '[',
    '{',
    '"',
    ':',
    '\\',
    '0',
    '-',
    '.',
    'e',
    '+',
    ' ',
    '\n',
    'x',
    't',
    '\u0001',
    '\ud800',
    '/',
    "'",
    '\u00a0',
  ];

  it('accepts exactly what JSON.parse accepts, and both paths agree, on 3000 mutated texts', () => {
    const rand = prng(4);
    const layout: Layout = { char: 32, width: 2 };
    let rejected = 0;
    for (let n = 0; n < 3000; n++) {
      const source = spell(randomValue(rand, 0, false), rand);
      const at = Math.floor(rand() * (source.length + 1));
      const op = rand();
      const text =
        op < 0.33
          ? source.slice(0, at) + source.slice(at + 1)
          : op < 0.66
            ? source.slice(0, at) + pick(rand, MUTATIONS) + source.slice(at)
            : source.slice(0, at) + pick(rand, MUTATIONS) + source.slice(at + 1);
      let referenceValid = true;
      try {
        JSON.parse(text);
      } catch {
        referenceValid = false;
      }
      let general: string | undefined;
      try {
        general = formatGeneral(text, layout, false);
      } catch (error) {
        expect(error, text).toBeInstanceOf(JsonSyntaxError);
        const offset = (error as JsonSyntaxError).offset;
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
      }
      expect(general !== undefined, JSON.stringify(text)).toBe(referenceValid);
      const fast = formatFast(text, layout);
      if (fast !== undefined) expect(fast, JSON.stringify(text)).toBe(general);
      if (!referenceValid) rejected++;
    }
    expect(rejected).toBeGreaterThan(1000); // the mutations really do break documents
  });

  it.each([
    ['01', 1, 2],
    ['-', 1, 2],
    ['1.', 1, 3],
    ['.5', 1, 1],
    ['+1', 1, 1],
    ['1e', 1, 3],
    ['1e+', 1, 4],
    ['0x10', 1, 2],
    ['-Infinity', 1, 2],
    ['Infinity', 1, 1],
    ['undefined', 1, 1],
    ['tru', 1, 1],
    ['nul', 1, 1],
    ['True', 1, 1],
    ['[1,]', 1, 4],
    ['[,1]', 1, 2],
    ['{"a":1,,"b":2}', 1, 8],
    ['{"a"}', 1, 5],
    ['{"a":}', 1, 6],
    ['{1:2}', 1, 2],
    ['"a\\u12"', 1, 7],
    ['"a\\u12G4"', 1, 7],
    ['"\\\'"', 1, 3],
    ['"line\nbreak"', 1, 6],
    ['"\u0000"', 1, 2],
    ['/* c */ 1', 1, 1],
    ['1 // c', 1, 3],
    ['\ufeff{}', 1, 1],
    ['{}\u00a0', 1, 3],
    ['[\ud800]', 1, 2],
    ['[1]]', 1, 4],
    ['{"a":1}}', 1, 8],
    ['[', 1, 2],
    ['{', 1, 2],
    ['{"a":1', 1, 7],
    ['"😀', 1, 3],
    ['\n\n  x', 3, 3],
    ['[1,\r\n\r\n2,]', 3, 3],
    ['"😀😀" 1', 1, 6],
    ['[\n1,\n', 3, 1],
  ])('%j is an error at line %i, column %i', async (json, line, column) => {
    const body = await format({ json });
    expect(body).toMatchObject({ output: '', valid: false, error_line: line, error_column: column });
    expect(body.error).toMatch(new RegExp(`^Expected .+ but found .+ at line ${line}, column ${column}\\.$`));
  });
});

// --- messages ---------------------------------------------------------------------------------

describe('error messages name what was expected and what was found', () => {
  it.each([
    ['{"a":1 "b":2}', `Expected ',' or '}' after a property value but found '"'`],
    ['[1 2]', "Expected ',' or ']' after an array element but found '2'"],
    ['{"a" 1}', "Expected ':' after a property name but found '1'"],
    ['{a:1}', "Expected a double-quoted property name or '}' but found 'a'"],
    ['[None]', "Expected a JSON value or ']' but found 'None'"],
    ['-Infinity', "Expected a digit after '-' but found 'Infinity'"],
    ['1.', "Expected a digit after '.' but found end of input"],
    ['1e', 'Expected a digit in the exponent but found end of input'],
    ['"\\u12G4"', "Expected 4 hex digits after '\\u' but found 'G'"],
    [
      '"a\u0001"',
      'Expected an escape sequence (control characters must be escaped in strings) but found control character U+0001',
    ],
    ['"a\nb"', `Expected '"' to end the string but found a line break`],
    ['/* c */ 1', "Expected a JSON value but found a comment ('/*')"],
    ['\ufeff1', 'Expected a JSON value but found a byte order mark (U+FEFF)'],
    [
      '1\u00a0',
      'Expected end of input after the JSON value but found whitespace character U+00A0 (JSON allows only space, tab and line breaks)',
    ],
    ['[\udc00]', "Expected a JSON value or ']' but found a lone surrogate U+DC00"],
    ['[€]', "Expected a JSON value or ']' but found '€'"],
    ['[😀]', "Expected a JSON value or ']' but found '😀'"],
    ['[aVeryLongIdentifierThatGoesOnAndOn]', "Expected a JSON value or ']' but found 'aVeryLongIdentifierT…'"],
  ])('%j', async (json, message) => {
    const { error } = await format({ json });
    expect(error).toMatch(/ at line \d+, column \d+\.$/);
    expect(error!.replace(/ at line \d+, column \d+\.$/, '')).toBe(message);
  });
});

// --- positions --------------------------------------------------------------------------------

describe('lineColumn', () => {
  it('counts \\n, \\r\\n and \\r as one break and code points as columns', () => {
    const text = 'a\r\nb\rc\nd😀e';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn(text, 5)).toEqual({ line: 3, column: 1 });
    expect(lineColumn(text, 7)).toEqual({ line: 4, column: 1 });
    expect(lineColumn(text, 10)).toEqual({ line: 4, column: 3 }); // after the emoji (2 units, 1 column)
    expect(lineColumn(text, text.length)).toEqual({ line: 4, column: 4 });
    expect(lineColumn('x\n', 2)).toEqual({ line: 2, column: 1 });
  });

  it('agrees with an independent count on 300 generated documents with an error after a random element', async () => {
    const rand = prng(5);
    for (let n = 0; n < 300; n++) {
      const elements = Array.from({ length: 1 + Math.floor(rand() * 6) }, () =>
        spell(randomValue(rand, 2, true), rand),
      );
      const bad = Math.floor(rand() * elements.length);
      // A '#' where a ',' or ']' must follow element `bad`.
      const text = '[' + elements.slice(0, bad + 1).join(',' + pick(rand, WHITESPACE)) + pick(rand, WHITESPACE) + '#]';
      const before = text.slice(0, text.lastIndexOf('#'));
      const lines = before.split(/\r\n|\r|\n/);
      const body = await format({ json: text });
      expect(body.error_line, text).toBe(lines.length);
      expect(body.error_column, text).toBe(Array.from(lines[lines.length - 1]!).length + 1);
      expect(body.error).toContain("but found '#'");
    }
  });
});

// --- lossless details -------------------------------------------------------------------------

describe('lossless formatting', () => {
  it('keeps numbers, key order, duplicates (last wins at first position) and __proto__', async () => {
    const json = '{"z":1,"2":-0,"1":1E400,"__proto__":{"x":12345678901234567890},"z":[1.0,{"a":1,"a":2}]}';
    expect((await format({ json, mode: 'minify' })).output).toBe(
      '{"z":[1.0,{"a":2}],"2":-0,"1":1E400,"__proto__":{"x":12345678901234567890}}',
    );
    expect(Object.prototype).not.toHaveProperty('x');
  });

  it('treats differently spelled equal keys as duplicates ("a" and "\\u0061")', async () => {
    expect((await format({ json: '{"a":1,"\\u0061":2}', mode: 'minify' })).output).toBe('{"a":2}');
  });

  it('detects duplicates in large objects (past the linear-search limit)', async () => {
    const keys = Array.from({ length: 100 }, (_, i) => `"k${i}":${i}`);
    const json = `{${keys.join(',')},"k50":"last"}`;
    const expected = `{${keys.map((k) => (k === '"k50":50' ? '"k50":"last"' : k)).join(',')}}`;
    expect((await format({ json, mode: 'minify' })).output).toBe(expected);
  });

  it('re-escapes strings exactly as JSON.stringify does', async () => {
    const json = String.raw`["\u0041\/\"\\\b\f\n\r\t\u0000\u001F\u007f\u00E9\u2028\uD83D\uDE00\uDFFF\uD800\uFEFF"]`;
    const { output } = await format({ json, mode: 'minify' });
    expect(output).toBe(JSON.stringify(JSON.parse(json)));
    expect(output).toBe('["A/\\"\\\\\\b\\f\\n\\r\\t\\u0000\\u001f\u007fé\u2028😀\\udfff\\ud800\ufeff"]');
  });

  it('re-escapes a raw lone surrogate and keeps a raw pair', async () => {
    expect((await format({ json: '["\ud800x","😀"]', mode: 'minify' })).output).toBe('["\\ud800x","😀"]');
  });

  it('joins a pair with one half escaped', async () => {
    expect((await format({ json: '["\\ud83d\ude00","\ud83d\\ude00"]', mode: 'minify' })).output).toBe('["😀","😀"]');
  });
});

describe('compareCodePoints', () => {
  it.each([
    ['a', 'b', -1],
    ['a', 'a', 0],
    ['a', 'ab', -1],
    ['\ue000', '😀', -1], // UTF-16 unit order would say the opposite
    ['😀', '\uffff', 1],
    ['😀', '😁', -1],
    ['\ud800', '😀', -1], // a lone high surrogate (U+D800) is below U+1F600
    ['\ud83d', '\ud83d\ude00', -1],
    ['\ud800Z', '\ud800\t', 1], // the same lone high surrogate, then Z > TAB
    ['\ud800\ue000', '\ud800\udc00', -1], // a lone U+D800 then U+E000 is below U+10000
  ])('%j vs %j', (a, b, sign) => {
    expect(Math.sign(compareCodePoints(a, b))).toBe(sign);
    expect(Math.sign(compareCodePoints(b, a))).toBe(sign === 0 ? 0 : -sign);
  });
});

// --- repair -----------------------------------------------------------------------------------

describe('repair', () => {
  it.each([
    ['{"a":1, /* block */ "b":2 // line\n}', '{"a":1,"b":2}'],
    ["{'a': 'it''s'}", undefined],
    ["['x', 'y']", '["x","y"]'],
    ['{a: 1, b_c: 2}', '{"a":1,"b_c":2}'],
    ['[1, 2, 3,]', '[1,2,3]'],
    ['{"a":1,}', '{"a":1}'],
    ['[1 2 3]', '[1,2,3]'],
    ['{"a":1 "b":2}', '{"a":1,"b":2}'],
    ['[None, True, False]', '[null,true,false]'],
    ['{"a": [1, {"b": "text', '{"a":[1,{"b":"text"}]}'],
    ['{"a":1.0, b: 12345678901234567890}', '{"a":1.0,"b":12345678901234567890}'],
  ])('%j', async (json, expected) => {
    const body = await format({ json, repair: true, mode: 'minify' });
    if (expected === undefined) {
      expect(body.valid === false || body.repaired === true).toBe(true);
      return;
    }
    expect(body).toEqual({ output: expected, valid: true, repaired: true });
  });

  it('never changes valid input and adds no repaired field', async () => {
    const rand = prng(6);
    for (let n = 0; n < 50; n++) {
      const json = spell(randomValue(rand, 0, false), rand);
      const plain = await format({ json });
      expect(await format({ json, repair: true })).toEqual(plain);
    }
  });

  it('reports the original error when the repaired text is still invalid or repair throws', async () => {
    const original = await format({ json: '{"a":1}{"b":2}' });
    expect(await format({ json: '{"a":1}{"b":2}', repair: true })).toEqual(original);
  });

  it('is not applied without repair: true', async () => {
    expect((await format({ json: '[1,]' })).valid).toBe(false);
  });
});

// --- hostile input ----------------------------------------------------------------------------

describe('hostile input', () => {
  const depth = 100_000;
  const tooDeep = {
    valid: false,
    error: `Nesting is deeper than ${MAX_NESTING} levels at line 1, column ${MAX_NESTING + 1}.`,
    error_line: 1,
    error_column: MAX_NESTING + 1,
  };

  it('nesting up to the limit is valid on both paths, empty innermost containers included', () => {
    const layout: Layout = { char: 32, width: 0 };
    for (const json of [
      '['.repeat(MAX_NESTING) + ']'.repeat(MAX_NESTING),
      '{"a":'.repeat(MAX_NESTING - 1) + '{}' + '}'.repeat(MAX_NESTING - 1),
      '['.repeat(MAX_NESTING - 1) + '{"k":1}' + ']'.repeat(MAX_NESTING - 1),
    ]) {
      const general = formatGeneral(json, layout, false);
      expect(formatFast(json, layout)).toBe(general);
      expect(formatGeneral(json, null, true)).toBe(json);
    }
  });

  it.each([
    ['arrays', '['.repeat(MAX_NESTING + 1) + ']'.repeat(MAX_NESTING + 1)],
    ['objects', '{"a":'.repeat(MAX_NESTING) + '{}' + '}'.repeat(MAX_NESTING)],
    ['an unclosed 100k-deep nesting', '['.repeat(depth)],
    ['a valid 100k-deep nesting', '['.repeat(depth) + ']'.repeat(depth)],
  ])('%s beyond the limit: an error at the bracket that goes too deep, on every path and mode', async (_name, json) => {
    const column = json.startsWith('{') ? 5 * MAX_NESTING + 1 : MAX_NESTING + 1;
    const expected = {
      ...tooDeep,
      output: '',
      error: tooDeep.error.replace(`column ${MAX_NESTING + 1}`, `column ${column}`),
      error_column: column,
    };
    expect(formatFast(json, null)).toBeUndefined();
    expect(() => formatGeneral(json, null, false)).toThrow(NestingTooDeepError);
    for (const options of [{}, { mode: 'minify' }, { sort_keys: true }, { repair: true }, { indent: 0 }]) {
      expect(await format({ json, ...options })).toEqual(expected);
    }
  });

  it('a syntax error before the nesting limit is reported as such', async () => {
    const body = await format({ json: '[x' + '['.repeat(depth) });
    expect(body).toMatchObject({ valid: false, error_line: 1, error_column: 2 });
    expect(body.error).toMatch(/^Expected a JSON value or ']' but found 'x'/);
  });

  it('pretty output that would be too large is refused with a clear message, not a crash', async () => {
    // 999 levels inside an outer array, indented by 10: about 10 million characters each.
    const nest = '['.repeat(MAX_NESTING - 1) + ']'.repeat(MAX_NESTING - 1);
    const json = '[' + Array(8).fill(nest).join(',') + ']';
    const body = await format({ json, indent: 10 });
    expect(body).toEqual({
      output: '',
      valid: false,
      error: expect.stringContaining(`exceed ${MAX_OUTPUT_CHARS} characters`),
    });
    expect(await format({ json, indent: 10, sort_keys: true })).toEqual(body);
    expect((await format({ json, mode: 'minify' })).output).toBe(json);
  });
});

// --- repair limits -------------------------------------------------------------------------------

describe('repair within its limits', () => {
  it('repairs inputs up to MAX_REPAIR_CHARS whatever they need: many missing commas, NDJSON, unclosed strings', async () => {
    const values = MAX_REPAIR_CHARS / 2;
    const missingCommas = '[1' + ' 1'.repeat(values - 1);
    expect(missingCommas.length).toBe(MAX_REPAIR_CHARS);
    expect(await format({ json: missingCommas, repair: true, mode: 'minify' })).toEqual({
      output: '[' + Array(values).fill('1').join(',') + ']',
      valid: true,
      repaired: true,
    });
    const lines = Array.from({ length: 1500 }, (_, i) => `{"n":${i}}`);
    const ndjson = lines.join('\n');
    expect(ndjson.length).toBeLessThanOrEqual(MAX_REPAIR_CHARS);
    expect((await format({ json: ndjson, repair: true, mode: 'minify' })).output).toBe(`[${lines.join(',')}]`);
    const text = 'x'.repeat(MAX_REPAIR_CHARS - 10);
    const unclosed = '{"text": "' + text;
    expect(unclosed.length).toBe(MAX_REPAIR_CHARS);
    expect((await format({ json: unclosed, repair: true, mode: 'minify' })).output).toBe(`{"text":"${text}"}`);
  });

  it('beyond MAX_REPAIR_CHARS reports the original error with a note, and formats valid input as usual', async () => {
    const json = '// comment\n[' + '1,'.repeat(MAX_REPAIR_CHARS) + ']';
    const body = await format({ json, repair: true });
    expect(body).toEqual({
      output: '',
      valid: false,
      error: `Expected a JSON value but found a comment ('//') at line 1, column 1. Not repaired: repair reads at most ${MAX_REPAIR_CHARS} characters, and this input has ${json.length}.`,
      error_line: 1,
      error_column: 1,
    });
    // Without repair, no note.
    expect((await format({ json })).error).toBe(
      "Expected a JSON value but found a comment ('//') at line 1, column 1.",
    );
    const valid = '[' + '1,'.repeat(MAX_REPAIR_CHARS) + '1]';
    expect(await format({ json: valid, repair: true, mode: 'minify' })).toEqual({ output: valid, valid: true });
  });

  it('a repaired text deeper than the nesting limit is refused: the original error is reported', async () => {
    const json = '{a: ' + '['.repeat(MAX_NESTING); // the repair closes every bracket: 1001 levels
    const body = await format({ json, repair: true });
    expect(body).toMatchObject({ valid: false, error_line: 1, error_column: 2 });
    expect(body.error).toBe("Expected a double-quoted property name or '}' but found 'a' at line 1, column 2.");
    expect((await format({ json: '{a: ' + '['.repeat(MAX_NESTING - 1), repair: true, mode: 'minify' })).repaired).toBe(
      true,
    );
  });
});

describe('formatJson paths', () => {
  it('sorting and duplicates go through the general path with the same layout', () => {
    const layout: Layout = { char: 32, width: 2 };
    expect(formatJson('{"b":1,"a":[]}', layout, true)).toBe('{\n  "a": [],\n  "b": 1\n}');
    expect(formatFast('{"a":1,"a":2}', layout)).toBeUndefined();
    expect(formatJson('{"a":1,"a":2}', layout, false)).toBe('{\n  "a": 2\n}');
  });
});

describe('jsonpath bounds', () => {
  const run = (body: Record<string, unknown>) => invoke(tool, body, nodeContext);

  it('descends the deepest document accepted (1000 levels)', async () => {
    const json = '['.repeat(MAX_NESTING) + '7' + ']'.repeat(MAX_NESTING);
    const reply = await run({ json, jsonpath: '$..[?@ == 7]', mode: 'minify' });
    expect(reply.status).toBe(200);
    expect((reply.body as { query_result: string }).query_result).toBe('[7]');
  });

  it('refuses a query whose work grows with the square of the document, naming jsonpath', async () => {
    const json = JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ i })));
    const reply = await run({ json, jsonpath: '$..[?$..x]' });
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(
      /^'jsonpath' could not be answered: it needs more than \d+ steps of work on this document/,
    );
  });

  it('answers the same query on a small document', async () => {
    const json = JSON.stringify(Array.from({ length: 30 }, (_, i) => ({ i })));
    const reply = await run({ json, jsonpath: '$[?$..x]', mode: 'minify' });
    expect(reply.body).toMatchObject({ valid: true, query_result: '[]' });
  });

  it('refuses matches that would print past the output cap', async () => {
    // The same 140k-character member selected 1000 times: little work, 140 M characters.
    const json = '[[' + Array(70_000).fill(1).join(',') + ']]';
    const reply = await run({ json, jsonpath: `$[${Array(1000).fill(0).join(',')}]`, mode: 'minify' });
    expect(reply.status).toBe(400);
    expect((reply.body as { error: string }).error).toMatch(
      /^'jsonpath' selects too much: its matches would print to more than \d+ characters/,
    );
  });

  it('refuses a regex pattern of exponential cost instead of running it, naming jsonpath', async () => {
    // (a+)+b against 40 a's takes 2^40 backtracking steps in JavaScript's regex engine.
    const json = JSON.stringify(['a'.repeat(40), 'ab']);
    for (const fn of ['match', 'search']) {
      const reply = await run({ json, jsonpath: `$[?${fn}(@, '(a+)+b')]` });
      expect(reply.status).toBe(400);
      expect((reply.body as { error: string }).error).toMatch(
        new RegExp(`^'jsonpath' could not be answered: the ${fn}\\(\\) pattern "\\(a\\+\\)\\+b" repeats a group`),
      );
    }
    // Overlapping alternatives: (a|aa)* against 50 a's and a c.
    const alternation = await run({
      json: JSON.stringify(['a'.repeat(50) + 'c']),
      jsonpath: "$[?match(@, '(a|aa)*')]",
    });
    expect(alternation.status).toBe(400);
    // The same pattern held in the document is refused when the filter reaches it.
    const held = await run({
      json: JSON.stringify([{ s: 'a'.repeat(40), p: '(a*)*b' }]),
      jsonpath: '$[?match(@.s, @.p)]',
    });
    expect(held.status).toBe(400);
  });

  it('tells repeated groups holding a repetition or an alternation from safe patterns', () => {
    for (const risky of [
      '(a+)+',
      '(a*)*b',
      '((ab)*c)+',
      '(a{2,})*',
      '(x(a?))+',
      '([a-z]+.)*z',
      '(a|aa)*',
      '(a|a)+',
      '(\\w|a)+',
      '((a|b)c)*',
    ])
      expect(hasNestedQuantifier(risky), risky).toBe(true);
    for (const safe of [
      'a+b*',
      '(ab)+',
      'a|b*',
      '(a|b)c*',
      '[(+*]+',
      '\\(a+\\)+',
      '\\p{Lu}+',
      '(a)b+',
      'x{2}(y)?',
      '((a)(b))*',
    ])
      expect(hasNestedQuantifier(safe), safe).toBe(false);
  });
});
