// The page's file-hashing worker: streams a picked file through hashStream (stream.ts) off the
// main thread, reporting progress after each slice. The page cancels by terminating it.
/// <reference lib="webworker" />
import { serveJobs } from '../../workers/worker-serve';
import { bytesOf } from './bytes';
import { hashStream, type FileHashAnswer, type FileHashRequest } from './stream';

serveJobs<FileHashRequest, FileHashAnswer, number>(
  async ({ file, algorithms, hmacKey }, progress) => {
    // The same reading and the same sentences as the API's `hmac_key` (slice: not a scratch view).
    const key = hmacKey && bytesOf('hmac_key', hmacKey.text, hmacKey.encoding).slice();
    const read = async (start: number, end: number) => new Uint8Array(await file.slice(start, end).arrayBuffer());
    return {
      type: 'done',
      digests: await hashStream(file.size, read, { algorithms, hmacKey: key, onProgress: progress }),
    };
  },
  {
    // A file that changed or vanished on disk while being read fails with NotReadableError.
    failed: (error) => ({ type: 'error', message: error instanceof Error ? error.message : String(error) }),
    transfer: (answer) => (answer.type === 'done' ? answer.digests.map((digest) => digest.buffer as ArrayBuffer) : []),
  },
);
