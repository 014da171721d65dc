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
