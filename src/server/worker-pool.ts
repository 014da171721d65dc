// A pool of worker threads for CPU-heavy work, so a long job never blocks the event loop that
// answers every other request. Generic: it knows nothing of tools (tool-worker.ts does).
//
// - `size` workers, started on demand and kept (tool code and WASM codecs are slow to load).
// - Beyond them, up to `maxQueue` tasks WAIT in FIFO order; one more gets QueueFullError at
//   once (the server answers 429 + Retry-After), so waiting requests, and the bodies they hold,
//   stay bounded.
// - A task may run `taskTimeoutMs` in its worker (time spent queued does not count). Past it the
//   worker is terminated, the only way to stop synchronous code or WASM, and replaced.
// - A task whose caller gave up (AbortSignal) leaves the queue; a running one finishes.
// - Workers may run at a lower OS priority (`niceness`, Linux): when the workers keep every
//   core busy, the event loop still gets a core the moment a request arrives, instead of
//   competing for it as an equal (light-request latency under a flood of heavy ones). Heavy work
//   loses nothing while the machine has nothing else to run.
//
// Protocol: a worker posts `{ ready: true }` once its code is loaded (start-up is not charged to
// a task's time limit); then the pool posts `{ id, task }` and the worker answers
// `{ id, ok: true, result }` or `{ id, ok: false, error }` (a message; it logs the details).
// `serveTasks` below is the worker's side; it reads the pool's settings (`niceness`) from
// `workerData`.
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from './thread-priority';

export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('All workers are busy and the queue is full');
  }
}

export class TaskTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`The task ran longer than ${limitMs} ms`);
  }
}

export class WorkerFailedError extends Error {}

export class TaskAbortedError extends Error {}

export interface PoolOptions {
  /** The worker's module (a path or file: URL). */
  script: string | URL;
  size: number;
  maxQueue: number;
  taskTimeoutMs: number;
  /** Nice value (0 … 19) for each worker thread; 0 (default) leaves them at the process's own.
   * Only `serveTasks` workers apply it, and only on Linux (thread-priority.ts). */
  niceness?: number;
  /** For messages about workers that failed. */
  log?: (message: string) => void;
}

interface Pending<In, Out> {
  task: In;
  resolve(result: Out): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  busy?: { id: number; timer: ReturnType<typeof setTimeout>; pending: Pending<unknown, unknown> };
}

/** What a worker is told at start (`workerData`). */
interface WorkerSettings {
  niceness: number;
}

