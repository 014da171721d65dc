// The page→worker client against a worker stand-in that answers when told to: which worker
// starts, which is terminated, and what each job resolves or rejects with.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerClient, type AnswerMessage, type JobMessage } from './worker-client';

type Job = { n: number };

class FakeWorker {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  received: JobMessage<Job>[] = [];
  terminated = false;
  postMessage(message: JobMessage<Job>): void {
    this.received.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: AnswerMessage<number, string>): void {
    this.onmessage?.({ data: message } as MessageEvent);
  }
  crash(): void {
    this.onerror?.({ preventDefault() {} } as ErrorEvent);
  }
}

let started: FakeWorker[];
const client = (idleMs?: number) =>
  new WorkerClient<Job, number, string>({
    start: () => {
      const worker = new FakeWorker();
      started.push(worker);
      return worker as unknown as Worker;
    },
    crashed: 'The worker stopped.',
    idleMs,
  });

beforeEach(() => {
  started = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('WorkerClient', () => {
  it('starts one worker on the first job and matches answers to jobs by id', async () => {
    const jobs = client();
    expect(started).toHaveLength(0);
    const a = jobs.run({ n: 1 });
    const b = jobs.run({ n: 2 });
    expect(started).toHaveLength(1);
    const [worker] = started;
    expect(worker!.received).toEqual([
      { n: 1, id: 1 },
      { n: 2, id: 2 },
    ]);
    worker!.answer({ id: 2, reply: 20 });
    worker!.answer({ id: 1, reply: 10 });
    await expect(a).resolves.toBe(10);
    await expect(b).resolves.toBe(20);
  });

  it('passes progress to its own job only', async () => {
    const jobs = client();
    const seen: string[] = [];
    const other: string[] = [];
    const a = jobs.run({ n: 1 }, { onProgress: (stage) => seen.push(stage) });
    void jobs.run({ n: 2 }, { onProgress: (stage) => other.push(stage) });
    started[0]!.answer({ id: 1, progress: 'reading' });
    started[0]!.answer({ id: 1, progress: 'hashing' });
    started[0]!.answer({ id: 1, reply: 1 });
    await a;
    expect(seen).toEqual(['reading', 'hashing']);
    expect(other).toEqual([]);
  });

  it('terminates the worker when the only job waiting is cancelled, and starts a fresh one next', async () => {
    const jobs = client();
    const cancel = new AbortController();
    const job = jobs.run({ n: 1 }, { signal: cancel.signal });
    cancel.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(started[0]!.terminated).toBe(true);
    expect(jobs.running).toBe(false);
    void jobs.run({ n: 2 });
    expect(started).toHaveLength(2);
  });

  it('keeps the worker when another job still waits on it', async () => {
    const jobs = client();
    const cancel = new AbortController();
    const first = jobs.run({ n: 1 }, { signal: cancel.signal });
    const second = jobs.run({ n: 2 });
    cancel.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect(started[0]!.terminated).toBe(false);
    started[0]!.answer({ id: 2, reply: 2 });
    await expect(second).resolves.toBe(2);
  });

  it('rejects at once when the signal is already aborted, starting nothing', async () => {
    const jobs = client();
    await expect(jobs.run({ n: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(started).toHaveLength(0);
  });

  it('fails a job past its time limit and terminates the worker running it', async () => {
    const jobs = client();
    const job = jobs.run({ n: 1 }, { timeoutMs: 5_000 });
    const settled = expect(job).rejects.toThrow('The tool did not finish within 5 seconds.');
    vi.advanceTimersByTime(4_999);
    expect(started[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    await settled;
    expect(started[0]!.terminated).toBe(true);
  });

  it('has no time limit unless given one', async () => {
    const jobs = client();
    const job = jobs.run({ n: 1 });
    vi.advanceTimersByTime(24 * 3600_000);
    started[0]!.answer({ id: 1, reply: 7 });
    await expect(job).resolves.toBe(7);
  });

  it('lets an idle worker go after idleMs, and not while a job waits', async () => {
    const jobs = client(1_000);
    const first = jobs.run({ n: 1 });
    started[0]!.answer({ id: 1, reply: 1 });
    await first;
    vi.advanceTimersByTime(999);
    void jobs.run({ n: 2 }); // a new job before the minute is up keeps the worker
    vi.advanceTimersByTime(5_000);
    expect(started).toHaveLength(1);
    expect(started[0]!.terminated).toBe(false);
    started[0]!.answer({ id: 2, reply: 2 });
    await Promise.resolve();
    vi.advanceTimersByTime(1_000);
    expect(started[0]!.terminated).toBe(true);
  });

  it('fails every waiting job with its sentence when the worker dies', async () => {
    const jobs = client();
    const a = jobs.run({ n: 1 });
    const b = jobs.run({ n: 2 });
    started[0]!.crash();
    await expect(a).rejects.toThrow('The worker stopped.');
    await expect(b).rejects.toThrow('The worker stopped.');
    expect(started[0]!.terminated).toBe(true);
  });

  it('close() terminates the worker and fails what waits', async () => {
    const jobs = client();
    const job = jobs.run({ n: 1 });
    jobs.close();
    await expect(job).rejects.toMatchObject({ name: 'AbortError' });
    expect(started[0]!.terminated).toBe(true);
  });

  it('a job that cannot be sent fails, and leaves nothing waiting', async () => {
    const jobs = client(1_000);
    const first = jobs.run({ n: 0 });
    const send = started[0]!.postMessage;
    started[0]!.postMessage = () => {
      throw new DOMException('could not be cloned', 'DataCloneError');
    };
    await expect(jobs.run({ n: 1 })).rejects.toMatchObject({ name: 'DataCloneError' });
    started[0]!.postMessage = send;
    expect(started[0]!.terminated).toBe(false); // the first job still waits on it
    started[0]!.answer({ id: 1, reply: 0 });
    await first;
    // Nothing is left waiting, so the idle worker is let go on time.
    vi.advanceTimersByTime(1_000);
    expect(started[0]!.terminated).toBe(true);
  });

  it('ignores answers from a worker it has let go', async () => {
    const jobs = client();
    const cancel = new AbortController();
    void jobs.run({ n: 1 }, { signal: cancel.signal }).catch(() => {});
    cancel.abort();
    const next = jobs.run({ n: 2 });
    started[0]!.answer({ id: 2, reply: 99 }); // the old worker, late
    started[1]!.answer({ id: 2, reply: 2 });
    await expect(next).resolves.toBe(2);
  });
});
