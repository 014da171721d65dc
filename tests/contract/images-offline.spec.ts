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
          const response = await fetch(`/api/${slug}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
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

test('SVG text faces come from the precache: serif, mono, bold and italic drawn offline', async ({ page, context }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const svg = (attributes: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><text x="4" y="30" font-size="24" ${attributes}>Hamburg</text></svg>`,
    ).toString('base64');
  const bodies = [
    '',
    'font-family="Georgia, serif" font-weight="bold"',
    'font-family="Courier New"',
    'font-style="italic"',
  ].map((attributes) => ({ image: svg(attributes), from: 'svg', to: 'png' }));
  const answers = await page.evaluate(
    (bodies) =>
      Promise.all(
        bodies.map(async (body) => {
          const response = await fetch('/api/image-converter', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          });
          return { status: response.status, image: (await response.json()).image as string };
        }),
      ),
    bodies,
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  // Each face draws other letters than regular DejaVu Sans (and than each other).
  expect(new Set(answers.map((answer) => answer.image)).size).toBe(4);
});
