// A pool of worker threads for CPU-heavy work, so a long job never blocks the event loop that
// answers every other request. Generic: it knows nothing of tools (tool-worker.ts does).
//
// - `size` workers, started on demand and kept (tool code and WASM codecs are slow to load).
// - Beyond them, up to `maxQueue` tasks wait; one more gets QueueFullError at once (the server
//   answers 503 + Retry-After), so waiting requests, and the bodies they hold, stay bounded.
// - Fair between clients: a client may have `perClient` tasks in the pool (running or waiting);
//   one more is ClientBusyError (429). A free worker takes the oldest waiting task of the client
//   with the fewest tasks running and the longest since its last turn, so one client's burst
//   cannot starve the others.
// - A task may run `taskTimeoutMs` in its worker (time spent queued does not count). Past it the
//   worker is terminated, the only way to stop synchronous code or WASM, and replaced. So is a
//   worker whose caller gave up (AbortSignal) while its task ran; a waiting task just leaves.
//   A task that ran out of time while it waited for a core more than it ran on one (the kernel's
//   scheduler statistics of its thread and its companions: sched-time.ts) was crowded out by
//   other work, not too heavy: TaskCrowdedOutError (the server answers 503 + Retry-After)
//   rather than TaskTimeoutError (400). docs/limits.md states the rule.
// - Companions: processes a worker started for its tasks (the background-removal model's,
//   segmentation-node.ts) are written by the worker into memory it shares with the pool, the
//   moment they start, so the pool can kill them (SIGKILL) with their worker even when the
//   worker is stuck and no message of its would arrive. Native code that cannot be interrupted
//   runs there, never in the worker thread itself: terminating a thread inside onnxruntime
//   aborted the whole process.
// - Memory: each worker's JavaScript heap is capped (`maxHeapMb`, Node's resourceLimits; past it
//   the task fails with WorkerOutOfMemoryError); WebAssembly memory, which never shrinks and is
//   outside that cap, is checked by the worker after each task (`serveTasks`): a worker that
//   keeps more than a quarter of `maxHeapMb` (heap and WebAssembly together) asks to be retired
//   after answering, and a fresh worker takes its place, so memory a large task took is returned.
// - Workers may run at a lower OS priority (`niceness`, Linux): when the workers keep every
//   core busy, the event loop still gets a core the moment a request arrives.
//
// Protocol: a worker posts `{ ready: true, tid? }` once its code is loaded (start-up is not charged
// to a task's time limit; `tid`, its kernel thread id, for the scheduler statistics); then the
// pool posts `{ id, task }` and the worker answers `{ id, ok: true, result, retire? }` or
// `{ id, ok: false, error }` (a message; it logs the details). `serveTasks` below is the worker's
// side; it reads the pool's settings, and the shared list of its companions, from `workerData`.
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { formatBytes } from '../lib/byte-size';
import { processTime, threadTime, type SchedTime } from './sched-time';
import { lowerThreadPriority, startLibuvPoolHere, threadId } from './thread-priority';

/** Every worker is busy and the queue is full: capacity, not the caller's fault (503). */
export class QueueFullError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('All workers are busy and the queue is full');
  }
}

/** The caller already has its share of the pool in use (429). */
export class ClientBusyError extends Error {
  constructor(
    readonly limit: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`At most ${limit} heavy tasks per client at a time`);
  }
}

export class TaskTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`The task ran longer than ${limitMs} ms`);
  }
}

/** The task ran out of time while other work held the cores: the server was busy (503). */
export class TaskCrowdedOutError extends Error {
  constructor(
    readonly limitMs: number,
    readonly retryAfterSeconds: number,
  ) {
    super(`The task ran out of its ${limitMs} ms while other work held the CPUs`);
  }
}

