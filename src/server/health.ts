// Liveness and readiness for orchestrators and load balancers (docs/operations.md):
// - GET /healthz: the process answers, 200 {"status":"ok"}. Nothing else is checked, so a
//   restart is only ever triggered by a process that no longer answers.
// - GET /readyz: whether this instance should get traffic: 200 {"status":"ready","checks":…}, or
//   503 {"status":"not ready","checks":…} with the failing check's reason. Not ready while the
//   server shuts down (a balancer drains it) and when the worker pool is closed.
//
// Redis (REDIS_URL) is reported but never makes an instance unready: every instance shares the
// one Redis, so a readiness that followed it would take every instance out of rotation at once
// (a full outage) although each one goes on serving, counting rate limits in-process
// (redis-store.ts, FallbackStore). The outage is for the metrics and an alert
// (devtoolbox_rate_limit_store_up; docs/deploy.md), not for the load balancer.
// Neither path is rate-limited nor needs a key (app.ts routes them before the limiter).
import { jsonResponse, type ApiResponse } from '../core/http';

export interface ReadinessSources {
  /** The server is shutting down: finishing what is in flight, refusing new work. */
  draining(): boolean;
  /** The heavy-tool pool, if HEAVY_WORKERS > 0. */
  pool: { readonly closed: boolean } | undefined;
  /** The shared rate-limit store, if REDIS_URL is set (concurrent pings share one, redis-store.ts). */
  redis: { ping(timeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> } | undefined;
  /** How long a PING may take before Redis counts as unreachable. */
  redisTimeoutMs?: number;
}

export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** What the redis check says while Redis is away: why, and what the instance does meanwhile. */
export const FALLBACK_NOTE = 'rate limits counted in-process until it is back';

/** Probes must see the state now, never a cached answer. */
const NO_STORE = { 'Cache-Control': 'no-store' };

export function createHealth(sources: ReadinessSources) {
  async function readiness(): Promise<ApiResponse> {
    const pool = sources.draining() || sources.pool?.closed ? 'shutting down' : sources.pool ? 'ok' : 'not configured';
    let redis = 'not configured';
    if (sources.redis) {
      const answer = await sources.redis.ping(sources.redisTimeoutMs ?? 500);
      redis = answer.ok ? 'ok' : `${answer.reason}: ${FALLBACK_NOTE}`;
    }
    const ready = pool === 'ok' || pool === 'not configured';
    return jsonResponse(
      ready ? 200 : 503,
      { status: ready ? 'ready' : 'not ready', checks: { pool, redis } },
      NO_STORE,
    );
  }

  /** The answer for /healthz or /readyz (GET and HEAD; other methods 405). */
  return async function health(method: string, pathname: string): Promise<ApiResponse> {
    if (method !== 'GET' && method !== 'HEAD')
      return jsonResponse(405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
    if (pathname === '/healthz') return jsonResponse(200, { status: 'ok' }, NO_STORE);
    return readiness();
  };
}
