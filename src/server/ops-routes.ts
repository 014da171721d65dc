// The operator's paths: /healthz, /readyz (health.ts) and /metrics (metrics.ts). Routed before
// the rate limiter and API keys: probes and scrapers come often, from the platform, with no key.
import { createHash, timingSafeEqual } from 'node:crypto';
import { jsonResponse, type ApiResponse } from '../core/http';
import type { createHealth } from './health';
import { HEALTH_PATHS } from './health';
import type { Metrics } from './metrics';

export interface OpsSettings {
  health: ReturnType<typeof createHealth>;
  /** Undefined when METRICS=off: /metrics is then an unknown path (404). */
  metrics: Metrics | undefined;
  metricsToken: string | undefined;
}

// Digests of equal length, so the time taken says nothing about the token's length either.
const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** The answer to an operator's path, or undefined when `pathname` is none of them. */
export async function answerOps(
  settings: OpsSettings,
  method: string,
  pathname: string,
  authorization: string | undefined,
): Promise<ApiResponse | undefined> {
  if (HEALTH_PATHS.has(pathname)) return settings.health(method, pathname);
  if (pathname !== '/metrics' || !settings.metrics) return undefined;
  if (method !== 'GET' && method !== 'HEAD')
    return jsonResponse(405, { error: 'Method not allowed' }, { Allow: 'GET, HEAD' });
  if (settings.metricsToken !== undefined) {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token || !sameSecret(token, settings.metricsToken)) {
      return jsonResponse(
        401,
        { error: 'Metrics need the token of METRICS_TOKEN' },
        { 'WWW-Authenticate': `Bearer realm="devtoolbox-metrics"${token ? ', error="invalid_token"' : ''}` },
      );
    }
  }
  const { body, contentType } = await settings.metrics.render();
  return { status: 200, headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' }, body };
}
