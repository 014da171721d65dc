// The constants a page imports from its tool's schema.ts instead of zod: `DEFAULTS` must be
// exactly what zod fills in for an absent field, so a page starts where the API does.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { tools } from './index';

/** What zod puts in each field of `schema` that the request leaves out. */
function zodDefaults(schema: z.ZodType): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) throw new Error('a tool input is a zod object');
  const filled: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const parsed = field.safeParse(undefined);
    if (parsed.success && parsed.data !== undefined) filled[key] = parsed.data;
  }
  return filled;
}

describe('schema.ts DEFAULTS', () => {
  it.each(tools.map((tool) => [tool.slug, tool] as const))(
    '%s: DEFAULTS are the defaults zod fills in',
    async (slug, tool) => {
      const module: { DEFAULTS?: Record<string, unknown> } = await import(`./${slug}/schema.ts`);
      expect(module.DEFAULTS ?? {}).toEqual(zodDefaults(tool.input));
    },
  );
});
