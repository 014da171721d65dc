// slug → its page, loaded on demand (each page is its own chunk). Derived from the folders:
// a tool's page is src/tools/<slug>/page.svelte.
import type { Component } from 'svelte';

type PageLoader = () => Promise<{ default: Component }>;

const modules = import.meta.glob<{ default: Component }>('../tools/*/page.svelte');

export const pages: Readonly<Record<string, PageLoader | undefined>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split('/')[2]!, load]),
);
