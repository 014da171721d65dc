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

export const pages: Readonly<Record<string, PageLoader | undefined>> = {
  ...Object.fromEntries(Object.keys(inputSchemas).map((slug) => [slug, generic])),
  ...Object.fromEntries(Object.entries(own).map(([path, load]) => [path.split('/')[2]!, load])),
};
