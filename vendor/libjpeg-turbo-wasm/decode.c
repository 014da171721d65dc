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
