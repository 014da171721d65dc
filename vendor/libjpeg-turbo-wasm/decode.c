/*
 * A JPEG decoder for the toolbox's image codecs: libjpeg-turbo's own decompressor, built to
 * WebAssembly by build.sh, with one thing the ready-made WASM builds do not offer — decoding
 * straight to 1/2, 1/4 or 1/8 of the size (libjpeg's DCT scaling, what libvips calls
 * shrink-on-load). A 2 MP photo resized to 800 px then never exists at full size.
 *
 * Output is 8-bit RGBA (alpha 255), or for CMYK and YCCK files 8-bit CMYK as stored (Adobe's
 * files inverted, 255 = no ink; decoded_adobe() says so): the caller converts it to RGB through
 * the file's ICC profile (src/platform/codecs/colour-profile.ts).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wasm_simd128.h>
#include "jpeglib.h"

struct error_manager {
  struct jpeg_error_mgr pub;
  jmp_buf jump;
};

static char error_text[JMSG_LENGTH_MAX];
static int result_width;
static int result_height;
static int result_cmyk;
static int result_adobe;

static void exit_with_error(j_common_ptr info) {
  struct error_manager *errors = (struct error_manager *)info->err;
  (*info->err->format_message)(info, error_text);
  longjmp(errors->jump, 1);
}

/* Warnings (a truncated file, a bad marker) are not fatal: what was decoded is returned, as
 * libjpeg's own tools and the browsers do. */
static void ignore_message(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

/*
 * Decodes `size` bytes at `data` to RGBA at 1/`shrink` of the stored size (shrink 1, 2, 4 or 8;
 * sides rounded up). Returns a malloc'd buffer of result_width × result_height × 4 bytes (free
 * it with free()), or NULL with the reason in error_text.
 */
unsigned char *decode_jpeg(const unsigned char *data, unsigned long size, int shrink) {
  struct jpeg_decompress_struct info;
  struct error_manager errors;
  unsigned char *volatile pixels = NULL;

  error_text[0] = '\0';
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = exit_with_error;
  errors.pub.emit_message = ignore_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    free(pixels);
    return NULL;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  result_cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  result_adobe = info.saw_Adobe_marker;
  info.out_color_space = result_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  info.scale_num = 1;
  info.scale_denom = shrink == 2 || shrink == 4 || shrink == 8 ? shrink : 1;
  jpeg_start_decompress(&info);
  result_width = info.output_width;
  result_height = info.output_height;
  size_t stride = (size_t)result_width * 4;
  pixels = malloc(stride * result_height);
  if (!pixels) {
    strcpy(error_text, "out of memory");
    jpeg_destroy_decompress(&info);
    return NULL;
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  return pixels;
}

int decoded_width(void) { return result_width; }
int decoded_height(void) { return result_height; }
/* Whether the last result is CMYK (4 bytes a pixel, C M Y K) rather than RGBA. */
int decoded_cmyk(void) { return result_cmyk; }
/* Whether the file had Adobe's APP14 segment: its CMYK is then stored inverted. */
int decoded_adobe(void) { return result_adobe; }
const char *decode_error(void) { return error_text; }

/*
 * Decoding and resampling in one pass, for reductions of 2× to 4× (src/platform/codecs/jpeg.ts):
 * each output row is resampled as soon as the decoder has written the source rows under its
 * taps, while they are still in the cache, and only the result leaves the module. The
 * arithmetic is the resampler's (src/platform/codecs/resample.wat, opaque images: no
 * premultiplication), with its weight tables, so the bytes are those of a whole decode
 * followed by resample(): a vertical pass into 16-bit values (6 fraction bits), then a
 * horizontal one, rounded and clamped to bytes.
 */

/* One axis's weights as resample-weights.ts lays them out: `taps` (even) per output pixel,
 * starting at starts[i], as pairs of signed 16-bit halves (1.0 = 1 << 14). */
struct axis {
  int taps;
  const int *starts;
  const int *pairs;
};

/* Output row y's vertical pass over `bytes` bytes of rows `stride` apart (readable 16 bytes past
 * a row's end, and a row past the last under a zero weight) into `mid`. */
static void vertical_row(const unsigned char *rows, int stride, int bytes, struct axis down, int y, int16_t *mid) {
  const unsigned char *base = rows + (size_t)down.starts[y] * stride;
  const int *pairs = down.pairs + y * (down.taps / 2);
  for (int x = 0; x < bytes; x += 16) {
    v128_t a = wasm_i32x4_splat(128), b = a, c = a, d = a;
    const unsigned char *s = base + x;
    for (int k = 0; k < down.taps; k += 2, s += 2 * stride) {
      v128_t upper = wasm_v128_load(s), lower = wasm_v128_load(s + stride);
      v128_t weight = wasm_i32x4_splat(pairs[k / 2]);
      v128_t u0 = wasm_u16x8_extend_low_u8x16(upper), u1 = wasm_u16x8_extend_high_u8x16(upper);
      v128_t l0 = wasm_u16x8_extend_low_u8x16(lower), l1 = wasm_u16x8_extend_high_u8x16(lower);
      a = wasm_i32x4_add(a, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u0, l0, 0, 8, 1, 9, 2, 10, 3, 11), weight));
      b = wasm_i32x4_add(b, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u0, l0, 4, 12, 5, 13, 6, 14, 7, 15), weight));
      c = wasm_i32x4_add(c, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u1, l1, 0, 8, 1, 9, 2, 10, 3, 11), weight));
      d = wasm_i32x4_add(d, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u1, l1, 4, 12, 5, 13, 6, 14, 7, 15), weight));
    }
    wasm_v128_store(mid + x, wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(a, 8), wasm_i32x4_shr(b, 8)));
    wasm_v128_store(mid + x + 8, wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(c, 8), wasm_i32x4_shr(d, 8)));
  }
}

