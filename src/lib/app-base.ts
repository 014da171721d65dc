// The path the app is served under, read at run time: `/`, or `/tools/` behind a proxy that
// serves it there (docs/deploy.md "Under a sub-path"). Every built script lives in `<base>assets/`,
// so the base is the folder above this module's own URL; one build serves any base. The router,
// links and snippets go through it, never through a path written as `/…`.

/** `/` or `/tools/`: always with a trailing slash. Unbuilt (Vite's dev server, tests) the app is at `/`. */
export const APP_BASE: string = /\/assets\/[^/]+$/.test(new URL(import.meta.url).pathname)
  ? new URL('../', import.meta.url).pathname
  : '/';

/** An app path (`/<slug>`, `/openapi.json`, `/`) as a URL path under the base (`/tools/<slug>`). */
export const appHref = (path: string) => APP_BASE + path.replace(/^\//, '');

/** A URL path under the base as the app's route (`/tools/<slug>` → `/<slug>`); undefined outside the base. */
export function appRoute(pathname: string): string | undefined {
  if (pathname.startsWith(APP_BASE)) return '/' + pathname.slice(APP_BASE.length);
  return pathname + '/' === APP_BASE ? '/' : undefined;
}
