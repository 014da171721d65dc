/*
 * WebAssembly SIMD for the hot steps of the decoder and the encoder.
 * Decoder (measured on a 2 MP photo: the islow IDCT ~32% and YCbCr→RGB ~28% of the time;
 * Huffman decoding ~27% stays scalar): the islow IDCT, YCbCr→RGB, the 1/2-size IDCT of
 * shrink-on-load, and the fancy (triangle) chroma upsampling of 4:2:0 and 4:2:2 files
 * (whole-size decodes upsample chroma; at 1/2 the chroma planes already have the output's
 * size). Encoder (2 MP q80 in plain C: quantisation ~34%, Huffman ~25%, RGB→YCbCr ~17%,
 * the forward DCT ~14%): RGBA→YCbCr, 2×2 downsampling, sample loading, the islow forward
 * DCT, quantisation and the Huffman coding of a block.
 * libjpeg-turbo's own SIMD is x86 assembly or Arm Neon; Neon through SIMDe's emulation ran 2–3×
 * slower than plain C here, and -msimd128 autovectorisation gained nothing, hence this file.
 *
 * Every result is bit-identical to libjpeg-turbo's C code (jidctint.c, jidctred.c, jdcolext.c,
 * jdsample.c, jccolext.c, jcsample.c, jcdctmgr.c, jfdctint.c, jchuff.c): the same 32-bit
 * wrapping integer arithmetic, the C code's zero-AC shortcuts chosen per lane, and its range-limit table
 * reproduced exactly (the IDCT's `& RANGE_MASK` wrap included).
 *
 * Hooked in through libjpeg-turbo's jsimd interface: everything else is jsimd_none.c.
 */
#define jsimd_can_ycc_rgb jsimd_none_can_ycc_rgb
#define jsimd_ycc_rgb_convert jsimd_none_ycc_rgb_convert
#define jsimd_can_idct_islow jsimd_none_can_idct_islow
#define jsimd_idct_islow jsimd_none_idct_islow
#define jsimd_can_idct_4x4 jsimd_none_can_idct_4x4
#define jsimd_idct_4x4 jsimd_none_idct_4x4
#define jsimd_can_rgb_ycc jsimd_none_can_rgb_ycc
#define jsimd_rgb_ycc_convert jsimd_none_rgb_ycc_convert
#define jsimd_can_h2v2_downsample jsimd_none_can_h2v2_downsample
#define jsimd_h2v2_downsample jsimd_none_h2v2_downsample
#define jsimd_can_convsamp jsimd_none_can_convsamp
#define jsimd_convsamp jsimd_none_convsamp
#define jsimd_can_fdct_islow jsimd_none_can_fdct_islow
#define jsimd_fdct_islow jsimd_none_fdct_islow
#define jsimd_can_quantize jsimd_none_can_quantize
#define jsimd_quantize jsimd_none_quantize
#define jsimd_can_huff_encode_one_block jsimd_none_can_huff_encode_one_block
#define jsimd_huff_encode_one_block jsimd_none_huff_encode_one_block
#define jsimd_can_h2v2_fancy_upsample jsimd_none_can_h2v2_fancy_upsample
#define jsimd_h2v2_fancy_upsample jsimd_none_h2v2_fancy_upsample
#define jsimd_can_h2v1_fancy_upsample jsimd_none_can_h2v1_fancy_upsample
#define jsimd_h2v1_fancy_upsample jsimd_none_h2v1_fancy_upsample
#include "jsimd_none.c"
#undef jsimd_can_h2v2_fancy_upsample
#undef jsimd_h2v2_fancy_upsample
#undef jsimd_can_h2v1_fancy_upsample
#undef jsimd_h2v1_fancy_upsample
#undef jsimd_can_ycc_rgb
#undef jsimd_ycc_rgb_convert
#undef jsimd_can_idct_islow
#undef jsimd_idct_islow
#undef jsimd_can_idct_4x4
#undef jsimd_idct_4x4
#undef jsimd_can_rgb_ycc
#undef jsimd_rgb_ycc_convert
#undef jsimd_can_h2v2_downsample
#undef jsimd_h2v2_downsample
#undef jsimd_can_convsamp
#undef jsimd_convsamp
#undef jsimd_can_fdct_islow
#undef jsimd_fdct_islow
#undef jsimd_can_quantize
#undef jsimd_quantize
#undef jsimd_can_huff_encode_one_block
#undef jsimd_huff_encode_one_block

#include <wasm_simd128.h>

#if BITS_IN_JSAMPLE != 8 || DCTSIZE != 8
#error "jsimd_wasm.c is written for 8-bit samples and 8×8 blocks"
#endif

/* ---- islow IDCT (jidctint.c's jpeg_idct_islow, four columns or rows per vector) ---- */

#define CONST_BITS 13
#define PASS1_BITS 2

/* One 1-D pass on eight vectors, in place: the sums before descaling, in jidctint.c's order
 * (out[0] = tmp10 + tmp3, out[7] = tmp10 - tmp3, …). tmp0/tmp1 are (x0 ± x4) << CONST_BITS. */
static inline void idct_1d(v128_t x[8]) {
  v128_t z2 = x[2], z3 = x[6];
  v128_t z1 = wasm_i32x4_mul(wasm_i32x4_add(z2, z3), wasm_i32x4_splat(4433));
  v128_t tmp2 = wasm_i32x4_add(z1, wasm_i32x4_mul(z3, wasm_i32x4_splat(-15137)));
  v128_t tmp3 = wasm_i32x4_add(z1, wasm_i32x4_mul(z2, wasm_i32x4_splat(6270)));
  v128_t tmp0 = wasm_i32x4_shl(wasm_i32x4_add(x[0], x[4]), CONST_BITS);
  v128_t tmp1 = wasm_i32x4_shl(wasm_i32x4_sub(x[0], x[4]), CONST_BITS);
  v128_t tmp10 = wasm_i32x4_add(tmp0, tmp3), tmp13 = wasm_i32x4_sub(tmp0, tmp3);
  v128_t tmp11 = wasm_i32x4_add(tmp1, tmp2), tmp12 = wasm_i32x4_sub(tmp1, tmp2);

  tmp0 = x[7];
  tmp1 = x[5];
  tmp2 = x[3];
  tmp3 = x[1];
  z1 = wasm_i32x4_add(tmp0, tmp3);
  z2 = wasm_i32x4_add(tmp1, tmp2);
  z3 = wasm_i32x4_add(tmp0, tmp2);
  v128_t z4 = wasm_i32x4_add(tmp1, tmp3);
  v128_t z5 = wasm_i32x4_mul(wasm_i32x4_add(z3, z4), wasm_i32x4_splat(9633));
  tmp0 = wasm_i32x4_mul(tmp0, wasm_i32x4_splat(2446));
  tmp1 = wasm_i32x4_mul(tmp1, wasm_i32x4_splat(16819));
  tmp2 = wasm_i32x4_mul(tmp2, wasm_i32x4_splat(25172));
  tmp3 = wasm_i32x4_mul(tmp3, wasm_i32x4_splat(12299));
  z1 = wasm_i32x4_mul(z1, wasm_i32x4_splat(-7373));
  z2 = wasm_i32x4_mul(z2, wasm_i32x4_splat(-20995));
  z3 = wasm_i32x4_add(wasm_i32x4_mul(z3, wasm_i32x4_splat(-16069)), z5);
  z4 = wasm_i32x4_add(wasm_i32x4_mul(z4, wasm_i32x4_splat(-3196)), z5);
  tmp0 = wasm_i32x4_add(tmp0, wasm_i32x4_add(z1, z3));
  tmp1 = wasm_i32x4_add(tmp1, wasm_i32x4_add(z2, z4));
  tmp2 = wasm_i32x4_add(tmp2, wasm_i32x4_add(z2, z3));
  tmp3 = wasm_i32x4_add(tmp3, wasm_i32x4_add(z1, z4));

  x[0] = wasm_i32x4_add(tmp10, tmp3);
  x[7] = wasm_i32x4_sub(tmp10, tmp3);
  x[1] = wasm_i32x4_add(tmp11, tmp2);
  x[6] = wasm_i32x4_sub(tmp11, tmp2);
  x[2] = wasm_i32x4_add(tmp12, tmp1);
  x[5] = wasm_i32x4_sub(tmp12, tmp1);
  x[3] = wasm_i32x4_add(tmp13, tmp0);
  x[4] = wasm_i32x4_sub(tmp13, tmp0);
}

