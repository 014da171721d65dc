// A separable resampler: a vertical pass into 16-bit rows, then a horizontal pass back to bytes,
// with the integer weights of resample-weights.ts. The passes run in a small WebAssembly SIMD
// module (resample.wat, embedded as resample-wasm.ts: under 1 KB, so no extra download or service-worker
// asset) and, where an engine lacks SIMD, in plain JavaScript doing the same integer arithmetic —
// the same bytes either way. No canvas and no threads: it runs unchanged in Node, a Worker and a
// service worker.
//
// Colour is resampled premultiplied by alpha (so a transparent pixel's hidden colour cannot bleed
// into its neighbours), skipped for opaque images, which are most photos.
import type { Bitmap } from '../types';
import { RESAMPLE_WASM } from './resample-wasm';
import type { Kernel } from '../../lib/images/kernels';
import { axisWeights, type AxisWeights } from './resample-weights';

interface Passes {
  memory: WebAssembly.Memory;
  vertical(
    src: number,
    rowBytes: number,
    outRows: number,
    dst: number,
    starts: number,
    pairs: number,
    taps: number,
  ): void;
  horizontal(
    src: number,
    srcWidth: number,
    rows: number,
    dst: number,
    outWidth: number,
    starts: number,
    pairs: number,
    taps: number,
  ): void;
}

let wasm: Passes | null | undefined;

/** The SIMD module, or null where the engine has no WebAssembly SIMD (JavaScript passes then). */
function simd(): Passes | null {
  if (wasm !== undefined) return wasm;
  try {
    const bytes = Uint8Array.from(atob(RESAMPLE_WASM), (c) => c.charCodeAt(0));
    wasm = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Passes;
  } catch {
    wasm = null;
  }
  return wasm;
}

/** For tests: run the JavaScript passes even where SIMD exists. */
export function useSimd(on: boolean): void {
  wasm = on ? undefined : null;
}

/** `image` resampled to `width`×`height` with `kernel` (no block pre-shrink: resize.ts does that). */
export function resample(image: Bitmap, width: number, height: number, kernel: Kernel): Bitmap {
  if (kernel === 'nearest') return nearest(image, width, height);
  const opaque = isOpaque(image.data);
  const source = opaque ? image.data : premultiply(image.data);
  const h = axisWeights(image.width, width, kernel);
  const v = axisWeights(image.height, height, kernel);
  const passes = simd();
  const data = passes
    ? runWasm(passes, source, image.width, image.height, width, height, h, v)
    : runJs(source, image.width, image.height, width, height, h, v);
  return { width, height, data: opaque ? data : unpremultiply(data) };
}

const align = (n: number) => (n + 15) & ~15;

function runWasm(
  passes: Passes,
  source: Uint8Array,
  srcWidth: number,
  srcHeight: number,
  width: number,
  height: number,
  h: AxisWeights,
  v: AxisWeights,
): Uint8Array {
  let end = 0;
  const take = (bytes: number) => ((end += align(bytes)), end - align(bytes));
  const src = take(source.length + srcWidth * 4 + 16); // + the row a zero-weight tap may read
  const mid = take(srcWidth * height * 8 + 32); // 16-bit; + a four-pixel step's overrun (24 bytes)
  const out = take(width * height * 4);
  const vStarts = take(v.starts.byteLength);
  const vPairs = take(v.pairs.byteLength);
  const hStarts = take(h.starts.byteLength);
  const hPairs = take(h.pairs.byteLength);
  const { memory } = passes;
  if (memory.buffer.byteLength < end) memory.grow(Math.ceil((end - memory.buffer.byteLength) / 65536));
  const heap = new Uint8Array(memory.buffer);
  heap.set(source, src);
  heap.set(new Uint8Array(v.starts.buffer), vStarts);
  heap.set(new Uint8Array(v.pairs.buffer), vPairs);
  heap.set(new Uint8Array(h.starts.buffer), hStarts);
  heap.set(new Uint8Array(h.pairs.buffer), hPairs);
  passes.vertical(src, srcWidth * 4, height, mid, vStarts, vPairs, v.taps);
  passes.horizontal(mid, srcWidth, height, out, width, hStarts, hPairs, h.taps);
  // Copied out with set (slice on a WebAssembly memory is several times slower in V8).
  const result = new Uint8Array(width * height * 4);
  result.set(heap.subarray(out, out + result.length));
  return result;
}

