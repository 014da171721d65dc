// Smart paste (src/lib/smart-paste.ts) on real samples: what each looks like, and which tool the
// registry's `paste` declarations rank first, with the input each page receives.
import { describe, expect, it } from 'vitest';
import { detect, propose, SAMPLE } from '../../src/lib/smart-paste';
import { tools } from '../../src/tools/index';
import { JWT_IO_HS256 } from '../../src/tools/jwt-decoder/vectors';

const kinds = (text: string) => detect(text).map((detection) => detection.kind);
const proposals = (text: string) => propose(text, tools);
const top = (text: string) => proposals(text)[0];

const LCOV = [
  'TN:',
  'SF:src/math.ts',
  'FN:1,add',
  'FNDA:3,add',
  'FNF:1',
  'FNH:1',
  'DA:1,3',
  'DA:2,0',
  'LF:2',
  'LH:1',
  'end_of_record',
  '',
].join('\n');
const CSV = 'name,age,city\nAda,36,London\n"Turing, Alan",41,Wilmslow\n';

describe('smart paste detection', () => {
  it.each([
    ['a JWT', JWT_IO_HS256, 'jwt-decoder', { token: JWT_IO_HS256 }],
    ['a bearer header value', `Bearer ${JWT_IO_HS256}`, 'jwt-decoder', { token: JWT_IO_HS256 }],
    [
      'a JSON object',
      '{"name": "Ada", "tags": ["math", "poetry"], "born": 1815}',
      'json-formatter',
      { json: '{"name": "Ada", "tags": ["math", "poetry"], "born": 1815}' },
    ],
    ['broken JSON', "{name: 'Ada', born: 1815,}", 'json-formatter', { json: "{name: 'Ada', born: 1815,}" }],
    [
      'a UUID v4',
      '919108f7-52d1-4320-9bac-f847db4148a8',
      'uuid-generator',
      { validate: '919108f7-52d1-4320-9bac-f847db4148a8' },
    ],
    [
      'a UUID v7 in braces',
      '{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}',
      'uuid-generator',
      { validate: '{017F22E2-79B0-7CC3-98C4-DC0C0C07398F}' },
    ],
    ['Unix seconds', '1767225600', 'timestamp-converter', { input: '1767225600' }],
    ['Unix milliseconds', '1767225600123', 'timestamp-converter', { input: '1767225600123' }],
    ['an ISO date-time', '2026-01-01T12:30:00Z', 'timestamp-converter', { input: '2026-01-01T12:30:00Z' }],
    ['an ISO date with offset', '2026-01-01T12:30:00.250+02:00', 'timestamp-converter', {}],
    ['a date', '2026-01-01', 'timestamp-converter', {}],
    ['an email date', 'Thu, 01 Jan 2026 00:00:00 +0000', 'timestamp-converter', {}],
    ['Base64', 'SGVsbG8sIFdvcmxkIQ==', 'base64', { input: 'SGVsbG8sIFdvcmxkIQ==', mode: 'decode' }],
    ['URL-safe Base64 without padding', 'SGVsbG8_IFdvcmxkIQ', 'base64', { mode: 'decode' }],
    ['a hex colour', '#ff6347', 'color-converter', { color: '#ff6347' }],
    ['an rgb() colour', 'rgb(255 99 71 / 50%)', 'color-converter', {}],
    ['an hsl() colour', 'hsl(120, 100%, 25%)', 'color-converter', {}],
    ['an oklch() colour', 'oklch(70% 0.1 200)', 'color-converter', {}],
    ['a colour name', 'rebeccapurple', 'color-converter', {}],
    ['an LCOV record', LCOV, 'lcov-viewer', { lcov: LCOV.trim() }],
    ['a 0x number', '0xDEAD_BEEF', 'number-base-converter', { input: '0xDEAD_BEEF', from_base: 16 }],
    ['a 0b number', '0b1010_1010', 'number-base-converter', { input: '0b1010_1010', from_base: 2 }],
    ['percent-encoded text', 'caf%C3%A9%20%26%20cr%C3%A8me', 'url-encoder', { mode: 'decode' }],
    ['a URL with escapes', 'https://example.com/search?q=gr%C3%BC%C3%9Fe', 'url-encoder', { mode: 'decode' }],
    ['CSV', CSV, 'json-to-csv', { mode: 'csv-to-json', delimiter: ',', input: CSV.trim() }],
    ['semicolon CSV', 'name;age\nAda;36\nAlan;41', 'json-to-csv', { delimiter: ';' }],
    ['an identifier', 'getHTTPResponseCode', 'text-case-converter', { input: 'getHTTPResponseCode' }],
  ])('%s opens %s', (_, text, slug, fields) => {
    const best = top(text)!;
    expect(best.slug).toBe(slug);
    expect(best.fields).toMatchObject(fields);
  });

  it('offers both JSON tools for an array of objects, the formatter first', () => {
    const slugs = proposals('[{"name":"Ada","age":36},{"name":"Alan","age":41}]').map((proposal) => proposal.slug);
    expect(slugs.slice(0, 2)).toEqual(['json-formatter', 'json-to-csv']);
    expect(top('[{"a":1}]')!.fields).toEqual({ json: '[{"a":1}]' });
    expect(proposals('[{"a":1}]').find((proposal) => proposal.slug === 'json-to-csv')!.fields).toEqual({
      input: '[{"a":1}]',
      mode: 'json-to-csv',
    });
  });

  it('offers the number base converter second for a Unix time', () => {
    expect(
      proposals('1767225600')
        .map((proposal) => proposal.slug)
        .slice(0, 2),
    ).toEqual(['timestamp-converter', 'number-base-converter']);
  });

  it('leaves out the text tools when something surer matched', () => {
    expect(proposals(JWT_IO_HS256).map((proposal) => proposal.slug)).toEqual(['jwt-decoder']);
    expect(proposals('The quick brown fox').map((proposal) => proposal.slug)).toContain('hash-generator');
  });

  it('hands over trimmed text', () => {
    expect(top(`  ${JWT_IO_HS256}\n`)!.fields).toEqual({ token: JWT_IO_HS256 });
  });

  describe('negatives', () => {
    const TEXT_KINDS = ['text', 'identifier'];
    it.each([
      'The quick brown fox jumps over the lazy dog.',
      'Meeting moved to Thursday, bring the slides',
      'hello',
      'Dear team,\nthe release is on Monday.\nThanks',
    ])('prose proposes text tools only: %s', (text) => {
      expect(kinds(text).filter((kind) => !TEXT_KINDS.includes(kind))).toEqual([]);
      for (const proposal of proposals(text)) expect(proposal.score).toBeLessThan(40);
    });

    it.each([
      ['a short word is not Base64', 'password', 'base64'],
      ['a hex digest is not Base64', 'd41d8cd98f00b204e9800998ecf8427e', 'base64'],
      ['a number is not Base64', '12345678901234', 'base64'],
      ['a word of hex letters is not a number', 'facade', 'hex-number'],
      ['three dots are not a JWT', 'a.b.c', 'jwt'],
      ['a 4-digit year is not a Unix time', '2026', 'unix-time'],
      ['one line is not CSV', 'a,b,c', 'csv'],
      ['ragged lines are not CSV', 'a,b\nc\nd,e,f', 'csv'],
      ['an LCOV record is not CSV', LCOV, 'csv'],
      ['a sentence with a comma is not a date', 'On 1 Jan we ship', 'date'],
    ])('%s', (_, text, kind) => {
      expect(kinds(text)).not.toContain(kind);
    });

    it('proposes nothing for blank text', () => {
      expect(proposals('  \n ')).toEqual([]);
    });
  });

  it('reads only a bounded sample of a huge paste', () => {
    // Megabytes of JSON rows: judged by the brackets, CSV and Base64 checks on the sample only.
    const rows = `[${Array.from({ length: 40_000 }, (_, i) => `{"id":${i},"name":"row ${i}"}`).join(',')}]`;
    expect(rows.length).toBeGreaterThan(8 * SAMPLE);
    expect(top(rows)!.slug).toBe('json-formatter');
    expect(kinds(rows)).toContain('json-rows');
    // A huge single line of Base64.
    const b64 = 'SGVsbG8gV29ybGQh'.repeat(250_000);
    expect(top(b64)!.slug).toBe('base64');
  });
});
