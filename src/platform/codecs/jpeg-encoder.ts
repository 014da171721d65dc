// A baseline JPEG encoder (ITU-T T.81): YCbCr 4:2:0, the standard quantisation tables scaled
// by quality as libjpeg does, the float AAN DCT, the standard Huffman tables (Annex K). The
// MozJPEG build spends ~300 ms on a 2 MP photo in trellis quantisation, which it cannot turn
// off (docs/stack.md); this writes the kind of file sharp/libjpeg-turbo writes by default in a small
// fraction of that. Pure arithmetic on doubles and 32-bit integers, so every engine produces
// the same bytes.
//
// Where the time goes (docs/stack.md, speed goal 5), per 16×16 MCU: colour conversion straight into six 8×8 block
// buffers, the DCT with quantisation folded into its column pass, then the Huffman coding. The
// hot loops avoid what V8 cannot keep in registers (closure variables, objects) and branches on
// data (coefficient signs, "is it zero?", "how many bytes are ready?"): those mispredict on
// photos and cost more than the arithmetic.
import type { Bitmap } from '../types';

/** Zigzag position → natural (row-major) index in the 8×8 block. */
const ZIGZAG_ORDER = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44,
  51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];
const ZIGZAG = Uint8Array.from(ZIGZAG_ORDER);
const NATURAL_TO_ZIGZAG = new Uint8Array(64);
for (let k = 0; k < 64; k++) NATURAL_TO_ZIGZAG[ZIGZAG[k]!] = k;
/**
 * Which zigzag positions (bits 0–31, then 32–63) hold non-zero coefficients, given a column
 * of the block and which of its eight rows are non-zero (index `column << 8 | rows`):
 * quantisation finds that cheaply column by column, the entropy coder wants it in zigzag order.
 */
const COLUMN_TO_ZIGZAG_LOW = new Int32Array(8 * 256);
const COLUMN_TO_ZIGZAG_HIGH = new Int32Array(8 * 256);
for (let column = 0; column < 8; column++) {
  for (let rows = 0; rows < 256; rows++) {
    for (let row = 0; row < 8; row++) {
      if (!(rows & (1 << row))) continue;
      const k = NATURAL_TO_ZIGZAG[row * 8 + column]!;
      if (k < 32) COLUMN_TO_ZIGZAG_LOW[(column << 8) | rows]! |= 1 << k;
      else COLUMN_TO_ZIGZAG_HIGH[(column << 8) | rows]! |= 1 << (k - 32);
    }
  }
}

/** Annex K.1 tables, natural order. */
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64,
  81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99, ...Array<number>(32).fill(99),
];

/** Annex K.3 Huffman tables: code counts per length 1–16, then the symbols. */
const DC_LUMA = { bits: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const DC_CHROMA = { bits: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] };
const AC_LUMA = {
  bits: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d],
  symbols: [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15,
    0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x43,
    0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
    0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xb2,
    0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3,
    0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
const AC_CHROMA = {
  bits: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
  symbols: [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23,
    0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16, 0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
    0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77,
    0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
    0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2,
    0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
  ],
};
export const HUFFMAN_TABLES = { DC_LUMA, DC_CHROMA, AC_LUMA, AC_CHROMA };

/**
 * Canonical codes from the counts per length (T.81 Annex C), one entry per symbol packed the
 * way the bit writer takes them: `code << 5 | length`.
 */
function huffman({ bits, symbols }: { bits: number[]; symbols: number[] }): Int32Array {
  const table = new Int32Array(256);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]!; i++) table[symbols[k++]!] = (next++ << 5) | length;
    next <<= 1;
  }
  return table;
}
const HUFF = { dcLuma: huffman(DC_LUMA), dcChroma: huffman(DC_CHROMA), acLuma: huffman(AC_LUMA), acChroma: huffman(AC_CHROMA) };

/** libjpeg's jpeg_quality_scaling and baseline clamp. */
function scaledTable(base: number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, quality));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - q * 2;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

const AAN_SCALE = [1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.5411961, 0.275899379];

