// The heavy-work pool in isolation (src/server/worker-pool.ts), with a small worker whose tasks
// the test controls through shared memory: concurrency, FIFO waiting, the queue bound, the time
// limit, crashes, cancellation, and that the main thread stays free while every worker is busy.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ClientBusyError,
  QueueFullError,
  TaskAbortedError,
  TaskTimeoutError,
  WorkerFailedError,
  WorkerOutOfMemoryError,
  WorkerPool,
  type PoolOptions,
} from '../../src/server/worker-pool';

type Task = {
  kind: 'echo' | 'spin' | 'forever' | 'crash' | 'fail' | 'thread' | 'retire' | 'hog';
  value?: unknown;
  flag?: SharedArrayBuffer;
};

const script = new URL('./fixtures/pool-worker.mjs', import.meta.url);
const pools: WorkerPool<Task, unknown>[] = [];
function pool(size: number, maxQueue: number, taskTimeoutMs = 60_000, more: Partial<PoolOptions> = {}) {
  const created = new WorkerPool<Task, unknown>({ script, size, maxQueue, taskTimeoutMs, log: () => {}, ...more });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A gate for `spin` tasks: [0] = released, [1] = how many spinners have started. */
function gate() {
  const flag = new SharedArrayBuffer(8);
  const view = new Int32Array(flag);
  return {
    flag,
    started: () => Atomics.load(view, 1),
    release: () => Atomics.store(view, 0, 1),
    async untilStarted(count: number) {
      // setImmediate, not setTimeout: some tests fake the timers.
      while (Atomics.load(view, 1) < count) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 200; i++) await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('WorkerPool', () => {
  it('answers tasks through workers', async () => {
    const p = pool(2, 4);
    expect(await Promise.all([1, 2, 3].map((value) => p.run({ kind: 'echo', value })))).toEqual([1, 2, 3]);
    expect(p.stats).toMatchObject({ size: 2, busy: 0, queued: 0 });
  });

  it('runs at most `size` tasks at once; the rest wait in order, then answer', async () => {
    const p = pool(2, 10);
    const g = gate();
    const running = [
      p.run({ kind: 'spin', flag: g.flag, value: 'a' }),
      p.run({ kind: 'spin', flag: g.flag, value: 'b' }),
    ];
    const waiting = ['c', 'd', 'e'].map((value) => p.run({ kind: 'echo', value }));
    await g.untilStarted(2);
    expect(p.stats).toMatchObject({ workers: 2, busy: 2, queued: 3 });
    expect(await settled(waiting[0]!)).toBe(false);
    g.release();
    expect(await Promise.all([...running, ...waiting])).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps the main thread free while every worker is busy', async () => {
    const p = pool(2, 2);
    const g = gate();
    const busy = [p.run({ kind: 'spin', flag: g.flag, value: 1 }), p.run({ kind: 'spin', flag: g.flag, value: 2 })];
    await g.untilStarted(2);
    // Both workers are spinning and will until released: the event loop still turns many times.
    let turns = 0;
    for (let i = 0; i < 100; i++) await new Promise((resolve) => setImmediate(resolve)).then(() => turns++);
    expect(turns).toBe(100);
    expect(g.started()).toBe(2);
    expect(await settled(busy[0]!)).toBe(false);
    g.release();
    expect(await Promise.all(busy)).toEqual([1, 2]);
  });

  it('past the queue bound, refuses at once with a Retry-After estimate', async () => {
    const p = pool(1, 2);
    const g = gate();
    const accepted = [
      p.run({ kind: 'spin', flag: g.flag, value: 1 }),
      p.run({ kind: 'echo', value: 2 }),
      p.run({ kind: 'echo', value: 3 }),
    ];
    const refused = p.run({ kind: 'echo', value: 4 });
    await expect(refused).rejects.toBeInstanceOf(QueueFullError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(((await refused.catch((e) => e)) as QueueFullError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    g.release();
    expect(await Promise.all(accepted)).toEqual([1, 2, 3]);
    // Room again once the queue has drained.
    expect(await p.run({ kind: 'echo', value: 5 })).toBe(5);
  });

  it('with a queue bound of 0, only `size` tasks are accepted', async () => {
    const p = pool(1, 0);
    const g = gate();
    const first = p.run({ kind: 'spin', flag: g.flag, value: 1 });
    await expect(p.run({ kind: 'echo', value: 2 })).rejects.toBeInstanceOf(QueueFullError);
    g.release();
    expect(await first).toBe(1);
  });

  // The pool's clock is faked: time passes only when the test says so, while workers run for real.
  it('terminates a task past its time limit, replaces the worker, and goes on', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const p = pool(1, 4, 60_000);
      const before = await p.run({ kind: 'thread' });
      const g = gate();
      const stuck = p.run({ kind: 'forever', flag: g.flag });
      const next = p.run({ kind: 'echo', value: 'after' });
      await g.untilStarted(1);
      vi.advanceTimersByTime(59_999);
      expect(await settled(stuck)).toBe(false);
      vi.advanceTimersByTime(1);
      await expect(stuck).rejects.toBeInstanceOf(TaskTimeoutError);
      expect(await next).toBe('after');
      expect(await p.run({ kind: 'thread' })).not.toBe(before);
      expect(p.stats.workers).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('time spent waiting in the queue does not count against the limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const p = pool(1, 4, 60_000);
      const first = gate();
      const second = gate();
      const a = p.run({ kind: 'spin', flag: first.flag, value: 'a' });
      const b = p.run({ kind: 'spin', flag: second.flag, value: 'b' });
      await first.untilStarted(1);
      vi.advanceTimersByTime(59_000); // b has waited 59 s in the queue
      first.release();
      expect(await a).toBe('a');
      await second.untilStarted(1);
      vi.advanceTimersByTime(59_000); // 118 s since b was queued, 59 s of running
      expect(await settled(b)).toBe(false);
      second.release();
      expect(await b).toBe('b');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a worker that cannot start fails the waiting tasks instead of restarting forever', async () => {
    const broken = new WorkerPool<Task, unknown>({
      script: new URL('./fixtures/missing-worker.mjs', import.meta.url),
      size: 1,
      maxQueue: 4,
      taskTimeoutMs: 1_000,
      log: () => {},
    });
    pools.push(broken);
    const results = await Promise.allSettled([broken.run({ kind: 'echo' }), broken.run({ kind: 'echo' })]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(broken.stats.queued).toBe(0);
  });

  it('a crashed worker fails its task only; a fresh worker takes the next', async () => {
    const p = pool(1, 4);
    const crashed = p.run({ kind: 'crash' });
    const next = p.run({ kind: 'echo', value: 'still here' });
    await expect(crashed).rejects.toBeInstanceOf(WorkerFailedError);
    expect(await next).toBe('still here');
    await expect(p.run({ kind: 'fail' })).rejects.toThrow('it failed');
    expect(await p.run({ kind: 'echo', value: 1 })).toBe(1);
  });

  it('a caller that gives up leaves the queue', async () => {
    const p = pool(1, 4);
    const g = gate();
    const first = p.run({ kind: 'spin', flag: g.flag, value: 1 });
    await g.untilStarted(1);
    const controller = new AbortController();
    const abandoned = p.run({ kind: 'echo', value: 'gone' }, { signal: controller.signal });
    expect(p.stats.queued).toBe(1);
    controller.abort();
    await expect(abandoned).rejects.toBeInstanceOf(TaskAbortedError);
    expect(p.stats.queued).toBe(0);
    g.release();
    expect(await first).toBe(1);
  });

  it('rejects what cannot be sent to a worker without losing the worker', async () => {
    const p = pool(1, 1);
    await expect(p.run({ kind: 'echo', value: () => 1 })).rejects.toThrow();
    expect(await p.run({ kind: 'echo', value: 'ok' })).toBe('ok');
  });

  it('close() rejects what is queued and stops the workers', async () => {
    const p = pool(1, 4);
    const g = gate();
    const running = p.run({ kind: 'spin', flag: g.flag });
    const queued = p.run({ kind: 'echo', value: 1 });
    await g.untilStarted(1);
    const outcomes = Promise.allSettled([running, queued]);
    await p.close();
    for (const outcome of await outcomes)
      expect(outcome).toMatchObject({ status: 'rejected', reason: expect.any(WorkerFailedError) });
    await expect(p.run({ kind: 'echo', value: 1 })).rejects.toBeInstanceOf(WorkerFailedError);
    expect(p.stats.workers).toBe(0);
  });

  it('a client may hold `perClient` tasks at once; one more is refused, other clients still get in', async () => {
    const p = pool(1, 10, 60_000, { perClient: 2 });
    const g = gate();
    const held = [
      p.run({ kind: 'spin', flag: g.flag, value: 1 }, { client: 'a' }),
      p.run({ kind: 'echo', value: 2 }, { client: 'a' }),
    ];
    const refused = p.run({ kind: 'echo', value: 3 }, { client: 'a' });
    await expect(refused).rejects.toBeInstanceOf(ClientBusyError);
    expect(((await refused.catch((e) => e)) as ClientBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const other = p.run({ kind: 'echo', value: 'b' }, { client: 'b' });
    g.release();
    expect(await Promise.all([...held, other])).toEqual([1, 2, 'b']);
    // Its tasks done, the client is welcome again.
    expect(await p.run({ kind: 'echo', value: 4 }, { client: 'a' })).toBe(4);
  });

  it('a free worker takes the oldest task of the client with the fewest tasks running', async () => {
    const p = pool(1, 10);
    const g = gate();
    const order: string[] = [];
    const track = (promise: Promise<unknown>) => promise.then((value) => order.push(String(value)));
    const first = track(p.run({ kind: 'spin', flag: g.flag, value: 'a1' }, { client: 'a' }));
    await g.untilStarted(1);
    // a's burst arrives before b's single request; b must not wait behind all of it.
    const rest = [
      track(p.run({ kind: 'echo', value: 'a2' }, { client: 'a' })),
      track(p.run({ kind: 'echo', value: 'a3' }, { client: 'a' })),
      track(p.run({ kind: 'echo', value: 'b1' }, { client: 'b' })),
    ];
    g.release();
    await Promise.all([first, ...rest]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('a caller that gives up while its task runs stops it: the worker is replaced', async () => {
    const p = pool(1, 4);
    const before = await p.run({ kind: 'thread' });
    const g = gate();
    const controller = new AbortController();
    const running = p.run({ kind: 'forever', flag: g.flag }, { signal: controller.signal });
    await g.untilStarted(1);
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(TaskAbortedError);
    expect(await p.run({ kind: 'thread' })).not.toBe(before);
    expect(p.stats).toMatchObject({ workers: 1, busy: 0, queued: 0 });
  });

  it('a worker that asks to be retired answers first, then is replaced', async () => {
    const p = pool(1, 4);
    const retired = await p.run({ kind: 'retire' });
    expect(await p.run({ kind: 'thread' })).not.toBe(retired);
  });

  it('a task past the heap cap fails with WorkerOutOfMemoryError; the next task gets a fresh worker', async () => {
    const p = pool(1, 4, 60_000, { maxHeapMb: 64 });
    await expect(p.run({ kind: 'hog' })).rejects.toBeInstanceOf(WorkerOutOfMemoryError);
    expect(await p.run({ kind: 'echo', value: 'fine' })).toBe('fine');
  });
});
