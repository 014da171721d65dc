// Every tool's golden vectors, by slug: the one list each door's contract test runs, read from
// each registered tool's folder (src/tools/<slug>/cases.ts) in registry order.
import type { ToolCase } from '../../src/tools/vectors';
import { tools } from '../../src/tools/index';

const loaded = await Promise.all(
  tools.map(async ({ slug }) => {
    const module = (await import(new URL(`../../src/tools/${slug}/cases.ts`, import.meta.url).href)) as {
      default: ToolCase[];
    };
    return [slug, module.default] as const;
  }),
);

export const casesBySlug: Partial<Record<string, ToolCase[]>> = Object.fromEntries(loaded);