/* The horizontal pass of one row: per output pixel, two source pixels (R G B A each) and a
 * weight pair at a time, channel by channel in the four 32-bit lanes. */
static void horizontal_row(const int16_t *mid, struct axis across, unsigned char *out, int out_width) {
  v128_t half = wasm_i32x4_splat(1 << 19);
  for (int x = 0; x < out_width; x++) {
    const int16_t *s = mid + (size_t)across.starts[x] * 4;
    const int *pairs = across.pairs + x * (across.taps / 2);
    v128_t sum = half;
    for (int k = 0; k < across.taps; k += 2, s += 8) {
      v128_t two = wasm_i16x8_shuffle(wasm_v128_load(s), wasm_v128_load(s), 0, 4, 1, 5, 2, 6, 3, 7);
      sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(two, wasm_i32x4_splat(pairs[k / 2])));
    }
    v128_t words = wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(sum, 20), wasm_i32x4_shr(sum, 20));
    wasm_v128_store32_lane(out + (size_t)x * 4, wasm_u8x16_narrow_i16x8(words, words), 0);
  }
}

/*
 * Decodes a JPEG whole and resamples it to out_width × out_height RGBA with the weights at
 * `tables` (6 int32: taps, starts pointer, pairs pointer across, then down), which were made
 * for a from_width × from_height frame. A CMYK or YCCK file, or a frame of another size, is
 * decoded whole as decode_jpeg does (decoded_width/height and decoded_cmyk() say so). Returns a malloc'd buffer of decoded_width × decoded_height × 4 bytes, or
 * NULL with the reason in error_text.
 */
unsigned char *decode_jpeg_resized(const unsigned char *data, unsigned long size, int from_width, int from_height, int out_width,
                                   int out_height, const int *tables) {
  struct jpeg_decompress_struct info;
  struct error_manager errors;
  unsigned char *volatile pixels = NULL;
  int16_t *volatile mid = NULL;
  unsigned char *volatile out = NULL;
  struct axis across = {tables[0], (const int *)tables[1], (const int *)tables[2]};
  struct axis down = {tables[3], (const int *)tables[4], (const int *)tables[5]};

  error_text[0] = '\0';
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = exit_with_error;
  errors.pub.emit_message = ignore_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    free(pixels);
    free(mid);
    free(out);
    return NULL;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  result_cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  result_adobe = info.saw_Adobe_marker;
  info.out_color_space = result_cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_start_decompress(&info);
  int width = info.output_width, height = info.output_height;
  int resize = !result_cmyk && width == from_width && height == from_height;
  size_t stride = (size_t)width * 4;
  /* + a row and 16 bytes: what the vertical pass may read under zero weights */
  pixels = malloc(stride * (height + 1) + 16);
  if (resize) {
    mid = malloc(((stride + 15) & ~(size_t)15) * sizeof(int16_t) + 32);
    out = malloc((size_t)out_width * out_height * 4);
  }
  if (!pixels || (resize && (!mid || !out))) {
    strcpy(error_text, "out of memory");
    longjmp(errors.jump, 1);
  }
  int next = 0; /* the next output row */
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
    for (; resize && next < out_height && down.starts[next] + down.taps <= (int)info.output_scanline; next++) {
      vertical_row(pixels, stride, stride, down, next, mid);
      horizontal_row(mid, across, out + (size_t)next * out_width * 4, out_width);
    }
  }
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  if (!resize) {
    result_width = width;
    result_height = height;
    return pixels;
  }
  /* The last rows' runs end a row past the image under a zero weight (an odd-height source). */
  for (; next < out_height; next++) {
    vertical_row(pixels, stride, stride, down, next, mid);
    horizontal_row(mid, across, out + (size_t)next * out_width * 4, out_width);
  }
  free(pixels);
  free(mid);
  result_width = out_width;
  result_height = out_height;
  return out;
}
