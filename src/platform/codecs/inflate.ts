// zlib inflating for the codecs. A door may hand over its runtime's own inflater (node.ts:
// node:zlib); this is the web-standard one every browser realm has, workers included.

/**
 * Inflates a zlib stream split across `parts` into exactly `size` bytes. Returns `undefined`
 * when the stream is damaged, truncated, fails its Adler-32, or inflates to any other size:
 * the caller then leaves the file to a decoder with its own rules for such streams.
 */
export type Inflate = (parts: readonly Uint8Array[], size: number) => Promise<Uint8Array | undefined> | Uint8Array | undefined;

/** Through `DecompressionStream('deflate')`: native zlib in browsers and their workers. */
export const streamInflate: Inflate = async (parts, size) => {
  if (typeof DecompressionStream !== 'function') return undefined;
  const stream = new DecompressionStream('deflate');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  // Queued all at once rather than awaiting each write: one round trip per small chunk costs
  // more than the inflating. Write failures surface through read() below.
  const writing = Promise.all([...parts.map((part) => writer.write(part as Uint8Array<ArrayBuffer>)), writer.close()]).catch(() => {});
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
