// zlib inflating for the codecs. A door may hand over its runtime's own inflater (node.ts:
// node:zlib); this is the web-standard one every browser realm has, workers included.
import { Unzlib } from 'fflate';

/**
 * Inflates a zlib stream split across `parts` into exactly `size` bytes. Returns `undefined`
 * when the stream is damaged, truncated, fails its Adler-32, or inflates to any other size:
 * the caller then leaves the file to a decoder with its own rules for such streams.
 */
export type Inflate = (
  parts: readonly Uint8Array[],
  size: number,
) => Promise<Uint8Array | undefined> | Uint8Array | undefined;

/** Through `DecompressionStream('deflate')`: native zlib in browsers and their workers. */
export const streamInflate: Inflate = async (parts, size) => {
  if (typeof DecompressionStream !== 'function') return undefined;
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Queued all at once rather than awaiting each write: one round trip per small chunk costs
  // more than the inflating. Write failures surface through read() below.
  const writing = Promise.all([
    ...parts.map((part) => writer.write(part as Uint8Array<ArrayBuffer>)),
    writer.close(),
  ]).catch(() => {});
  const out = new Uint8Array(size);
  let filled = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (filled + value.length > size) {
        await reader.cancel();
        return undefined;
      }
      out.set(value, filled);
      filled += value.length;
    }
  } catch {
    return undefined;
  } finally {
    await writing;
  }
  return filled === size ? out : undefined;
};

/**
 * In plain JavaScript (fflate), for threads that may be terminated in the middle of a call: a
 * worker thread stopped inside Node's zlib (a pool worker past its time limit) aborts the whole
 * process as the thread is torn down ("close before init"), where stopping script is safe.
 */
export const scriptInflate: Inflate = (parts, size) => {
  const out = new Uint8Array(size);
  let filled = 0;
  const unzlib = new Unzlib((chunk) => {
    if (filled + chunk.length > size) throw new RangeError('inflates past the expected size');
    out.set(chunk, filled);
    filled += chunk.length;
  });
  try {
    parts.forEach((part, i) => unzlib.push(part, i === parts.length - 1));
  } catch {
    return undefined;
  }
  return filled === size && adler32(out) === trailer(parts) ? out : undefined;
};

/** The stream's last four bytes, big-endian: zlib's Adler-32 of the inflated data. */
function trailer(parts: readonly Uint8Array[]): number {
  const tail: number[] = [];
  for (let p = parts.length - 1; p >= 0 && tail.length < 4; p--) {
    const part = parts[p]!;
    for (let i = part.length - 1; i >= 0 && tail.length < 4; i--) tail.unshift(part[i]!);
  }
  return tail.length === 4 ? ((tail[0]! << 24) | (tail[1]! << 16) | (tail[2]! << 8) | tail[3]!) >>> 0 : -1;
}

/** Adler-32 (RFC 1950), in runs of 5552 bytes: the most that cannot overflow before the modulo. */
function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let at = 0; at < data.length;) {
    const end = Math.min(at + 5552, data.length);
    for (; at < end; at++) {
      a += data[at]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