/** Multipliers that turn the unscaled AAN output into quantised values (natural order). */
function divisors(table: number[]): Float64Array {
  const out = new Float64Array(64);
  for (let i = 0; i < 64; i++) out[i] = 1 / (table[i]! * AAN_SCALE[i >> 3]! * AAN_SCALE[i & 7]! * 8);
  return out;
}

/** SOI, APP0 (JFIF 1.01, no density), DQT, SOF0 (3 components, Y 2×2, chroma 1×1), DHT, SOS. */
function headers(width: number, height: number, lumaTable: number[], chromaTable: number[]): number[] {
  const out = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  out.push(0xff, 0xdb, 0, 132, 0, ...ZIGZAG_ORDER.map((i) => lumaTable[i]!), 1, ...ZIGZAG_ORDER.map((i) => chromaTable[i]!));
  out.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
  for (const [cls, table] of [[0x00, DC_LUMA], [0x10, AC_LUMA], [0x01, DC_CHROMA], [0x11, AC_CHROMA]] as const) {
    const length = 3 + 16 + table.symbols.length;
    out.push(0xff, 0xc4, length >> 8, length & 255, cls, ...table.bits, ...table.symbols);
  }
  out.push(0xff, 0xda, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0);
  return out;
}

/**
 * One 16×16 MCU to level-shifted YCbCr samples in `s`: the four 8×8 Y blocks (row-major, 64
 * samples each), then Cb and Cr averaged over 2×2 (the conversion is linear, so averaging RGB
 * first gives the same chroma). `rows` and `columns` hold the byte offsets of the MCU's pixel
 * rows and of every pixel column, already clamped to the image: edges repeat the last pixel.
 */
function toYCbCr(data: Uint8Array, rows: Int32Array, columns: Int32Array, x0: number, s: Float64Array): void {
  for (let yy = 0; yy < 8; yy++) {
    const row0 = rows[2 * yy]!;
    const row1 = rows[2 * yy + 1]!;
    const lumaRow = (yy >> 2) * 128 + (yy & 3) * 16;
    for (let xx = 0; xx < 8; xx++) {
      const c0 = columns[x0 + 2 * xx]!;
      const c1 = columns[x0 + 2 * xx + 1]!;
      const a = row0 + c0, b = row0 + c1, c = row1 + c0, e = row1 + c1;
      const r0 = data[a]!, g0 = data[a + 1]!, b0 = data[a + 2]!;
      const r1 = data[b]!, g1 = data[b + 1]!, b1 = data[b + 2]!;
      const r2 = data[c]!, g2 = data[c + 1]!, b2 = data[c + 2]!;
      const r3 = data[e]!, g3 = data[e + 1]!, b3 = data[e + 2]!;
      const o = lumaRow + (xx >> 2) * 64 + (xx & 3) * 2;
      s[o] = 0.299 * r0 + 0.587 * g0 + 0.114 * b0 - 128;
      s[o + 1] = 0.299 * r1 + 0.587 * g1 + 0.114 * b1 - 128;
      s[o + 8] = 0.299 * r2 + 0.587 * g2 + 0.114 * b2 - 128;
      s[o + 9] = 0.299 * r3 + 0.587 * g3 + 0.114 * b3 - 128;
      const r = (r0 + r1 + r2 + r3) * 0.25, g = (g0 + g1 + g2 + g3) * 0.25, bl = (b0 + b1 + b2 + b3) * 0.25;
      s[256 + yy * 8 + xx] = -0.168735892 * r - 0.331264108 * g + 0.5 * bl;
      s[320 + yy * 8 + xx] = 0.5 * r - 0.418687589 * g - 0.081312411 * bl;
    }
  }
}

/**
 * Float AAN forward DCT (libjpeg jfdctflt.c) of the block at `s[from…from+63]` and its
 * quantisation: the rows in place, then the columns, each output quantised as it comes out
 * into `out` (natural order). `nonzero` gets a bit per non-zero coefficient by zigzag
 * position (0–31, then 32–63), so the entropy coder jumps from one to the next instead of
 * testing all 63.
 */
