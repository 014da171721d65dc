// Bounded decompressors for TIFF strips and tiles. Each writes into `out` (output past its end is
// counted, not kept) and throws BlockOverflow as soon as the data would produce more than
// `limit` bytes, so a bomb costs about `limit` bytes of work, never what it expands to. utif2's
// own are unbounded: its Deflate inflates a whole strip with pako before looking at the size (a
// 2.96 MB file claiming 1×1 pixels inflated to 2.9 GiB), and its LZW and PackBits loops run to
// the end of the input whatever they produce (LZW can expand ~2,500-fold).
import { Inflate } from 'fflate';

/** The data decompresses to more than the block can hold. */
export class BlockOverflow extends Error {}
/** The compressed data is damaged. */
export class BlockDamaged extends Error {}

/** Decompresses `src` into `out` and returns how many bytes the data held (kept or not). */
export type Decompress = (src: Uint8Array, out: Uint8Array, limit: number) => number;

/** Uncompressed: bytes beyond the block are not needed and not read (as libtiff). */
export const copy: Decompress = (src, out) => {
  out.set(src.subarray(0, out.length));
  return src.length;
};

/** PackBits (Apple, TIFF 6.0 §9): a header byte n, then n+1 literal bytes or one byte repeated 257−n times. */
export const packBits: Decompress = (src, out, limit) => {
  let o = 0;
  for (let i = 0; i < src.length;) {
    const n = src[i++]!;
    if (n < 128) {
      const end = Math.min(i + n + 1, src.length);
      if (o + (end - i) > limit) throw new BlockOverflow();
      if (o < out.length) out.set(src.subarray(i, Math.min(end, i + out.length - o)), o);
      o += end - i;
      i = end;
    } else if (n > 128 && i < src.length) {
      const count = 257 - n;
      if (o + count > limit) throw new BlockOverflow();
      out.fill(src[i++]!, o, Math.min(o + count, out.length));
      o += count;
    }
    // 128 is a no-op.
  }
  return o;
};

/**
 * TIFF LZW (TIFF 6.0 §13): codes of 9 to 12 bits, most significant bit first, 256 clears the
 * table, 257 ends the data, and the code width grows one code early, as every writer does.
 * The old-style LZW of libtiff before 1991 (still read by libtiff and libvips) packs its codes
 * least significant bit first and grows the width one code later; its data starts with the
 * clear code's low byte, 0x00, then a byte with its lowest bit set (libtiff tells them so).
 */
export const lzw: Decompress = (src, out, limit) => {
  const oldStyle = src.length >= 2 && src[0] === 0 && (src[1]! & 1) === 1;
  const prefix = new Uint16Array(4096);
  const suffix = new Uint8Array(4096);
  const firstByte = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let c = 0; c < 256; c++) {
    suffix[c] = firstByte[c] = c;
    length[c] = 1;
  }
  // The width grows when the next code reaches this far below 2^width.
  const early = oldStyle ? 0 : 1;
  let next = 258;
  let width = 9;
  let previous = -1;
  let o = 0;
  let bits = 0;
  let bitCount = 0;
  let i = 0;
  const emit = (code: number) => {
    const n = length[code]!;
    if (o + n > limit) throw new BlockOverflow();
    for (let p = o + n - 1, c = code; p >= o; p--, c = prefix[c]!) if (p < out.length) out[p] = suffix[c]!;
    o += n;
  };
  for (;;) {
    while (bitCount < width) {
      if (i >= src.length) return o; // no end code: what was decoded stands
      if (oldStyle) bits |= src[i++]! << bitCount;
      else bits = ((bits << 8) | src[i++]!) & 0xffffff;
      bitCount += 8;
    }
    bitCount -= width;
    let code: number;
    if (oldStyle) {
      code = bits & ((1 << width) - 1);
      bits >>>= width;
    } else {
      code = (bits >>> bitCount) & ((1 << width) - 1);
    }
    if (code === 257) return o;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (previous < 0) {
      if (code > 255) throw new BlockDamaged('LZW data starts with an undefined code');
      emit(code);
      previous = code;
      continue;
    }
    if (code > next || (code === next && next === 4096)) throw new BlockDamaged(`undefined LZW code ${code}`);
    if (next < 4096) {
      prefix[next] = previous;
      firstByte[next] = firstByte[previous]!;
      suffix[next] = firstByte[code === next ? previous : code]!;
      length[next] = length[previous]! + 1;
      next++;
    }
    emit(code);
    previous = code;
    if (next >= (1 << width) - early && width < 12) width++;
  }
};

/** Deflate's largest expansion (258-byte matches in ~2 bits): input is fed in steps this bounds. */
const MAX_EXPANSION = 1032;

/** zlib-wrapped Deflate (compression 8 and the older 32946), inflated step by step. */
export const deflate: Decompress = (src, out, limit) => {
  let o = 0;
  const inflater = new Inflate((data) => {
    if (o + data.length > limit) throw new BlockOverflow();
    if (o < out.length) out.set(data.subarray(0, out.length - o), o);
    o += data.length;
  });
  // The 2-byte zlib header is skipped and the Adler-32 not checked, as utif2 did.
  const body = src.subarray(2);
  // Each step inflates to at most about `limit`, or 16 MB, before the size is checked again:
  // smaller steps cost more than the inflating (fflate copies its 32 KB window after each).
  const step = Math.min(65536, Math.max(16384, Math.ceil(limit / MAX_EXPANSION)));
  try {
    for (let at = 0; at < body.length; at += step)
      inflater.push(body.subarray(at, at + step), at + step >= body.length);
  } catch (error) {
    if (error instanceof BlockOverflow) throw error;
    // Data cut short keeps what was inflated (fflate's code 0, "unexpected EOF"), as pako did.
    if ((error as { code?: number }).code === 0) return o;
    throw new BlockDamaged(`Deflate data: ${error instanceof Error ? error.message : String(error)}`);
  }
  return o;
};

export const DECOMPRESSORS: Record<number, Decompress> = {
  1: copy,
  5: lzw,
  8: deflate,
  32946: deflate,
  32773: packBits,
};
