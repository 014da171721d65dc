// The native fast path must give exactly what base64.ts's own loops give, or decline: checked on
// large inputs (above NATIVE_MIN_LENGTH) against the loops themselves (run on pieces small
// enough to stay off the native path) and against the bytes that were encoded.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64';
import { NATIVE_MIN_LENGTH, decodeNative, encodeNative } from './base64-native';

const big = (n: number) => new Uint8Array(randomBytes(n));
/** base64.ts's loops on a large input: decoded in small pieces (each under the native threshold). */
function viaLoops(text: string): Uint8Array | undefined {
  const out: number[] = [];
  for (let i = 0; i < text.length; i += 4096) {
    const part = decodeBase64(text.slice(i, i + 4096));
    if (!part.ok) return undefined;
    out.push(...part.bytes);
  }
  return Uint8Array.from(out);
}

describe('native Base64', () => {
  const bytes = big(NATIVE_MIN_LENGTH + 1); // 65,537 bytes, length % 3 == 2: one '=' of padding
  const standard = Buffer.from(bytes).toString('base64');
  const urlSafe = Buffer.from(bytes).toString('base64url');

  it('decodes clean text, padded or not, in either alphabet, to the loops’ bytes', () => {
    expect(standard).toMatch(/[+/]/);
    for (const text of [standard, standard.replace(/=+$/, ''), urlSafe, urlSafe + '=']) {
      const native = decodeNative(text);
      expect(native, text.slice(-8)).toBeDefined();
      expect(Buffer.from(native!.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(Buffer.from(viaLoops(text)!).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(decodeBase64(standard)).toMatchObject({ ok: true, alphabet: 'standard' });
    expect(decodeBase64(urlSafe)).toMatchObject({ ok: true, alphabet: 'url-safe' });
  });

  it('declines what Buffer would accept leniently, so base64.ts judges it', () => {
    const middle = standard.length >> 1;
    const cases = [
      standard.slice(0, middle) + '\n' + standard.slice(middle), // whitespace: the loops accept it
      standard.slice(0, middle) + '*' + standard.slice(middle), // a stray character: an error
      standard.slice(0, middle) + '=' + standard.slice(middle), // padding in the middle
      standard.slice(0, middle) + '-' + standard.slice(middle + 1), // mixed alphabets
      standard + '=', // too much padding
      standard.slice(0, -2) + 'R=', // non-zero leftover bits (the loops drop them)
      standard.slice(0, -1) + 'AA', // a last group of one character
    ];
    for (const text of cases) expect(decodeNative(text)).toBeUndefined();
    expect(decodeBase64(cases[0]!)).toMatchObject({ ok: true });
    expect(decodeBase64(cases[1]!)).toMatchObject({
      ok: false,
      error: expect.stringContaining("Invalid character '*'"),
    });
    expect(decodeBase64(cases[2]!)).toMatchObject({ ok: false, error: expect.stringContaining('in the middle') });
    expect(decodeBase64(cases[4]!)).toMatchObject({ ok: false });
  });

  it('encodes to the loops’ text, and leaves the forms it does not write to them', () => {
    // Compared as booleans: a failure should not print megabytes.
    expect(standard.endsWith('=') && !standard.endsWith('==')).toBe(true);
    expect(encodeBase64(bytes) === standard).toBe(true);
    expect(encodeBase64(bytes, true, false) === urlSafe).toBe(true);
    expect(encodeNative(bytes, true, true)).toBeUndefined(); // padded URL-safe
    expect(encodeBase64(bytes, true, true) === urlSafe + '=').toBe(true);
    expect(encodeBase64(bytes, false, false) === standard.slice(0, -1)).toBe(true);
    // Small inputs: the loops, the same text.
    const small = bytes.subarray(0, 1000);
    expect(encodeNative(small, false, true)).toBeUndefined();
    expect(encodeBase64(small) === Buffer.from(small).toString('base64')).toBe(true);
  });
});
