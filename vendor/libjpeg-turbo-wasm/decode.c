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
 * Planar downscaling: a YCbCr (or greyscale) JPEG decoded straight to the size the caller will
 * resample it to. libjpeg's raw-data output gives each component's plane at its own resolution
 * (no chroma upsampling, no colour conversion); each plane is resampled straight to the target
 * size with the caller's weight tables (src/platform/codecs/resample-weights.ts: chroma's built
 * for its centred sample positions), and YCbCr→RGB runs on the target's pixels only — a few
 * hundred thousand instead of millions. Resampling and the colour matrix are both linear, so
 * this is the whole decode's resample up to rounding (and chroma without the triangle
 * upsampling's extra blur).
 */

/* Whether the file can take the planar route: 0 when not; else its component count (1 or 3)
 * plus, in bits 4–7 and 8–11, how many luma samples a chroma sample spans across and down (1
 * or 2). Also sets decoded_width/height to the stored size. A file libjpeg refuses answers 0
 * (the whole decode then gives the reason). */
int planar_layout(const unsigned char *data, unsigned long size) {
  struct jpeg_decompress_struct info;
  struct error_manager errors;
  int layout = 0;
  error_text[0] = '\0';
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = exit_with_error;
  errors.pub.emit_message = ignore_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    return 0;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  result_width = info.image_width;
  result_height = info.image_height;
  if (info.jpeg_color_space == JCS_GRAYSCALE && info.num_components == 1) {
    layout = 1 | 1 << 4 | 1 << 8;
  } else if (info.jpeg_color_space == JCS_YCbCr && info.num_components == 3) {
    jpeg_component_info *y = &info.comp_info[0], *cb = &info.comp_info[1], *cr = &info.comp_info[2];
    int across = y->h_samp_factor / cb->h_samp_factor, down = y->v_samp_factor / cb->v_samp_factor;
    int regular = y->h_samp_factor == info.max_h_samp_factor && y->v_samp_factor == info.max_v_samp_factor &&
                  cb->h_samp_factor == cr->h_samp_factor && cb->v_samp_factor == cr->v_samp_factor &&
                  across * cb->h_samp_factor == y->h_samp_factor && down * cb->v_samp_factor == y->v_samp_factor;
    if (regular && (across == 1 || across == 2) && (down == 1 || down == 2)) layout = 3 | across << 4 | down << 8;
  }
  jpeg_destroy_decompress(&info);
  return layout;
}

/* The decoder's own "out of memory", through the same exit as libjpeg's errors. */
static void out_of_memory(struct error_manager *errors) {
  strcpy(error_text, "out of memory");
  longjmp(errors->jump, 1);
}

/* One axis's weights as resample-weights.ts lays them out: `taps` (even) per output sample,
 * starting at starts[i], as pairs of signed 16-bit halves (1.0 = 1 << 14). */
struct axis {
  int taps;
  const int *starts;
  const int *pairs;
};

/* One plane's resampling to out_width × out_height bytes at `out`, row by row as the decoder
 * delivers the plane: each output row once the source rows under its taps are decoded, while
 * they are still in the cache. A vertical pass into a 16-bit row (6 fraction bits), then a
 * horizontal one: the arithmetic of resample.wat, one channel. */
struct plane {
  const unsigned char *samples; /* rows `stride` bytes apart, readable a row and 16 bytes past the end */
  int stride, width;
  struct axis across, down;
  int padded;       /* across.taps rounded up to whole vectors */
  int16_t *weights; /* across's weights, zero-padded to `padded` per output sample */
  int16_t *mid;     /* one vertical-pass row, readable 7 samples past a run's end */
  int16_t *out; /* the result in 1/64ths (6 fraction bits: rounded to bytes after the colour matrix) */
  int next;     /* the next output row */
};

static int plane_start(struct plane *p, const unsigned char *samples, int stride, int width, struct axis across, struct axis down, int out_width, int out_height) {
  *p = (struct plane){samples, stride, width, across, down, (across.taps + 7) & ~7};
  p->weights = calloc((size_t)out_width * p->padded, sizeof(int16_t));
  p->mid = malloc((((size_t)width + 15) & ~15) * sizeof(int16_t) + 32);
  p->out = malloc((size_t)out_width * out_height * sizeof(int16_t) + 16);
  if (!p->weights || !p->mid || !p->out) return 0;
  for (int x = 0; x < out_width; x++) memcpy(p->weights + x * p->padded, across.pairs + x * (across.taps / 2), across.taps * sizeof(int16_t));
  return 1;
}

