// One page→worker client for every worker a page starts (the tool worker, the Base64 page's bytes
// worker, the file hasher's). Jobs go out as `{ id, ...job }`; the worker answers `{ id, reply }`
// once and may send `{ id, progress }` before (worker-serve.ts is its side). The worker starts on
// the first job, is let go after a spell with nothing to do, and is terminated when the only job
// it is working on is cancelled or runs out of time: a worker cannot be interrupted, and a stale
// computation must not keep a core busy. Each client is owned by whoever made it (a page, a
// FileHasher); nothing here is shared.

/** The page's side of one exchange: a job with the id its answer will carry. */
export type JobMessage<Job> = Job & { id: number };

/** The worker's side: the answer to a job, or the progress it has made so far. */
export type AnswerMessage<Answer, Progress = never> =
  { id: number; reply: Answer } | { id: number; progress: Progress };

export interface WorkerClientOptions {
  /** Starts the worker; `new Worker(new URL('./x.worker.ts', import.meta.url))` written at the
   * call site, where the bundler finds the worker's file. */
  start: () => Worker;
  /** The sentence every waiting job fails with when the worker dies (an exception, out of memory). */
  crashed: string;
  /** How long a worker with nothing to do is kept for the next job. */
  idleMs?: number;
}

export interface JobOptions<Progress> {
  signal?: AbortSignal;
  /** Past this the job fails and, if nothing else waits on it, the worker is terminated. None by default. */
  timeoutMs?: number;
  onProgress?: (progress: Progress) => void;
  /** Objects moved to the worker rather than copied. */
  transfer?: Transferable[];
}

interface Waiting<Answer, Progress> {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  progress?: (progress: Progress) => void;
}

export const DEFAULT_IDLE_MS = 60_000;

const aborted = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');

export class WorkerClient<Job extends object, Answer, Progress = never> {
  readonly #options: Required<WorkerClientOptions>;
  readonly #waiting = new Map<number, Waiting<Answer, Progress>>();
  #worker: Worker | undefined;
  #nextId = 1;
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(options: WorkerClientOptions) {
    this.#options = { idleMs: DEFAULT_IDLE_MS, ...options };
  }

  /** Whether a worker is running now (started and not yet let go). */
  get running(): boolean {
    return this.#worker !== undefined;
  }

  /** Sends `job` and resolves with the worker's answer; rejects when cancelled, out of time or the worker died. */
  run(job: Job, { signal, timeoutMs, onProgress, transfer = [] }: JobOptions<Progress> = {}): Promise<Answer> {
    if (signal?.aborted) return Promise.reject(aborted(signal));
    clearTimeout(this.#idle);
    const id = this.#nextId++;
    const worker = this.#ensure();
    return new Promise<Answer>((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      const abandon = (error: Error) => {
        if (!this.#waiting.delete(id)) return;
        finish();
        // Nothing else waits on the worker: stop the computation rather than let it run on.
        if (this.#waiting.size === 0) this.close(error);
        reject(error);
      };
      const onAbort = () => abandon(aborted(signal!));
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(
              () => abandon(new Error(`The tool did not finish within ${Math.round(timeoutMs / 1000)} seconds.`)),
              timeoutMs,
            );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(id, {
        resolve: (answer) => (finish(), resolve(answer)),
        reject: (error) => (finish(), reject(error)),
        progress: onProgress,
      });
      try {
        worker.postMessage({ ...job, id } satisfies JobMessage<Job>, transfer);
      } catch (error) {
        // A job that cannot be sent (an object that cannot be cloned) must not stay waiting.
        abandon(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Terminates the worker now; every job still waiting fails with `reason` (a page going away). */
  close(reason: Error = new DOMException('Aborted', 'AbortError')): void {
    clearTimeout(this.#idle);
    this.#worker?.terminate();
    this.#worker = undefined;
    const waiting = [...this.#waiting.values()];
    this.#waiting.clear();
    for (const entry of waiting) entry.reject(reason);
  }

  #ensure(): Worker {
    if (this.#worker) return this.#worker;
    const worker = this.#options.start();
    worker.onmessage = ({ data }: MessageEvent<AnswerMessage<Answer, Progress>>) => {
      if (this.#worker !== worker) return;
      if ('progress' in data) return this.#waiting.get(data.id)?.progress?.(data.progress);
      const entry = this.#waiting.get(data.id);
      this.#waiting.delete(data.id);
      entry?.resolve(data.reply);
      if (this.#waiting.size === 0)
        this.#idle = setTimeout(() => this.#waiting.size === 0 && this.close(), this.#options.idleMs);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (this.#worker === worker) this.close(new Error(this.#options.crashed));
    };
    this.#worker = worker;
    return worker;
  }
}
