// The Emscripten module build.sh makes from decode.c: the C functions it exports, the heap view
// and one string helper. Pointers are byte offsets into HEAPU8.
export interface JpegDecoderModule {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  /** RGBA (or, where _decoded_cmyk, CMYK) pixels at 1/shrink size (shrink 1, 2, 4 or 8), or 0 on failure (see _decode_error). */
  _decode_jpeg(data: number, size: number, shrink: number): number;
  /**
   * Whether the file can be decoded planar (_decode_jpeg_planar): 0 when not, else its component
   * count (1 or 3) | chroma samples' span across << 4 | span down << 8 (1 or 2). Sets
   * _decoded_width/_decoded_height to the stored size.
   */
  _planar_layout(data: number, size: number): number;
  /**
   * RGBA at width × height straight from the YCbCr (or grey) planes, each resampled with the
   * weight tables at `tables` (12 int32: taps, starts pointer, pairs pointer for luma across,
   * luma down, chroma across, chroma down), or 0 on failure (see _decode_error).
   */
  _decode_jpeg_planar(data: number, size: number, width: number, height: number, tables: number): number;
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
