// Door 3: every golden vector through a page's tool worker (src/workers/tool.worker.ts, the
// built file) in Chromium, with the same status and body as the Node server. For the image
// tools this proves the browser codecs give the server's bytes.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { tools } from '../../src/tools/index';
import { expect, test } from '../e2e/fixtures';
import { checkCase, comparable } from '../match';
import { casesBySlug } from './cases';

const assets = resolve(process.env.STATIC_DIR ?? 'dist', 'assets');
const workerFile = () => readdirSync(assets).find((name) => /^tool\.worker-[\w-]+\.js$/.test(name));

test.describe('page worker', () => {
  for (const { slug } of tools) {
    test(`${slug}: every case, equal to the Node server`, async ({ page, request }) => {
      const file = workerFile();
      expect(file, `a built tool worker in ${assets}`).toBeTruthy();
      await page.goto('/');
      const cases = casesBySlug[slug]!;
      const replies = await page.evaluate(
        async ({ url, slug, bodies }) => {
          const worker = new Worker(url, { type: 'module' });
          const answers: { status: number; body: unknown }[] = [];
          for (const [id, body] of bodies.entries()) {
            answers.push(
              await new Promise((resolveReply) => {
                worker.onmessage = (event) => resolveReply(event.data.reply);
                worker.postMessage({ id, slug, body: JSON.parse(body) });
              }),
            );
          }
          worker.terminate();
          return answers;
        },
        { url: `/assets/${file}`, slug, bodies: cases.map((tc) => JSON.stringify(tc.body)) },
      );
      for (const [i, tc] of cases.entries()) {
        const answer = replies[i]!;
        checkCase(tc, answer.status, answer.body);
        const node = await request.post(`/api/${slug}`, {
          data: JSON.stringify(tc.body),
          headers: { 'Content-Type': 'application/json' },
        });
        expect({ status: answer.status, body: comparable(answer.body) }, tc.name).toEqual({
          status: node.status(),
          body: comparable(await node.json()),
        });
      }
    });
  }
});
