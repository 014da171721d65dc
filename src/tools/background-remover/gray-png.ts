// The mask as an 8-bit grayscale PNG (colour type 0), what rembg's "only mask" and sharp's
// `extractChannel('alpha')` give: a quarter of an RGBA file's pixels, and every editor opens it
// as a layer mask. The image port encodes RGBA only, so this tiny writer lives here; zlib is
// fflate's, plain JS, so every door writes the same bytes.
import { zlibSync } from 'fflate';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Each row with the PNG filter (None, Sub or Up) whose bytes, read as signed, sum smallest: the
 * usual heuristic (libpng's), which on a mask's long flat runs leaves mostly zeros for zlib.
 */
function filterRows(gray: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array((width + 1) * height);
  const candidates = [new Uint8Array(width), new Uint8Array(width), new Uint8Array(width)];
  const cost = (row: Uint8Array) => {
    let sum = 0;
    for (let i = 0; i < row.length; i++) sum += row[i]! < 128 ? row[i]! : 256 - row[i]!;
    return sum;
  };
  for (let y = 0; y < height; y++) {
    const row = gray.subarray(y * width, (y + 1) * width);
    const [none, sub, up] = candidates as [Uint8Array, Uint8Array, Uint8Array];
    none.set(row);
    for (let x = 0; x < width; x++) sub[x] = row[x]! - (x > 0 ? row[x - 1]! : 0);
    for (let x = 0; x < width; x++) up[x] = row[x]! - (y > 0 ? gray[(y - 1) * width + x]! : 0);
    let best = 0;
    let bestCost = cost(none);
    for (const filter of [1, 2]) {
      const c = cost(candidates[filter]!);
      if (c < bestCost) [best, bestCost] = [filter, c];
    }
    out[y * (width + 1)] = best;
    out.set(candidates[best]!, y * (width + 1) + 1);
  }
  return out;
}

/** `gray` (width × height bytes, rows top to bottom) as a PNG file. */
export function encodeGrayPng(gray: Uint8Array, width: number, height: number): Uint8Array {
  if (gray.length !== width * height) throw new Error(`encodeGrayPng: ${gray.length} bytes for ${width}×${height}`);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, gray, deflate, adaptive filtering, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(filterRows(gray, width, height), { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ];
  const file = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  return file;
}
