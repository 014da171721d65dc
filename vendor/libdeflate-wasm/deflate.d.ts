// The Emscripten module build.sh makes: libdeflate's zlib-format compressor as exported by the
// library itself, and the heap view. Pointers are byte offsets into HEAPU8.
export interface DeflateModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  /** A compressor for `level` (0–12), or 0 when out of memory. Reusable for any number of inputs. */
  _libdeflate_alloc_compressor(level: number): number;
  _libdeflate_free_compressor(compressor: number): void;
  /** The zlib stream's length in `out`, or 0 if it did not fit in `outSize` bytes. */
  _libdeflate_zlib_compress(compressor: number, input: number, inputSize: number, out: number, outSize: number): number;
  /** The most `libdeflate_zlib_compress` can write for `inputSize` bytes. */
  _libdeflate_zlib_compress_bound(compressor: number, inputSize: number): number;
}

declare const createDeflate: (options?: Record<string, unknown>) => Promise<DeflateModule>;
export default createDeflate;
