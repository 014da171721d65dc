import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { noCase, pathCase, trainCase } from 'change-case';
import { EXTENDED_TARGETS, TARGETS, convert, type Target } from './convert';
import { detectCase } from './detect';
import tool, { MAX_ALL_CHARS } from './tool';
import { splitWords } from './scan';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

const run = async (input: string, to: Target) => invoke(tool, { input, to }, nodeContext);

const pick = <T>(rand: () => number, list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

/**
 * Reference splitter: the contract's rules as a plain per-character state machine, written
 * independently of the regex implementation. Classes: U upper/title, l lower, o other letter,
 * d digit, m mark, s separator.
 */
function referenceSplit(text: string): string[] {
  const cls = (c: string) =>
    /[\p{Lu}\p{Lt}]/u.test(c)
      ? 'U'
      : /\p{Ll}/u.test(c)
        ? 'l'
        : /\p{L}/u.test(c)
          ? 'o'
          : /\p{N}/u.test(c)
            ? 'd'
            : /\p{M}/u.test(c)
              ? 'm'
              : 's';
  const chars = [...text];
  const classes = chars.map(cls);
  const words: string[] = [];
  let word = '';
  let prev = '';
  for (let i = 0; i < chars.length; i++) {
    const c = classes[i]!;
    if (c === 's') {
      if (word) words.push(word);
      word = '';
      continue;
    }
    if (c === 'm') {
      if (word) word += chars[i];
      continue;
    }
    if (word && c === 'U') {
      let next = i + 1;
      while (classes[next] === 'm') next++;
      if (prev === 'l' || prev === 'd' || (prev === 'U' && classes[next] === 'l')) {
        words.push(word);
        word = '';
      }
    }
    word += chars[i];
    prev = c;
  }
  if (word) words.push(word);
  return words;
}

describe('splitWords', () => {
  it.each([
    ['XMLHttpRequest', ['XML', 'Http', 'Request']],
    ['HTML5Parser', ['HTML5', 'Parser']],
    ['version2Update', ['version2', 'Update']],
    ['getHTTPResponseCode', ['get', 'HTTP', 'Response', 'Code']],
    ['__init__', ['init']],
    ['user-id', ['user', 'id']],
    ['XML_HTTP_REQUEST', ['XML', 'HTTP', 'REQUEST']],
    ['Ünïcödé Wörds', ['Ünïcödé', 'Wörds']],
    ['ΚαλημέραΚόσμε', ['Καλημέρα', 'Κόσμε']],
    ['HTTPСервер', ['HTTP', 'Сервер']], // acronym boundary across scripts
    ['東京タワーTokyo', ['東京タワーTokyo']], // letters without case never split
    ['hello🎉world', ['hello', 'world']],
    ['a1b2C3', ['a1b2', 'C3']],
    ['2ndPlace', ['2nd', 'Place']],
    ['ID', ['ID']],
    ['IDs', ['I', 'Ds']], // the acronym rule read literally
    ['ABC', ['ABC']],
    ['aB', ['a', 'B']],
    ['e\u0301coleNormale', ['e\u0301cole', 'Normale']],
    ['E\u0301COLENormale', ['E\u0301COLE', 'Normale']],
    ['\u0301orphan mark', ['orphan', 'mark']],
    ["don't stop", ['don', 't', 'stop']],
    ['x²+y²', ['x²', 'y²']],
    ['ǅemalBijedić', ['ǅemal', 'Bijedić']],
    ['foo\uD800bar', ['foo', 'bar']],
    ['', []],
  ])('%j → %j', (input, words) => {
    expect(splitWords(input)).toEqual(words);
  });

  it('treats precomposed and decomposed letters alike', () => {
    for (const text of ['ÉCOLENormale', 'écoleNormale', 'ÜBERÄnderungXML', 'ÅngströmUnit']) {
      const composed = splitWords(text.normalize('NFC')).map((w) => w.normalize('NFC'));
      const decomposed = splitWords(text.normalize('NFD')).map((w) => w.normalize('NFC'));
      expect(decomposed).toEqual(composed);
    }
  });

  it('agrees with the reference state machine on random text', () => {
    const rand = prng(11);
    const alphabet = [
      'a',
      'b',
      'Z',
      'Y',
      'é',
      'É',
      'e\u0301',
      'E\u0301',
      '\u0301',
      '1',
      '2',
      '²',
      ' ',
      '_',
      '-',
      '.',
      'ǅ',
      'ß',
      'Σ',
      'ς',
      'ж',
      'Ж',
      '東',
      'ー',
      'ʰ',
      '🎉',
      '\uD800',
      '\uDC00',
      '\u200D',
    ];
    for (let k = 0; k < 10000; k++) {
      let text = '';
      const length = Math.floor(rand() * 16);
      for (let i = 0; i < length; i++) text += pick(rand, alphabet);
      expect(splitWords(text), JSON.stringify(text)).toEqual(referenceSplit(text));
    }
  });

  it('splits 16 MiB without blowing up (linear time, even for long runs of marks)', () => {
    // No clock: quadratic behaviour (hours at this size) runs far past the test's timeout.
    const text = 'getHTTPResponseCode_ünïcödé-Wörds 東京 '.repeat(Math.ceil((16 * 1024 * 1024) / 38));
    expect(splitWords(text).length).toBe(Math.ceil((16 * 1024 * 1024) / 38) * 7);
    const marks = 'a' + '\u0301'.repeat(4_000_000) + 'B' + '\u0301'.repeat(4_000_000) + 'c';
    expect(splitWords(marks).length).toBe(2);
  }, 60_000);
});

describe('convert', () => {
  const words = ['xml', 'http', 'request'];
  it.each([
    ['camelCase', 'xmlHttpRequest'],
    ['PascalCase', 'XmlHttpRequest'],
    ['snake_case', 'xml_http_request'],
    ['SCREAMING_SNAKE_CASE', 'XML_HTTP_REQUEST'],
    ['kebab-case', 'xml-http-request'],
    ['COBOL-CASE', 'XML-HTTP-REQUEST'],
    ['dot.case', 'xml.http.request'],
    ['Title Case', 'Xml Http Request'],
    ['Sentence case', 'Xml http request'],
    ['lowercase', 'xml http request'],
    ['UPPERCASE', 'XML HTTP REQUEST'],
  ] as const)('%s', (target, output) => {
    expect(convert(words, target)).toBe(output);
  });

  it('capitalises by whole code points and title-case forms', () => {
    expect(convert(['𐐨𐐯', 'x'], 'PascalCase')).toBe('𐐀𐐯X'); // Deseret: a supplementary-plane letter with case
    expect(convert(['ßa', 'ﬁx', 'ǆemal', 'ǉubljana', '2nd'], 'Title Case')).toBe('Ssa Fix ǅemal ǈubljana 2nd');
    expect(convert(['straße'], 'UPPERCASE')).toBe('STRASSE');
    expect(convert(['i\u0307stanbul'], 'PascalCase')).toBe('I\u0307stanbul'); // "İ".toLowerCase() is i + U+0307
  });
});

describe('detectCase', () => {
  it.each([
    // camelCase: lower first, only letters/digits, both cases
    ['fooBar', 'camelCase'],
    ['xmlHTTPRequest', 'camelCase'],
    ['iPhone', 'camelCase'],
    ['a1B', 'camelCase'],
    ['приветМир', 'camelCase'],
    // PascalCase: upper first, only letters/digits, both cases
    ['FooBar', 'PascalCase'],
    ['Hello', 'PascalCase'],
    ['HTML5Parser', 'PascalCase'],
    ['ǅemal', 'PascalCase'],
    // snake_case: words without upper case joined by single underscores, edges allowed
    ['foo_bar', 'snake_case'],
    ['foo_bar_2', 'snake_case'],
    ['__init__', 'snake_case'],
    ['_private', 'snake_case'],
    ['東京_タワー', 'snake_case'],
    ['foo__bar', 'lowercase'], // not snake_case (double separator), and no upper case
    // SCREAMING_SNAKE_CASE
    ['FOO_BAR', 'SCREAMING_SNAKE_CASE'],
    ['__ALL__', 'SCREAMING_SNAKE_CASE'],
    ['HTTP_2', 'SCREAMING_SNAKE_CASE'],
    // kebab-case, COBOL-CASE, dot.case: two or more words, single separators
    ['foo-bar', 'kebab-case'],
    ['foo-bar-baz', 'kebab-case'],
    ['-foo-bar', 'lowercase'],
    ['FOO-BAR', 'COBOL-CASE'],
    ['X-2', 'COBOL-CASE'],
    ['foo.bar', 'dot.case'],
    ['v1.2.3', 'dot.case'],
    ['foo.Bar', 'mixed'],
    // Title Case
    ['Hello World', 'Title Case'],
    ['Hello   World\tAgain', 'Title Case'],
    ['Hello, World!', 'Title Case'],
    ['Report 2024', 'Title Case'],
    ["Don't Stop", 'Title Case'],
    ['Hello WORLD', 'mixed'],
    // Sentence case
    ['Hello world', 'Sentence case'],
    ['Hello world, again.', 'Sentence case'],
    ['Καλημέρα κόσμε', 'Sentence case'],
    ['HEllo world', 'mixed'],
    ['Hello World ok', 'mixed'],
    // lowercase
    ['hello', 'lowercase'],
    ['hello world', 'lowercase'],
    ['hello-World', 'mixed'],
    ['123', 'lowercase'],
    ['hello_world-foo', 'lowercase'],
    ['東京タワー', 'lowercase'],
    // UPPERCASE
    ['HELLO', 'UPPERCASE'],
    ['HELLO WORLD', 'UPPERCASE'],
    ['HTML5', 'UPPERCASE'],
    ['FOO_BAR-BAZ', 'UPPERCASE'],
    // mixed
    ['Hello_World', 'mixed'],
    ['fooBar baz', 'mixed'],
    ['hello World', 'mixed'],
  ])('%j → %s', (input, detected) => {
    expect(detectCase(input)).toBe(detected);
  });

  it('ignores surrounding whitespace', () => {
    expect(detectCase('\n  fooBar \t')).toBe('camelCase');
  });

  it('agrees with the rules written as regular expressions on random text', () => {
    // The rules as the regular expressions they were first written as: exact, but they
    // backtrack, so they can only serve as a reference on short texts.
    const noUpper = '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+';
    const noLower = '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{N}\\p{M}]+';
    const rules: [Target, RegExp][] = [
      ['camelCase', /^(?=.*[\p{Lu}\p{Lt}])\p{Ll}[\p{L}\p{N}\p{M}]*$/su],
      ['PascalCase', /^(?=.*\p{Ll})[\p{Lu}\p{Lt}][\p{L}\p{N}\p{M}]*$/su],
      ['snake_case', new RegExp(`^_*${noUpper}(?:_${noUpper})*_*$`, 'u')],
      ['SCREAMING_SNAKE_CASE', new RegExp(`^_*${noLower}(?:_${noLower})*_*$`, 'u')],
      ['kebab-case', new RegExp(`^${noUpper}(?:-${noUpper})+$`, 'u')],
      ['COBOL-CASE', new RegExp(`^${noLower}(?:-${noLower})+$`, 'u')],
      ['dot.case', new RegExp(`^${noUpper}(?:\\.${noUpper})+$`, 'u')],
    ];
    const reference = (text: string) => {
      const t = text.trim();
      const underscoreMissing = (target: Target) =>
        (target === 'snake_case' || target === 'SCREAMING_SNAKE_CASE') && !t.includes('_');
      return rules.find(([target, pattern]) => !underscoreMissing(target) && pattern.test(t))?.[0];
    };
    const rand = prng(14);
    const alphabet = [...'abcxyzABCXYZ0123456789______------......  '].concat([
      'É',
      'é',
      'e\u0301',
      '\u0301',
      '東',
      'ǅ',
      'ʰ',
      '🎉',
      '\uD800',
      '\t',
      '!',
    ]);
    const seen = new Set<Target>();
    for (let k = 0; k < 20000; k++) {
      let text = '';
      const length = 1 + Math.floor(rand() * 10);
      for (let i = 0; i < length; i++) text += pick(rand, alphabet);
      const expected = reference(text);
      const detected = detectCase(text);
      if (expected !== undefined) seen.add(expected);
      if (expected !== undefined || rules.some(([target]) => target === detected))
        expect(detected, JSON.stringify(text)).toBe(expected);
    }
    expect(seen.size).toBe(rules.length); // the alphabet produces texts of every convention
  });

  it('detects each convention in what convert produces (random words in four scripts)', () => {
    const rand = prng(12);
    // Letters whose case round-trips (no ß, final sigma or digraphs): see the convert tests for those.
    const scripts = [
      'abcdefghijklmnopqrstuvwxyz',
      'äöüéèñç',
      'αβγδεζηθικλμνξοπρτυφχψω',
      'абвгдежзийклмнопрстуфхцчшщыэюя',
    ];
    for (let k = 0; k < 1000; k++) {
      const count = 2 + Math.floor(rand() * 4);
      const words: string[] = [];
      for (let w = 0; w < count; w++) {
        const letters = [...pick(rand, scripts)];
        let word = '';
        // Two letters at least: a one-letter word is lost between capitals (`aBC` is a, bc).
        const length = 2 + Math.floor(rand() * 5);
        for (let i = 0; i < length; i++) word += pick(rand, letters);
        if (rand() < 0.2) word += Math.floor(rand() * 100);
        words.push(word);
      }
      for (const target of TARGETS) {
        const text = convert(words, target);
        expect(
          splitWords(text).map((w) => w.toLowerCase()),
          `${target}: ${text}`,
        ).toEqual(words);
        expect(detectCase(text), `${target}: ${text}`).toBe(target);
      }
    }
  });
});

describe('tool', () => {
  it('answers output, tokens and from_detected', async () => {
    expect(await run('getHTTPResponseCode', 'kebab-case')).toEqual({
      status: 200,
      body: {
        output: 'get-http-response-code',
        tokens: ['get', 'http', 'response', 'code'],
        from_detected: 'camelCase',
      },
    });
  });

  it('refuses input without words with a 400', async () => {
    for (const input of [' ', '___', '🎉', '\u0301\u0301', '\uD800', '!?']) {
      expect(await run(input, 'camelCase')).toEqual({
        status: 400,
        body: { error: "'input' contains no words: it needs at least one letter or digit." },
      });
    }
  });

  it('never fails with a 500 on random text', async () => {
    const rand = prng(13);
    const alphabet = [...'aZ9_- .\t\n'].concat(['É', 'e\u0301', '\u0301', '東', '🎉', '\uD800', 'ß', 'ǆ', '__proto__']);
    for (let k = 0; k < 3000; k++) {
      let text = '';
      const length = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < length; i++) text += pick(rand, alphabet);
      const reply = await run(text, pick(rand, TARGETS));
      expect([200, 400], JSON.stringify(text)).toContain(reply.status);
      if (reply.status === 200) expect(tool.output.safeParse(reply.body).success).toBe(true);
    }
  });

  it.each([
    ['a_'.repeat(3.4e6) + 'A', 'mixed'],
    ['a-'.repeat(3.4e6) + 'a', 'kebab-case'],
    ['A.'.repeat(3.4e6) + 'a', 'mixed'],
    ['A_'.repeat(3.4e6) + '_', 'SCREAMING_SNAKE_CASE'],
  ])(
    'detects the case of 6.5 MB of separated one-letter words (%#) without overflowing the stack',
    async (input, detected) => {
      const reply = await run(input, 'snake_case');
      expect(reply.status).toBe(200);
      expect(reply.body.from_detected).toBe(detected);
      expect((reply.body.tokens as string[]).length).toBe(3.4e6 + (input.endsWith('_') ? 0 : 1));
    },
  );

  it('converts 16 MiB', async () => {
    const input = 'someIdentifierName '.repeat(Math.ceil((16 * 1024 * 1024) / 19));
    const reply = await run(input, 'snake_case');
    expect(reply.status).toBe(200);
    expect((reply.body.output as string).startsWith('some_identifier_name_some_identifier_name')).toBe(true);
  }, 60_000); // no clock: quadratic behaviour runs far past this timeout
});

