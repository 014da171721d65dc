// The `Link` header of a page's HTML: its own scripts and stylesheets, listed by the build in
// route-preloads.json (src/build/route-preloads.ts), so the browser fetches them while the entry
// script downloads instead of one round trip after it has run. A build without the file (or a
// path it does not list, such as `/`) simply gets no header.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RoutePreloads } from '../build/route-preloads';

export function routePreloadLinks(root: string): (pathname: string, base?: string) => string | undefined {
  let routes: RoutePreloads;
  try {
    routes = JSON.parse(readFileSync(join(root, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return () => undefined;
  }
  // Built once: the header of each page is the same on every request.
  const headers = new Map<string, string>();
  for (const [path, { scripts, styles }] of Object.entries(routes)) {
    // `crossorigin` as the app's loader fetches them (Vite's preload helper), or the browser
    // would fetch each file twice.
    const links = [
      ...scripts.map((url) => `<${url}>; rel=modulepreload`),
      ...styles.map((url) => `<${url}>; rel=preload; as=style; crossorigin`),
    ];
    if (links.length) headers.set(path, links.join(', '));
  }
  // Under a base path (`/tools/`) the same URLs with the prefix; a server has one or two bases.
  const based = new Map<string, Map<string, string>>();
  return (pathname, base = '/') => {
    const header = headers.get(pathname.replace(/\/$/, ''));
    if (base === '/' || header === undefined) return header;
    let byPath = based.get(base);
    if (!byPath) {
      if (based.size >= 4) based.delete(based.keys().next().value!);
      based.set(base, (byPath = new Map()));
    }
    let prefixed = byPath.get(pathname);
    if (prefixed === undefined) byPath.set(pathname, (prefixed = header.replaceAll('</', `<${base}`)));
    return prefixed;
  };
}
