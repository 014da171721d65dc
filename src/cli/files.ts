// The command line's own file and stream handling: inputs read up to a cap (stdin and `@file`
// could otherwise be any size: 600 MiB on stdin once took gigabytes of memory and then failed as
// "not UTF-8 text"), and `-o` written as MCP's `output_path` is (src/server/mcp-files.ts): a new
// file only, unless --force, and never through a symbolic link.
import { constants, createReadStream } from 'node:fs';
import { lstat, open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { BodyTooLargeError } from '../core/http';

/** Reads `stream` to its end, or throws BodyTooLargeError as soon as more than `limit` bytes came, leaving the rest unread. */
export async function readCapped(stream: Readable | AsyncIterable<Buffer>, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  // Leaving the loop early (the throw) destroys the stream: nothing more is read.
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit) throw new BodyTooLargeError(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** A file's bytes, up to `limit` (a regular file's size is checked before reading; a pipe is read until it passes). */
export async function readFileCapped(path: string, limit: number): Promise<Uint8Array> {
  const info = await stat(path);
  if (info.isDirectory()) throw Object.assign(new Error(`${path} is a folder`), { code: 'EISDIR' });
  if (info.isFile() && info.size > limit) throw new BodyTooLargeError(limit);
  return readCapped(createReadStream(path), limit);
}

/** Whether anything (a file, a folder, a link, even a dangling one) is at `path`. */
export async function occupied(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
}

/**
 * Writes `bytes` to `path`: a new file (O_EXCL: fails with EEXIST on anything there, a link
 * included), or with `replace` an existing regular file, but never through a symbolic link
 * (O_NOFOLLOW: ELOOP) and never blocking on a FIFO without a reader (O_NONBLOCK: ENXIO).
 */
export async function writeOutput(path: string, bytes: Uint8Array, replace: boolean): Promise<void> {
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    constants.O_NOFOLLOW |
    constants.O_NONBLOCK |
    (replace ? 0 : constants.O_EXCL);
  const file = await open(path, flags, 0o666);
  try {
    // Truncated only once it is open as what it is, so a refused target is left untouched.
    if (replace) await file.truncate(0);
    await file.writeFile(bytes);
  } finally {
    await file.close();
  }
}
