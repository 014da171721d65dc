/*
 * WebAssembly SIMD for the two hottest steps of the decoder, and the 1/2-size IDCT of shrink-on-load (measured on a 2 MP photo: the
 * islow IDCT ~32% and YCbCr→RGB ~28% of the time; Huffman decoding ~27% stays scalar).
 * libjpeg-turbo's own SIMD is x86 assembly or Arm Neon; Neon through SIMDe's emulation ran 2–3×
 * slower than plain C here, and -msimd128 autovectorisation gained nothing, hence this file.
 *
 * Every result is bit-identical to libjpeg-turbo's C code (jidctint.c, jidctred.c, jdcolext.c): the same
 * 32-bit wrapping integer arithmetic, the C code's zero-AC shortcuts chosen per lane, and its
 * range-limit table reproduced exactly (the IDCT's `& RANGE_MASK` wrap included).
 *
 * Hooked in through libjpeg-turbo's jsimd interface: everything else is jsimd_none.c.
 */
#define jsimd_can_ycc_rgb jsimd_none_can_ycc_rgb
#define jsimd_ycc_rgb_convert jsimd_none_ycc_rgb_convert
#define jsimd_can_idct_islow jsimd_none_can_idct_islow
#define jsimd_idct_islow jsimd_none_idct_islow
#define jsimd_can_idct_4x4 jsimd_none_can_idct_4x4
#define jsimd_idct_4x4 jsimd_none_idct_4x4
#include "jsimd_none.c"
#undef jsimd_can_ycc_rgb
#undef jsimd_ycc_rgb_convert
#undef jsimd_can_idct_islow
#undef jsimd_idct_islow
#undef jsimd_can_idct_4x4
#undef jsimd_idct_4x4

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