// Issue 16: `to: "all"` and line-by-line conversion. The reference for both is the single-line
// tool itself, whose answers the tests above check against the contract's rules: a line's
// answer must not depend on the lines around it, and `all` must agree with every single target.
describe('multi-line and all', () => {
  const single = async (line: string, to: Target) => {
    const reply = await run(line, to);
    return reply.status === 200 ? (reply.body.output as string) : ''; // a line without words stays empty
  };

  it('converts each line as the single-line tool would, keeping LF, CRLF and CR as written', async () => {
    const rand = prng(16);
    const alphabet = [...'aZ9_- .'].concat(['É', 'e\u0301', '東', '🎉', 'ß', 'ǆ', 'fooBar', 'XMLHttp', 'MAX_ID']);
    const breaks = ['\n', '\r\n', '\r'];
    for (let k = 0; k < 400; k++) {
      const lines: string[] = [];
      const seps: string[] = [];
      const count = 2 + Math.floor(rand() * 4);
      for (let l = 0; l < count; l++) {
        let line = '';
        const length = 1 + Math.floor(rand() * 6);
        for (let i = 0; i < length; i++) line += pick(rand, alphabet);
        lines.push(line);
        if (l < count - 1) seps.push(pick(rand, breaks));
      }
      // Lines start and end with a word so the trimmed input keeps every line.
      lines[0] = 'x' + lines[0];
      lines[count - 1] += 'y';
      const input = lines.map((line, i) => line + (seps[i] ?? '')).join('');
      const to = pick(rand, TARGETS);
      const expected: string[] = [];
      for (let i = 0; i < count; i++) expected.push((await single(lines[i]!, to)) + (seps[i] ?? ''));
      const reply = await run(input, to);
      expect(reply.status, JSON.stringify(input)).toBe(200);
      expect(reply.body.output, JSON.stringify(input)).toBe(expected.join(''));
      expect(reply.body.tokens).toEqual(lines.flatMap((line) => splitWords(line).map((w) => w.toLowerCase())));
    }
  });

  it('detects the convention all lines share, else mixed', async () => {
    expect((await run('foo_bar\nbaz_qux', 'camelCase')).body.from_detected).toBe('snake_case');
    expect((await run('FooBar\r\nBazQux', 'camelCase')).body.from_detected).toBe('PascalCase');
    expect((await run('foo_bar\nbazQux', 'camelCase')).body.from_detected).toBe('mixed');
    expect((await run('foo_bar\n!!\nbaz_qux', 'camelCase')).body.from_detected).toBe('snake_case'); // a line without words does not vote
  });

  it('keeps every single-line answer: surrounding line breaks are trimmed first', async () => {
    for (const input of ['  padded\n', '\r\nfooBar\r\n', '\n\nMAX_ID']) {
      const reply = await run(input, 'snake_case');
      expect(reply.body).toEqual({
        output: convert(
          splitWords(input).map((w) => w.toLowerCase()),
          'snake_case',
        ),
        tokens: splitWords(input).map((w) => w.toLowerCase()),
        from_detected: detectCase(input),
      });
    }
  });

  it('all: outputs holds each target answer, output is camelCase', async () => {
    const rand = prng(17);
    const alphabet = [...'aZ9_- .\n'].concat(['\r\n', 'É', '東', 'ß', 'ǆ', 'fooBar', 'XMLHttp']);
    for (let k = 0; k < 200; k++) {
      let text = '';
      const length = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < length; i++) text += pick(rand, alphabet);
      const reply = await invoke(tool, { input: text, to: 'all' }, nodeContext);
      const camel = await run(text, 'camelCase');
      expect(reply.status).toBe(camel.status);
      if (reply.status !== 200) continue;
      expect(tool.output.safeParse(reply.body).success).toBe(true);
      const outputs = reply.body.outputs as Record<string, string>;
      expect(Object.keys(outputs)).toEqual([...TARGETS]);
      for (const target of TARGETS)
        expect(outputs[target], `${JSON.stringify(text)} ${target}`).toBe((await run(text, target)).body.output);
      expect(reply.body.output).toBe(outputs.camelCase);
      expect(reply.body.tokens).toEqual(camel.body.tokens);
      expect(reply.body.from_detected).toBe(camel.body.from_detected);
    }
  });

  it('converts 1 MiB of short lines to every convention, and refuses one character more', async () => {
    const lines = Math.floor(MAX_ALL_CHARS / 7);
    const input = 'fooBar\n'.repeat(lines);
    const reply = await invoke(tool, { input, to: 'all' }, nodeContext);
    expect(reply.status).toBe(200);
    const outputs = reply.body.outputs as Record<string, string>;
    expect(outputs.snake_case!.slice(0, 16)).toBe('foo_bar\nfoo_bar\n');
    expect(outputs['COBOL-CASE']!.length).toBe(lines * 8 - 1); // FOO-BAR and a break per line, the final break trimmed
    const over = await invoke(tool, { input: 'a'.repeat(MAX_ALL_CHARS + 1), to: 'all' }, nodeContext);
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(
      `'input' is too long for to: "all": 1,048,577 characters; every convention at once takes up to 1,048,576 (one convention at a time takes the whole input).`,
    );
    expect((await invoke(tool, { input: 'a'.repeat(MAX_ALL_CHARS + 1), to: 'snake_case' }, nodeContext)).status).toBe(
      200,
    );
  }, 120_000);
});

