// Serving the whole app under a path prefix (`/tools/`) behind a reverse proxy, with one build
// (docs/deploy.md "Under a sub-path"). Either the server is told its prefix (BASE_PATH) and the
// proxy passes paths through, or the proxy strips the prefix and names it in X-Forwarded-Prefix
// (read only behind a trusted proxy, TRUST_PROXY). The rest of the server sees paths as at `/`:
// the request's URL is rewritten once here, and the prefix travels on to what writes URLs into
// its answers (OpenAPI `servers`, /llms.txt, GET /api, page heads, preload links).
import type { IncomingMessage } from 'node:http';

/** One or more path segments of URL-safe characters, as `/a/b/` (normalised with both slashes). */
const SEGMENTS = /^(?:\/[A-Za-z0-9._~-]+)+$/;

/**
 * `/tools`, `/tools/`, `tools` → `/tools/`; empty or `/` → `/`; anything else (a dot segment,
 * `//`, a query, odd characters) → undefined.
 */
export function normalBasePath(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed === '/') return '/';
  const path = ('/' + trimmed.replace(/^\/|\/$/g, '')).replace(/\/$/, '');
  if (!SEGMENTS.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) return undefined;
  return path + '/';
}

/** Where a request lands: the base its answers name, or a redirect to the base, or nowhere. */
export type Mount = { base: string } | { redirect: string } | undefined;

const ROOT: Mount = { base: '/' };

/** Probes and scrapers are also answered at the root, where orchestrators and proxies look for them. */
const ROOT_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Mounts each request: with `basePath` other than `/`, a path under it loses the prefix (req.url
 * is rewritten) and `base` is the prefix; the prefix without its slash is redirected to it; any
 * other path is outside the app (undefined), except the probes. With `basePath` `/`, a trusted
 * proxy's X-Forwarded-Prefix names the base (a malformed one is ignored).
 */
export function createMount(basePath: string, trustForwarded: boolean): (req: IncomingMessage) => Mount {
  if (basePath !== '/') {
    const bare = basePath.slice(0, -1);
    return (req) => {
      const url = req.url ?? '/';
      if (url.startsWith(basePath)) {
        req.url = url.slice(bare.length);
        return { base: basePath };
      }
      const query = url.indexOf('?');
      const path = query < 0 ? url : url.slice(0, query);
      if (path === bare) return { redirect: basePath + (query < 0 ? '' : url.slice(query)) };
      return ROOT_PATHS.has(path) ? ROOT : undefined;
    };
  }
  if (!trustForwarded) return () => ROOT;
  return (req) => {
    const header = req.headers['x-forwarded-prefix'];
    const value = Array.isArray(header) ? header[0] : header;
    if (value === undefined) return ROOT;
    const base = normalBasePath(value.split(',')[0]!);
    return base && base !== '/' ? { base } : ROOT;
  };
}
