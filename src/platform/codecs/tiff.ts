// TIFF: decoded by utif2 (the caller has checked the compression against a whitelist, since
// utif2 returns garbage or spins on some types, STACK.md); encoded by our own small writer:
// RGB(A) 8-bit, Deflate with the horizontal predictor, alpha marked unassociated (t338 = 2),
// which utif2's own writer gets wrong and leaves uncompressed.
import { zlibSync } from 'fflate';
import UTIF from 'utif2';
import type { Bitmap } from '../types';
import { ImageDataError } from '../types';

export function decodeTiff(bytes: Uint8Array): Bitmap {
  let ifd: UTIF.IFD | undefined;
  let rgba: Uint8Array;
  try {
    ifd = UTIF.decode(bytes as unknown as ArrayBuffer)[0];
    if (!ifd) throw new Error('no image directory');
    UTIF.decodeImage(bytes as unknown as ArrayBuffer, ifd);
    if (!ifd.width || !ifd.height || !ifd.data) throw new Error('no pixel data');
    rgba = UTIF.toRGBA8(ifd);
  } catch (error) {
    throw new ImageDataError(`TIFF decoder: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (rgba.length !== ifd.width * ifd.height * 4) throw new ImageDataError('TIFF decoder returned a partial image');
  return { width: ifd.width, height: ifd.height, data: rgba };
}

/** Rows per strip are chosen so that a strip holds about this many bytes. */
const STRIP_BYTES = 256 * 1024;
/**
 * zlib level 1: after the predictor, photos come out ~2% larger than at level 6 in half the
 * time; `mem` 4 keeps fflate from allocating a large hash table for every strip.
 */
const DEFLATE = { level: 1, mem: 4 } as const;

export function encodeTiff(image: Bitmap): Uint8Array {
  const { width, height, data } = image;
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) { opaque = false; break; }
  const samples = opaque ? 3 : 4;
  const rowBytes = width * samples;
  const rowsPerStrip = Math.max(1, Math.min(height, Math.floor(STRIP_BYTES / rowBytes)));

  const strips: Uint8Array[] = [];
  const buffer = new Uint8Array(rowsPerStrip * rowBytes); // reused: zlibSync copies what it keeps
  for (let top = 0; top < height; top += rowsPerStrip) {
    const rows = Math.min(rowsPerStrip, height - top);
    const strip = buffer.subarray(0, rows * rowBytes);
    for (let y = 0; y < rows; y++) {
      let src = (top + y) * width * 4;
      const start = y * rowBytes;
      // Copy the row, then difference it right to left (TIFF predictor 2, per sample).
      for (let o = start, end = start + rowBytes; o < end; src += 4) {
        strip[o++] = data[src]!;
        strip[o++] = data[src + 1]!;
        strip[o++] = data[src + 2]!;
        if (samples === 4) strip[o++] = data[src + 3]!;
      }
      for (let o = start + rowBytes - 1; o >= start + samples; o--) strip[o] = (strip[o]! - strip[o - samples]!) & 255;
    }
    strips.push(zlibSync(strip, DEFLATE));
  }

  const entries: [tag: number, type: number, values: number[]][] = [
    [256, LONG, [width]],
    [257, LONG, [height]],
    [258, SHORT, Array(samples).fill(8)],
    [259, SHORT, [8]], // Adobe Deflate
    [262, SHORT, [2]], // RGB
    [273, LONG, []], // StripOffsets, filled in below
    [277, SHORT, [samples]],
    [278, LONG, [rowsPerStrip]],
    [279, LONG, strips.map((strip) => strip.length)],
    [284, SHORT, [1]], // chunky
    [317, SHORT, [2]], // horizontal differencing
  ];
  if (samples === 4) entries.push([338, SHORT, [2]]); // unassociated alpha

  let offset = 8;
  const stripOffsets = strips.map((strip) => {
    const at = offset;
    offset += strip.length;
    return at;
  });
  entries[5]![2] = stripOffsets;
  offset += offset & 1; // the IFD starts on a word boundary
  const ifdOffset = offset;
  const ifdSize = 2 + entries.length * 12 + 4;
  // Values longer than 4 bytes live after the IFD.
  let extra = ifdOffset + ifdSize;
  const extraAt = entries.map(([, type, values]) => {
    const size = values.length * (type === LONG ? 4 : 2);
    if (size <= 4) return -1;
    const at = extra;
    extra += size + (size & 1);
    return at;
  });

  const out = new Uint8Array(extra);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, ifdOffset, true);
  for (const [i, strip] of strips.entries()) out.set(strip, stripOffsets[i]!);
  view.setUint16(ifdOffset, entries.length, true);
  entries.forEach(([tag, type, values], i) => {
    const at = ifdOffset + 2 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, values.length, true);
    let target = extraAt[i]! >= 0 ? extraAt[i]! : at + 8;
    if (extraAt[i]! >= 0) view.setUint32(at + 8, target, true);
    for (const value of values) {
      if (type === LONG) view.setUint32(target, value, true);
      else view.setUint16(target, value, true);
      target += type === LONG ? 4 : 2;
    }
  });
  view.setUint32(ifdOffset + 2 + entries.length * 12, 0, true); // no next IFD
  return out;
}

const SHORT = 3;
const LONG = 4;
