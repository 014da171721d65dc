// A fast zlib (RFC 1950) / Deflate (RFC 1951) compressor for the TIFF writer's strips. fflate's
// level 1 spent ~75% of a JPEG → TIFF conversion searching hash chains (bench/images.mjs: 2.3–2.9×
// sharp, which runs native zlib at level 6). After TIFF's horizontal predictor a photo is mostly
// small, noise-like differences, where long searches find little, and flat areas become runs of
// zeros, which the first candidate finds. So: greedy matching with one candidate from each
// of two hashes (no chains, no lazy evaluation), then a dynamic Huffman block per 64 Ki symbols.
// Photos come out 2–4% larger than with fflate's level 1, in about half its time.
// Pure integer arithmetic: every engine writes the same bytes.

/** Symbols per block: each block gets Huffman codes fitted to its own statistics. */
const BLOCK_SYMBOLS = 1 << 16;
const HASH_BITS = 15;
const TOO_FAR = 4096;
const MAX_MATCH = 258;
const WINDOW = 32768;

// Length codes 257–285 (RFC 1951 §3.2.5): per length − 3, the code and its extra bits packed as
// `code | extraBits << 9 | extraValue << 12`.
const LENGTH_SYMBOL = new Int32Array(256);
// Distance codes 0–29: per distance − 1 below 256, else per (distance − 1) >> 7, as zlib does.
const DISTANCE_SYMBOL = new Int32Array(512);
{
  const lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
  const lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
  for (let code = 0; code < 29; code++) {
    const span = code === 28 ? 1 : 1 << lengthExtra[code]!;
    for (let j = 0; j < span; j++) {
      const length = lengthBase[code]! + j;
      if (length <= MAX_MATCH) LENGTH_SYMBOL[length - 3] = (257 + code) | (lengthExtra[code]! << 9) | (j << 12);
    }
  }
  // 258 has its own code (285, no extra bits), though 227 + 31 would also reach it.
  LENGTH_SYMBOL[MAX_MATCH - 3] = 285;
  let base = 1;
  for (let code = 0; code < 30; code++) {
    const extra = code < 4 ? 0 : (code >> 1) - 1;
    for (let j = 0; j < 1 << extra; j++) {
      const d = base + j - 1;
      const entry = code | (extra << 5) | (j << 9);
      if (d < 256) DISTANCE_SYMBOL[d] = entry;
      else if ((d & 127) === 0) DISTANCE_SYMBOL[256 + (d >> 7)] = entry;
    }
    base += 1 << extra;
  }
}
/** The extra value of a distance ≥ 257 from its code's base (the table keeps only every 128th). */
const DISTANCE_BASE = new Int32Array(30);
for (let code = 0, base = 1; code < 30; code++) {
  DISTANCE_BASE[code] = base;
  base += 1 << (code < 4 ? 0 : (code >> 1) - 1);
}

/** The order in which code-length code lengths are sent (RFC 1951 §3.2.7). */
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

/** Compresses `data` as a zlib stream (no preset dictionary, Adler-32 trailer). */
export function zlibCompress(data: Uint8Array): Uint8Array {
  return zlibCompressor()(data);
}

/**
 * A zlib compressor that keeps its tables between calls: the TIFF writer compresses a 2 MP
 * image as ~24 strips, and fresh tables and buffers for each made garbage of ~15 MB per image.
 */
export function zlibCompressor(): (data: Uint8Array) => Uint8Array {
  const head4 = new Int32Array(1 << HASH_BITS);
  const head3 = new Int32Array(1 << HASH_BITS);
  const symbols = new Int32Array(BLOCK_SYMBOLS);
  let writer: BitWriter | undefined;
  return (data) => {
    head4.fill(-WINDOW - 1);
    head3.fill(-WINDOW - 1);
    writer = writer?.reset() ?? new BitWriter(Math.ceil(data.length * 1.2) + 1024);
    return compress(data, writer, head4, head3, symbols);
  };
}

