// Timeouts that tell the truth (docs/limits.md, "Busy or too heavy"): a task that ran out of time
// while it waited for a CPU longer than it ran on one was crowded out by other work, and gets
// 503 + Retry-After saying the server is busy; one that had the CPU and still ran out of time
// needs more than the limit on its own, and gets the 400 asking for a smaller input. Through
// the pool itself, the built server (REST and POST /mcp) and the `devtoolbox` command.
//
// "Loaded" starts four tasks per core at once, each CPU-bound: none can have more than a quarter
// of a core, whatever else the machine runs. "Alone" is one task on an otherwise idle server; a
// machine busy with other programs crowds it out too (then the 503 is the truth), so it is tried
// up to five times and must get its 400 in one of them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TaskCrowdedOutError, TaskTimeoutError, WorkerPool } from '../../src/server/worker-pool';
import { BUSY, cli, mcpHttp, rest, TOO_LONG, type Outcome } from '../support/fault-doors';
import { startServer, type RunningServer } from '../support/server';

const LOAD = 4 * availableParallelism();
const linux = process.platform === 'linux';

/** A million base-36 digits written in base 3: seconds of BigInt work on one core, little memory. */
const HEAVY = { input: 'Z'.repeat(1_000_000), from_base: 36, to_base: 3 };

/** Tries `attempt` until it gives the 400 for a too heavy input (at most five times). */
async function aloneUntilTooLong(attempt: () => Promise<Outcome>): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (let i = 0; i < 5; i++) {
    const outcome = await attempt();
    outcomes.push(outcome);
    if (!outcome.ok && TOO_LONG.test(outcome.error)) break;
    // Anything else must be the other truthful answer: the machine was busy.
    expect(outcome.ok ? 'answered' : outcome.error).toMatch(BUSY);
  }
  if (outcomes.length > 1)
    console.log(`alone: ${outcomes.length - 1} busy answer(s) before the 400 (the machine was loaded)`);
  return outcomes;
}

describe.runIf(linux)('the pool tells a crowded-out task from a too heavy one', () => {
  const pools: WorkerPool<{ kind: string; value?: unknown }, unknown>[] = [];
  const pool = (size: number) => {
    const created = new WorkerPool<{ kind: string; value?: unknown }, unknown>({
      script: new URL('./fixtures/pool-spinner.mjs', import.meta.url),
      size,
      maxQueue: 0,
      taskTimeoutMs: 400,
      log: () => {},
    });
    pools.push(created);
    return created;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it('four spinning tasks per core: each is TaskCrowdedOutError with a Retry-After', async () => {
    const p = pool(LOAD);
    // Every worker started and ready first, so the tasks start together.
    await Promise.all(Array.from({ length: LOAD }, (_, i) => p.run({ kind: 'echo', value: i })));
    const outcomes = await Promise.allSettled(Array.from({ length: LOAD }, () => p.run({ kind: 'spin' })));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as TaskCrowdedOutError;
      expect(error).toBeInstanceOf(TaskCrowdedOutError);
      expect(error.limitMs).toBe(400);
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
  });

  it('one spinning task alone: TaskTimeoutError', async () => {
    const p = pool(1);
    await p.run({ kind: 'echo' });
    const errors: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await p.run({ kind: 'spin' }).catch((caught: unknown) => caught);
      errors.push(error);
      if (error instanceof TaskTimeoutError) break;
      expect(error).toBeInstanceOf(TaskCrowdedOutError);
    }
    expect(errors.at(-1)).toBeInstanceOf(TaskTimeoutError);
  });
});

describe.runIf(linux)('the built server', () => {
  describe('loaded: four heavy requests per core at once, half over REST and half over POST /mcp', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        HEAVY_WORKERS: String(LOAD),
        HEAVY_QUEUE: '0',
        HEAVY_PER_CLIENT: '0',
        HEAVY_NICE: '0',
        TOOL_TIMEOUT_MS: '1000',
      });
      // Every worker started (a light call each, made heavy), so the requests run at once.
      await Promise.all(
        Array.from({ length: LOAD }, () =>
          rest(server.url, 'number-base-converter', { input: '1'.repeat(70_000), from_base: 2 }),
        ),
      );
    });
    afterAll(() => server?.stop());

    it('each gets 503 + Retry-After (REST) or an error result (MCP) saying the server is busy', async () => {
      const outcomes = await Promise.all(
        Array.from({ length: LOAD }, (_, i) =>
          i % 2
            ? mcpHttp(server.url, 'number-base-converter', HEAVY)
            : rest(server.url, 'number-base-converter', HEAVY),
        ),
      );
      outcomes.forEach((outcome, i) => {
        expect(outcome.ok).toBe(false);
        if (outcome.ok) return;
        expect(outcome.error).toMatch(BUSY);
        expect(outcome.error).toMatch(/time limit of 1 seconds/);
        if (i % 2 === 0) {
          expect(outcome.status).toBe(503);
          expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1);
          expect(outcome.error).toBe(
            `The server was too busy to finish this request within its time limit of 1 seconds. Retry after ${outcome.retryAfter} seconds.`,
          );
        }
      });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    }, 120_000);
  });

  describe('alone: one heavy request on an idle server', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ HEAVY_WORKERS: '1', HEAVY_NICE: '0', TOOL_TIMEOUT_MS: '500' });
    });
    afterAll(() => server?.stop());

    it('gets the 400 that asks for a smaller input, over REST and over POST /mcp', async () => {
      const viaRest = (await aloneUntilTooLong(() => rest(server.url, 'number-base-converter', HEAVY))).at(-1)!;
      expect(viaRest).toEqual({
        ok: false,
        status: 400,
        retryAfter: null,
        error: 'Processing took longer than the limit of 500 ms; send a smaller or simpler input.',
      });
      const viaMcp = (await aloneUntilTooLong(() => mcpHttp(server.url, 'number-base-converter', HEAVY))).at(-1)!;
      expect(viaMcp).toEqual({
        ok: false,
        error: 'Processing took longer than the limit of 500 ms; send a smaller or simpler input.',
      });
    }, 120_000);
  });
});

describe.runIf(linux)('the devtoolbox command', () => {
  let dir: string;
  let args: string[];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'devtoolbox-busy-'));
    writeFileSync(join(dir, 'digits.txt'), HEAVY.input);
    args = ['number-base-converter', '--input', `@${join(dir, 'digits.txt')}`, '--from-base', '36', '--to-base', '3'];
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('alone: exits 1 with the sentence that asks for a smaller input', async () => {
    const outcome = (await aloneUntilTooLong(() => cli(args, { TOOL_TIMEOUT_MS: '500' }))).at(-1)!;
    expect(outcome).toEqual({
      ok: false,
      exitCode: 1,
      error: 'Processing took longer than the limit of 500 ms; send a smaller or simpler input.',
    });
  }, 120_000);

  it('four at once per core: each exits 1 saying the machine was too busy', async () => {
    const outcomes = await Promise.all(Array.from({ length: LOAD }, () => cli(args, { TOOL_TIMEOUT_MS: '1000' })));
    for (const outcome of outcomes)
      expect(outcome).toMatchObject({ ok: false, exitCode: 1, error: expect.stringMatching(BUSY) });
  }, 120_000);
});
