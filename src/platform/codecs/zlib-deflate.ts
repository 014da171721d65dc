// zlib-format Deflate for the TIFF writer: libdeflate built to WASM (vendor/libdeflate-wasm),
// the same module in every door, so an image gives the same TIFF bytes wherever it is encoded.
import createDeflate, { type DeflateModule } from '@devtoolbox/libdeflate-wasm/deflate.js';
import type { AssetLoader } from '../assets';
import { emscripten, once } from './common';

/**
 * libdeflate's level 1, chosen on the benchmark photo's predictor-differenced strips (1920×1080,
 * bench/images.mjs): 56 ms and 3,079,365 bytes, against 115 ms / 2,985,061 at level 3 and
 * 226 ms / 2,904,817 at level 6 — and 167 ms / 3,082,815 for the JavaScript Deflate it replaced.
 * Three per cent of size is not worth doubling the time of the whole conversion's slowest step.
 */
export const DEFLATE_LEVEL = 1;

/** Compresses one input after another into zlib streams; `release` frees its WASM buffers. */
export interface ZlibCompressor {
  compress(data: Uint8Array): Uint8Array;
  release(): void;
}

/** Shares one libdeflate compressor per process (its match-finder tables, allocated once). */
export function zlibDeflater(assets: AssetLoader, level = DEFLATE_LEVEL): () => Promise<() => ZlibCompressor> {
  return once(async () => {
    const module = (await emscripten(createDeflate as never, await assets.wasm('deflate.wasm'))) as DeflateModule;
    const compressor = module._libdeflate_alloc_compressor(level);
    if (!compressor) throw new Error('Deflate: out of memory');
    return () => buffered(module, compressor);
  });
}

/**
 * Input and output buffers in the WASM heap, grown to the largest input seen (a TIFF strip:
 * ~256 KB, or one row of a wider image) and freed by `release`, so nothing outlives an encode.
 */
function buffered(module: DeflateModule, compressor: number): ZlibCompressor {
  let capacity = 0;
  let input = 0;
  let output = 0;
  let outputSize = 0;
  const release = () => {
    module._free(input);
    module._free(output);
    input = output = capacity = outputSize = 0;
  };
  return {
    compress(data) {
      if (data.length > capacity || !input) {
        release();
        capacity = Math.max(data.length, 1);
        outputSize = module._libdeflate_zlib_compress_bound(compressor, capacity);
        input = module._malloc(capacity);
        output = module._malloc(outputSize);
        if (!input || !output) {
          release();
          throw new Error('Deflate: out of memory');
        }
      }
      // HEAPU8 is read after every malloc: growing the heap replaces it.
      module.HEAPU8.set(data, input);
      const length = module._libdeflate_zlib_compress(compressor, input, data.length, output, outputSize);
      // The bound is libdeflate's own worst case, so 0 ("did not fit") means a broken build.
      if (!length) throw new Error('Deflate: output did not fit its bound');
      return module.HEAPU8.slice(output, output + length);
    },
    release,
  };
}
