// Door 1: every golden vector through the built Node server over real HTTP.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { tools } from '../../src/tools/index';
import { checkCase } from '../match';
import { startServer, type RunningServer } from '../support/server';
import { casesBySlug } from './cases';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe.each(tools.map((tool) => tool.slug))('%s over HTTP', (slug) => {
  it.each(casesBySlug[slug]!.map((tc) => [tc.name, tc] as const))('%s', async (_name, tc) => {
    const response = await fetch(`${server.url}/api/${slug}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(tc.body),
    });
    if (!response.headers.get('content-type')?.startsWith('application/json')) throw new Error('not JSON');
    checkCase(tc, response.status, await response.json());
  });
});