static void plane_free(struct plane *p) {
  free(p->weights);
  free(p->mid);
  free(p->out);
  p->weights = p->mid = NULL;
  p->out = NULL;
}

static void vertical_row(const struct plane *p, int y) {
  const unsigned char *rows = p->samples + (size_t)p->down.starts[y] * p->stride;
  const int *pairs = p->down.pairs + y * (p->down.taps / 2);
  for (int x = 0; x < p->width; x += 16) {
    v128_t a = wasm_i32x4_splat(128), b = a, c = a, d = a;
    const unsigned char *s = rows + x;
    for (int k = 0; k < p->down.taps; k += 2, s += 2 * p->stride) {
      v128_t upper = wasm_v128_load(s), lower = wasm_v128_load(s + p->stride);
      v128_t weight = wasm_i32x4_splat(pairs[k / 2]);
      v128_t u0 = wasm_u16x8_extend_low_u8x16(upper), u1 = wasm_u16x8_extend_high_u8x16(upper);
      v128_t l0 = wasm_u16x8_extend_low_u8x16(lower), l1 = wasm_u16x8_extend_high_u8x16(lower);
      a = wasm_i32x4_add(a, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u0, l0, 0, 8, 1, 9, 2, 10, 3, 11), weight));
      b = wasm_i32x4_add(b, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u0, l0, 4, 12, 5, 13, 6, 14, 7, 15), weight));
      c = wasm_i32x4_add(c, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u1, l1, 0, 8, 1, 9, 2, 10, 3, 11), weight));
      d = wasm_i32x4_add(d, wasm_i32x4_dot_i16x8(wasm_i16x8_shuffle(u1, l1, 4, 12, 5, 13, 6, 14, 7, 15), weight));
    }
    wasm_v128_store(p->mid + x, wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(a, 8), wasm_i32x4_shr(b, 8)));
    wasm_v128_store(p->mid + x + 8, wasm_i16x8_narrow_i32x4(wasm_i32x4_shr(c, 8), wasm_i32x4_shr(d, 8)));
  }
}

/* The dot product of output sample x's run with its weights, as four 32-bit partial sums. */
static inline v128_t run_sums(const struct plane *p, int x) {
  const int16_t *s = p->mid + p->across.starts[x], *w = p->weights + x * p->padded;
  v128_t sum = wasm_i32x4_dot_i16x8(wasm_v128_load(s), wasm_v128_load(w));
  for (int k = 8; k < p->padded; k += 8) sum = wasm_i32x4_add(sum, wasm_i32x4_dot_i16x8(wasm_v128_load(s + k), wasm_v128_load(w + k)));
  return sum;
}

/* Four output samples at a time: their partial sums added across the four (a transposition by
 * shuffles), rounded to 1/64ths. (Weights are 1 << 14, the vertical pass kept 6 fraction bits.) */
static void horizontal_row(const struct plane *p, int y, int out_width) {
  int16_t *o = p->out + (size_t)y * out_width;
  v128_t half = wasm_i32x4_splat(1 << 13);
  int x = 0;
  for (; x + 4 <= out_width; x += 4) {
    v128_t s0 = run_sums(p, x), s1 = run_sums(p, x + 1), s2 = run_sums(p, x + 2), s3 = run_sums(p, x + 3);
    v128_t t0 = wasm_i32x4_add(wasm_i32x4_shuffle(s0, s1, 0, 4, 1, 5), wasm_i32x4_shuffle(s0, s1, 2, 6, 3, 7));
    v128_t t1 = wasm_i32x4_add(wasm_i32x4_shuffle(s2, s3, 0, 4, 1, 5), wasm_i32x4_shuffle(s2, s3, 2, 6, 3, 7));
    v128_t sums = wasm_i32x4_add(wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5), wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7));
    v128_t values = wasm_i32x4_shr(wasm_i32x4_add(sums, half), 14);
    wasm_v128_store64_lane(o + x, wasm_i16x8_narrow_i32x4(values, values), 0);
  }
  for (; x < out_width; x++) {
    v128_t sum = run_sums(p, x);
    int total = ((1 << 13) + wasm_i32x4_extract_lane(sum, 0) + wasm_i32x4_extract_lane(sum, 1) + wasm_i32x4_extract_lane(sum, 2) +
                 wasm_i32x4_extract_lane(sum, 3)) >> 14;
    o[x] = total < -32768 ? -32768 : total > 32767 ? 32767 : total;
  }
}