export class WorkerOutOfMemoryError extends Error {
  constructor(readonly limitMb: number) {
    super(`The task needed more than ${formatBytes(limitMb * 1048576)} of memory`);
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
  /** Tasks one client may have in the pool, running or waiting (0: no per-client bound). */
  perClient?: number;
  /** Cap on a worker's JavaScript heap and (checked after each task) its WebAssembly memory. */
  maxHeapMb?: number;
  /** Nice value (0 … 19) for each worker thread; 0 (default) leaves them at the process's own.
   * Only `serveTasks` workers apply it, and only on Linux (thread-priority.ts). */
  niceness?: number;
  /** For messages about workers that failed. */
  log?: (message: string) => void;
  /** Told of each task refused at once (for the metrics: metrics.ts). */
  onRefuse?: (reason: 'client busy' | 'queue full') => void;
}

export interface RunOptions {
  /** Aborted when the caller no longer wants the answer: the task leaves the queue or is stopped. */
  signal?: AbortSignal;
  /** Buffers moved to the worker rather than copied (the caller must not use them after). */
  transfer?: ArrayBuffer[];
  /** Who asked (an address or key bucket), for fairness. Tasks without one (a local MCP client
   * over stdio) are not bound by `perClient` and share one turn. */
  client?: string;
}

interface Pending<In, Out> {
  task: In;
  transfer: ArrayBuffer[] | undefined;
  client: string;
  resolve(result: Out): void;
  reject(error: Error): void;
  signal: AbortSignal | undefined;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** The worker's kernel thread id (Linux), for its scheduler statistics. */
  tid?: number;
  /** Process ids the worker started and has not seen end (0: a free place): killed with it. */
  companions: Int32Array;
  busy?: {
    id: number;
    timer: ReturnType<typeof setTimeout>;
    started: number;
    pending: Pending<unknown, unknown>;
    sched: Map<string, SchedTime>;
  };
}

/** What a worker is told at start (`workerData`). */
interface WorkerSettings {
  niceness: number;
  maxHeapMb: number | undefined;
  /** COMPANION_PLACES process ids (Int32), written by the worker, read by the pool. */
  companions: SharedArrayBuffer;
}

type WorkerReply =
  | { id: number; ok: true; result: unknown; retire?: boolean }
  | { id: number; ok: false; error: string }
  | { ready: true; tid?: number };

/** The shared turn of tasks without a client (no limiter bucket starts with a space). */
const UNNAMED = ' ';

export class WorkerPool<In, Out> {
  private readonly slots = new Set<Slot>();
  private readonly queue: Pending<In, Out>[] = [];
  /** Tasks per client in the pool, running or waiting. */
  private readonly perClient = new Map<string, number>();
  /** When each client with tasks in the pool last had one started (a serial number), for turns. */
  private readonly lastStarted = new Map<string, number>();
  private starts = 0;
  private nextId = 1;
  private isClosed = false;
  /** Recent task run times (time-outs and failures included), for an honest Retry-After. */
  private averageMs = 1_000;

  constructor(private readonly options: PoolOptions) {
    if (options.size < 1) throw new Error('a worker pool needs at least one worker');
  }

  /** Closed (shutting down): it takes no more tasks. */
  get closed(): boolean {
    return this.isClosed;
  }

  get stats() {
    const busy = [...this.slots].filter((slot) => slot.busy).length;
    return {
      size: this.options.size,
      workers: this.slots.size,
      busy,
      queued: this.queue.length,
      clients: this.perClient.size,
    };
  }

