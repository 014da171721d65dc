// Hashing a file of any size in one pass: the file is read in slices of CHUNK_BYTES (the next
// slice is being read while the current one is hashed), every chosen algorithm is fed each
// slice, and only two slices are ever held, so a 2 GB file never sits in memory. Pure: the page's
// file worker (file.worker.ts) gives it `File.slice`, the tests give it Node buffers.
import { streamHashers } from './digest';
import type { Algorithm, ByteEncoding } from './schema';

/** Big enough that the per-slice costs vanish, small enough for frequent progress. */
export const CHUNK_BYTES = 8 * 1024 * 1024;

/** Reads bytes [start, end) of the source. */
export type ReadSlice = (start: number, end: number) => Promise<Uint8Array>;

export interface StreamOptions {
  algorithms: readonly Algorithm[];
  /** HMAC key bytes; every algorithm must then allow HMAC. */
  hmacKey?: Uint8Array;
  /** Called after each slice with the bytes hashed so far. */
  onProgress?: (bytes: number) => void;
  chunkBytes?: number;
}

/** The digest of each algorithm, in the order asked, over `size` bytes read through `read`. */
export async function hashStream(size: number, read: ReadSlice, options: StreamOptions): Promise<Uint8Array[]> {
  const { algorithms, hmacKey, onProgress, chunkBytes = CHUNK_BYTES } = options;
  const hashers = await streamHashers(algorithms, hmacKey);
  const slice = (start: number) => (start < size ? read(start, Math.min(size, start + chunkBytes)) : undefined);
  let next = slice(0);
  let done = 0;
  while (next) {
    const chunk = await next;
    if (chunk.length === 0) throw new Error(`The file ended early: ${done} of ${size} bytes could be read.`);
    done += chunk.length;
    next = slice(done); // read ahead while this slice is hashed
    for (const hasher of hashers) hasher.update(chunk);
    onProgress?.(done);
  }
  return hashers.map((hasher) => hasher.digest('binary'));
}

/** What the page sends its file worker; the key is decoded there, as the API decodes `hmac_key`. */
export interface FileHashRequest {
  file: Blob;
  algorithms: Algorithm[];
  hmacKey?: { text: string; encoding: ByteEncoding };
}

/** What the file worker answers, after progress in bytes hashed so far: the digests (in the order asked) or an error. */
export type FileHashAnswer = { type: 'done'; digests: Uint8Array[] } | { type: 'error'; message: string };
