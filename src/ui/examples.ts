// The example a page loads from its empty state ("Load example"): the tool's first worked
// example, as the build's catalog carries it (src/build/toolbox-plugin.ts), unless the page
// brings a richer one of its own (a page's `sample.ts`).
import catalog from 'virtual:catalog';

/** The input of `slug`'s first worked example, or undefined when the catalog has none (too big). */
export function exampleOf(slug: string): Record<string, unknown> | undefined {
  const example = catalog.find((entry) => entry.slug === slug)?.example;
  return example ? structuredClone(example) : undefined;
}
