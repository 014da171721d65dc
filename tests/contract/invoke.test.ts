// Door 0: every golden vector through invoke(), the dispatcher all doors share. Successful
// answers must also satisfy the tool's own output schema.
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/core/dispatch';
import { findTool, tools } from '../../src/tools/index';
import { checkCase } from '../match';
import { casesBySlug } from './cases';

describe.each(tools.map((tool) => tool.slug))('%s', (slug) => {
  const cases = casesBySlug[slug]!;

  it('has golden vectors', () => {
    expect(cases.length).toBeGreaterThanOrEqual(slug.startsWith('image') || slug === 'background-remover' ? 1 : 8);
  });

  it.each(cases.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
    const reply = await invoke(slug, tc.body);
    checkCase(tc, reply.status, reply.body);
    if (reply.status === 200) {
      const parsed = findTool(slug)!.output.safeParse(reply.body);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    } else {
      expect(typeof reply.body.error).toBe('string');
    }
  });
});