/* Every output row whose taps lie within the first `decoded` rows of the plane. */
static void plane_rows(struct plane *p, int decoded, int out_width, int out_height) {
  for (; p->next < out_height && p->down.starts[p->next] + p->down.taps <= decoded; p->next++) {
    vertical_row(p, p->next);
    horizontal_row(p, p->next, out_width);
  }
}

/* YCbCr→RGB with JFIF's matrix, libjpeg's constants (jdcolor.c: 16-bit fixed point), on samples
 * in 1/64ths, rounded to bytes once at the end. */
#define SCALEBITS 16
#define FIX(x) ((int32_t)((x) * (1L << SCALEBITS) + 0.5))

/* Four pixels' Y, Cb, Cr (32-bit lanes, 1/64ths) to 16 bytes of RGBA, clamped by the saturating narrows. */
static v128_t ycc_rgba4(v128_t l, v128_t b, v128_t r) {
  v128_t centre = wasm_i32x4_splat(128 << 6), half = wasm_i32x4_splat(1 << (SCALEBITS - 1)), point = wasm_i32x4_splat(32);
  b = wasm_i32x4_sub(b, centre);
  r = wasm_i32x4_sub(r, centre);
  l = wasm_i32x4_add(l, point); /* rounds the final >> 6 */
  v128_t red = wasm_i32x4_add(l, wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_mul(r, wasm_i32x4_splat(FIX(1.40200))), half), SCALEBITS));
  v128_t blue = wasm_i32x4_add(l, wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_mul(b, wasm_i32x4_splat(FIX(1.77200))), half), SCALEBITS));
  v128_t green = wasm_i32x4_add(wasm_i32x4_mul(b, wasm_i32x4_splat(-FIX(0.34414))), wasm_i32x4_mul(r, wasm_i32x4_splat(-FIX(0.71414))));
  green = wasm_i32x4_add(l, wasm_i32x4_shr(wasm_i32x4_add(green, half), SCALEBITS));
  red = wasm_i32x4_shr(red, 6);
  green = wasm_i32x4_shr(green, 6);
  blue = wasm_i32x4_shr(blue, 6);
  v128_t alpha = wasm_i32x4_splat(255);
  v128_t rg = wasm_i16x8_narrow_i32x4(wasm_i32x4_shuffle(red, green, 0, 4, 1, 5), wasm_i32x4_shuffle(red, green, 2, 6, 3, 7));
  v128_t ba = wasm_i16x8_narrow_i32x4(wasm_i32x4_shuffle(blue, alpha, 0, 4, 1, 5), wasm_i32x4_shuffle(blue, alpha, 2, 6, 3, 7));
  return wasm_u8x16_narrow_i16x8(wasm_i32x4_shuffle(rg, ba, 0, 4, 1, 5), wasm_i32x4_shuffle(rg, ba, 2, 6, 3, 7));
}

/* `count` pixels (a multiple of 4 is read; the planes have room) to RGBA; `grey`: Y only. */
static void planes_rgba(const int16_t *y, const int16_t *cb, const int16_t *cr, unsigned char *rgba, size_t count) {
  size_t i = 0;
  for (; i + 4 <= count; i += 4, rgba += 16) {
    v128_t l = wasm_i32x4_load16x4(y + i);
    if (cb) {
      wasm_v128_store(rgba, ycc_rgba4(l, wasm_i32x4_load16x4(cb + i), wasm_i32x4_load16x4(cr + i)));
    } else {
      v128_t centre = wasm_i32x4_splat(128 << 6);
      wasm_v128_store(rgba, ycc_rgba4(l, centre, centre)); /* Cb = Cr = 128: grey */
    }
  }
  if (i < count) {
    unsigned char last[16];
    v128_t l = wasm_i32x4_load16x4(y + i), centre = wasm_i32x4_splat(128 << 6);
    wasm_v128_store(last, cb ? ycc_rgba4(l, wasm_i32x4_load16x4(cb + i), wasm_i32x4_load16x4(cr + i)) : ycc_rgba4(l, centre, centre));
    memcpy(rgba, last, (count - i) * 4);
  }
}