/* DESCALE(x, n): round half up, arithmetic shift. */
static inline v128_t descale(v128_t x, int n) {
  return wasm_i32x4_shr(wasm_i32x4_add(x, wasm_i32x4_splat(1 << (n - 1))), n);
}

/* Lanes where x[1..7] are all zero (the C code's shortcut for an all-zero AC column or row). */
static inline v128_t ac_zero(const v128_t x[8]) {
  v128_t any = wasm_v128_or(wasm_v128_or(wasm_v128_or(x[1], x[2]), wasm_v128_or(x[3], x[4])),
                            wasm_v128_or(wasm_v128_or(x[5], x[6]), x[7]));
  return wasm_i32x4_eq(any, wasm_i32x4_splat(0));
}

static inline void transpose4(v128_t *a, v128_t *b, v128_t *c, v128_t *d) {
  v128_t t0 = wasm_i32x4_shuffle(*a, *b, 0, 4, 1, 5), t1 = wasm_i32x4_shuffle(*a, *b, 2, 6, 3, 7);
  v128_t t2 = wasm_i32x4_shuffle(*c, *d, 0, 4, 1, 5), t3 = wasm_i32x4_shuffle(*c, *d, 2, 6, 3, 7);
  *a = wasm_i32x4_shuffle(t0, t2, 0, 1, 4, 5);
  *b = wasm_i32x4_shuffle(t0, t2, 2, 3, 6, 7);
  *c = wasm_i32x4_shuffle(t1, t3, 0, 1, 4, 5);
  *d = wasm_i32x4_shuffle(t1, t3, 2, 3, 6, 7);
}

/* Pass 1 on four columns: dequantise, transform, descale (or the DC shortcut per lane). */
static inline void idct_columns(const JCOEF *in, const ISLOW_MULT_TYPE *quant, v128_t x[8]) {
  for (int k = 0; k < 8; k++)
    x[k] = wasm_i32x4_mul(wasm_i32x4_load16x4(in + k * 8), wasm_v128_load(quant + k * 8));
  v128_t shortcut = ac_zero(x);
  v128_t dc = wasm_i32x4_shl(x[0], PASS1_BITS);
  idct_1d(x);
  for (int k = 0; k < 8; k++)
    x[k] = wasm_v128_bitselect(dc, descale(x[k], CONST_BITS - PASS1_BITS), shortcut);
}

/* Pass 2 on four rows (lanes = rows), then jidctint.c's range_limit[x & RANGE_MASK]: that
 * table is clamp(s + 128, 0, 255) where s is x's low 10 bits read as signed. */
static inline void idct_rows(v128_t x[8]) {
  v128_t shortcut = ac_zero(x);
  v128_t dc = descale(x[0], PASS1_BITS + 3);
  idct_1d(x);
  for (int k = 0; k < 8; k++) {
    v128_t v = wasm_v128_bitselect(dc, descale(x[k], CONST_BITS + PASS1_BITS + 3), shortcut);
    x[k] = wasm_i32x4_add(wasm_i32x4_shr(wasm_i32x4_shl(v, 22), 22), wasm_i32x4_splat(CENTERJSAMPLE));
  }
}

/* Four rows' eight samples (x[j] lane r = row r, column j) to bytes, row by row. */
static inline void store_rows(const v128_t x[8], JSAMPARRAY output_buf, int row, JDIMENSION col) {
  v128_t a = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(x[0], x[1]), wasm_i16x8_narrow_i32x4(x[2], x[3]));
  v128_t b = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(x[4], x[5]), wasm_i16x8_narrow_i32x4(x[6], x[7]));
  /* a holds column j (0–3) of row r at 4j + r, b columns 4–7 likewise. */
  v128_t r01 = wasm_i8x16_shuffle(a, b, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
  v128_t r23 = wasm_i8x16_shuffle(a, b, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15, 19, 23, 27, 31);
  wasm_v128_store64_lane(output_buf[row + 0] + col, r01, 0);
  wasm_v128_store64_lane(output_buf[row + 1] + col, r01, 1);
  wasm_v128_store64_lane(output_buf[row + 2] + col, r23, 0);
  wasm_v128_store64_lane(output_buf[row + 3] + col, r23, 1);
}

GLOBAL(int)
jsimd_can_idct_islow(void)
{
  return sizeof(JCOEF) == 2 && sizeof(ISLOW_MULT_TYPE) == 4;
}

GLOBAL(void)
jsimd_idct_islow(j_decompress_ptr cinfo, jpeg_component_info *compptr,
                 JCOEFPTR coef_block, JSAMPARRAY output_buf,
                 JDIMENSION output_col)
{
  const ISLOW_MULT_TYPE *quant = (const ISLOW_MULT_TYPE *)compptr->dct_table;
  v128_t left[8], right[8]; /* pass 1: columns 0–3 and 4–7, x[k] = row k */
  (void)cinfo;
  idct_columns(coef_block, quant, left);
  idct_columns(coef_block + 4, quant + 4, right);
  /* Rows 0–3 then 4–7 in lanes: transpose each 4×4 quarter. */
  v128_t top[8] = { left[0], left[1], left[2], left[3], right[0], right[1], right[2], right[3] };
  v128_t bottom[8] = { left[4], left[5], left[6], left[7], right[4], right[5], right[6], right[7] };
  transpose4(&top[0], &top[1], &top[2], &top[3]);
  transpose4(&top[4], &top[5], &top[6], &top[7]);
  transpose4(&bottom[0], &bottom[1], &bottom[2], &bottom[3]);
  transpose4(&bottom[4], &bottom[5], &bottom[6], &bottom[7]);
  idct_rows(top);
  idct_rows(bottom);
  store_rows(top, output_buf, 0, output_col);
  store_rows(bottom, output_buf, 4, output_col);
}