type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string } | { ready: true; id?: undefined };

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending<In, Out>[] = [];
  private nextId = 1;
  private closed = false;
  /** Recent task run times, for an honest Retry-After when the queue is full. */
  private averageMs = 1_000;

  constructor(private readonly options: PoolOptions) {
    if (options.size < 1) throw new Error('a worker pool needs at least one worker');
  }

  get stats() {
    const busy = [...this.slots].filter((slot) => slot.busy).length;
    return { size: this.options.size, workers: this.slots.size, busy, queued: this.queue.length };
  }

  run(task: In, signal?: AbortSignal): Promise<Out> {
    if (this.closed) return Promise.reject(new WorkerFailedError('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new TaskAbortedError('the caller gave up'));
    return new Promise<Out>((resolve, reject) => {
      const pending: Pending<In, Out> = { task, resolve, reject, signal };
      const slot = this.idleSlot();
      if (slot) return this.start(slot, pending);
      // Waiting for a worker to start is not waiting in the queue: it does not use the bound.
      const starting = [...this.slots].filter((candidate) => !candidate.ready).length;
      if (this.queue.length >= this.options.maxQueue + starting) {
        const waves = Math.ceil((this.queue.length + 1) / this.options.size);
        return reject(new QueueFullError(Math.max(1, Math.ceil((waves * this.averageMs) / 1000))));
      }
      if (signal) {
        pending.onAbort = () => {
          const index = this.queue.indexOf(pending);
          if (index >= 0) this.queue.splice(index, 1);
          reject(new TaskAbortedError('the caller gave up'));
        };
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      this.queue.push(pending);
    });
  }

  /** Terminates every worker; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.reject(new WorkerFailedError('the worker pool is closed'));
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new WorkerFailedError('the worker pool is closed'))));
  }

  /** A ready worker with nothing to do; else starts one if there is room (tasks wait for it). */
  private idleSlot(): Slot | undefined {
    let starting = 0;
    for (const slot of this.slots) {
      if (slot.ready && !slot.busy) return slot;
      if (!slot.ready) starting++;
    }
    if (this.slots.size < this.options.size && starting < this.queue.length + 1) this.spawn();
    return undefined;
  }

  private spawn(): Slot {
    const settings: WorkerSettings = { niceness: this.options.niceness ?? 0 };
    const worker = new Worker(this.options.script, { workerData: settings });
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        this.next(slot);
      } else this.finish(slot, reply);
    });
    worker.on('error', (error) => {
      this.options.log?.(`worker failed: ${error.stack ?? error.message}`);
      void this.retire(slot, new WorkerFailedError('the worker failed'));
    });
    worker.on('exit', (code) => {
      if (this.slots.has(slot)) {
        this.options.log?.(`worker exited unexpectedly with code ${code}`);
        void this.retire(slot, new WorkerFailedError(`the worker exited with code ${code}`));
      }
    });
    return slot;
  }

  private start(slot: Slot, pending: Pending<In, Out>): void {
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    const id = this.nextId++;
    const started = performance.now();
    const timer = setTimeout(() => void this.retire(slot, new TaskTimeoutError(this.options.taskTimeoutMs)), this.options.taskTimeoutMs);
    const resolve = pending.resolve;
    pending.resolve = (result) => {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      resolve(result);
    };
    slot.busy = { id, timer, pending: pending as Pending<unknown, unknown> };
    try {
      slot.worker.postMessage({ id, task: pending.task });
    } catch (error) {
      // A task that cannot be cloned (functions, symbols) is the caller's bug, not the worker's.
      clearTimeout(timer);
      slot.busy = undefined;
      pending.reject(error as Error);
      this.next(slot);
    }
  }

  private finish(slot: Slot, reply: WorkerReply): void {
    const busy = slot.busy;
    if (!busy || busy.id !== reply.id) return;
    clearTimeout(busy.timer);
    slot.busy = undefined;
    if (reply.ok) busy.pending.resolve(reply.result);
    else busy.pending.reject(new WorkerFailedError(reply.error));
    this.next(slot);
  }

  private next(slot: Slot | undefined): void {
    if (this.closed || this.queue.length === 0) return;
    const target = slot && this.slots.has(slot) && slot.ready && !slot.busy ? slot : this.idleSlot();
    if (target) this.start(target, this.queue.shift()!);
  }

  /** Removes a worker (timed out, failed or closing), fails its task and starts a queued one. */
  private async retire(slot: Slot, reason: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const busy = slot.busy;
    slot.busy = undefined;
    if (busy) {
      clearTimeout(busy.timer);
      busy.pending.reject(reason);
    } else if (!slot.ready && !this.closed) {
      // A worker that cannot even start (a broken build) fails the task waiting for it, so
      // restarting it can never loop forever.
      const waiting = this.queue.shift();
      if (waiting?.onAbort) waiting.signal?.removeEventListener('abort', waiting.onAbort);
      waiting?.reject(reason);
    }
    this.next(undefined);
    await slot.worker.terminate();
  }
}

/** The worker's side of the protocol: answers each task with `handle`, one at a time. */
export function serveTasks<In, Out>(handle: (task: In) => Out | Promise<Out>, onError: (error: unknown) => void = console.error): void {
  const port = parentPort;
  if (!port) throw new Error('this module runs inside a worker pool, not on its own');
  // Before the first task, so every thread the task code starts inherits the lower priority.
  lowerThreadPriority((workerData as Partial<WorkerSettings> | null)?.niceness ?? 0);
  port.on('message', async ({ id, task }: { id: number; task: In }) => {
    try {
      port.postMessage({ id, ok: true, result: await handle(task) });
    } catch (error) {
      onError(error);
      port.postMessage({ id, ok: false, error: 'Internal error' });
    }
  });
  port.postMessage({ ready: true });
}