function fdctQuantise(s: Float64Array, from: number, div: Float64Array, out: Int32Array, nonzero: Int32Array): void {
  for (let p = from; p < from + 64; p += 8) {
    const d0 = s[p]!, d1 = s[p + 1]!, d2 = s[p + 2]!, d3 = s[p + 3]!, d4 = s[p + 4]!, d5 = s[p + 5]!, d6 = s[p + 6]!, d7 = s[p + 7]!;
    const t0 = d0 + d7, t7 = d0 - d7, t1 = d1 + d6, t6 = d1 - d6, t2 = d2 + d5, t5 = d2 - d5, t3 = d3 + d4, t4 = d3 - d4;
    let t10 = t0 + t3;
    const t13 = t0 - t3;
    let t11 = t1 + t2;
    let t12 = t1 - t2;
    s[p] = t10 + t11;
    s[p + 4] = t10 - t11;
    const z1 = (t12 + t13) * 0.707106781;
    s[p + 2] = t13 + z1;
    s[p + 6] = t13 - z1;
    t10 = t4 + t5;
    t11 = t5 + t6;
    t12 = t6 + t7;
    const z5 = (t10 - t12) * 0.382683433;
    const z2 = 0.5411961 * t10 + z5;
    const z4 = 1.306562965 * t12 + z5;
    const z3 = t11 * 0.707106781;
    const z11 = t7 + z3;
    const z13 = t7 - z3;
    s[p + 5] = z13 + z2;
    s[p + 3] = z13 - z2;
    s[p + 1] = z11 + z4;
    s[p + 7] = z11 - z4;
  }
  let low = 0;
  let high = 0;
  for (let c = 0; c < 8; c++) {
    const p = from + c;
    const d0 = s[p]!, d1 = s[p + 8]!, d2 = s[p + 16]!, d3 = s[p + 24]!, d4 = s[p + 32]!, d5 = s[p + 40]!, d6 = s[p + 48]!, d7 = s[p + 56]!;
    const t0 = d0 + d7, t7 = d0 - d7, t1 = d1 + d6, t6 = d1 - d6, t2 = d2 + d5, t5 = d2 - d5, t3 = d3 + d4, t4 = d3 - d4;
    let t10 = t0 + t3;
    const t13 = t0 - t3;
    let t11 = t1 + t2;
    let t12 = t1 - t2;
    const y0 = t10 + t11;
    const y4 = t10 - t11;
    const z1 = (t12 + t13) * 0.707106781;
    const y2 = t13 + z1;
    const y6 = t13 - z1;
    t10 = t4 + t5;
    t11 = t5 + t6;
    t12 = t6 + t7;
    const z5 = (t10 - t12) * 0.382683433;
    const z2 = 0.5411961 * t10 + z5;
    const z4 = 1.306562965 * t12 + z5;
    const z3 = t11 * 0.707106781;
    const z11 = t7 + z3;
    const z13 = t7 - z3;
    const y5 = z13 + z2;
    const y3 = z13 - z2;
    const y1 = z11 + z4;
    const y7 = z11 - z4;
    // The same butterfly as the rows, its outputs quantised straight from registers:
    // `+ 16384.5 | 0` rounds half up without a call (|values| stay far below 16384), and
    // `(q | -q) >>> 31` is 1 when q ≠ 0, so `rows` gets a bit per non-zero row of this column.
    let q = ((y0 * div[c]! + 16384.5) | 0) - 16384;
    out[c] = q;
    let rows = (q | -q) >>> 31;
    q = ((y1 * div[c + 8]! + 16384.5) | 0) - 16384;
    out[c + 8] = q;
    rows |= ((q | -q) >>> 31) << 1;
    q = ((y2 * div[c + 16]! + 16384.5) | 0) - 16384;
    out[c + 16] = q;
    rows |= ((q | -q) >>> 31) << 2;
    q = ((y3 * div[c + 24]! + 16384.5) | 0) - 16384;
    out[c + 24] = q;
    rows |= ((q | -q) >>> 31) << 3;
    q = ((y4 * div[c + 32]! + 16384.5) | 0) - 16384;
    out[c + 32] = q;
    rows |= ((q | -q) >>> 31) << 4;
    q = ((y5 * div[c + 40]! + 16384.5) | 0) - 16384;
    out[c + 40] = q;
    rows |= ((q | -q) >>> 31) << 5;
    q = ((y6 * div[c + 48]! + 16384.5) | 0) - 16384;
    out[c + 48] = q;
    rows |= ((q | -q) >>> 31) << 6;
    q = ((y7 * div[c + 56]! + 16384.5) | 0) - 16384;
    out[c + 56] = q;
    rows |= ((q | -q) >>> 31) << 7;
    low |= COLUMN_TO_ZIGZAG_LOW[(c << 8) | rows]!;
    high |= COLUMN_TO_ZIGZAG_HIGH[(c << 8) | rows]!;
  }
  nonzero[0] = low;
  nonzero[1] = high;
}