/*
 * Decodes a file planar_layout accepted straight to out_width × out_height RGBA. `tables` holds
 * four axes as (taps, starts, pairs) triples: luma across and down, then chroma across and down
 * (unused for greyscale). Returns a malloc'd buffer, or NULL with the reason in error_text.
 */
unsigned char *decode_jpeg_planar(const unsigned char *data, unsigned long size, int out_width, int out_height, const int *tables) {
  struct jpeg_decompress_struct info;
  struct error_manager errors;
  unsigned char *volatile samples[3] = {NULL, NULL, NULL};
  struct plane planes[3];
  unsigned char *volatile pixels = NULL;
  struct axis axes[4];
  for (int i = 0; i < 4; i++) axes[i] = (struct axis){tables[3 * i], (const int *)tables[3 * i + 1], (const int *)tables[3 * i + 2]};
  memset(planes, 0, sizeof planes);

  error_text[0] = '\0';
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = exit_with_error;
  errors.pub.emit_message = ignore_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&info);
    for (int c = 0; c < 3; c++) free(samples[c]), plane_free(&planes[c]);
    free(pixels);
    return NULL;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, size);
  jpeg_read_header(&info, TRUE);
  int components = info.num_components;
  info.raw_data_out = TRUE;
  info.out_color_space = info.jpeg_color_space;
  jpeg_start_decompress(&info);

  /* Each plane whole, rows of whole blocks (what jpeg_read_raw_data writes), plus the row and the
   * 16 bytes the resampler may read past the end under zero weights. */
  int strides[3], band[3];
  for (int c = 0; c < components; c++) {
    jpeg_component_info *comp = &info.comp_info[c];
    strides[c] = comp->width_in_blocks * DCTSIZE;
    band[c] = comp->v_samp_factor * DCTSIZE;
    samples[c] = malloc((size_t)strides[c] * (info.total_iMCU_rows * band[c] + 1) + 16);
    if (!samples[c] || !plane_start(&planes[c], samples[c], strides[c], comp->downsampled_width, axes[c ? 2 : 0], axes[c ? 3 : 1], out_width, out_height))
      out_of_memory(&errors);
  }
  pixels = malloc((size_t)out_width * out_height * 4);
  if (!pixels) out_of_memory(&errors);
  JSAMPROW rows[3][4 * DCTSIZE];
  JSAMPARRAY image[3] = {rows[0], rows[1], rows[2]};
  for (unsigned int band_row = 0; info.output_scanline < info.output_height; band_row++) {
    for (int c = 0; c < components; c++)
      for (int r = 0; r < band[c]; r++) rows[c][r] = samples[c] + ((size_t)band_row * band[c] + r) * strides[c];
    if (!jpeg_read_raw_data(&info, image, info.max_v_samp_factor * DCTSIZE)) break;
    for (int c = 0; c < components; c++) plane_rows(&planes[c], (band_row + 1) * band[c], out_width, out_height);
  }
  /* The rest (taps past the last decoded row have zero weights, or the file was cut short). */
  for (int c = 0; c < components; c++) plane_rows(&planes[c], 1 << 30, out_width, out_height);
  jpeg_finish_decompress(&info);
  jpeg_destroy_decompress(&info);
  planes_rgba(planes[0].out, components == 3 ? planes[1].out : NULL, components == 3 ? planes[2].out : NULL, pixels, (size_t)out_width * out_height);
  for (int c = 0; c < 3; c++) free(samples[c]), plane_free(&planes[c]);
  result_width = out_width;
  result_height = out_height;
  result_cmyk = 0;
  result_adobe = info.saw_Adobe_marker;
  return pixels;
}
