// The image tools work offline through the service worker: the codecs run inside it and read
// their WASM and font from the precache, never from the network.
import * as S from '../../src/lib/images/samples';
import { expect, test, waitForServiceWorker } from '../e2e/fixtures';

test('image tools answer offline from the service worker', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const requests = [
    ['image-converter', { image: S.QUADRANTS_PNG, from: 'png', to: 'avif' }],
    ['image-converter', { image: S.TEXT_SVG, from: 'svg', to: 'webp' }],
    ['image-converter', { image: S.QUADRANTS_JPEG, from: 'jpeg', to: 'gif' }],
    ['image-resizer', { image: S.QUADRANTS_AVIF, width: 20, format: 'jpeg' }],
  ] as const;
  const answers = await page.evaluate(
    (requests) =>
      Promise.all(
        requests.map(async ([slug, body]) => {
          const response = await fetch(`/api/${slug}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
          const json = await response.json();
          return { status: response.status, format: json.format, width: json.width };
        }),
      ),
    requests as unknown as [string, unknown][],
  );
  expect(answers).toEqual([
    { status: 200, format: 'avif', width: 40 },
    { status: 200, format: 'webp', width: 120 },
    { status: 200, format: 'gif', width: 40 },
    { status: 200, format: 'jpeg', width: 20 },
  ]);
});