/**
 * Appends one block's Huffman-coded symbols to `list` from `n` on, each as the bits to write
 * packed `bits << 5 | length` (length ≤ 24, what the writer takes at once): the DC difference,
 * then per non-zero AC coefficient its run of zeros (ZRL for each 16) and value, then EOB
 * unless the last coefficient is non-zero. Returns the new length of `list`.
 */
function blockSymbols(q: Int32Array, nonzero: Int32Array, diff: number, dc: Int32Array, ac: Int32Array, list: Int32Array, n: number): number {
  // Signs are as good as random, so no branch on them: with `sign` = -1 for a negative value
  // and 0 otherwise, `(v ^ sign) - sign` is |v|, and `v + sign` is v − 1 for a negative value,
  // whose low `category` bits are the one's complement T.81 F.1.2.1 sends.
  let sign = diff >> 31;
  let category = 32 - Math.clz32((diff ^ sign) - sign);
  let entry = dc[category]!;
  list[n++] = ((((entry >>> 5) << category) | ((diff + sign) & ((1 << category) - 1))) << 5) | ((entry & 31) + category);
  let last = 0; // zigzag position of the previous non-zero coefficient
  for (let half = 0; half < 2; half++) {
    let mask = half === 0 ? nonzero[0]! & ~1 : nonzero[1]!; // bit 0 is the DC
    while (mask !== 0) {
      const bit = mask & -mask;
      const k = half * 32 + 31 - Math.clz32(bit);
      mask ^= bit;
      let run = k - last - 1;
      last = k;
      for (; run > 15; run -= 16) list[n++] = ac[0xf0]!; // ZRL: sixteen zeros
      const v = q[ZIGZAG[k]!]!;
      sign = v >> 31;
      category = 32 - Math.clz32((v ^ sign) - sign);
      entry = ac[(run << 4) | category]!;
      const bits = (v + sign) & ((1 << category) - 1);
      const length = (entry & 31) + category;
      if (length <= 24) list[n++] = ((((entry >>> 5) << category) | bits) << 5) | length;
      else {
        list[n++] = entry;
        list[n++] = (bits << 5) | category;
      }
    }
  }
  if (last !== 63) list[n++] = ac[0]!; // EOB
  return n;
}

/** Writes `count` bytes of `word` (left-aligned in 24 bits) at `pos`, a 0x00 after each 0xFF. */
function stuffed(out: Uint8Array, pos: number, word: number, count: number): number {
  for (let i = 0; i < count; i++) {
    const byte = (word >>> (16 - 8 * i)) & 255;
    out[pos++] = byte;
    if (byte === 255) out[pos++] = 0;
  }
  return pos;
}

