// The page's side of file hashing: one job at a time in a dedicated worker (file.worker.ts, through
// worker-client.ts), with progress, throughput and cancel. Cancelling terminates the worker, which
// stops the read at once and frees its two slices; the next job starts a fresh one. Digests are kept per algorithm for
// the current file and key, so switching to an algorithm already computed needs no second pass.
import type { Algorithm, ByteEncoding } from './schema';
import { WorkerClient } from '../../workers/worker-client';
import type { FileHashAnswer, FileHashRequest } from './stream';

export type FileStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'error';

export interface HmacKey {
  text: string;
  encoding: ByteEncoding;
}

export class FileHasher {
  file: File | undefined = $state.raw();
  status: FileStatus = $state('idle');
  /** Bytes hashed so far by the running (or last) job. */
  done = $state(0);
  /** Milliseconds the running (or last) job has taken. */
  elapsedMs = $state(0);
  error: string | undefined = $state();
  /** Digests of the current file with the current key, by algorithm. */
  digests: ReadonlyMap<Algorithm, Uint8Array> = $state.raw(new Map());
  /** The algorithms the running (or cancelled) job was computing. */
  pending: readonly Algorithm[] = $state.raw([]);

  readonly #worker = new WorkerClient<FileHashRequest, FileHashAnswer, number>({
    start: () => new Worker(new URL('./file.worker.ts', import.meta.url), { type: 'module', name: 'file-hash' }),
    crashed: 'The file could not be hashed: the worker stopped unexpectedly. Please try again.',
  });
  #job: AbortController | undefined;
  #keyId = '';
  #startedAt = 0;

  /** A new file: forget every digest and stop any job. */
  setFile(file: File | undefined): void {
    this.#stop();
    this.file = file;
    this.digests = new Map();
    this.status = 'idle';
    this.error = undefined;
    this.done = 0;
  }

  /** Digests `algorithms` not yet known for this file and key, in one pass. */
  hash(algorithms: readonly Algorithm[], key: HmacKey | undefined): void {
    const file = this.file;
    if (!file) return;
    const keyId = key ? `${key.encoding}:${key.text}` : '';
    if (keyId !== this.#keyId) {
      this.#keyId = keyId;
      this.digests = new Map();
    }
    const missing = algorithms.filter((algorithm) => !this.digests.has(algorithm));
    this.#stop();
    if (missing.length === 0) {
      // Everything asked for is known (a switch back to an algorithm already computed).
      this.status = 'done';
      return;
    }
    this.pending = missing;
    this.status = 'running';
    this.error = undefined;
    this.done = 0;
    this.elapsedMs = 0;
    this.#startedAt = performance.now();
    const job = new AbortController();
    this.#job = job;
    const request: FileHashRequest = { file, algorithms: [...missing], ...(key && { hmacKey: { ...key } }) };
    const onProgress = (bytes: number) => {
      this.elapsedMs = performance.now() - this.#startedAt;
      this.done = bytes;
    };
    this.#worker.run(request, { signal: job.signal, onProgress }).then(
      (answer) => {
        if (this.#job !== job) return;
        this.#job = undefined;
        this.elapsedMs = performance.now() - this.#startedAt;
        if (answer.type === 'error') {
          this.status = 'error';
          this.error = answer.message;
          return;
        }
        const next = new Map(this.digests);
        missing.forEach((algorithm, i) => next.set(algorithm, answer.digests[i]!));
        this.digests = next;
        this.done = file.size;
        this.status = 'done';
      },
      (error: Error) => {
        if (this.#job !== job) return;
        this.#job = undefined;
        this.status = 'error';
        this.error = error.message;
      },
    );
  }

  cancel(): void {
    if (this.status !== 'running') return;
    this.#stop();
    this.status = 'cancelled';
  }

  /** Stops the running job: cancelling it terminates the worker, which stops the read at once. */
  #stop(): void {
    this.#job?.abort();
    this.#job = undefined;
  }

  /** The page is going: let the worker go now rather than after its idle minute. */
  close(): void {
    this.#stop();
    this.#worker.close();
  }
}
