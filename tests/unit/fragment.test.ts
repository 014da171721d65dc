// Share links: the state in the fragment, compressed when that is shorter (z1.: raw DEFLATE by
// CompressionStream + base64url), old links (URI-encoded JSON) still read, and what does not fit
// said, not dropped silently. The compressed form is checked against Node's zlib, an independent
// DEFLATE.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_FRAGMENT, decodeFragment, encodeState, shareState } from '../../src/ui/fragment';

/** A JSON document of `n` made-up records: repetitive like real API answers, so it compresses. */
function records(n: number): string {
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      id: i,
      name: `user ${i}`,
      email: `user${i}@example.com`,
      active: i % 3 === 0,
      roles: ['reader', i % 5 ? 'writer' : 'admin'],
    })),
    null,
    2,
  );
}

/** Text that does not compress: random letters (a fixed seed, so the test is the same each run). */
function noise(n: number): string {
  let seed = 42;
  let out = '';
  for (let i = 0; i < n; i++) {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out += String.fromCharCode(33 + (((t ^ (t >>> 14)) >>> 0) % 90));
  }
  return out;
}

describe('share-link fragments', () => {
  it('open links written before compression', async () => {
    expect(await decodeFragment(encodeURIComponent(JSON.stringify({ input: 'hello', mode: 'decode' })))).toEqual({
      input: 'hello',
      mode: 'decode',
    });
    expect(await decodeFragment('{"input":"raw"}')).toEqual({ input: 'raw' });
  });

  it('keep small states readable', async () => {
    const fragment = await encodeState({ input: 'hello', to: 'all' });
    expect(fragment).toBe(encodeURIComponent('{"input":"hello","to":"all"}'));
  });

  it('compress large states as raw DEFLATE in base64url, which zlib reads', async () => {
    const json = records(400);
    expect(encodeURIComponent(JSON.stringify({ json })).length).toBeGreaterThan(MAX_FRAGMENT); // it did not fit before
    const fragment = await encodeState({ json, indent: 2 });
    expect(fragment.startsWith('z1.')).toBe(true);
    expect(fragment.length).toBeLessThanOrEqual(MAX_FRAGMENT);
    expect(fragment.slice(3)).toMatch(/^[A-Za-z0-9_-]+$/);
    const inflated = inflateRawSync(Buffer.from(fragment.slice(3), 'base64url')).toString('utf8');
    expect(JSON.parse(inflated)).toEqual({ json, indent: 2 });
    expect(await decodeFragment(fragment)).toEqual({ json, indent: 2 });
  });

  it('read a fragment compressed by another DEFLATE (zlib, as CompressionStream("deflate-raw") writes)', async () => {
    const state = { input: 'ünïcode ✓ '.repeat(500) };
    const fragment = 'z1.' + deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url');
    expect(await decodeFragment(fragment)).toEqual(state);
  });

  it('read nothing from damaged or foreign fragments', async () => {
    for (const hash of ['z1.!!!', 'z1.AAAA', 'z1.', '%E0%A4%A', '[1,2]', 'null', '"text"', 'top'])
      expect(await decodeFragment(hash), hash).toEqual({});
  });

  it('share what fits and name what does not', async () => {
    const big = noise(40_000);
    const shared = await shareState({ input: big, mode: 'encode', secret: 'k', empty: '' }, ['secret']);
    expect(shared.left).toEqual(['input']);
    expect(await decodeFragment(shared.fragment)).toEqual({ mode: 'encode' });
    const fits = await shareState({ json: records(400), mode: 'pretty' });
    expect(fits.left).toEqual([]);
    expect(await decodeFragment(fits.fragment)).toEqual({ json: records(400), mode: 'pretty' });
  });

  it('leave out the longest text first and keep the others', async () => {
    const shared = await shareState({ lcov: noise(30_000), baseline: 'SF:a.c\nend_of_record\n', to: 'x' });
    expect(shared.left).toEqual(['lcov']);
    expect(await decodeFragment(shared.fragment)).toEqual({ baseline: 'SF:a.c\nend_of_record\n', to: 'x' });
  });

  it('never compress megabytes: too long text is left out at once', async () => {
    const shared = await shareState({ input: 'a'.repeat(5_000_000), mode: 'x' });
    expect(shared.left).toEqual(['input']);
    expect(await decodeFragment(shared.fragment)).toEqual({ mode: 'x' });
  });
});
