// Readiness from its sources (src/server/health.ts): the server end to end is in
// tests/server/ops.test.ts; draining and a closed pool are easier to reach here.
import { describe, expect, it } from 'vitest';
import { createHealth } from '../../src/server/health';

const body = (answer: { body: string | Uint8Array }) => JSON.parse(String(answer.body)) as unknown;

describe('readiness', () => {
  it('is not ready while draining or once the pool is closed, naming it', async () => {
    for (const [draining, closed] of [
      [true, false],
      [false, true],
    ] as const) {
      const health = createHealth({ draining: () => draining, pool: { closed }, redis: undefined });
      const answer = await health('GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(body(answer)).toEqual({ status: 'not ready', checks: { pool: 'shutting down', redis: 'not configured' } });
      // Liveness is not readiness: still 200.
      expect((await health('GET', '/healthz')).status).toBe(200);
    }
  });

  it('is ready without a pool (HEAVY_WORKERS=0), and stays ready while Redis fails, saying why', async () => {
    let ok = true;
    const timeouts: number[] = [];
    const redis = {
      ping: async (timeoutMs: number) => {
        timeouts.push(timeoutMs);
        return ok ? ({ ok: true } as const) : ({ ok: false, reason: 'Redis unreachable (connection end)' } as const);
      },
    };
    const health = createHealth({ draining: () => false, pool: undefined, redis, redisTimeoutMs: 250 });
    for (const method of ['GET', 'HEAD']) {
      const answer = await health(method, '/readyz');
      expect(answer.status).toBe(200);
      expect(body(answer)).toEqual({ status: 'ready', checks: { pool: 'not configured', redis: 'ok' } });
    }
    expect(timeouts).toEqual([250, 250]);
    ok = false;
    // Every instance shares the one Redis: failing here would take them all out at once.
    const down = await health('GET', '/readyz');
    expect(down.status).toBe(200);
    expect(body(down)).toEqual({
      status: 'ready',
      checks: {
        pool: 'not configured',
        redis: 'Redis unreachable (connection end): rate limits counted in-process until it is back',
      },
    });
    // Draining still wins whatever Redis says.
    const draining = createHealth({ draining: () => true, pool: { closed: false }, redis });
    expect((await draining('GET', '/readyz')).status).toBe(503);
    expect((await health('POST', '/readyz')).status).toBe(405);
  });
});