/* ---- 4×4 IDCT (jidctred.c's jpeg_idct_4x4: shrink 2), the same way ---- */

/* One 1-D pass of the reduced transform: out[0..3] before descaling. x[4] is never read;
 * tmp0 is x0 << (CONST_BITS + 1). */
static inline void idct4_1d(const v128_t x[8], v128_t out[4]) {
  v128_t tmp0 = wasm_i32x4_shl(x[0], CONST_BITS + 1);
  v128_t tmp2 = wasm_i32x4_add(wasm_i32x4_mul(x[2], wasm_i32x4_splat(15137)), wasm_i32x4_mul(x[6], wasm_i32x4_splat(-6270)));
  v128_t tmp10 = wasm_i32x4_add(tmp0, tmp2), tmp12 = wasm_i32x4_sub(tmp0, tmp2);
  v128_t z1 = x[7], z2 = x[5], z3 = x[3], z4 = x[1];
  tmp0 = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(z1, wasm_i32x4_splat(-1730)), wasm_i32x4_mul(z2, wasm_i32x4_splat(11893))),
                        wasm_i32x4_add(wasm_i32x4_mul(z3, wasm_i32x4_splat(-17799)), wasm_i32x4_mul(z4, wasm_i32x4_splat(8697))));
  tmp2 = wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(z1, wasm_i32x4_splat(-4176)), wasm_i32x4_mul(z2, wasm_i32x4_splat(-4926))),
                        wasm_i32x4_add(wasm_i32x4_mul(z3, wasm_i32x4_splat(7373)), wasm_i32x4_mul(z4, wasm_i32x4_splat(20995))));
  out[0] = wasm_i32x4_add(tmp10, tmp2);
  out[3] = wasm_i32x4_sub(tmp10, tmp2);
  out[1] = wasm_i32x4_add(tmp12, tmp0);
  out[2] = wasm_i32x4_sub(tmp12, tmp0);
}

/* The shortcut test of jidctred.c: x[1], x[2], x[3], x[5], x[6], x[7] zero (x[4] is ignored). */
static inline v128_t ac_zero4(const v128_t x[8]) {
  v128_t any = wasm_v128_or(wasm_v128_or(wasm_v128_or(x[1], x[2]), x[3]),
                            wasm_v128_or(wasm_v128_or(x[5], x[6]), x[7]));
  return wasm_i32x4_eq(any, wasm_i32x4_splat(0));
}

static inline void idct4_columns(const JCOEF *in, const ISLOW_MULT_TYPE *quant, v128_t ws[4]) {
  v128_t x[8];
  for (int k = 0; k < 8; k++)
    x[k] = k == 4 ? wasm_i32x4_splat(0) : wasm_i32x4_mul(wasm_i32x4_load16x4(in + k * 8), wasm_v128_load(quant + k * 8));
  v128_t shortcut = ac_zero4(x);
  v128_t dc = wasm_i32x4_shl(x[0], PASS1_BITS);
  idct4_1d(x, ws);
  for (int k = 0; k < 4; k++)
    ws[k] = wasm_v128_bitselect(dc, descale(ws[k], CONST_BITS - PASS1_BITS + 1), shortcut);
}

GLOBAL(int)
jsimd_can_idct_4x4(void)
{
  return sizeof(JCOEF) == 2 && sizeof(ISLOW_MULT_TYPE) == 4;
}

GLOBAL(void)
jsimd_idct_4x4(j_decompress_ptr cinfo, jpeg_component_info *compptr,
               JCOEFPTR coef_block, JSAMPARRAY output_buf,
               JDIMENSION output_col)
{
  const ISLOW_MULT_TYPE *quant = (const ISLOW_MULT_TYPE *)compptr->dct_table;
  v128_t x[8], out[4];
  (void)cinfo;
  /* Pass 1: x[k] = workspace row k's columns 0–3, x[4 + k] its columns 4–7 (column 4 is
   * computed but, as in the C code, never read). */
  idct4_columns(coef_block, quant, x);
  idct4_columns(coef_block + 4, quant + 4, x + 4);
  /* Rows in lanes: after the transposes x[c] holds column c of workspace rows 0–3. */
  transpose4(&x[0], &x[1], &x[2], &x[3]);
  transpose4(&x[4], &x[5], &x[6], &x[7]);
  v128_t shortcut = ac_zero4(x);
  v128_t dc = descale(x[0], PASS1_BITS + 3);
  idct4_1d(x, out);
  for (int k = 0; k < 4; k++) {
    v128_t v = wasm_v128_bitselect(dc, descale(out[k], CONST_BITS + PASS1_BITS + 3 + 1), shortcut);
    out[k] = wasm_i32x4_add(wasm_i32x4_shr(wasm_i32x4_shl(v, 22), 22), wasm_i32x4_splat(CENTERJSAMPLE));
  }
  /* out[j] lane r = row r, column j → bytes 4j + r; gather each row's four bytes. */
  v128_t bytes = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(out[0], out[1]), wasm_i16x8_narrow_i32x4(out[2], out[3]));
  bytes = wasm_i8x16_shuffle(bytes, bytes, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
  wasm_v128_store32_lane(output_buf[0] + output_col, bytes, 0);
  wasm_v128_store32_lane(output_buf[1] + output_col, bytes, 1);
  wasm_v128_store32_lane(output_buf[2] + output_col, bytes, 2);
  wasm_v128_store32_lane(output_buf[3] + output_col, bytes, 3);
}

/* ---- YCbCr → RGB (jdcolext.c's ycc_rgb_convert_internal, 16 pixels per step) ---- */

#define SCALEBITS 16
#undef FIX /* jdct.h's is for the DCT's CONST_BITS */
#define ONE_HALF ((JLONG)1 << (SCALEBITS - 1))
#define FIX(x) ((JLONG)((x) * (1L << SCALEBITS) + 0.5))

GLOBAL(int)
jsimd_can_ycc_rgb(void)
{
  return 1;
}

/* One channel for four pixels: y + a term, clamped as sample_range_limit does (its index
 * stays within the table's clamping part for every 8-bit input). */
static inline v128_t channel(v128_t y, v128_t term) {
  return wasm_i32x4_add(y, wasm_i32x4_shr(term, SCALEBITS));
}

