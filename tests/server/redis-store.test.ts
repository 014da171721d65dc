// The shared store against a real redis-server: the Lua script admits exactly `limit` requests
// even when two clients race for the last ones, and a Redis outage falls back to in-process
// counting (logged, and reported per decision for the metrics) and back again when Redis
// returns; readiness and metrics asking at once send Redis one PING.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FallbackStore, RedisStore } from '../../src/server/redis-store';
import { MemoryStore } from '../../src/server/rate-limit';
import { startRedis, type RunningRedis } from '../support/redis';

let redis: RunningRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

const quiet = () => {};

describe('RedisStore', () => {
  it('admits exactly the limit when two instances race for it', async () => {
    const a = await RedisStore.connect(redis.url, { prefix: 'race:' }, 3_000, quiet);
    const b = await RedisStore.connect(redis.url, { prefix: 'race:' }, 3_000, quiet);
    try {
      const hits = Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit('bucket', 30, 60_000, 1));
      const states = await Promise.all(hits);
      expect(states.filter((s) => s.allowed)).toHaveLength(30);
      expect(Math.max(...states.map((s) => s.count))).toBe(30);
      for (const state of states.filter((s) => !s.allowed)) {
        expect(state.count).toBe(30);
        expect(state.resetMs).toBeGreaterThan(0);
        expect(state.resetMs).toBeLessThanOrEqual(60_000);
      }
      // Another bucket is untouched; a peek records nothing.
      expect(await a.hit('other', 30, 60_000, 0)).toMatchObject({ allowed: true, count: 0, resetMs: 0 });
      expect(await a.hit('other', 30, 60_000, 0)).toMatchObject({ count: 0 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('records a cost of several whole or not at all', async () => {
    const store = await RedisStore.connect(redis.url, { prefix: 'cost:' }, 3_000, quiet);
    try {
      expect(await store.hit('b', 5, 60_000, 3)).toMatchObject({ allowed: true, count: 3 });
      expect(await store.hit('b', 5, 60_000, 3)).toMatchObject({ allowed: false, count: 3 });
      expect(await store.hit('b', 5, 60_000, 2)).toMatchObject({ allowed: true, count: 5 });
    } finally {
      await store.close();
    }
  });

  it("reports Redis's clock and frees entries as they age out of the window", async () => {
    const store = await RedisStore.connect(redis.url, { prefix: 'age:' }, 3_000, quiet);
    try {
      const first = await store.hit('b', 2, 300, 1);
      expect(Math.abs(first.now - Date.now())).toBeLessThan(5_000);
      await store.hit('b', 2, 300, 1);
      expect((await store.hit('b', 2, 300, 1)).allowed).toBe(false);
      // Wait until Redis itself says the window has room again (no fixed sleep).
      let state = await store.hit('b', 2, 300, 0);
      while (state.count === 2) state = await store.hit('b', 2, 300, 0);
      expect((await store.hit('b', 2, 300, 1)).allowed).toBe(true);
    } finally {
      await store.close();
    }
  });
});

describe('RedisStore.ping', () => {
  /** PINGs Redis has answered so far, by its own count (INFO commandstats). */
  async function pingsServed(): Promise<number> {
    const admin = new Redis(redis.url);
    try {
      return Number(/cmdstat_ping:calls=(\d+)/.exec(await admin.info('commandstats'))?.[1] ?? 0);
    } finally {
      admin.disconnect();
    }
  }

  it('answers ok while Redis is up; concurrent callers share one PING', async () => {
    const store = await RedisStore.connect(redis.url, { prefix: 'ping:' }, 3_000, quiet);
    try {
      const before = await pingsServed();
      const answers = await Promise.all(Array.from({ length: 10 }, () => store.ping(500)));
      expect(answers).toEqual(Array.from({ length: 10 }, () => ({ ok: true })));
      expect((await pingsServed()) - before).toBe(1);
      // One after the other: one each.
      await store.ping(500);
      await store.ping(500);
      expect((await pingsServed()) - before).toBe(3);
    } finally {
      await store.close();
    }
  });
});

describe('FallbackStore', () => {
  it('counts in-process while Redis is down, warns once, and returns to Redis when it is back', async () => {
    const own = await startRedis();
    const warnings: string[] = [];
    const primary = await RedisStore.connect(own.url, { prefix: 'fb:' }, 3_000, (m) => warnings.push(m));
    let fallbacks = 0;
    const store = new FallbackStore(
      primary,
      new MemoryStore(),
      (m) => warnings.push(m),
      () => fallbacks++,
    );
    try {
      expect((await store.hit('b', 3, 60_000, 1)).allowed).toBe(true);
      expect(warnings).toEqual([]);
      expect(fallbacks).toBe(0);
      await own.stop();
      // Down: answers still come, from in-process counters that enforce the same limit.
      const during = [];
      for (let i = 0; i < 5; i++) during.push(await store.hit('b', 3, 60_000, 1));
      expect(during.map((s) => s.allowed)).toEqual([true, true, true, false, false]);
      expect(warnings.filter((w) => w.startsWith('rate limit: shared store failed'))).toHaveLength(1);
      expect(fallbacks).toBe(5);
      expect((await primary.ping(500)).ok).toBe(false);
      // Back on the same port: the next hits go to Redis again (its count survived nothing: a fresh server).
      const again = await startRedis(own.port);
      try {
        let state = await store.hit('fresh', 3, 60_000, 0);
        while (warnings.every((w) => !w.includes('shared store is back'))) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          state = await store.hit('fresh', 3, 60_000, 0);
        }
        expect(state.count).toBe(0);
        const counted = fallbacks;
        expect((await store.hit('b', 3, 60_000, 1)).count).toBe(1);
        expect(fallbacks).toBe(counted);
        expect(await primary.ping(500)).toEqual({ ok: true });
      } finally {
        await again.stop();
      }
    } finally {
      await store.close();
    }
  });

  it('a server whose Redis is unreachable at start-up still starts, warning', async () => {
    const warnings: string[] = [];
    const port = await startRedis().then(async (r) => (await r.stop(), r.port));
    const primary = await RedisStore.connect(`redis://127.0.0.1:${port}`, {}, 500, (m) => warnings.push(m));
    const store = new FallbackStore(primary, new MemoryStore(), (m) => warnings.push(m));
    try {
      expect((await store.hit('b', 3, 60_000, 1)).allowed).toBe(true);
      expect(warnings.some((w) => w.includes('not reachable at start-up'))).toBe(true);
    } finally {
      await store.close();
    }
  });
});
