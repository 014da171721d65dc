// The Emscripten module build.sh makes from encode.c: the C functions it exports, the heap view
// and one string helper. Pointers are byte offsets into HEAPU8.
export interface JpegEncoderModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  /** Baseline 4:2:0 JPEG of width × height RGBA pixels (alpha ignored) at quality 1–100: a
   * malloc'd buffer of _encoded_size() bytes, or 0 on failure (see _encode_error). */
  _encode_jpeg(rgba: number, width: number, height: number, quality: number): number;
  _encoded_size(): number;
  _encode_error(): number;
  UTF8ToString(pointer: number): string;
}

declare const createJpegEncoder: (options?: Record<string, unknown>) => Promise<JpegEncoderModule>;
export default createJpegEncoder;