GLOBAL(void)
jsimd_ycc_rgb_convert(j_decompress_ptr cinfo, JSAMPIMAGE input_buf,
                      JDIMENSION input_row, JSAMPARRAY output_buf,
                      int num_rows)
{
  const int space = cinfo->out_color_space;
  const int red = rgb_red[space], green = rgb_green[space], blue = rgb_blue[space];
  const int size = rgb_pixelsize[space];
  const JSAMPLE *range_limit = cinfo->sample_range_limit;
  const JDIMENSION width = cinfo->output_width;

  while (--num_rows >= 0) {
    const JSAMPLE *in_y = input_buf[0][input_row];
    const JSAMPLE *in_cb = input_buf[1][input_row];
    const JSAMPLE *in_cr = input_buf[2][input_row];
    JSAMPROW out = *output_buf++;
    JDIMENSION col = 0;
    input_row++;
    if (size == 4) {
      const int alpha = 6 - red - green - blue; /* the 4-byte layouts' fourth byte: 255 */
      for (; col + 16 <= width; col += 16) {
        v128_t y8 = wasm_v128_load(in_y + col), cb8 = wasm_v128_load(in_cb + col), cr8 = wasm_v128_load(in_cr + col);
        v128_t y16[2] = { wasm_u16x8_extend_low_u8x16(y8), wasm_u16x8_extend_high_u8x16(y8) };
        v128_t cb16[2] = { wasm_u16x8_extend_low_u8x16(cb8), wasm_u16x8_extend_high_u8x16(cb8) };
        v128_t cr16[2] = { wasm_u16x8_extend_low_u8x16(cr8), wasm_u16x8_extend_high_u8x16(cr8) };
        v128_t r[4], g[4], b[4];
        for (int q = 0; q < 4; q++) {
          v128_t y = q & 1 ? wasm_u32x4_extend_high_u16x8(y16[q >> 1]) : wasm_u32x4_extend_low_u16x8(y16[q >> 1]);
          v128_t cb = q & 1 ? wasm_u32x4_extend_high_u16x8(cb16[q >> 1]) : wasm_u32x4_extend_low_u16x8(cb16[q >> 1]);
          v128_t cr = q & 1 ? wasm_u32x4_extend_high_u16x8(cr16[q >> 1]) : wasm_u32x4_extend_low_u16x8(cr16[q >> 1]);
          cb = wasm_i32x4_sub(cb, wasm_i32x4_splat(CENTERJSAMPLE));
          cr = wasm_i32x4_sub(cr, wasm_i32x4_splat(CENTERJSAMPLE));
          v128_t half = wasm_i32x4_splat(ONE_HALF);
          r[q] = channel(y, wasm_i32x4_add(wasm_i32x4_mul(cr, wasm_i32x4_splat(FIX(1.40200))), half));
          b[q] = channel(y, wasm_i32x4_add(wasm_i32x4_mul(cb, wasm_i32x4_splat(FIX(1.77200))), half));
          g[q] = channel(y, wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(cb, wasm_i32x4_splat(-FIX(0.34414))), half),
                                           wasm_i32x4_mul(cr, wasm_i32x4_splat(-FIX(0.71414)))));
        }
        v128_t c[4];
        c[red] = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(r[0], r[1]), wasm_i16x8_narrow_i32x4(r[2], r[3]));
        c[green] = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(g[0], g[1]), wasm_i16x8_narrow_i32x4(g[2], g[3]));
        c[blue] = wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(b[0], b[1]), wasm_i16x8_narrow_i32x4(b[2], b[3]));
        c[alpha] = wasm_i8x16_splat((char)MAXJSAMPLE);
        /* Interleave: bytes (c0 c1) and (c2 c3) pairs, then the pairs into pixels. */
        v128_t p01lo = wasm_i8x16_shuffle(c[0], c[1], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
        v128_t p01hi = wasm_i8x16_shuffle(c[0], c[1], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
        v128_t p23lo = wasm_i8x16_shuffle(c[2], c[3], 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
        v128_t p23hi = wasm_i8x16_shuffle(c[2], c[3], 8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
        JSAMPROW o = out + col * 4;
        wasm_v128_store(o, wasm_i16x8_shuffle(p01lo, p23lo, 0, 8, 1, 9, 2, 10, 3, 11));
        wasm_v128_store(o + 16, wasm_i16x8_shuffle(p01lo, p23lo, 4, 12, 5, 13, 6, 14, 7, 15));
        wasm_v128_store(o + 32, wasm_i16x8_shuffle(p01hi, p23hi, 0, 8, 1, 9, 2, 10, 3, 11));
        wasm_v128_store(o + 48, wasm_i16x8_shuffle(p01hi, p23hi, 4, 12, 5, 13, 6, 14, 7, 15));
      }
    }
    /* The rest (and 3-byte layouts): jdcolext.c's arithmetic, one pixel at a time. */
    for (; col < width; col++) {
      int y = in_y[col], cb = in_cb[col] - CENTERJSAMPLE, cr = in_cr[col] - CENTERJSAMPLE;
      JSAMPROW o = out + col * size;
      o[red] = range_limit[y + (int)((FIX(1.40200) * cr + ONE_HALF) >> SCALEBITS)];
      o[green] = range_limit[y + (int)((-FIX(0.34414) * cb + ONE_HALF + -FIX(0.71414) * cr) >> SCALEBITS)];
      o[blue] = range_limit[y + (int)((FIX(1.77200) * cb + ONE_HALF) >> SCALEBITS)];
      if (size == 4) o[6 - red - green - blue] = MAXJSAMPLE;
    }
  }
}

/* ---- Fancy upsampling (jdsample.c's h2v1_fancy_upsample and h2v2_fancy_upsample) ----
 * Each output sample is 3/4 of its nearer input and 1/4 of the further one, per doubled axis.
 * The edge columns and what is left after the 8-column steps run the C code's own arithmetic;
 * the vectors hold 16-bit sums (at most 16·255 + 8), so nothing wraps or rounds differently. */

/* Eight samples from `p`, widened to 16 bits. */
static inline v128_t load8(const JSAMPLE *p) {
  return wasm_u16x8_extend_low_u8x16(wasm_v128_load64_zero(p));
}