  run(task: In, { signal, client, transfer }: RunOptions = {}): Promise<Out> {
    if (this.isClosed) return Promise.reject(new WorkerFailedError('the worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new TaskAbortedError('the caller gave up'));
    const limit = client === undefined ? 0 : (this.options.perClient ?? 0);
    if (limit > 0 && (this.perClient.get(client!) ?? 0) >= limit) {
      this.options.onRefuse?.('client busy');
      return Promise.reject(new ClientBusyError(limit, this.secondsFor(1)));
    }
    return new Promise<Out>((resolve, reject) => {
      const pending: Pending<In, Out> = { task, transfer, client: client ?? UNNAMED, resolve, reject, signal };
      const slot = this.idleSlot();
      if (!slot) {
        // Waiting for a worker to start is not waiting in the queue: it does not use the bound.
        const starting = [...this.slots].filter((candidate) => !candidate.ready).length;
        if (this.queue.length >= this.options.maxQueue + starting) {
          this.options.onRefuse?.('queue full');
          return reject(new QueueFullError(this.secondsFor(Math.ceil((this.queue.length + 1) / this.options.size))));
        }
      }
      this.hold(pending);
      if (signal) {
        pending.onAbort = () => this.abandon(pending);
        signal.addEventListener('abort', pending.onAbort, { once: true });
      }
      if (slot) this.start(slot, pending);
      else this.queue.push(pending);
    });
  }

  /** Terminates every worker; queued and running tasks are rejected. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const pending of this.queue.splice(0))
      this.settle(pending, new WorkerFailedError('the worker pool is closed'));
    await Promise.all(
      [...this.slots].map((slot) => this.retire(slot, new WorkerFailedError('the worker pool is closed'))),
    );
  }

  /** Seconds until `waves` rounds of average tasks have run: a Retry-After. */
  private secondsFor(waves: number): number {
    return Math.max(1, Math.ceil((waves * this.averageMs) / 1000));
  }

  private hold(pending: Pending<In, Out>): void {
    this.perClient.set(pending.client, (this.perClient.get(pending.client) ?? 0) + 1);
  }

  /** Ends a task's stay in the pool, whatever its outcome. */
  private settle(pending: Pending<In, Out>, outcome: Error | { result: Out }): void {
    const held = (this.perClient.get(pending.client) ?? 1) - 1;
    if (held > 0) this.perClient.set(pending.client, held);
    else {
      this.perClient.delete(pending.client);
      this.lastStarted.delete(pending.client);
    }
    if (pending.onAbort) pending.signal?.removeEventListener('abort', pending.onAbort);
    if (outcome instanceof Error) pending.reject(outcome);
    else pending.resolve(outcome.result);
  }

  /** The caller gave up: a waiting task leaves the queue, a running one stops with its worker. */
  private abandon(pending: Pending<In, Out>): void {
    const index = this.queue.indexOf(pending);
    if (index >= 0) {
      this.queue.splice(index, 1);
      this.settle(pending, new TaskAbortedError('the caller gave up'));
      return;
    }
    for (const slot of this.slots) {
      if (slot.busy?.pending === pending) void this.retire(slot, new TaskAbortedError('the caller gave up'));
    }
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
    const companions = new SharedArrayBuffer(COMPANION_PLACES * Int32Array.BYTES_PER_ELEMENT);
    const settings: WorkerSettings = {
      niceness: this.options.niceness ?? 0,
      maxHeapMb: this.options.maxHeapMb,
      companions,
    };
    const resourceLimits = this.options.maxHeapMb ? { maxOldGenerationSizeMb: this.options.maxHeapMb } : undefined;
    // Before a worker lowers its priority, so libuv's pool does not inherit it (thread-priority.ts).
    if (settings.niceness > 0) startLibuvPoolHere();
    const worker = new Worker(this.options.script, { workerData: settings, resourceLimits });
    const slot: Slot = { worker, ready: false, companions: new Int32Array(companions) };
    this.slots.add(slot);
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true;
        slot.tid = reply.tid;
        this.next(slot);
      } else this.finish(slot, reply);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        void this.retire(slot, new WorkerOutOfMemoryError(this.options.maxHeapMb ?? 0));
        return;
      }
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
    const id = this.nextId++;
    this.lastStarted.set(pending.client, ++this.starts);
    const timer = setTimeout(() => void this.retire(slot, this.timedOut(slot)), this.options.taskTimeoutMs);
    slot.busy = {
      id,
      timer,
      started: performance.now(),
      pending: pending as Pending<unknown, unknown>,
      sched: schedOf(slot),
    };
    try {
      slot.worker.postMessage({ id, task: pending.task }, pending.transfer);
    } catch (error) {
      // A task that cannot be cloned (functions, symbols) is the caller's bug, not the worker's.
      clearTimeout(timer);
      slot.busy = undefined;
      this.settle(pending, error as Error);
      this.next(slot);
    }
  }

  /** Takes a busy slot's task off it, counting its running time; undefined if none. */
  private release(slot: Slot): Pending<In, Out> | undefined {
    const busy = slot.busy;
    if (!busy) return undefined;
    clearTimeout(busy.timer);
    slot.busy = undefined;
    this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - busy.started);
    return busy.pending as Pending<In, Out>;
  }

  /**
   * Why a task ran out of time: crowded out (its thread and companions waited for a CPU longer
   * than they ran on one during the task) or too heavy (they had the CPU, or nothing is known).
   */
  private timedOut(slot: Slot): Error {
    const limit = this.options.taskTimeoutMs;
    const before = slot.busy?.sched;
    if (!before || before.size === 0) return new TaskTimeoutError(limit);
    let ran = 0;
    let waited = 0;
    for (const [key, now] of schedOf(slot)) {
      const then = before.get(key) ?? { ran: 0, waited: 0 };
      ran += Math.max(0, now.ran - then.ran);
      waited += Math.max(0, now.waited - then.waited);
    }
    if (waited <= ran) return new TaskTimeoutError(limit);
    const running = [...this.slots].filter((candidate) => candidate.busy).length;
    return new TaskCrowdedOutError(
      limit,
      this.secondsFor(Math.max(1, Math.ceil((this.queue.length + running) / this.options.size))),
    );
  }

  private finish(slot: Slot, reply: Extract<WorkerReply, { id: number }>): void {
    if (slot.busy?.id !== reply.id) return;
    const pending = this.release(slot)!;
    this.settle(pending, reply.ok ? { result: reply.result as Out } : new WorkerFailedError(reply.error));
    if (reply.ok && reply.retire) void this.retire(slot, new WorkerFailedError('the worker was retired'));
    else this.next(slot);
  }

  /**
   * The waiting task to run next: the oldest one of the client with the fewest tasks running,
   * and among those, of the client whose turn came longest ago (round robin).
   */
  private takeNext(): Pending<In, Out> | undefined {
    if (this.queue.length <= 1) return this.queue.shift();
    const running = new Map<string, number>();
    for (const slot of this.slots)
      if (slot.busy) running.set(slot.busy.pending.client, (running.get(slot.busy.pending.client) ?? 0) + 1);
    const rank = (pending: Pending<In, Out>) =>
      [running.get(pending.client) ?? 0, this.lastStarted.get(pending.client) ?? 0] as const;
    let best = 0;
    let bestRank = rank(this.queue[0]!);
    for (let i = 1; i < this.queue.length; i++) {
      const candidate = rank(this.queue[i]!);
      if (candidate[0] < bestRank[0] || (candidate[0] === bestRank[0] && candidate[1] < bestRank[1]))
        [best, bestRank] = [i, candidate];
    }
    return this.queue.splice(best, 1)[0];
  }