/** The same arithmetic as resample.wat, lane by lane (vertical pass, then horizontal). */
function runJs(
  source: Uint8Array,
  srcWidth: number,
  srcHeight: number,
  width: number,
  height: number,
  h: AxisWeights,
  v: AxisWeights,
): Uint8Array {
  const hw = new Int16Array(h.pairs.buffer);
  const vw = new Int16Array(v.pairs.buffer);
  const rowBytes = srcWidth * 4;
  const mid = new Int16Array(rowBytes * height + 8);
  const sums = new Int32Array(rowBytes);
  for (let y = 0; y < height; y++) {
    sums.fill(128);
    for (let k = 0, p = v.starts[y]! * rowBytes; k < v.taps; k++, p += rowBytes) {
      const weight = vw[y * v.taps + k]!;
      if (weight === 0) continue; // also keeps reads inside the image
      for (let i = 0; i < rowBytes; i++) sums[i]! += source[p + i]! * weight;
    }
    const o = y * rowBytes;
    for (let i = 0; i < rowBytes; i++) mid[o + i] = sums[i]! >> 8;
  }
  const out = new Uint8Array(width * height * 4);
  const clamp = (value: number) => (value < 0 ? 0 : value > 255 ? 255 : value);
  for (let y = 0, o = 0; y < height; y++) {
    const row = y * rowBytes;
    for (let x = 0; x < width; x++, o += 4) {
      let r = 1 << 19,
        g = r,
        b = r,
        a = r;
      for (let k = 0, p = row + h.starts[x]! * 4, w = x * h.taps; k < h.taps; k++, p += 4, w++) {
        const weight = hw[w]!;
        r += mid[p]! * weight;
        g += mid[p + 1]! * weight;
        b += mid[p + 2]! * weight;
        a += mid[p + 3]! * weight;
      }
      out[o] = clamp(r >> 20);
      out[o + 1] = clamp(g >> 20);
      out[o + 2] = clamp(b >> 20);
      out[o + 3] = clamp(a >> 20);
    }
  }
  return out;
}

/** Each output pixel is the source pixel nearest its centre (no arithmetic: any engine, same bytes). */
function nearest(image: Bitmap, width: number, height: number): Bitmap {
  const src = words(image.data);
  const out = new Uint32Array(width * height);
  const pick = (from: number, to: number) =>
    Int32Array.from({ length: to }, (_, i) => Math.min(from - 1, Math.floor((i + 0.5) * (from / to))));
  const xs = pick(image.width, width);
  const ys = pick(image.height, height);
  for (let y = 0, o = 0; y < height; y++) {
    const row = ys[y]! * image.width;
    for (let x = 0; x < width; x++) out[o++] = src[row + xs[x]!]!;
  }
  return { width, height, data: new Uint8Array(out.buffer) };
}

/** One 32-bit word per pixel (copying only if the bytes are not 4-aligned). */
const words = (data: Uint8Array) => {
  const aligned = data.byteOffset % 4 ? data.slice() : data;
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
};

function isOpaque(data: Uint8Array): boolean {
  // Alpha is the top byte of each little-endian word: AND them all, look once. Signed words
  // keep the ANDs in 32-bit integers, and four running ANDs let the CPU overlap them: 2.5× the
  // single unsigned chain (8 ms → 3 ms for 2 MP in V8, bench/image-stages.mjs).
  const unsigned = words(data);
  const pixels = new Int32Array(unsigned.buffer, unsigned.byteOffset, unsigned.length);
  let a = -1,
    b = -1,
    c = -1,
    d = -1;
  const whole = pixels.length & ~3;
  for (let i = 0; i < whole; i += 4) {
    a &= pixels[i]!;
    b &= pixels[i + 1]!;
    c &= pixels[i + 2]!;
    d &= pixels[i + 3]!;
  }
  for (let i = whole; i < pixels.length; i++) a &= pixels[i]!;
  return (a & b & c & d) >>> 24 === 255;
}

function premultiply(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    out[i] = (data[i]! * a + 127) / 255;
    out[i + 1] = (data[i + 1]! * a + 127) / 255;
    out[i + 2] = (data[i + 2]! * a + 127) / 255;
    out[i + 3] = a;
  }
  return out;
}

/** Back to straight alpha; colour above its alpha (a lobe's overshoot) is held to it. */
function unpremultiply(data: Uint8Array): Uint8Array {
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!;
    if (a === 0) {
      data[i] = data[i + 1] = data[i + 2] = 0;
      continue;
    }
    if (a === 255) continue;
    const half = a >> 1;
    data[i] = (Math.min(data[i]!, a) * 255 + half) / a;
    data[i + 1] = (Math.min(data[i + 1]!, a) * 255 + half) / a;
    data[i + 2] = (Math.min(data[i + 2]!, a) * 255 + half) / a;
  }
  return data;
}