function compress(data: Uint8Array, writer: BitWriter, head4: Int32Array, head3: Int32Array, symbols: Int32Array): Uint8Array {
  const n = data.length;
  writer.bytes(0x78, 0x01); // Deflate, 32 KiB window, "fastest" level hint; 0x7801 % 31 === 0
  // Two candidates per position: the last one with the same next 4 bytes (likely the longer
  // match), else the last one with the same next 3, taken only when near (zlib's TOO_FAR rule:
  // a far 3-byte match costs about what its literals do).
  let count = 0;
  let i = 0;
  const last = n - 4; // the hashes read 4 bytes
  while (i < n) {
    let length = 0;
    let distance = 0;
    if (i <= last) {
      const word3 = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16);
      const word = word3 | (data[i + 3]! << 24);
      const h4 = Math.imul(word, 0x9e3779b1) >>> (32 - HASH_BITS);
      const h3 = Math.imul(word3, 0x9e3779b1) >>> (32 - HASH_BITS);
      let candidate = head4[h4]!;
      head4[h4] = i;
      const near = head3[h3]!;
      head3[h3] = i;
      distance = i - candidate;
      if (distance <= WINDOW && (data[candidate]! | (data[candidate + 1]! << 8) | (data[candidate + 2]! << 16) | (data[candidate + 3]! << 24)) === word) {
        length = 4;
      } else {
        candidate = near;
        distance = i - near;
        if (distance <= TOO_FAR && (data[near]! | (data[near + 1]! << 8) | (data[near + 2]! << 16)) === word3) length = 3;
      }
      if (length > 0) {
        const limit = Math.min(MAX_MATCH, n - i);
        while (length < limit && data[candidate + length] === data[i + length]) length++;
        const end = Math.min(i + length, last + 1);
        for (let j = i + 1; j < end; j++) {
          const w3 = data[j]! | (data[j + 1]! << 8) | (data[j + 2]! << 16);
          head3[Math.imul(w3, 0x9e3779b1) >>> (32 - HASH_BITS)] = j;
          head4[Math.imul(w3 | (data[j + 3]! << 24), 0x9e3779b1) >>> (32 - HASH_BITS)] = j;
        }
      }
    }
    if (length > 0) {
      symbols[count++] = (distance << 9) | (length - 3 + 256);
      i += length;
    } else {
      symbols[count++] = data[i++]!;
    }
    if (count === BLOCK_SYMBOLS) {
      writeBlock(writer, symbols, count, i >= n);
      count = 0;
    }
  }
  if (count > 0 || n === 0) writeBlock(writer, symbols, count, true);
  writer.align();
  const adler = adler32(data);
  writer.bytes(adler >>> 24, (adler >>> 16) & 255, (adler >>> 8) & 255, adler & 255);
  return writer.result();
}

