import { describe, expect, it } from 'vitest';
import { invoke } from '../../core/invoke';
import { COMPONENT_KEEP, FORM_KEEP, FULL_KEEP, percentDecode, percentEncode } from './percent';
import tool from './tool';
import { StringWriter } from './writer';
import { prng } from '../../../tests/support/prng';
import { nodeContext } from '../../platform/node-context';

/** Well-formed text: every ASCII character, Latin-1, CJK, emoji, NUL and U+FFFD. */
function randomText(random: () => number, length: number): string {
  const pools = [
    () => String.fromCharCode(Math.floor(random() * 128)),
    () => String.fromCharCode(Math.floor(random() * 128)),
    () => String.fromCharCode(0x80 + Math.floor(random() * 0x780)),
    () => String.fromCharCode(0x800 + Math.floor(random() * 0xd000)),
    () => String.fromCodePoint(0x10000 + Math.floor(random() * 0xfffff)),
    () => '\ufffd',
  ];
  let text = '';
  for (let i = 0; i < length; i++) text += pools[Math.floor(random() * pools.length)]!();
  return text;
}

/** The table as the contract defines it, derived from the built-in encoder per code point. */
function referenceTable(text: string, encodeChar: (ch: string) => string) {
  const table: { original: string; encoded: string }[] = [];
  const seen = new Set<string>();
  for (const ch of text) {
    const encoded = encodeChar(ch);
    if (encoded !== ch && !seen.has(ch)) {
      seen.add(ch);
      table.push({ original: ch, encoded });
    }
  }
  return table;
}

/** encodeURI keeps the same set as encode-full except `[` and `]`, which the spec preserves. */
const encodeFullReference = (text: string) => encodeURI(text).replace(/%5B/g, '[').replace(/%5D/g, ']');

const run = async (body: Record<string, unknown>) => invoke(tool, body, nodeContext);

describe('encode-component', () => {
  it('equals encodeURIComponent on random text, with the table of distinct changed characters', async () => {
    const random = prng(1);
    for (let i = 0; i < 500; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      const expected = encodeURIComponent(text);
      const reply = await run({ input: text });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        output: expected,
        mode: 'encode-component',
        changed: expected !== text,
        encoding_table: referenceTable(text, encodeURIComponent),
      });
    }
  });

  it("keeps exactly A–Z a–z 0–9 - _ . ! ~ * ' ( ) among the 128 ASCII characters", () => {
    const kept = [...Array(128).keys()]
      .filter((c) => COMPONENT_KEEP[c])
      .map((c) => String.fromCharCode(c))
      .join('');
    expect(kept).toBe("!'()*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~");
  });
});

describe('encode-full', () => {
  it('equals encodeURI (with [ and ] kept) on random text', async () => {
    const random = prng(2);
    for (let i = 0; i < 500; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      const expected = encodeFullReference(text);
      const reply = await run({ input: text, mode: 'encode-full' });
      expect(reply.body).toEqual({
        output: expected,
        mode: 'encode-full',
        changed: expected !== text,
        encoding_table: referenceTable(text, encodeFullReference),
      });
    }
  });

  it('keeps the component set plus : / ? # [ ] @ $ & + , ; =', () => {
    const kept = [...Array(128).keys()]
      .filter((c) => FULL_KEEP[c] && !COMPONENT_KEEP[c])
      .map((c) => String.fromCharCode(c))
      .join('');
    expect(kept).toBe('#$&+,/:;=?@[]');
  });
});

describe('lone surrogates in encode modes', () => {
  it.each([
    ['\ud800', 1, 'D800'],
    ['a\udc00', 2, 'DC00'],
    ['😀x😀\ud83d', 4, 'D83D'],
    ['\ud83d\ud83d\ude00', 1, 'D83D'],
    ['é é\ude00', 4, 'DE00'],
  ])('%j is refused at position %i', async (input, position, code) => {
    for (const mode of ['encode-component', 'encode-full']) {
      const reply = await run({ input, mode });
      expect(reply).toEqual({
        status: 400,
        body: {
          error: `'input' contains a lone surrogate (U+${code}) at position ${position}, which is not valid Unicode and cannot be percent-encoded as UTF-8.`,
        },
      });
    }
  });
});