describe('the extended conventions', () => {
  // change-case (a well-kept library, test-only here) joins the same words its own way; on plain
  // ASCII words both splitters agree, so the joins can be compared.
  it('path/case, Header-Case, Train-Case and flatcase agree with change-case on 500 random identifiers', async () => {
    const rand = prng(30);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let k = 0; k < 500; k++) {
      const words = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => {
        let word = '';
        for (let i = 0, n = 2 + Math.floor(rand() * 6); i < n; i++) word += pick(rand, [...letters]);
        return word;
      });
      const input = words.join('_');
      expect((await run(input, 'path/case')).body.output, input).toBe(pathCase(input));
      expect((await run(input, 'Train-Case')).body.output, input).toBe(trainCase(input));
      expect((await run(input, 'Header-Case')).body.output, input).toBe(trainCase(input));
      expect((await run(input, 'flatcase')).body.output, input).toBe(noCase(input, { delimiter: '' }));
    }
  });

  it('all keeps the eleven unless extended is asked for; then the four follow in order', async () => {
    const plain = await invoke(tool, { input: 'getHTTPResponseCode', to: 'all' }, nodeContext);
    expect(Object.keys(plain.body.outputs as object)).toEqual([...TARGETS]);
    const extended = await invoke(tool, { input: 'getHTTPResponseCode', to: 'all', extended: true }, nodeContext);
    const outputs = extended.body.outputs as Record<string, string>;
    expect(Object.keys(outputs)).toEqual([...TARGETS, ...EXTENDED_TARGETS]);
    for (const target of [...TARGETS, ...EXTENDED_TARGETS])
      expect(outputs[target]).toBe((await run('getHTTPResponseCode', target)).body.output);
  });

  it('detection never names an extended convention (callers keep their answers)', async () => {
    for (const [input, detected] of [
      ['get/http/code', 'lowercase'],
      ['gethttpcode', 'lowercase'],
      ['Content-Type', 'mixed'],
    ] as const) {
      expect((await run(input, 'camelCase')).body.from_detected, input).toBe(detected);
    }
  });
});
