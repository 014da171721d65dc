// App build: `route-preloads.json`, each page path's scripts and stylesheets beyond the entry's.
// A tool page's code is its own chunk, imported by the router only once the entry script has
// been downloaded and run; on a slow phone network every such step costs a round trip before the
// page can paint. The Node server names these files in a `Link` header of the page's HTML
// (src/server/route-preloads.ts), so the browser fetches them alongside the entry script.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** `/<slug>` → the files to preload, as root-relative URLs: scripts first, then stylesheets. */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

const OWN_PAGE = /\/src\/tools\/([^/]+)\/page\.svelte$/;
const GENERIC_PAGE = /\/src\/ui\/SchemaPage\.svelte$/;
const GENERIC_SCHEMA = /^\0virtual:input-schema\/(.+)$/;

function closure(
  bundle: OutputBundle,
  roots: OutputChunk[],
  skip: Set<string>,
): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (skip.has(chunk.fileName) || scripts.has(`/${chunk.fileName}`)) return;
    scripts.add(`/${chunk.fileName}`);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return { scripts: [...scripts], styles: [...styles] };
}

export function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      // What index.html already loads: the entry and everything it imports statically.
      const loaded = new Set<string>();
      const markLoaded = (chunk: OutputChunk) => {
        if (loaded.has(chunk.fileName)) return;
        loaded.add(chunk.fileName);
        for (const name of chunk.imports) if (bundle[name]?.type === 'chunk') markLoaded(bundle[name] as OutputChunk);
      };
      chunks.filter((chunk) => chunk.isEntry).forEach(markLoaded);

      const generic = chunks.find((chunk) => GENERIC_PAGE.test(chunk.facadeModuleId ?? ''));
      const routes: RoutePreloads = {};
      for (const chunk of chunks) {
        const id = chunk.facadeModuleId ?? '';
        const own = OWN_PAGE.exec(id)?.[1];
        const pageless = GENERIC_SCHEMA.exec(id)?.[1];
        if (own) routes[`/${own}`] = closure(bundle, [chunk], loaded);
        else if (pageless && generic) routes[`/${pageless}`] = closure(bundle, [generic, chunk], loaded);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
    },
  };
}
