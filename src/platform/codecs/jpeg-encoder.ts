// A baseline JPEG encoder (ITU-T T.81): YCbCr 4:2:0, the standard quantisation tables scaled
// by quality as libjpeg does, the float AAN DCT, the standard Huffman tables (Annex K). The
// MozJPEG build spends ~300 ms on a 2 MP photo in trellis quantisation, which it cannot turn
// off (STACK.md); this writes the kind of file sharp/libjpeg-turbo writes by default in about a
// fifth of that. Pure arithmetic on doubles, so every engine produces the same bytes.
import type { Bitmap } from '../types';

/** Zigzag position → natural (row-major) index in the 8×8 block. */
const ZIGZAG_ORDER = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44,
  51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];
const ZIGZAG = Uint8Array.from(ZIGZAG_ORDER);

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

interface Huffman {
  code: Uint16Array;
  size: Uint8Array;
}

/** Canonical codes from the counts per length (T.81 Annex C). */
function huffman({ bits, symbols }: { bits: number[]; symbols: number[] }): Huffman {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < bits[length - 1]!; i++) {
      code[symbols[k]!] = next++;
      size[symbols[k++]!] = length;
    }
    next <<= 1;
  }
  return { code, size };
}
const HUFF = { dcLuma: huffman(DC_LUMA), dcChroma: huffman(DC_CHROMA), acLuma: huffman(AC_LUMA), acChroma: huffman(AC_CHROMA) };