/* Even outputs `even` and odd outputs `odd` (16-bit, at most 255) interleaved into 16 bytes. */
static inline void store_pairs(JSAMPROW out, v128_t even, v128_t odd) {
  v128_t bytes = wasm_u8x16_narrow_i16x8(even, odd);
  wasm_v128_store(out, wasm_i8x16_shuffle(bytes, bytes, 0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
}

GLOBAL(int)
jsimd_can_h2v1_fancy_upsample(void)
{
  return 1;
}

GLOBAL(void)
jsimd_h2v1_fancy_upsample(j_decompress_ptr cinfo, jpeg_component_info *compptr,
                          JSAMPARRAY input_data, JSAMPARRAY *output_data_ptr)
{
  JSAMPARRAY output_data = *output_data_ptr;
  const JDIMENSION width = compptr->downsampled_width;
  for (int inrow = 0; inrow < cinfo->max_v_samp_factor; inrow++) {
    const JSAMPLE *in = input_data[inrow];
    JSAMPROW out = output_data[inrow];
    int value = in[0];
    out[0] = (JSAMPLE)value;
    out[1] = (JSAMPLE)((value * 3 + in[1] + 2) >> 2);
    JDIMENSION col = 1;
    /* Columns col … col+7 read inputs col-1 … col+8, all before the last column. */
    for (; col + 9 <= width; col += 8) {
      v128_t near = wasm_i16x8_mul(load8(in + col), wasm_i16x8_splat(3));
      v128_t even = wasm_u16x8_shr(wasm_i16x8_add(wasm_i16x8_add(near, load8(in + col - 1)), wasm_i16x8_splat(1)), 2);
      v128_t odd = wasm_u16x8_shr(wasm_i16x8_add(wasm_i16x8_add(near, load8(in + col + 1)), wasm_i16x8_splat(2)), 2);
      store_pairs(out + 2 * col, even, odd);
    }
    for (; col < width - 1; col++) {
      value = in[col] * 3;
      out[2 * col] = (JSAMPLE)((value + in[col - 1] + 1) >> 2);
      out[2 * col + 1] = (JSAMPLE)((value + in[col + 1] + 2) >> 2);
    }
    value = in[col];
    out[2 * col] = (JSAMPLE)((value * 3 + in[col - 1] + 1) >> 2);
    out[2 * col + 1] = (JSAMPLE)value;
  }
}

GLOBAL(int)
jsimd_can_h2v2_fancy_upsample(void)
{
  return 1;
}

GLOBAL(void)
jsimd_h2v2_fancy_upsample(j_decompress_ptr cinfo, jpeg_component_info *compptr,
                          JSAMPARRAY input_data, JSAMPARRAY *output_data_ptr)
{
  JSAMPARRAY output_data = *output_data_ptr;
  const JDIMENSION width = compptr->downsampled_width;
  int inrow = 0, outrow = 0;
  while (outrow < cinfo->max_v_samp_factor) {
    for (int v = 0; v < 2; v++) {
      /* in0: the nearest input row; in1: the next nearest (above for the first output row). */
      const JSAMPLE *in0 = input_data[inrow];
      const JSAMPLE *in1 = input_data[v == 0 ? inrow - 1 : inrow + 1];
      JSAMPROW out = output_data[outrow++];
      int this_sum = in0[0] * 3 + in1[0];
      int next_sum = in0[1] * 3 + in1[1];
      out[0] = (JSAMPLE)((this_sum * 4 + 8) >> 4);
      out[1] = (JSAMPLE)((this_sum * 3 + next_sum + 7) >> 4);
      JDIMENSION col = 1;
      const v128_t three = wasm_i16x8_splat(3);
      for (; col + 9 <= width; col += 8) {
        v128_t last = wasm_i16x8_add(wasm_i16x8_mul(load8(in0 + col - 1), three), load8(in1 + col - 1));
        v128_t here = wasm_i16x8_add(wasm_i16x8_mul(load8(in0 + col), three), load8(in1 + col));
        v128_t next = wasm_i16x8_add(wasm_i16x8_mul(load8(in0 + col + 1), three), load8(in1 + col + 1));
        here = wasm_i16x8_mul(here, three);
        v128_t even = wasm_u16x8_shr(wasm_i16x8_add(wasm_i16x8_add(here, last), wasm_i16x8_splat(8)), 4);
        v128_t odd = wasm_u16x8_shr(wasm_i16x8_add(wasm_i16x8_add(here, next), wasm_i16x8_splat(7)), 4);
        store_pairs(out + 2 * col, even, odd);
      }
      int last_sum = in0[col - 1] * 3 + in1[col - 1];
      this_sum = in0[col] * 3 + in1[col];
      for (; col < width - 1; col++) {
        next_sum = in0[col + 1] * 3 + in1[col + 1];
        out[2 * col] = (JSAMPLE)((this_sum * 3 + last_sum + 8) >> 4);
        out[2 * col + 1] = (JSAMPLE)((this_sum * 3 + next_sum + 7) >> 4);
        last_sum = this_sum;
        this_sum = next_sum;
      }
      out[2 * col] = (JSAMPLE)((this_sum * 3 + last_sum + 8) >> 4);
      out[2 * col + 1] = (JSAMPLE)((this_sum * 4 + 7) >> 4);
    }
    inrow++;
  }
}

/* ======== The encoder's steps (encode.c; jccolext.c, jcsample.c, jcdctmgr.c, jfdctint.c) ======== */

/* ---- RGB(A) → YCbCr (jccolext.c's rgb_ycc_convert_internal, 16 pixels per step) ----
 * jccolor.c's tables hold FIX(c) · i (plus the rounding terms), so a table sum is the same
 * integer as these products: sums are never negative, and >> is the C code's shift. */

GLOBAL(int)
jsimd_can_rgb_ycc(void)
{
  return 1;
}

/* Y, Cb, Cr of four pixels (32-bit lanes). */
static inline void ycc4(v128_t r, v128_t g, v128_t b, v128_t *y, v128_t *cb, v128_t *cr) {
  const v128_t cbcr_round = wasm_i32x4_splat(((JLONG)CENTERJSAMPLE << SCALEBITS) + ONE_HALF - 1);
  *y = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(r, wasm_i32x4_splat(FIX(0.29900))), wasm_i32x4_mul(g, wasm_i32x4_splat(FIX(0.58700)))),
                                     wasm_i32x4_add(wasm_i32x4_mul(b, wasm_i32x4_splat(FIX(0.11400))), wasm_i32x4_splat(ONE_HALF))), SCALEBITS);
  *cb = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(r, wasm_i32x4_splat(-FIX(0.16874))), wasm_i32x4_mul(g, wasm_i32x4_splat(-FIX(0.33126)))),
                                      wasm_i32x4_add(wasm_i32x4_mul(b, wasm_i32x4_splat(FIX(0.50000))), cbcr_round)), SCALEBITS);
  *cr = wasm_i32x4_shr(wasm_i32x4_add(wasm_i32x4_add(wasm_i32x4_mul(r, wasm_i32x4_splat(FIX(0.50000))), wasm_i32x4_mul(g, wasm_i32x4_splat(-FIX(0.41869)))),
                                      wasm_i32x4_add(wasm_i32x4_mul(b, wasm_i32x4_splat(-FIX(0.08131))), cbcr_round)), SCALEBITS);
}

static inline v128_t quarter(v128_t bytes, int q) {
  v128_t half = q < 2 ? wasm_u16x8_extend_low_u8x16(bytes) : wasm_u16x8_extend_high_u8x16(bytes);
  return q & 1 ? wasm_u32x4_extend_high_u16x8(half) : wasm_u32x4_extend_low_u16x8(half);
}