/** One dynamic-Huffman block of `count` symbols (literal bytes, or `distance << 9 | length − 3 + 256`). */
function writeBlock(writer: BitWriter, symbols: Int32Array, count: number, final: boolean): void {
  const litFreq = new Int32Array(286);
  const distFreq = new Int32Array(30);
  for (let k = 0; k < count; k++) {
    const s = symbols[k]!;
    if (s < 256) litFreq[s]!++;
    else {
      litFreq[LENGTH_SYMBOL[(s & 511) - 256]! & 511]!++;
      const d = (s >>> 9) - 1;
      distFreq[DISTANCE_SYMBOL[d < 256 ? d : 256 + (d >> 7)]! & 31]!++;
    }
  }
  litFreq[256] = 1; // end of block
  const litLengths = codeLengths(litFreq, 15);
  const distLengths = codeLengths(distFreq, 15);
  const litCodes = canonicalCodes(litLengths);
  const distCodes = canonicalCodes(distLengths);

  let hlit = 286;
  while (hlit > 257 && litLengths[hlit - 1] === 0) hlit--;
  let hdist = 30;
  while (hdist > 1 && distLengths[hdist - 1] === 0) hdist--;
  const runs = runLengths([...litLengths.subarray(0, hlit), ...distLengths.subarray(0, hdist)]);
  const clFreq = new Int32Array(19);
  for (const run of runs) clFreq[run & 31]!++;
  const clLengths = codeLengths(clFreq, 7);
  const clCodes = canonicalCodes(clLengths);
  let hclen = 19;
  while (hclen > 4 && clLengths[CODE_LENGTH_ORDER[hclen - 1]!] === 0) hclen--;

  // Worst case: every symbol at 15 + 5 + 15 + 13 bits, plus a header of at most 316 lengths.
  writer.reserve(count * 6 + 1024);
  writer.write(final ? 1 : 0, 1);
  writer.write(2, 2); // dynamic Huffman codes
  writer.write(hlit - 257, 5);
  writer.write(hdist - 1, 5);
  writer.write(hclen - 4, 4);
  for (let k = 0; k < hclen; k++) writer.write(clLengths[CODE_LENGTH_ORDER[k]!]!, 3);
  for (const run of runs) {
    const code = run & 31;
    writer.write(clCodes[code]!, clLengths[code]!);
    if (code === 16) writer.write(run >> 5, 2);
    else if (code === 17) writer.write(run >> 5, 3);
    else if (code === 18) writer.write(run >> 5, 7);
  }

  for (let k = 0; k < count; k++) {
    const s = symbols[k]!;
    if (s < 256) {
      writer.write(litCodes[s]!, litLengths[s]!);
      continue;
    }
    const length = LENGTH_SYMBOL[(s & 511) - 256]!;
    const lengthCode = length & 511;
    writer.write(litCodes[lengthCode]!, litLengths[lengthCode]!);
    writer.write(length >>> 12, (length >>> 9) & 7);
    const d = (s >>> 9) - 1;
    const distance = DISTANCE_SYMBOL[d < 256 ? d : 256 + (d >> 7)]!;
    const distanceCode = distance & 31;
    writer.write(distCodes[distanceCode]!, distLengths[distanceCode]!);
    writer.write(d + 1 - DISTANCE_BASE[distanceCode]!, (distance >>> 5) & 15);
  }
  writer.write(litCodes[256]!, litLengths[256]!);
}

/**
 * The code lengths as RFC 1951 §3.2.7 sends them, each `symbol | extraValue << 5`: 0–15 as is,
 * 16 repeats the previous length 3–6 times, 17 and 18 send 3–10 and 11–138 zeros.
 */
function runLengths(lengths: number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < lengths.length; ) {
    const value = lengths[k]!;
    let run = 1;
    while (k + run < lengths.length && lengths[k + run] === value) run++;
    k += run;
    if (value === 0) {
      while (run >= 11) {
        const take = Math.min(run, 138);
        out.push(18 | ((take - 11) << 5));
        run -= take;
      }
      if (run >= 3) {
        out.push(17 | ((run - 3) << 5));
        run = 0;
      }
    } else {
      out.push(value);
      run--;
      while (run >= 3) {
        const take = Math.min(run, 6);
        out.push(16 | ((take - 3) << 5));
        run -= take;
      }
    }
    for (; run > 0; run--) out.push(value);
  }
  return out;
}

/**
 * Huffman code lengths of at most `limit` bits for the frequencies. Fewer than two used symbols
 * get company (a code needs two leaves; an unused one costs nothing but header bits); over
 * the limit, the frequencies are halved (keeping every used symbol) and the tree built again.
 */
function codeLengths(frequencies: Int32Array, limit: number): Uint8Array {
  const size = frequencies.length;
  const freq = Int32Array.from(frequencies);
  let used = 0;
  for (let s = 0; s < size; s++) if (freq[s]! > 0) used++;
  for (let s = 0; used < 2; s++) {
    if (freq[s] === 0) {
      freq[s] = 1;
      used++;
    }
  }
  for (;;) {
    const lengths = huffmanLengths(freq);
    let longest = 0;
    for (let s = 0; s < size; s++) longest = Math.max(longest, lengths[s]!);
    if (longest <= limit) return lengths;
    for (let s = 0; s < size; s++) if (freq[s]! > 0) freq[s] = (freq[s]! + 1) >> 1;
  }
}

