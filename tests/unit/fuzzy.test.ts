// The palette's and home page's ranking (src/lib/fuzzy.ts) over the real registry: the words
// people type find the tool they mean first.
import { describe, expect, it } from 'vitest';
import { rank, score } from '../../src/lib/fuzzy';
import { tools } from '../../src/tools/index';

const first = (query: string) => rank(tools, query)[0]?.slug;

describe('tool search', () => {
  it.each([
    ['json', 'json-formatter'],
    ['sha256', 'hash-generator'],
    ['SHA-256', 'hash-generator'],
    ['md5', 'hash-generator'],
    ['hmac', 'hash-generator'],
    ['epoch', 'timestamp-converter'],
    ['unix', 'timestamp-converter'],
    ['oklch', 'color-converter'],
    ['rgb', 'color-converter'],
    ['uuid v7', 'uuid-generator'],
    ['guid', 'uuid-generator'],
    ['hex', 'number-base-converter'],
    ['binary', 'number-base-converter'],
    ['csv', 'json-to-csv'],
    ['bearer', 'jwt-decoder'],
    ['jwt', 'jwt-decoder'],
    ['base64url', 'base64'],
    ['percent', 'url-encoder'],
    ['camelCase', 'text-case-converter'],
    ['slug', 'text-case-converter'],
    ['webp', 'image-converter'],
    ['coverage', 'lcov-viewer'],
    ['colour', 'color-converter'],
    ['resize', 'image-resizer'],
    ['background', 'background-remover'],
    ['time', 'timestamp-converter'],
  ])('"%s" finds %s first', (query, slug) => {
    expect(first(query)).toBe(slug);
  });

  it('ranks JSON Formatter before JWT Decoder for "json", and finds both', () => {
    const slugs = rank(tools, 'json').map((tool) => tool.slug);
    expect(slugs.indexOf('json-formatter')).toBeLessThan(slugs.indexOf('jwt-decoder'));
    expect(slugs).toContain('json-to-csv');
  });

  it('forgives letters left out ("jsn frmt")', () => {
    expect(first('jsn frmt')).toBe('json-formatter');
  });

  it('needs every word to match', () => {
    expect(rank(tools, 'uuid zebra')).toEqual([]);
    expect(score(tools[0], 'qqqq')).toBe(0);
  });

  it('keeps the registry order for an empty query', () => {
    expect(rank(tools, '  ').map((tool) => tool.slug)).toEqual(tools.map((tool) => tool.slug));
  });
});