static inline v128_t pack16(const v128_t v[4]) {
  return wasm_u8x16_narrow_i16x8(wasm_i16x8_narrow_i32x4(v[0], v[1]), wasm_i16x8_narrow_i32x4(v[2], v[3]));
}

GLOBAL(void)
jsimd_rgb_ycc_convert(j_compress_ptr cinfo, JSAMPARRAY input_buf,
                      JSAMPIMAGE output_buf, JDIMENSION output_row,
                      int num_rows)
{
  const int space = cinfo->in_color_space;
  const int red = rgb_red[space], green = rgb_green[space], blue = rgb_blue[space];
  const int size = rgb_pixelsize[space];
  const JDIMENSION width = cinfo->image_width;
  /* The vector path reads R, G, B at bytes 0, 1, 2 of 4 (RGBA, RGBX: what encode.c passes). */
  const int vectors = size == 4 && red == 0 && green == 1 && blue == 2;

  while (--num_rows >= 0) {
    const JSAMPLE *in = *input_buf++;
    JSAMPROW out_y = output_buf[0][output_row];
    JSAMPROW out_cb = output_buf[1][output_row];
    JSAMPROW out_cr = output_buf[2][output_row];
    JDIMENSION col = 0;
    output_row++;
    if (vectors) {
      for (; col + 16 <= width; col += 16) {
        const JSAMPLE *p = in + col * 4;
        v128_t v0 = wasm_v128_load(p), v1 = wasm_v128_load(p + 16), v2 = wasm_v128_load(p + 32), v3 = wasm_v128_load(p + 48);
        /* Pixels 0–7 then 8–15: R of eight pixels then G of the same eight; B likewise. */
        v128_t rg0 = wasm_i8x16_shuffle(v0, v1, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
        v128_t rg1 = wasm_i8x16_shuffle(v2, v3, 0, 4, 8, 12, 16, 20, 24, 28, 1, 5, 9, 13, 17, 21, 25, 29);
        v128_t b0 = wasm_i8x16_shuffle(v0, v1, 2, 6, 10, 14, 18, 22, 26, 30, 2, 6, 10, 14, 18, 22, 26, 30);
        v128_t b1 = wasm_i8x16_shuffle(v2, v3, 2, 6, 10, 14, 18, 22, 26, 30, 2, 6, 10, 14, 18, 22, 26, 30);
        v128_t r8 = wasm_i8x16_shuffle(rg0, rg1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
        v128_t g8 = wasm_i8x16_shuffle(rg0, rg1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
        v128_t b8 = wasm_i8x16_shuffle(b0, b1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
        v128_t y[4], cb[4], cr[4];
        for (int q = 0; q < 4; q++)
          ycc4(quarter(r8, q), quarter(g8, q), quarter(b8, q), &y[q], &cb[q], &cr[q]);
        wasm_v128_store(out_y + col, pack16(y));
        wasm_v128_store(out_cb + col, pack16(cb));
        wasm_v128_store(out_cr + col, pack16(cr));
      }
    }
    /* The rest (and other layouts): the same sums, one pixel at a time. */
    for (; col < width; col++) {
      const JLONG r = in[col * size + red], g = in[col * size + green], b = in[col * size + blue];
      out_y[col] = (JSAMPLE)((FIX(0.29900) * r + FIX(0.58700) * g + FIX(0.11400) * b + ONE_HALF) >> SCALEBITS);
      out_cb[col] = (JSAMPLE)((-FIX(0.16874) * r - FIX(0.33126) * g + FIX(0.50000) * b + ((JLONG)CENTERJSAMPLE << SCALEBITS) + ONE_HALF - 1) >> SCALEBITS);
      out_cr[col] = (JSAMPLE)((FIX(0.50000) * r - FIX(0.41869) * g - FIX(0.08131) * b + ((JLONG)CENTERJSAMPLE << SCALEBITS) + ONE_HALF - 1) >> SCALEBITS);
    }
  }
}

/* ---- 2×2 box downsampling (jcsample.c's h2v2_downsample, 8 outputs per step) ---- */

GLOBAL(int)
jsimd_can_h2v2_downsample(void)
{
  return 1;
}

GLOBAL(void)
jsimd_h2v2_downsample(j_compress_ptr cinfo, jpeg_component_info *compptr,
                      JSAMPARRAY input_data, JSAMPARRAY output_data)
{
  const JDIMENSION output_cols = compptr->width_in_blocks * DCTSIZE; /* a multiple of 8 */
  const JDIMENSION input_cols = cinfo->image_width;
  /* jcsample.c's expand_right_edge: the last column repeated out to 2 × output_cols. */
  if (output_cols * 2 > input_cols) {
    for (int row = 0; row < cinfo->max_v_samp_factor; row++) {
      JSAMPROW p = input_data[row] + input_cols;
      memset(p, p[-1], output_cols * 2 - input_cols);
    }
  }
  /* The C code's bias 1, 2, 1, 2, … (rounding alternately down and up). */
  const v128_t bias = wasm_i16x8_make(1, 2, 1, 2, 1, 2, 1, 2);
  for (int outrow = 0; outrow < compptr->v_samp_factor; outrow++) {
    const JSAMPLE *in0 = input_data[outrow * 2], *in1 = input_data[outrow * 2 + 1];
    JSAMPROW out = output_data[outrow];
    for (JDIMENSION col = 0; col < output_cols; col += 8) {
      v128_t sum = wasm_i16x8_add(wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(in0 + col * 2)),
                                  wasm_u16x8_extadd_pairwise_u8x16(wasm_v128_load(in1 + col * 2)));
      sum = wasm_u16x8_shr(wasm_i16x8_add(sum, bias), 2);
      wasm_v128_store64_lane(out + col, wasm_u8x16_narrow_i16x8(sum, sum), 0);
    }
  }
}

/* ---- Sample loading (jcdctmgr.c's convsamp): unsigned samples to signed DCT input ---- */

GLOBAL(int)
jsimd_can_convsamp(void)
{
  return sizeof(DCTELEM) == 4;
}

GLOBAL(void)
jsimd_convsamp(JSAMPARRAY sample_data, JDIMENSION start_col, DCTELEM *workspace)
{
  for (int row = 0; row < DCTSIZE; row++) {
    v128_t s = wasm_i16x8_sub(wasm_u16x8_load8x8(sample_data[row] + start_col), wasm_i16x8_splat(CENTERJSAMPLE));
    wasm_v128_store(workspace + row * 8, wasm_i32x4_extend_low_i16x8(s));
    wasm_v128_store(workspace + row * 8 + 4, wasm_i32x4_extend_high_i16x8(s));
  }
}

/* ---- islow forward DCT (jfdctint.c's jpeg_fdct_islow, four rows or columns per vector) ---- */

GLOBAL(int)
jsimd_can_fdct_islow(void)
{
  return sizeof(DCTELEM) == 4; /* WITH_SIMD=0 builds: DCTELEM is int, the C code's type */
}

/* One 1-D pass on eight vectors, in place, in jfdctint.c's arithmetic. `first` is pass 1 (rows:
 * DC terms shifted left, the rest descaled by CONST_BITS - PASS1_BITS), otherwise pass 2. */
static inline void fdct_1d(v128_t d[8], int first) {
  v128_t tmp0 = wasm_i32x4_add(d[0], d[7]), tmp7 = wasm_i32x4_sub(d[0], d[7]);
  v128_t tmp1 = wasm_i32x4_add(d[1], d[6]), tmp6 = wasm_i32x4_sub(d[1], d[6]);
  v128_t tmp2 = wasm_i32x4_add(d[2], d[5]), tmp5 = wasm_i32x4_sub(d[2], d[5]);
  v128_t tmp3 = wasm_i32x4_add(d[3], d[4]), tmp4 = wasm_i32x4_sub(d[3], d[4]);
  v128_t tmp10 = wasm_i32x4_add(tmp0, tmp3), tmp13 = wasm_i32x4_sub(tmp0, tmp3);
  v128_t tmp11 = wasm_i32x4_add(tmp1, tmp2), tmp12 = wasm_i32x4_sub(tmp1, tmp2);
  const int n = first ? CONST_BITS - PASS1_BITS : CONST_BITS + PASS1_BITS;

  if (first) {
    d[0] = wasm_i32x4_shl(wasm_i32x4_add(tmp10, tmp11), PASS1_BITS);
    d[4] = wasm_i32x4_shl(wasm_i32x4_sub(tmp10, tmp11), PASS1_BITS);
  } else {
    d[0] = descale(wasm_i32x4_add(tmp10, tmp11), PASS1_BITS);
    d[4] = descale(wasm_i32x4_sub(tmp10, tmp11), PASS1_BITS);
  }
  v128_t z1 = wasm_i32x4_mul(wasm_i32x4_add(tmp12, tmp13), wasm_i32x4_splat(4433));
  d[2] = descale(wasm_i32x4_add(z1, wasm_i32x4_mul(tmp13, wasm_i32x4_splat(6270))), n);
  d[6] = descale(wasm_i32x4_add(z1, wasm_i32x4_mul(tmp12, wasm_i32x4_splat(-15137))), n);

  z1 = wasm_i32x4_add(tmp4, tmp7);
  v128_t z2 = wasm_i32x4_add(tmp5, tmp6);
  v128_t z3 = wasm_i32x4_add(tmp4, tmp6);
  v128_t z4 = wasm_i32x4_add(tmp5, tmp7);
  v128_t z5 = wasm_i32x4_mul(wasm_i32x4_add(z3, z4), wasm_i32x4_splat(9633));
  tmp4 = wasm_i32x4_mul(tmp4, wasm_i32x4_splat(2446));
  tmp5 = wasm_i32x4_mul(tmp5, wasm_i32x4_splat(16819));
  tmp6 = wasm_i32x4_mul(tmp6, wasm_i32x4_splat(25172));
  tmp7 = wasm_i32x4_mul(tmp7, wasm_i32x4_splat(12299));
  z1 = wasm_i32x4_mul(z1, wasm_i32x4_splat(-7373));
  z2 = wasm_i32x4_mul(z2, wasm_i32x4_splat(-20995));
  z3 = wasm_i32x4_add(wasm_i32x4_mul(z3, wasm_i32x4_splat(-16069)), z5);
  z4 = wasm_i32x4_add(wasm_i32x4_mul(z4, wasm_i32x4_splat(-3196)), z5);
  d[7] = descale(wasm_i32x4_add(tmp4, wasm_i32x4_add(z1, z3)), n);
  d[5] = descale(wasm_i32x4_add(tmp5, wasm_i32x4_add(z2, z4)), n);
  d[3] = descale(wasm_i32x4_add(tmp6, wasm_i32x4_add(z2, z3)), n);
  d[1] = descale(wasm_i32x4_add(tmp7, wasm_i32x4_add(z1, z4)), n);
}

GLOBAL(void)
jsimd_fdct_islow(DCTELEM *data)
{
  /* Pass 1 wants rows in lanes: a[c] = column c of rows 0–3, b[c] of rows 4–7. */
  v128_t a[8], b[8];
  for (int r = 0; r < 4; r++) {
    a[r] = wasm_v128_load(data + r * 8);
    a[4 + r] = wasm_v128_load(data + r * 8 + 4);
    b[r] = wasm_v128_load(data + (r + 4) * 8);
    b[4 + r] = wasm_v128_load(data + (r + 4) * 8 + 4);
  }
  transpose4(&a[0], &a[1], &a[2], &a[3]);
  transpose4(&a[4], &a[5], &a[6], &a[7]);
  transpose4(&b[0], &b[1], &b[2], &b[3]);
  transpose4(&b[4], &b[5], &b[6], &b[7]);
  fdct_1d(a, 1);
  fdct_1d(b, 1);
  /* Pass 2 wants columns in lanes: left[r] = columns 0–3 of row r, right[r] columns 4–7. */
  v128_t left[8] = { a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3] };
  v128_t right[8] = { a[4], a[5], a[6], a[7], b[4], b[5], b[6], b[7] };
  transpose4(&left[0], &left[1], &left[2], &left[3]);
  transpose4(&left[4], &left[5], &left[6], &left[7]);
  transpose4(&right[0], &right[1], &right[2], &right[3]);
  transpose4(&right[4], &right[5], &right[6], &right[7]);
  fdct_1d(left, 0);
  fdct_1d(right, 0);
  for (int r = 0; r < 8; r++) {
    wasm_v128_store(data + r * 8, left[r]);
    wasm_v128_store(data + r * 8 + 4, right[r]);
  }
}

/* ---- Quantisation (jcdctmgr.c's quantize, 8-bit samples) ----
 * The C code: |x| + correction, times the 32-bit reciprocal as a 64-bit product, shifted right
 * by 32 + shift, sign restored. Here the top 32 bits of the product come from extending
 * multiplies; the per-coefficient shift (0–15: the same for every lane only by chance) is a
 * multiply by 2^-shift in float, exact because that top half is below 2^24. */

GLOBAL(int)
jsimd_can_quantize(void)
{
  /* Divisors of 1 (shift -32) never occur: islow divisors are quantval << 3. */
  return sizeof(DCTELEM) == 4 && sizeof(JCOEF) == 2;
}

GLOBAL(void)
jsimd_quantize(JCOEFPTR coef_block, DCTELEM *divisors, DCTELEM *workspace)
{
  for (int i = 0; i < DCTSIZE2; i += 8) {
    v128_t half[2];
    for (int h = 0; h < 2; h++) {
      const int k = i + h * 4;
      v128_t x = wasm_v128_load(workspace + k);
      v128_t negative = wasm_i32x4_shr(x, 31);
      v128_t t = wasm_i32x4_add(wasm_i32x4_abs(x), wasm_v128_load(divisors + k + DCTSIZE2));
      v128_t recip = wasm_v128_load(divisors + k);
      v128_t lo = wasm_u64x2_extmul_low_u32x4(t, recip), hi = wasm_u64x2_extmul_high_u32x4(t, recip);
      v128_t top = wasm_i32x4_shuffle(lo, hi, 1, 3, 5, 7);
      v128_t scale = wasm_i32x4_shl(wasm_i32x4_sub(wasm_i32x4_splat(127), wasm_v128_load(divisors + k + DCTSIZE2 * 3)), 23);
      v128_t q = wasm_i32x4_trunc_sat_f32x4(wasm_f32x4_mul(wasm_f32x4_convert_i32x4(top), scale));
      half[h] = wasm_i32x4_sub(wasm_v128_xor(q, negative), negative);
    }
    wasm_v128_store(coef_block + i, wasm_i16x8_narrow_i32x4(half[0], half[1]));
  }
}

/* ---- Huffman coding of one block (jchuff.c's encode_one_block) ----
 * The C code tests each of the 63 AC coefficients for zero, a branch photos mispredict; here
 * the block is put in zigzag order once, a vector compare makes a bitmask of its non-zero
 * coefficients, and the loop visits only those (count trailing zeros gives the next one and
 * the run of zeros before it). Bits and bytes are written exactly as jchuff.c writes them. */

/* jchuff.c's private state (not in a header), as it is laid out in this build: WITH_SIMD=0
 * and a 4-byte size_t, so both bit buffers are size_t and BIT_BUF_SIZE is 32. Off Arm, its
 * "SIMD" bit buffer has the C path's meaning (free_bits = free bits in put_buffer). */
typedef struct {
  union {
    size_t c;
    size_t simd;
  } put_buffer;
  int free_bits;
  int last_dc_val[MAX_COMPS_IN_SCAN];
} wasm_savable_state;

typedef struct {
  JOCTET *next_output_byte;
  size_t free_in_buffer;
  wasm_savable_state cur;
  j_compress_ptr cinfo;
  int simd;
} wasm_working_state;

#define HUFF_BIT_BUF_SIZE 32

GLOBAL(int)
jsimd_can_huff_encode_one_block(void)
{
  return sizeof(size_t) * 8 == HUFF_BIT_BUF_SIZE;
}

/* jchuff.c's EMIT_BYTE / FLUSH / PUT_BITS, on the local buffer and bit buffer. */
#define EMIT_BYTE(b) { \
  buffer[0] = (JOCTET)(b); \
  buffer[1] = 0; \
  buffer -= -2 + ((JOCTET)(b) < 0xFF); \
}
#define PUT_BITS(code, size) { \
  free_bits -= (size); \
  if (free_bits < 0) { \
    put_buffer = (put_buffer << ((size) + free_bits)) | ((code) >> -free_bits); \
    if (put_buffer & 0x80808080 & ~(put_buffer + 0x01010101)) { \
      EMIT_BYTE(put_buffer >> 24) EMIT_BYTE(put_buffer >> 16) \
      EMIT_BYTE(put_buffer >> 8) EMIT_BYTE(put_buffer) \
    } else { \
      buffer[0] = (JOCTET)(put_buffer >> 24); buffer[1] = (JOCTET)(put_buffer >> 16); \
      buffer[2] = (JOCTET)(put_buffer >> 8); buffer[3] = (JOCTET)put_buffer; \
      buffer += 4; \
    } \
    free_bits += HUFF_BIT_BUF_SIZE; \
    put_buffer = (code); \
  } else \
    put_buffer = (put_buffer << (size)) | (code); \
}
/* A code followed by `nbits` bits of the value (the C code's PUT_CODE). */
#define PUT_CODE(code, size, value, nbits) { \
  size_t bits = ((size_t)(value) & (((size_t)1 << (nbits)) - 1)) | ((size_t)(code) << (nbits)); \
  PUT_BITS(bits, (nbits) + (size)) \
}

