// The Emscripten module build.sh makes from decode.c: the C functions it exports, the heap view
// and one string helper. Pointers are byte offsets into HEAPU8.
export interface JpegDecoderModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  /** RGBA (or, where _decoded_cmyk, CMYK) pixels at 1/shrink size (shrink 1, 2, 4 or 8), or 0 on failure (see _decode_error). */
  _decode_jpeg(data: number, size: number, shrink: number): number;
  /**
   * Decodes whole and resamples to width × height RGBA as it goes, with the weight tables at
   * `tables` (6 int32: taps, starts pointer, pairs pointer across, then down) made for a
   * fromWidth × fromHeight frame; a CMYK file or a frame of another size comes back whole as
   * from _decode_jpeg (see _decoded_width, _decoded_cmyk). 0 on failure (see _decode_error).
   */
  _decode_jpeg_resized(data: number, size: number, fromWidth: number, fromHeight: number, width: number, height: number, tables: number): number;
  _decoded_width(): number;
  _decoded_height(): number;
  /** 1 when the last result is CMYK as stored (a CMYK or YCCK file), else 0 (RGBA). */
  _decoded_cmyk(): number;
  /** 1 when the file had Adobe's APP14 segment: its CMYK is stored inverted (255 = no ink). */
  _decoded_adobe(): number;
  _decode_error(): number;
  UTF8ToString(pointer: number): string;
}

declare const createJpegDecoder: (options?: Record<string, unknown>) => Promise<JpegDecoderModule>;
export default createJpegDecoder;
