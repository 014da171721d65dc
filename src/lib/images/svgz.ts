// Gzip-compressed SVG (`.svgz`): recognised by the gzip signature and an SVG inside, inflated
// in script (fflate: the doors run tools in worker threads that may be terminated mid-call,
// which inside node:zlib aborts the whole process) and never past the limit a plain SVG has, so
// a small gzip bomb is refused by name before it fills memory.
import { Gunzip } from 'fflate';
import { ToolInputError } from '../../tools/define';
import { isSvgText } from './formats';

/** Gzip's signature and its only compression method (deflate). */
export const isGzip = (bytes: Uint8Array): boolean =>
  bytes.length >= 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 8;

/**
 * Input is pushed in slices this size: deflate expands at most ~1,032×, so no push inflates
 * more than ~4 MiB past the limit before it is checked.
 */
const SLICE = 4096;

class Enough extends Error {}

/**
 * Up to `max` bytes of what `bytes` inflate to: `over` when there was more, `damaged` when the
 * stream is not valid gzip (or ends early, for a whole file: `complete`).
 */
function gunzip(
  bytes: Uint8Array,
  max: number,
  complete: boolean,
): { data: Uint8Array; over: boolean; damaged: boolean } {
  const parts: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  const stream = new Gunzip((chunk, final) => {
    parts.push(chunk);
    size += chunk.length;
    if (final) ended = true;
    if (size > max) throw new Enough();
  });
  let over = false;
  let damaged = false;
  try {
    for (let at = 0; at < bytes.length; at += SLICE)
      stream.push(bytes.subarray(at, at + SLICE), complete && at + SLICE >= bytes.length);
  } catch (error) {
    if (error instanceof Enough) over = true;
    else damaged = true;
  }
  if (complete && !over && !ended) damaged = true;
  const data = new Uint8Array(Math.min(size, max));
  let filled = 0;
  for (const part of parts) {
    if (filled >= data.length) break;
    const take = part.subarray(0, data.length - filled);
    data.set(take, filled);
    filled += take.length;
  }
  return { data, over, damaged };
}

/** Whether `head` (the first bytes of a file, or all of it) is a gzip stream holding an SVG document. */
export function isSvgz(head: Uint8Array): boolean {
  if (!isGzip(head)) return false;
  const { data } = gunzip(head, 4096, false);
  return isSvgText(data);
}

/**
 * The SVG document inside a `.svgz`, refused with one sentence when it is damaged or would
 * inflate past `maxBytes` (the limit on an uncompressed SVG).
 */
export function inflateSvgz(bytes: Uint8Array, maxBytes: number): Uint8Array {
  const { data, over, damaged } = gunzip(bytes, maxBytes, true);
  if (over) {
    throw new ToolInputError(
      `'image' is a gzip-compressed SVG that inflates to more than ${maxBytes / 1048576} MB; an SVG may be at most ${maxBytes / 1048576} MB once inflated.`,
    );
  }
  if (damaged)
    throw new ToolInputError("'image' could not be decoded as SVG: its gzip compression is damaged or truncated.");
  return data;
}