/** libjpeg's jpeg_quality_scaling and baseline clamp. */
function scaledTable(base: number[], quality: number): number[] {
  const q = Math.min(100, Math.max(1, quality));
  const scale = q < 50 ? Math.floor(5000 / q) : 200 - q * 2;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

const AAN_SCALE = [1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.5411961, 0.275899379];

/** Multipliers that turn the unscaled AAN output into quantised values, in zigzag order. */
function divisors(table: number[]): Float64Array {
  const out = new Float64Array(64);
  for (let k = 0; k < 64; k++) {
    const i = ZIGZAG[k]!;
    out[k] = 1 / (table[i]! * AAN_SCALE[i >> 3]! * AAN_SCALE[i & 7]! * 8);
  }
  return out;
}

/**
 * Float AAN forward DCT (libjpeg jfdctflt.c): the rows straight from the plane (8 samples at
 * `from`, rows `stride` apart) into `d`, then the columns in place.
 */
function fdct(plane: Float64Array, from: number, stride: number, d: Float64Array): void {
  for (let row = 0; row < 8; row++) dct8(plane, from + row * stride, 1, d, row * 8, 1);
  for (let col = 0; col < 8; col++) dct8(d, col, 8, d, col, 8);
}

function dct8(src: Float64Array, p: number, s: number, d: Float64Array, q: number, t: number): void {
  const d0 = src[p]!, d1 = src[p + s]!, d2 = src[p + 2 * s]!, d3 = src[p + 3 * s]!, d4 = src[p + 4 * s]!, d5 = src[p + 5 * s]!, d6 = src[p + 6 * s]!, d7 = src[p + 7 * s]!;
  const t0 = d0 + d7, t7 = d0 - d7, t1 = d1 + d6, t6 = d1 - d6, t2 = d2 + d5, t5 = d2 - d5, t3 = d3 + d4, t4 = d3 - d4;
  let t10 = t0 + t3;
  const t13 = t0 - t3;
  let t11 = t1 + t2;
  let t12 = t1 - t2;
  d[q] = t10 + t11;
  d[q + 4 * t] = t10 - t11;
  const z1 = (t12 + t13) * 0.707106781;
  d[q + 2 * t] = t13 + z1;
  d[q + 6 * t] = t13 - z1;
  t10 = t4 + t5;
  t11 = t5 + t6;
  t12 = t6 + t7;
  const z5 = (t10 - t12) * 0.382683433;
  const z2 = 0.5411961 * t10 + z5;
  const z4 = 1.306562965 * t12 + z5;
  const z3 = t11 * 0.707106781;
  const z11 = t7 + z3;
  const z13 = t7 - z3;
  d[q + 5 * t] = z13 + z2;
  d[q + 3 * t] = z13 - z2;
  d[q + t] = z11 + z4;
  d[q + 7 * t] = z11 - z4;
}

/** Encodes RGB(A) as a baseline JFIF JPEG; alpha is ignored (flatten first). */
export function encodeJpeg(image: Bitmap, quality: number): Uint8Array {
  const { width, height, data } = image;
  const lumaTable = scaledTable(LUMA_QUANT, quality);
  const chromaTable = scaledTable(CHROMA_QUANT, quality);
  const lumaDiv = divisors(lumaTable);
  const chromaDiv = divisors(chromaTable);

  let out = new Uint8Array(Math.max(4096, Math.ceil(width * height * 0.75)) + 1024);
  let pos = 0;
  const bytes = (...values: number[]) => {
    for (const v of values) out[pos++] = v;
  };
  const word = (v: number) => bytes(v >> 8, v & 255);

  // Headers: SOI, APP0 (JFIF 1.01, no density), DQT, SOF0 (3 components, Y 2×2), DHT, SOS.
  bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0);
  bytes(0xff, 0xdb, 0, 132, 0, ...ZIGZAG_ORDER.map((i) => lumaTable[i]!), 1, ...ZIGZAG_ORDER.map((i) => chromaTable[i]!));
  bytes(0xff, 0xc0, 0, 17, 8);
  word(height);
  word(width);
  bytes(3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1);
  for (const [cls, table] of [[0x00, DC_LUMA], [0x10, AC_LUMA], [0x01, DC_CHROMA], [0x11, AC_CHROMA]] as const) {
    bytes(0xff, 0xc4);
    word(3 + 16 + table.symbols.length);
    bytes(cls, ...table.bits, ...table.symbols);
  }
  bytes(0xff, 0xda, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0);

  // Entropy-coded data.
  let acc = 0;
  let accBits = 0;
  /** Appends `length` ≤ 24 bits; at most 7 bits wait in `acc` between calls. */
  const put = (value: number, length: number) => {
    acc = (acc << length) | value;
    accBits += length;
    while (accBits >= 8) {
      accBits -= 8;
      const b = (acc >>> accBits) & 255;
      out[pos++] = b;
      if (b === 255) out[pos++] = 0; // byte stuffing
    }
    acc &= (1 << accBits) - 1;
  };

  const block = new Float64Array(64);
  const quantised = new Int32Array(64);
  const encodeBlock = (plane: Float64Array, from: number, stride: number, div: Float64Array, dc: Huffman, ac: Huffman, previousDc: number): number => {
    fdct(plane, from, stride, block);
    for (let k = 0; k < 64; k++) quantised[k] = ((block[ZIGZAG[k]!]! * div[k]! + 16384.5) | 0) - 16384;
    const diff = quantised[0]! - previousDc;
    const category = 32 - Math.clz32(diff < 0 ? -diff : diff);
    // Code and value bits go out together (at most 11 + 11 bits).
    put((dc.code[category]! << category) | ((diff < 0 ? diff - 1 : diff) & ((1 << category) - 1)), dc.size[category]! + category);
    let run = 0;
    for (let k = 1; k < 64; k++) {
      const v = quantised[k]!;
      if (v === 0) {
        run++;
        continue;
      }
      while (run > 15) {
        put(ac.code[0xf0]!, ac.size[0xf0]!);
        run -= 16;
      }
      const size = 32 - Math.clz32(v < 0 ? -v : v);
      const symbol = (run << 4) | size;
      const codeSize = ac.size[symbol]!;
      const bits = (v < 0 ? v - 1 : v) & ((1 << size) - 1);
      // One write when code and value fit the 24 bits `put` takes at once (nearly always).
      if (codeSize + size <= 24) put((ac.code[symbol]! << size) | bits, codeSize + size);
      else {
        put(ac.code[symbol]!, codeSize);
        put(bits, size);
      }
      run = 0;
    }
    if (run) put(ac.code[0]!, ac.size[0]!);
    return quantised[0]!;
  };

  // One MCU row (16 pixel rows) at a time: Y at full resolution, Cb/Cr averaged over 2×2
  // (the conversion is linear, so averaging RGB first gives the same chroma).
  const mcuColumns = Math.ceil(width / 16);
  const stride = mcuColumns * 16;
  const luma = new Float64Array(stride * 16);
  const cb = new Float64Array((stride / 2) * 8);
  const cr = new Float64Array((stride / 2) * 8);
  let dcY = 0;
  let dcCb = 0;
  let dcCr = 0;
  for (let top = 0; top < height; top += 16) {
    for (let y = 0; y < 16; y += 2) {
      const row0 = Math.min(top + y, height - 1) * width;
      const row1 = Math.min(top + y + 1, height - 1) * width;
      for (let x = 0; x < stride; x += 2) {
        const c0 = x < width ? x : width - 1;
        const c1 = x + 1 < width ? x + 1 : width - 1;
        const a = (row0 + c0) * 4, b = (row0 + c1) * 4, c = (row1 + c0) * 4, e = (row1 + c1) * 4;
        const r0 = data[a]!, g0 = data[a + 1]!, b0 = data[a + 2]!;
        const r1 = data[b]!, g1 = data[b + 1]!, b1 = data[b + 2]!;
        const r2 = data[c]!, g2 = data[c + 1]!, b2 = data[c + 2]!;
        const r3 = data[e]!, g3 = data[e + 1]!, b3 = data[e + 2]!;
        const o = y * stride + x;
        luma[o] = 0.299 * r0 + 0.587 * g0 + 0.114 * b0 - 128;
        luma[o + 1] = 0.299 * r1 + 0.587 * g1 + 0.114 * b1 - 128;
        luma[o + stride] = 0.299 * r2 + 0.587 * g2 + 0.114 * b2 - 128;
        luma[o + stride + 1] = 0.299 * r3 + 0.587 * g3 + 0.114 * b3 - 128;
        const r = (r0 + r1 + r2 + r3) * 0.25, g = (g0 + g1 + g2 + g3) * 0.25, bl = (b0 + b1 + b2 + b3) * 0.25;
        const h = (y >> 1) * (stride >> 1) + (x >> 1);
        cb[h] = -0.168735892 * r - 0.331264108 * g + 0.5 * bl;
        cr[h] = 0.5 * r - 0.418687589 * g - 0.081312411 * bl;
      }
    }
    for (let mcu = 0; mcu < mcuColumns; mcu++) {
      if (pos + 8192 > out.length) {
        const grown = new Uint8Array(out.length * 2);
        grown.set(out.subarray(0, pos));
        out = grown;
      }
      const x = mcu * 16;
      dcY = encodeBlock(luma, x, stride, lumaDiv, HUFF.dcLuma, HUFF.acLuma, dcY);
      dcY = encodeBlock(luma, x + 8, stride, lumaDiv, HUFF.dcLuma, HUFF.acLuma, dcY);
      dcY = encodeBlock(luma, 8 * stride + x, stride, lumaDiv, HUFF.dcLuma, HUFF.acLuma, dcY);
      dcY = encodeBlock(luma, 8 * stride + x + 8, stride, lumaDiv, HUFF.dcLuma, HUFF.acLuma, dcY);
      dcCb = encodeBlock(cb, mcu * 8, stride >> 1, chromaDiv, HUFF.dcChroma, HUFF.acChroma, dcCb);
      dcCr = encodeBlock(cr, mcu * 8, stride >> 1, chromaDiv, HUFF.dcChroma, HUFF.acChroma, dcCr);
    }
  }
  if (accBits) put((1 << (8 - accBits)) - 1, 8 - accBits); // pad the last byte with 1-bits
  if (pos + 2 > out.length) {
    const grown = new Uint8Array(pos + 2);
    grown.set(out.subarray(0, pos));
    out = grown;
  }
  out[pos++] = 0xff;
  out[pos++] = 0xd9;
  return out.slice(0, pos);
}
