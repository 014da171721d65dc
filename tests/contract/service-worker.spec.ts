// Door 2: every golden vector through the service worker in Chromium, and the same status and
// body as the Node server gives for the same request.
import { tools } from '../../src/tools/index';
import { expect, postFromPage, test, waitForServiceWorker } from '../e2e/fixtures';
import { checkCase, comparable } from '../match';
import { casesBySlug } from './cases';

test.describe('service worker /api', () => {
  for (const { slug } of tools) {
    test(`${slug}: every case, equal to the Node server`, async ({ page, request }) => {
      await page.goto('/');
      await waitForServiceWorker(page);
      const cases = casesBySlug[slug]!;
      const bodies = cases.map((tc) => JSON.stringify(tc.body));
      const { answers, servedBySw } = await postFromPage(page, slug, bodies);
      for (const [i, tc] of cases.entries()) {
        const answer = answers[i]!;
        checkCase(tc, answer.status, answer.body);
        expect(answer.type).toBe('application/json; charset=utf-8');
        const node = await request.post(`/api/${slug}`, {
          data: JSON.stringify(tc.body),
          headers: { 'Content-Type': 'application/json' },
        });
        expect({ status: answer.status, body: comparable(answer.body) }, tc.name).toEqual({
          status: node.status(),
          body: comparable(await node.json()),
        });
      }
      expect(servedBySw.length).toBe(cases.length);
    });
  }

  test('answers GET /api/<slug>, /openapi.json and /llms.txt like the server', async ({ page, request }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    for (const path of ['/openapi.json', '/llms.txt', '/api/base64', '/api']) {
      const fromSw = await page.evaluate(async (path) => {
        const response = await fetch(path);
        return { status: response.status, text: await response.text() };
      }, path);
      const fromNode = await request.get(path);
      expect(fromSw, path).toEqual({ status: fromNode.status(), text: await fromNode.text() });
    }
  });

  test('answers the error contract: 404, invalid JSON, 405, OPTIONS', async ({ page, request }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    const probes = [
      { method: 'POST', path: '/api/nope', body: '{}' },
      { method: 'POST', path: '/api/base64', body: 'not json' },
      { method: 'POST', path: '/api/base64', body: '[1]' },
      { method: 'PUT', path: '/api/base64', body: '{}' },
      { method: 'DELETE', path: '/api/base64' },
    ];
    for (const probe of probes) {
      const fromSw = await page.evaluate(async ({ method, path, body }) => {
        const response = await fetch(path, { method, body });
        return { status: response.status, body: await response.json(), allow: response.headers.get('allow') };
      }, probe);
      const node = await request.fetch(probe.path, { method: probe.method, data: probe.body });
      expect(fromSw, `${probe.method} ${probe.path}`).toEqual({
        status: node.status(),
        body: await node.json(),
        allow: node.headers()['allow'] ?? null,
      });
    }
    const options = await page.evaluate(async () => {
      const response = await fetch('/api/base64', { method: 'OPTIONS' });
      return { status: response.status, methods: response.headers.get('access-control-allow-methods') };
    });
    expect(options).toEqual({ status: 204, methods: 'GET, POST, OPTIONS' });
  });
});
