/*
 * A JPEG encoder for the toolbox's image codecs: libjpeg-turbo's own compressor, built to
 * WebAssembly by build.sh as its own module (jpeg_enc), so the decoder every JPEG input loads
 * does not carry it.
 *
 * What it writes is what the toolbox wrote before with its JavaScript encoder: baseline JFIF,
 * YCbCr 4:2:0, libjpeg's quality scaling of the standard quantisation tables, the standard
 * Huffman tables (no optimisation pass: it costs a second pass over the coefficients), the
 * accurate integer DCT (JDCT_ISLOW, the default of libjpeg-turbo and so of sharp).
 *
 * Input is 8-bit RGBA read in place (JCS_EXT_RGBA: no repacking); the alpha byte is ignored,
 * the caller flattens transparency first.
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
static unsigned long result_size;

static void exit_with_error(j_common_ptr info) {
  struct error_manager *errors = (struct error_manager *)info->err;
  (*info->err->format_message)(info, error_text);
  longjmp(errors->jump, 1);
}

static void ignore_message(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

/*
 * Encodes width × height RGBA pixels at `rgba` with `quality` (1–100). Returns a malloc'd
 * buffer of encoded_size() bytes (free it with free()), or NULL with the reason in error_text.
 */
unsigned char *encode_jpeg(const unsigned char *rgba, int width, int height, int quality) {
  struct jpeg_compress_struct info;
  struct error_manager errors;
  unsigned char *volatile output = NULL;
  unsigned long size = 0;

  error_text[0] = '\0';
  result_size = 0;
  info.err = jpeg_std_error(&errors.pub);
  errors.pub.error_exit = exit_with_error;
  errors.pub.emit_message = ignore_message;
  if (setjmp(errors.jump)) {
    jpeg_destroy_compress(&info);
    /* jpeg_mem_dest's buffer (if it got one) is ours to free, even after a failure. */
    free(output);
    return NULL;
  }
  jpeg_create_compress(&info);
  /* The destination mallocs and grows its own buffer (doubling: at most ~2× the file copied). */
  jpeg_mem_dest(&info, (unsigned char **)&output, &size);
  info.image_width = (JDIMENSION)width;
  info.image_height = (JDIMENSION)height;
  info.input_components = 4;
  info.in_color_space = JCS_EXT_RGBA;
  jpeg_set_defaults(&info); /* YCbCr, 2×2 luma sampling (4:2:0), baseline, standard tables */
  jpeg_set_quality(&info, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
  info.dct_method = JDCT_ISLOW;
  info.optimize_coding = FALSE;
  jpeg_start_compress(&info, TRUE);
  size_t stride = (size_t)width * 4;
  while (info.next_scanline < info.image_height) {
    /* One iMCU row (16 lines) per call: fewer calls, the same work. */
    JSAMPROW rows[16];
    JDIMENSION count = 0;
    while (count < 16 && info.next_scanline + count < info.image_height) {
      rows[count] = (JSAMPROW)(rgba + stride * (info.next_scanline + count));
      count++;
    }
    jpeg_write_scanlines(&info, rows, count);
  }
  jpeg_finish_compress(&info);
  jpeg_destroy_compress(&info);
  result_size = size;
  return output;
}

unsigned long encoded_size(void) { return result_size; }

const char *encode_error(void) { return error_text; }