/** Optimal (unlimited) Huffman code lengths, by the two-queue method over sorted leaves. */
function huffmanLengths(freq: Int32Array): Uint8Array {
  const size = freq.length;
  const leaves: number[] = [];
  for (let s = 0; s < size; s++) if (freq[s]! > 0) leaves.push(s);
  leaves.sort((a, b) => freq[a]! - freq[b]! || a - b);
  const m = leaves.length;
  // Nodes 0…m−1 are the leaves in order, m… the internal nodes in the order they are made.
  const weight = new Float64Array(2 * m);
  const parent = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) weight[k] = freq[leaves[k]!]!;
  let leaf = 0;
  let inner = m;
  let made = m;
  const smallest = (): number => (leaf < m && (inner >= made || weight[leaf]! <= weight[inner]!) ? leaf++ : inner++);
  while (made < 2 * m - 1) {
    const a = smallest();
    const b = smallest();
    weight[made] = weight[a]! + weight[b]!;
    parent[a] = parent[b] = made;
    made++;
  }
  const depth = new Int32Array(2 * m);
  for (let k = 2 * m - 3; k >= 0; k--) depth[k] = depth[parent[k]!]! + 1;
  const lengths = new Uint8Array(size);
  for (let k = 0; k < m; k++) lengths[leaves[k]!] = depth[k]!;
  return lengths;
}

/** Canonical codes (RFC 1951 §3.2.2), bit-reversed: Deflate sends Huffman codes from their top bit into a least-significant-first stream. */
function canonicalCodes(lengths: Uint8Array): Int32Array {
  const count = new Int32Array(16);
  for (const length of lengths) count[length]!++;
  count[0] = 0;
  const next = new Int32Array(16);
  for (let bits = 1, code = 0; bits < 16; bits++) {
    code = (code + count[bits - 1]!) << 1;
    next[bits] = code;
  }
  const codes = new Int32Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const length = lengths[s]!;
    if (length === 0) continue;
    let code = next[length]!++;
    let reversed = 0;
    for (let b = 0; b < length; b++, code >>= 1) reversed = (reversed << 1) | (code & 1);
    codes[s] = reversed;
  }
  return codes;
}

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length; ) {
    // 5552 bytes is the most that cannot overflow 32 bits before the modulo (zlib's NMAX).
    const end = Math.min(i + 5552, data.length);
    for (; i < end; i++) {
      a += data[i]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** Least-significant-bit-first bit output into a growing byte buffer. */
class BitWriter {
  private out: Uint8Array;
  private pos = 0;
  private buffer = 0;
  private filled = 0;

  constructor(capacity: number) {
    this.out = new Uint8Array(capacity);
  }

  /** Empties the writer, keeping its buffer. */
  reset(): this {
    this.pos = 0;
    this.buffer = 0;
    this.filled = 0;
    return this;
  }

  /** Makes room for `size` more bytes. */
  reserve(size: number): void {
    if (this.pos + size + 8 <= this.out.length) return;
    const grown = new Uint8Array(Math.max(this.out.length * 2, this.pos + size + 8));
    grown.set(this.out.subarray(0, this.pos));
    this.out = grown;
  }

  /** Appends the low `count` (≤ 16) bits of `value`; at most 15 stay pending between calls. */
  write(value: number, count: number): void {
    this.buffer |= value << this.filled;
    this.filled += count;
    if (this.filled >= 16) {
      this.out[this.pos++] = this.buffer;
      this.out[this.pos++] = this.buffer >>> 8;
      this.buffer >>>= 16;
      this.filled -= 16;
    }
  }

  align(): void {
    while (this.filled > 0) {
      this.out[this.pos++] = this.buffer;
      this.buffer >>>= 8;
      this.filled = Math.max(0, this.filled - 8);
    }
    this.buffer = 0;
  }

  bytes(...values: number[]): void {
    this.reserve(values.length);
    for (const value of values) this.out[this.pos++] = value;
  }

  result(): Uint8Array {
    return this.out.slice(0, this.pos);
  }
}
