// Every route has its own title, so tabs and history tell them apart.
import { tools } from '../../src/tools/index';
import { expect, test } from './fixtures';

test('every route has a title of its own, naming its tool', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ['/', ...tools.map((tool) => `/${tool.slug}`), '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('h1')).toBeVisible();
    const title = await page.title();
    const tool = tools.find((entry) => `/${entry.slug}` === path);
    if (tool) expect(title).toBe(`${tool.name} · Developer Toolbox`);
    titles.add(title);
  }
  expect(titles.size).toBe(tools.length + 2);
});

test('links the web app manifest once', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
});

test('an unknown path is a 404 with the app’s not-found page, from the server and from the service worker', async ({
  page,
}) => {
  const fromServer = await page.goto('/no-such-page');
  expect(fromServer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.title()).toBe('Page not found · Developer Toolbox');

  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
  });
  const fromWorker = await page.goto('/another-missing-page');
  expect(fromWorker?.fromServiceWorker()).toBe(true);
  expect(fromWorker?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tool = await page.goto('/base64');
  expect([tool?.fromServiceWorker(), tool?.status()]).toEqual([true, 200]);
});