  private next(slot: Slot | undefined): void {
    if (this.isClosed || this.queue.length === 0) return;
    const target = slot && this.slots.has(slot) && slot.ready && !slot.busy ? slot : this.idleSlot();
    const pending = target && this.takeNext();
    if (target && pending) this.start(target, pending);
  }

  /** Removes a worker (timed out, failed, abandoned, retired or closing), fails its task and starts a queued one. */
  private async retire(slot: Slot, reason: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    const pending = this.release(slot);
    if (pending) this.settle(pending, reason);
    else if (!slot.ready && !this.isClosed) {
      // A worker that cannot even start (a broken build) fails the task waiting for it, so
      // restarting it can never loop forever.
      const waiting = this.queue.shift();
      if (waiting) this.settle(waiting, reason);
    }
    this.next(undefined);
    for (const pid of companionsOf(slot)) killCompanion(pid);
    await slot.worker.terminate();
  }
}

/** Places for companions' process ids per worker: one model process at a time, and one closing. */
const COMPANION_PLACES = 8;

function companionsOf(slot: Slot): number[] {
  const pids: number[] = [];
  for (let i = 0; i < slot.companions.length; i++) {
    const pid = Atomics.load(slot.companions, i);
    if (pid > 0) pids.push(pid);
  }
  return pids;
}

/** A companion process of a worker being stopped: it may be inside native code, so SIGKILL. */
function killCompanion(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The scheduler statistics of a worker's thread and its companions now (empty where unknown). */
function schedOf(slot: Slot): Map<string, SchedTime> {
  const times = new Map<string, SchedTime>();
  const thread = slot.tid === undefined ? undefined : threadTime(slot.tid);
  if (thread) times.set('thread', thread);
  for (const pid of companionsOf(slot)) {
    const time = processTime(pid);
    if (time) times.set(`process ${pid}`, time);
  }
  return times;
}

/**
 * Memory this thread keeps after a task, in MiB: its JavaScript heap as reserved (an idle worker
 * seldom collects, so a large task's garbage stays) and its WebAssembly memory and array buffers
 * (outside the heap cap; WebAssembly memory never shrinks, so a codec that once grew for a huge
 * image keeps it).
 */
const keptMb = () => {
  const usage = process.memoryUsage();
  return (usage.heapTotal + usage.external) / 1048576;
};

/**
 * The worker's side of the protocol: answers each task with `handle`, one at a time.
 * `transferOf` names the buffers of a result to move to the pool's thread rather than copy.
 */
export function serveTasks<In, Out>(
  handle: (task: In) => Out | Promise<Out>,
  onError: (error: unknown) => void = console.error,
  transferOf: (result: Out) => ArrayBuffer[] = () => [],
): void {
  const port = parentPort;
  if (!port) throw new Error('this module runs inside a worker pool, not on its own');
  const settings = (workerData as Partial<WorkerSettings> | null) ?? {};
  // Before the first task, so every thread the task code starts inherits the lower priority.
  lowerThreadPriority(settings.niceness ?? 0);
  port.on('message', async ({ id, task }: { id: number; task: In }) => {
    try {
      const result = await handle(task);
      // Past a quarter of its cap, a worker is replaced after answering: its memory goes back at once.
      const retire = settings.maxHeapMb !== undefined && keptMb() > settings.maxHeapMb / 4;
      port.postMessage({ id, ok: true, result, retire }, transferOf(result));
    } catch (error) {
      onError(error);
      port.postMessage({ id, ok: false, error: 'Internal error' });
    }
  });
  port.postMessage({ ready: true, tid: threadId() });
}

/**
 * The worker's side of companions: records a process this worker started (`alive`) or that has
 * ended, in the memory shared with the pool, so that the pool kills it if it stops this worker.
 * Outside a pool, nothing.
 */
export function reportCompanion(pid: number, alive: boolean): void {
  const shared = (workerData as Partial<WorkerSettings> | null)?.companions;
  if (!shared) return;
  const places = new Int32Array(shared);
  for (let i = 0; i < places.length; i++) {
    if (alive ? Atomics.compareExchange(places, i, 0, pid) === 0 : Atomics.compareExchange(places, i, pid, 0) === pid)
      return;
  }
  // Every place taken (never seen: a worker has one model process, two while one closes): this
  // one is not killed with the worker, and ends by itself once its channel closes.
}
