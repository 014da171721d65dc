// Door 0: every golden vector through invoke(), the core all doors share. Successful answers
// must also satisfy the tool's own output schema.
import { describe, expect, it } from 'vitest';
import { invoke } from '../../src/core/invoke';
import { tools } from '../../src/tools/index';
import { nodeContext } from '../support/doors';
import { checkCase } from '../match';
import { casesBySlug } from './cases';

describe.each(tools.map((tool) => [tool.slug, tool] as const))('%s', (slug, tool) => {
  const cases = casesBySlug[slug]!;

  it('has golden vectors', () => {
    // Heavy tools' vectors carry images, so there are fewer of them; each light tool has many.
    expect(cases.length).toBeGreaterThanOrEqual('heavy' in tool && tool.heavy ? 1 : 8);
  });

  it.each(cases.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
    const reply = await invoke(tool, tc.body, nodeContext);
    checkCase(tc, reply.status, reply.body);
    if (reply.status === 200) {
      const parsed = tool.output.safeParse(reply.body);
      expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues)).toBe(true);
    } else {
      expect(typeof reply.body.error).toBe('string');
    }
  });
});
