// Readiness from its sources (src/server/health.ts): the server end to end is in
// tests/server/ops.test.ts; draining and a closed pool are easier to reach here.
import { describe, expect, it } from 'vitest';
import { createHealth } from '../../src/server/health';

const body = (answer: { body: string | Uint8Array }) => JSON.parse(String(answer.body)) as unknown;

describe('readiness', () => {
  it('is not ready while draining or once the pool is closed, naming it', async () => {
    for (const [draining, closed] of [[true, false], [false, true]] as const) {
      const health = createHealth({ draining: () => draining, pool: { closed }, redis: undefined });
      const answer = await health('GET', '/readyz');
      expect(answer.status).toBe(503);
      expect(body(answer)).toEqual({ status: 'not ready', checks: { pool: 'shutting down', redis: 'not configured' } });
      // Liveness is not readiness: still 200.
      expect((await health('GET', '/healthz')).status).toBe(200);
    }
  });

  it('is ready without a pool (HEAVY_WORKERS=0); a failing PING is 503 with its reason; probes share one PING', async () => {
    let pings = 0;
    let ok = true;
    const redis = {
      ping: async () => {
        pings++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        return ok ? ({ ok: true } as const) : ({ ok: false, reason: 'Redis unreachable (connection end)' } as const);
      },
    };
    const health = createHealth({ draining: () => false, pool: undefined, redis });
    const answers = await Promise.all([health('GET', '/readyz'), health('GET', '/readyz'), health('HEAD', '/readyz')]);
    expect(pings).toBe(1);
    for (const answer of answers) expect(body(answer)).toEqual({ status: 'ready', checks: { pool: 'not configured', redis: 'ok' } });
    ok = false;
    const down = await health('GET', '/readyz');
    expect(down.status).toBe(503);
    expect(body(down)).toEqual({ status: 'not ready', checks: { pool: 'not configured', redis: 'Redis unreachable (connection end)' } });
    expect((await health('POST', '/readyz')).status).toBe(405);
  });
});