describe('decode', () => {
  it('inverts encoding of random text', () => {
    const random = prng(3);
    for (let i = 0; i < 500; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      expect(percentDecode(encodeURIComponent(text))).toBe(text);
      expect(percentDecode(percentEncode(text, FULL_KEEP).output)).toBe(text);
    }
  });

  it('agrees with decodeURIComponent on random mixes of valid, invalid and stray sequences', async () => {
    const random = prng(4);
    const hex = () => '0123456789ABCDEFabcdef'[Math.floor(random() * 22)]!;
    const tokens = [
      () => `%${hex()}${hex()}`, // any byte, often not UTF-8
      () => encodeURIComponent(randomText(random, 1)),
      () => randomText(random, 1),
      () => '%',
      () => `%${hex()}`,
      () => '+',
    ];
    let errors = 0;
    for (let i = 0; i < 3000; i++) {
      let input = '';
      const count = 1 + Math.floor(random() * 6);
      for (let k = 0; k < count; k++) input += tokens[Math.floor(random() * tokens.length)]!();
      let expected: string | undefined;
      try {
        expected = decodeURIComponent(input);
      } catch {
        expected = undefined;
      }
      const reply = await run({ input, mode: 'decode' });
      if (expected === undefined) {
        errors++;
        expect(reply.status, JSON.stringify(input)).toBe(400);
        expect(reply.body.error).toMatch(
          /^'input' has (a malformed percent-encoding|percent-encoded bytes) at position \d+/,
        );
      } else {
        expect(reply.body, JSON.stringify(input)).toEqual({
          output: expected,
          mode: 'decode',
          changed: expected !== input,
          encoding_table: [],
        });
      }
    }
    expect(errors).toBeGreaterThan(300); // the mix really exercises the error paths
  });

  it.each([
    // [input, position, shown bytes]: lead bytes that cannot start a character…
    ['%80', 1, '%80'],
    ['%BF', 1, '%BF'],
    ['%C1%BF', 1, '%C1'],
    ['%F5%80%80%80', 1, '%F5'],
    ['%FF', 1, '%FF'],
    // …continuation bytes out of range (overlong, surrogate, above U+10FFFF)…
    ['%E0%80%80', 1, '%E0%80'],
    ['%ED%BF%BF', 1, '%ED%BF'],
    ['%F0%80%80%80', 1, '%F0%80'],
    ['%F4%90%80%80', 1, '%F4%90'],
    ['%C3%C3%A9', 1, '%C3%C3'],
    ['%E2%82%41', 1, '%E2%82%41'],
    // …sequences cut short by the end of the run or of the input.
    ['%C3', 1, '%C3'],
    ['%F0%9F%91 ', 1, '%F0%9F%91'],
    ['%E2%82%AC%E2', 10, '%E2'],
    ['ab%41%C3x', 6, '%C3'],
    ['👋👋%A9', 3, '%A9'],
  ])('%j: not UTF-8 at position %i (%s)', (input, position, shown) => {
    expect(() => percentDecode(input)).toThrow(
      `'input' has percent-encoded bytes at position ${position} that are not valid UTF-8: ${shown}.`,
    );
  });

  it.each([
    ['%', 1, '"%"'],
    ['a%4', 2, '"%4"'],
    ['%G0', 1, '"%G0"'],
    ['%41%4x', 4, '"%4x"'],
    ['😀%😀', 2, '"%😀"'],
    ['%a😀', 1, '"%a\\ud83d"'], // half of a pair is shown escaped
  ])('%j: malformed at position %i', (input, position, found) => {
    expect(() => percentDecode(input)).toThrow(
      `'input' has a malformed percent-encoding at position ${position}: '%' must be followed by two hexadecimal digits (found ${found}).`,
    );
  });

  it('accepts the extremes of each UTF-8 form', () => {
    expect(percentDecode('%00%7F%C2%80%DF%BF%E0%A0%80%ED%9F%BF%EE%80%80%EF%BF%BF%F0%90%80%80%F4%8F%BF%BF')).toBe(
      '\u0000\u007f\u0080\u07ff\u0800\ud7ff\ue000\uffff\u{10000}\u{10ffff}',
    );
  });

  it('passes a lone surrogate through untouched', async () => {
    const reply = await run({ input: '%41\ud800', mode: 'decode' });
    expect(reply.body).toEqual({ output: 'A\ud800', mode: 'decode', changed: true, encoding_table: [] });
  });
});

describe('large inputs take linear time', () => {
  const MiB = 1024 * 1024;

  // Quadratic behaviour would take minutes on these, far past their timeout; linear takes well
  // under a second each. No clock: bench/worst-inputs.mjs measures the time.
  it('encodes 16 Mi characters that all need encoding', () => {
    const text = 'é€ '.repeat((16 * MiB) / 3);
    const { output, table } = percentEncode(text, COMPONENT_KEEP);
    expect(output.length).toBe(text.length * 6); // é → 6, € → 9, space → 3 units: 18 per 3
    expect(output.slice(0, 18)).toBe('%C3%A9%E2%82%AC%20');
    expect(output.slice(-18)).toBe('%C3%A9%E2%82%AC%20');
    expect(table).toEqual([
      { original: 'é', encoded: '%C3%A9' },
      { original: '€', encoded: '%E2%82%AC' },
      { original: ' ', encoded: '%20' },
    ]);
  }, 60_000);

  it('decodes 16 MiB of percent-encoded text', () => {
    const encoded = '%C3%A9%E2%82%AC%20x'.repeat(Math.floor((16 * MiB) / 19));
    const decoded = percentDecode(encoded);
    expect(decoded === decodeURIComponent(encoded)).toBe(true);
  }, 60_000);

  it('16 MiB of plain text is returned as is', () => {
    const text = 'abcdefgh'.repeat(2 * MiB);
    expect(percentEncode(text, COMPONENT_KEEP).output).toBe(text);
    expect(percentDecode(text)).toBe(text);
  });
});

