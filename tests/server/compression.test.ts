// Content negotiation and validators as the RFCs define them, without a server.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, negotiate } from '../../src/server/compression';
import { contentHash, entityTag, noneMatch } from '../../src/server/documents';
import { isContentAddressed } from '../../src/server/static-files';

describe('negotiate (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0', undefined],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br; q=0.0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*;q=0, gzip', 'gzip'],
    [['deflate', 'gzip'], 'gzip'],
  ] as const)('%j → %s', (header, coding) => {
    expect(negotiate(header as string | string[] | undefined)).toBe(coding);
  });
});

describe('compress', () => {
  it('gives bytes Node’s own decoders read back, dynamic and once', async () => {
    const text = JSON.stringify({ output: 'é'.repeat(5000) });
    for (const once of [false, true]) {
      expect(brotliDecompressSync(await compress(text, 'br', once)).toString()).toBe(text);
      expect(gunzipSync(await compress(text, 'gzip', once)).toString()).toBe(text);
    }
  });
});

describe('validators (RFC 9110 §8.8.3, §13.1.2)', () => {
  const hash = contentHash('{"a":1}');
  it('tags each representation apart', () => {
    expect(entityTag(hash, undefined)).toBe(`"${hash}"`);
    expect(entityTag(hash, 'br')).toBe(`"${hash}-br"`);
    expect(new Set([undefined, 'br', 'gzip'].map((c) => entityTag(hash, c as 'br' | undefined))).size).toBe(3);
  });
  it.each([
    [undefined, false],
    ['*', true],
    [`"${hash}"`, true],
    [`W/"${hash}"`, true],
    [`"${hash}-gzip"`, true],
    [`"x", "${hash}-br"`, true],
    [`"${hash.slice(1)}"`, false],
    [`"${hash}-zstd"`, false],
    ['"other"', false],
  ])('If-None-Match %s → %s', (header, matches) => {
    expect(noneMatch(header, hash)).toBe(matches);
  });
});

describe('content-addressed static paths', () => {
  it.each([
    ['/assets/index-BPYg4svl.js', true],
    [`/models/${'a'.repeat(64)}.bin`, true],
    ['/models/ort-wasm-simd-threaded-3398c10d07d229bd.wasm', true],
    ['/models/ort-wasm-simd-threaded.asyncify-39f9f0894d478800.wasm', true],
    ['/models/ort-wasm-simd-threaded.wasm', false],
    ['/models/resources.json', false],
    [`/models/${'a'.repeat(63)}.bin`, false],
    ['/sw.js', false],
    ['/index.html', false],
  ])('%s → %s', (path, immutable) => {
    expect(isContentAddressed(path)).toBe(immutable);
  });
});
