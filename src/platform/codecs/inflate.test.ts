// The inflaters against Node's zlib as the reference: the same bytes for a good stream, and
// `undefined` (never an exception, never more than `size` bytes) for every stream they refuse.
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Inflate, scriptInflate, streamInflate } from './inflate';

/** Compressible, but not trivially: runs of repeated random bytes. */
function sample(length: number): Uint8Array {
  const random = randomBytes(length);
  return Uint8Array.from({ length }, (_, i) => random[i - (i % 7)]!);
}

/** Equal bytes, compared natively (toEqual on 200,000 numbers takes seconds). */
const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.compare(a, b) === 0;

function split(stream: Uint8Array, at: number[]): Uint8Array[] {
  const cuts = [0, ...at, stream.length];
  return cuts.slice(1).map((end, i) => stream.subarray(cuts[i]!, end));
}

describe.each([
  ['scriptInflate', scriptInflate],
  ['streamInflate', streamInflate],
] as [string, Inflate][])('%s', (_, inflate) => {
  const data = sample(200_000);
  const stream = new Uint8Array(deflateSync(data));

  it('gives zlib’s bytes, whole or split anywhere, the Adler-32 split too', async () => {
    expect(same(await inflate([stream], data.length), data)).toBe(true);
    expect(same(await inflate(split(stream, [1, 2, 1000, stream.length - 2]), data.length), data)).toBe(true);
    expect(same(await inflate(split(stream, [stream.length - 3, stream.length - 1]), data.length), data)).toBe(true);
  });

  it('refuses a stream that inflates to more or to less than the size', async () => {
    expect(await inflate([stream], data.length - 1)).toBeUndefined();
    expect(await inflate([stream], data.length + 1)).toBeUndefined();
  });

  it('refuses a damaged Adler-32, a truncated stream and garbage', async () => {
    const bad = new Uint8Array(stream);
    bad[bad.length - 1]! ^= 1;
    expect(await inflate([bad], data.length)).toBeUndefined();
    expect(await inflate([stream.subarray(0, stream.length - 100)], data.length)).toBeUndefined();
    expect(await inflate([new Uint8Array(randomBytes(500))], 1000)).toBeUndefined();
  });

  it('stops a bomb at the size: 64 MB of zeros asked to fit in 1 KB', async () => {
    const bomb = new Uint8Array(deflateSync(new Uint8Array(64 << 20), { level: 9 }));
    expect(await inflate([bomb], 1024)).toBeUndefined();
  });
});