/** Encodes RGB(A) as a baseline JFIF JPEG; alpha is ignored (flatten first). */
export function encodeJpeg(image: Bitmap, quality: number): Uint8Array {
  const { width, height } = image;
  // A plain Uint8Array view whatever the caller passed (Buffer, a subarray…): one element
  // kind keeps the hot loops monomorphic.
  const data = new Uint8Array(image.data.buffer, image.data.byteOffset, width * height * 4);
  const lumaTable = scaledTable(LUMA_QUANT, quality);
  const chromaTable = scaledTable(CHROMA_QUANT, quality);
  const lumaDiv = divisors(lumaTable);
  const chromaDiv = divisors(chromaTable);

  const header = headers(width, height, lumaTable, chromaTable);
  let out = new Uint8Array(Math.max(4096, Math.ceil(width * height * 0.75)) + 1024);
  out.set(header);
  let pos = header.length;
  // The bit writer's state lives in plain locals of this function (nothing captures them),
  // so the optimiser keeps them in registers: `acc` holds `accBits` < 8 pending bits, and
  // nothing above them, between writes.
  let acc = 0;
  let accBits = 0;

  const mcuColumns = Math.ceil(width / 16);
  const rows = new Int32Array(16);
  const columns = new Int32Array(mcuColumns * 16);
  for (let x = 0; x < columns.length; x++) columns[x] = Math.min(x, width - 1) * 4;
  const samples = new Float64Array(6 * 64);
  const coefficients = new Int32Array(64);
  const nonzero = new Int32Array(2);
  const symbols = new Int32Array(6 * 160); // ≤ 1 + 63 × 2 + 3 + 1 = 131 per block
  const predictors = new Int32Array(3); // the previous DC of Y, Cb, Cr
  for (let top = 0; top < height; top += 16) {
    for (let y = 0; y < 16; y++) rows[y] = Math.min(top + y, height - 1) * width * 4;
    for (let mcu = 0; mcu < mcuColumns; mcu++) {
      toYCbCr(data, rows, columns, mcu * 16, samples);
      // Four Y blocks, then Cb, then Cr.
      let n = 0;
      for (let block = 0; block < 6; block++) {
        const chroma = block >= 4;
        fdctQuantise(samples, block * 64, chroma ? chromaDiv : lumaDiv, coefficients, nonzero);
        const component = block < 4 ? 0 : block - 3;
        const diff = coefficients[0]! - predictors[component]!;
        predictors[component] = coefficients[0]!;
        n = blockSymbols(coefficients, nonzero, diff, chroma ? HUFF.dcChroma : HUFF.dcLuma, chroma ? HUFF.acChroma : HUFF.acLuma, symbols, n);
      }

      // An MCU's symbols take at most 6 × 131 × 24 bits, twice that with byte stuffing: < 5 KiB.
      if (pos + 8192 > out.length) {
        const grown = new Uint8Array(out.length * 2);
        grown.set(out.subarray(0, pos));
        out = grown;
      }
      // Each symbol: append its bits, then store the whole bytes (0–3) with three
      // unconditional writes and advance `pos` by their count: no data-dependent branch, but
      // for the rare 0xFF byte, which needs a 0x00 after it (byte stuffing).
      for (let i = 0; i < n; i++) {
        const entry = symbols[i]!;
        const length = entry & 31;
        acc = (acc << length) | (entry >>> 5);
        accBits += length;
        const count = accBits >> 3;
        accBits &= 7;
        const word = (acc >>> accBits) << (24 - (count << 3));
        acc &= (1 << accBits) - 1;
        out[pos] = word >>> 16;
        out[pos + 1] = word >>> 8;
        out[pos + 2] = word;
        const inverted = word ^ 0xffffff; // a zero byte where `word` has 0xFF
        if (((inverted - 0x010101) & ~inverted & 0x808080) === 0) pos += count;
        else pos = stuffed(out, pos, word, count);
      }
    }
  }
  if (out.length < pos + 4) {
    const grown = new Uint8Array(pos + 4);
    grown.set(out.subarray(0, pos));
    out = grown;
  }
  if (accBits) pos = stuffed(out, pos, ((acc << (8 - accBits)) | ((1 << (8 - accBits)) - 1)) << 16, 1); // pad with 1-bits
  out[pos++] = 0xff;
  out[pos++] = 0xd9;
  return out.slice(0, pos);
}
