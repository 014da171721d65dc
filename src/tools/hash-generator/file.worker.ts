// The page's file-hashing worker: streams a picked file through hashStream (stream.ts) off the
// main thread, reporting progress after each slice. The page cancels by terminating it.
/// <reference lib="webworker" />
import { bytesOf } from './bytes';
import { hashStream, type FileHashMessage, type FileHashRequest } from './stream';

const post = (message: FileHashMessage, transfer: Transferable[] = []) => self.postMessage(message, transfer);

self.onmessage = async ({ data: { file, algorithms, hmacKey } }: MessageEvent<FileHashRequest>) => {
  try {
    // The same reading and the same sentences as the API's `hmac_key` (slice: not a scratch view).
    const key = hmacKey && bytesOf('hmac_key', hmacKey.text, hmacKey.encoding).slice();
    const read = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
    const digests = await hashStream(file.size, read, { algorithms, hmacKey: key, onProgress: (bytes) => post({ type: 'progress', bytes }) });
    post({ type: 'done', digests }, digests.map((digest) => digest.buffer as ArrayBuffer));
  } catch (error) {
    // A file that changed or vanished on disk while being read fails with NotReadableError.
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
