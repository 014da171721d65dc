// Liveness and readiness for orchestrators and load balancers (docs/operations.md):
// - GET /healthz: the process answers, 200 {"status":"ok"}. Nothing else is checked, so a
//   restart is only ever triggered by a process that no longer answers.
// - GET /readyz: whether this instance should get traffic: 200 {"status":"ready","checks":…}, or
//   503 {"status":"not ready","checks":…} with the failing check's reason. Not ready while the
//   server shuts down (a balancer drains it), when the worker pool is closed, and when REDIS_URL
//   is set and Redis does not answer a PING within a short time (the instance would count rate
//   limits on its own, so others behind the same balancer should take the traffic).
// Neither is rate-limited nor needs a key (app.ts routes them before the limiter).
import { jsonResponse, type ApiResponse } from '../core/http';

export interface ReadinessSources {
  /** The server is shutting down: finishing what is in flight, refusing new work. */
  draining(): boolean;
  /** The heavy-tool pool, if HEAVY_WORKERS > 0. */
  pool: { readonly closed: boolean } | undefined;
  /** The shared rate-limit store, if REDIS_URL is set. */
  redis: { ping(timeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> } | undefined;
  /** How long a PING may take before Redis counts as unreachable. */
  redisTimeoutMs?: number;
}

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** Probes must see the state now, never a cached answer. */
const NO_STORE = { 'Cache-Control': 'no-store' };

export function createHealth(sources: ReadinessSources) {
  // Concurrent probes share one PING, so a burst of /readyz cannot become a burst on Redis.
  let pinging: ReturnType<NonNullable<ReadinessSources['redis']>['ping']> | undefined;
  const pingRedis = () => {
    pinging ??= sources.redis!.ping(sources.redisTimeoutMs ?? 500).finally(() => (pinging = undefined));
    return pinging;
  };

  async function readiness(): Promise<ApiResponse> {
    const pool = sources.draining() || sources.pool?.closed ? 'shutting down' : sources.pool ? 'ok' : 'not configured';
    let redis = 'not configured';
    if (sources.redis) {
      const answer = await pingRedis();
      redis = answer.ok ? 'ok' : answer.reason;
    }
    const ready = (pool === 'ok' || pool === 'not configured') && (redis === 'ok' || redis === 'not configured');
    return jsonResponse(ready ? 200 : 503, { status: ready ? 'ready' : 'not ready', checks: { pool, redis } }, NO_STORE);
  }

  /** The answer for /healthz or /readyz (GET and HEAD; other methods 405). */
  return async function health(method: string, pathname: string): Promise<ApiResponse> {
    if (method !== 'GET' && method !== 'HEAD') return jsonResponse(405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
    if (pathname === '/healthz') return jsonResponse(200, { status: 'ok' }, NO_STORE);
    return readiness();
  };
}
