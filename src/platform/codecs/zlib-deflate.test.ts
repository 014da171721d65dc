// The TIFF writer's Deflate (libdeflate in WASM), checked against an independent inflater
// (Node's zlib) on data of every kind it meets: empty, tiny, incompressible, runs, repeats at
// every distance, and the predictor-differenced rows of an image; against fflate's level 1 for
// size; and for the same bytes whatever came before through the shared compressor.
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { zlibSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssetLoader } from '../assets';
import { assetPath } from '../node';
import { zlibDeflater, type ZlibCompressor } from './zlib-deflate';

const assets: AssetLoader = {
  wasm: async (name) => new WebAssembly.Module(await readFile(assetPath(name))),
  bytes: async (name) => new Uint8Array(await readFile(assetPath(name))),
};
let newCompressor: () => ZlibCompressor;
beforeAll(async () => {
  newCompressor = await zlibDeflater(assets)();
});

function zlibCompress(data: Uint8Array): Uint8Array {
  const compressor = newCompressor();
  try {
    return compressor.compress(data);
  } finally {
    compressor.release();
  }
}

function random(seed: number) {
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
}

function roundTrip(data: Uint8Array): Uint8Array {
  const compressed = zlibCompress(data);
  // Node's inflater checks the header, the block structure, the codes and the Adler-32.
  const inflated = inflateSync(compressed);
  // Buffer's compare, not toEqual: a deep comparison of megabytes takes vitest seconds.
  expect(inflated.length).toBe(data.length);
  expect(inflated.equals(data)).toBe(true);
  return compressed;
}

describe('zlibDeflater', () => {
  it('round-trips empty and tiny inputs', () => {
    for (const data of [[], [0], [255], [1, 2], [7, 7, 7], [1, 2, 3, 4], [9, 9, 9, 9, 9]])
      roundTrip(Uint8Array.from(data));
  });

  it('round-trips incompressible bytes, larger than one block', () => {
    const next = random(1);
    const data = Uint8Array.from({ length: 200_000 }, () => next() * 256);
    expect(roundTrip(data).length).toBeLessThan(data.length * 1.01 + 64);
  });

  it('round-trips long runs and repeats at every distance up to the window', () => {
    const next = random(2);
    const data = new Uint8Array(400_000);
    for (let i = 0; i < data.length;) {
      const kind = next();
      const length = 1 + Math.floor(next() * 600);
      if (kind < 0.3)
        data.fill(Math.floor(next() * 4), i, i + length); // runs of few values
      else if (kind < 0.7 && i > 0) {
        const distance = 1 + Math.floor(next() ** 3 * Math.min(i, 32768)); // mostly near, up to 32 KiB
        for (let k = 0; k < length && i + k < data.length; k++) data[i + k] = data[i + k - distance]!;
      } else for (let k = 0; k < length && i + k < data.length; k++) data[i + k] = next() * 256;
      i += length;
    }
    roundTrip(data);
  });

  it('compresses a flat area to almost nothing and skewed symbols below 8 bits each', () => {
    expect(roundTrip(new Uint8Array(1 << 20)).length).toBeLessThan(6000); // a 258-byte match per ~9 bits
    // Long-tailed symbol frequencies exercise the 15-bit code-length limit.
    const next = random(3);
    const skewed = Uint8Array.from({ length: 300_000 }, () => Math.min(255, Math.floor(-Math.log(next() + 1e-12) * 3)));
    expect(roundTrip(skewed).length).toBeLessThan(skewed.length * 0.6);
  });

  it('is no larger than fflate level 1 on predictor-differenced photo rows', () => {
    const next = random(4);
    const width = 600;
    const height = 200;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < 3; c++)
          data[(y * width + x) * 3 + c] =
            (60 + x / 5 + y / 3 + c * 20 + 40 * Math.sin(x / 40 + c) + (next() - 0.5) * 16) & 255;
      }
      for (let o = (y + 1) * width * 3 - 1; o >= y * width * 3 + 3; o--) data[o] = (data[o]! - data[o - 3]!) & 255;
    }
    const ours = roundTrip(data).length;
    expect(ours).toBeLessThanOrEqual(zlibSync(data, { level: 1, mem: 4 }).length);
  });

  it('writes the same bytes when a compressor is reused for one input after another', () => {
    const next = random(5);
    // Growing, shrinking, empty: the buffers are reallocated and the heap may grow in between.
    const inputs = [200_000, 10, 0, 70_000, 3_000_000].map((length) =>
      Uint8Array.from({ length }, (_, i) => (i % 97 < 50 ? i & 7 : next() * 256)),
    );
    const compressor = newCompressor();
    for (const data of inputs) {
      const reused = compressor.compress(data);
      expect(inflateSync(reused).equals(data)).toBe(true);
      expect(Buffer.from(reused).equals(Buffer.from(zlibCompress(data)))).toBe(true);
    }
    compressor.release();
    // Released, it allocates again on the next input.
    expect(inflateSync(compressor.compress(inputs[1]!)).equals(inputs[1]!)).toBe(true);
    compressor.release();
  });
});
