// slug → its page, loaded on demand (each page is its own chunk). Derived from the folders: a
// tool's page is src/tools/<slug>/page.svelte; a tool without one gets the generic page made
// from its input schema (src/ui/SchemaPage.svelte).
import type { Component } from 'svelte';
import inputSchemas from 'virtual:input-schemas';
import type { Slug } from '../tools/index';

/** Every page takes the slug it is mounted for (a tool's own page may ignore it). */
export type PageComponent = Component<{ slug: Slug }>;
type PageLoader = () => Promise<{ default: PageComponent }>;

const own = import.meta.glob<{ default: PageComponent }>('../tools/*/page.svelte');
const generic: PageLoader = () => import('../ui/SchemaPage.svelte');

const loaders: Record<string, PageLoader> = {
  ...Object.fromEntries(Object.keys(inputSchemas).map((slug) => [slug, generic])),
  ...Object.fromEntries(Object.entries(own).map(([path, load]) => [path.split('/')[2]!, load])),
};

// Pages whose chunk has arrived, so a page can be mounted in the same task as the frame around
// it (see preloadPage).
const arrived = new Map<string, PageComponent>();

export const pages: Readonly<Record<string, PageLoader | undefined>> = Object.fromEntries(
  Object.entries(loaders).map(([slug, load]) => [
    slug,
    async () => {
      const module = await load();
      arrived.set(slug, module.default);
      return module;
    },
  ]),
);

/** The page of `slug` when its chunk is already here: it mounts without waiting. */
export const arrivedPage = (slug: string): PageComponent | undefined => arrived.get(slug);

/**
 * Fetches the page of `path` before the app mounts, so the first render draws the frame and the
 * page together: one task before the first paint instead of an empty frame painted first and the
 * page's render as a long task after it (the time a phone cannot answer a tap). The server's
 * `Link: rel=modulepreload` header has the chunk on its way already. Never rejects: a chunk that
 * fails (offline, never opened) is the page's own error message once mounted.
 */
export async function preloadPage(path: string): Promise<void> {
  const load = pages[path.slice(1).replace(/\/$/, '')];
  await load?.().catch(() => undefined);
}
