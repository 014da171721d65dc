// The Emscripten module build.sh makes from decode.c: the C functions it exports, the heap view
// and one string helper. Pointers are byte offsets into HEAPU8.
export interface JpegDecoderModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  /** RGBA pixels at 1/shrink size (shrink 1, 2, 4 or 8), or 0 on failure (see _decode_error). */
  _decode_jpeg(data: number, size: number, shrink: number): number;
  _decoded_width(): number;
  _decoded_height(): number;
  _decode_error(): number;
  UTF8ToString(pointer: number): string;
}

declare const createJpegDecoder: (options?: Record<string, unknown>) => Promise<JpegDecoderModule>;
export default createJpegDecoder;