GLOBAL(JOCTET *)
jsimd_huff_encode_one_block(void *state, JOCTET *buffer, JCOEFPTR block,
                            int last_dc_val, c_derived_tbl *dctbl,
                            c_derived_tbl *actbl)
{
  wasm_working_state *working = (wasm_working_state *)state;
  size_t put_buffer = working->cur.put_buffer.simd;
  int free_bits = working->cur.free_bits;
  JCOEF zigzag[DCTSIZE2];

  for (int k = 0; k < DCTSIZE2; k++) zigzag[k] = block[jpeg_natural_order[k]];
  uint64_t nonzero = 0;
  for (int k = 0; k < DCTSIZE2; k += 8) {
    v128_t v = wasm_v128_load(zigzag + k);
    nonzero |= (uint64_t)wasm_i16x8_bitmask(wasm_i16x8_ne(v, wasm_i16x8_splat(0))) << k;
  }

  /* DC: the difference from the last block's, as magnitude category + bits (negative values
   * as the complement of their magnitude, i.e. value - 1). */
  int value = block[0] - last_dc_val;
  int sign = value >> 31;
  int magnitude = (value + sign) ^ sign;
  int nbits = magnitude ? 32 - __builtin_clz((unsigned)magnitude) : 0;
  value += sign;
  PUT_CODE(dctbl->ehufco[nbits], dctbl->ehufsi[nbits], value, nbits)

  /* AC: each non-zero coefficient with the run of zeros before it (ZRL codes per 16). */
  nonzero &= ~(uint64_t)1;
  int previous = 0;
  while (nonzero) {
    int k = __builtin_ctzll(nonzero);
    int run = k - previous - 1;
    nonzero &= nonzero - 1;
    previous = k;
    while (run >= 16) {
      PUT_BITS((size_t)actbl->ehufco[0xf0], actbl->ehufsi[0xf0])
      run -= 16;
    }
    value = zigzag[k];
    sign = value >> 31;
    magnitude = (value + sign) ^ sign;
    nbits = 32 - __builtin_clz((unsigned)magnitude);
    value += sign;
    int symbol = (run << 4) + nbits;
    PUT_CODE(actbl->ehufco[symbol], actbl->ehufsi[symbol], value, nbits)
  }
  /* End of block unless the last coefficient was coded. */
  if (previous != DCTSIZE2 - 1)
    PUT_BITS((size_t)actbl->ehufco[0], actbl->ehufsi[0])

  working->cur.put_buffer.simd = put_buffer;
  working->cur.free_bits = free_bits;
  return buffer;
}
#undef EMIT_BYTE
#undef PUT_BITS
#undef PUT_CODE