describe('StringWriter', () => {
  it('joins units across many internal flushes', () => {
    const out = new StringWriter();
    let expected = '';
    for (let i = 0; i < 30_000; i++) {
      const unit = 0x20 + (i % 0xd000);
      out.unit(unit);
      expected += String.fromCharCode(unit);
    }
    out.slice('xyz', 1, 3);
    expect(out.toString()).toBe(expected + 'yz');
    expect(new StringWriter().toString()).toBe('');
  });
});

// Issue 16. The independent reference is the platform's URLSearchParams (WHATWG URL Standard
// §5.2 serializer and §5.1 parser), which the tool does not use.
describe('encode-form and decode-form', () => {
  const formReference = (value: string) => new URLSearchParams({ a: value }).toString().slice(2);

  it('encode-form equals URLSearchParams on random text, with the table of distinct changed characters', async () => {
    const random = prng(16);
    for (let i = 0; i < 500; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40));
      const expected = formReference(text);
      const reply = await run({ input: text, mode: 'encode-form' });
      expect(reply.body, JSON.stringify(text)).toEqual({
        output: expected,
        mode: 'encode-form',
        changed: expected !== text,
        encoding_table: referenceTable(text, formReference),
      });
    }
  });

  it('keeps exactly * - . _ and alphanumerics among the 128 ASCII characters', () => {
    const kept = [...Array(128).keys()]
      .filter((c) => FORM_KEEP[c])
      .map((c) => String.fromCharCode(c))
      .join('');
    expect(kept).toBe('*-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz');
  });

  it('decode-form equals URLSearchParams reading a value, and inverts encode-form', async () => {
    const random = prng(17);
    for (let i = 0; i < 500; i++) {
      const text = randomText(random, 1 + Math.floor(random() * 40)).replace(/[&=]/g, '');
      // Form text as browsers send it, with some %20 and raw characters mixed in.
      const encoded = formReference(text).replace(/\+/g, () => (random() < 0.3 ? '%20' : '+'));
      const reply = await run({ input: encoded, mode: 'decode-form' });
      expect(reply.body.output, JSON.stringify(encoded)).toBe(new URLSearchParams(`a=${encoded}`).get('a'));
      expect(reply.body.output).toBe(text);
    }
  });
});

describe('query of a full URL', () => {
  it('equals URL.searchParams for random query strings, in decode and decode-form', async () => {
    const random = prng(18);
    const pieces = ['a', 'b', '=', '&', '+', ' ', 'é', '👋', '%20', '%2B', '%26', '%3D', '%C3%A9', '#x', '?'];
    for (let i = 0; i < 500; i++) {
      let query = '';
      const count = Math.floor(random() * 12);
      for (let k = 0; k < count; k++) query += pieces[Math.floor(random() * pieces.length)]!;
      const input = `https://example.com/p?${query}`;
      const expected = [...new URL(input).searchParams].map(([name, value]) => ({ name, value }));
      for (const mode of ['decode', 'decode-form']) {
        const reply = await run({ input, mode });
        expect(reply.status, input).toBe(200);
        expect(reply.body.query, `${mode} ${input}`).toEqual(expected);
      }
    }
  });

  it('is absent for text that is not an absolute URL, and in encode modes', async () => {
    for (const input of ['a%20b', '/path?x=1', '?x=1', 'example.com/?x=1', '//example.com/?x=1']) {
      expect((await run({ input, mode: 'decode' })).body).not.toHaveProperty('query');
    }
    for (const mode of ['encode-component', 'encode-full', 'encode-form']) {
      expect((await run({ input: 'https://example.com/?x=1', mode })).body).not.toHaveProperty('query');
    }
  });

  it('reads 16 MiB of query parameters in linear time', async () => {
    const input = 'https://example.com/?' + 'k=%C3%A9&'.repeat(Math.floor((16 * 1024 * 1024) / 9));
    const reply = await run({ input, mode: 'decode' });
    expect(reply.status).toBe(200);
    const query = reply.body.query as { name: string; value: string }[];
    expect(query.length).toBe(Math.floor((16 * 1024 * 1024) / 9));
    expect(query[0]).toEqual({ name: 'k', value: 'é' });
  }, 120_000);
});
