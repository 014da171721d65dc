// Screenshots of every page (home, each tool with its example loaded, the not-found page) at
// desktop and phone sizes, light and dark, saved as artefacts for people to look at:
// test-results/screenshots/<slug>-<desktop|mobile>-<light|dark>.png. Nothing is compared
// pixel by pixel. One browser context per combination keeps it quick.
import { tools } from '../../src/tools/index';
import { expect, test } from './fixtures';
import { waitForResult } from './page-results';

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const PAGES = [
  { slug: 'home', path: '/' },
  ...tools.map(({ slug }) => ({ slug, path: `/${slug}` })),
  { slug: 'not-found', path: '/no-such-page' },
];

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const scheme of SCHEMES) {
    test(`screenshots: ${size}, ${scheme}`, async ({ browser, baseURL }) => {
      test.setTimeout(PAGES.length * 30_000);
      const context = await browser.newContext({
        baseURL,
        viewport,
        colorScheme: scheme,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      const missing: string[] = [];
      for (const { slug, path } of PAGES) {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        const example = page.getByTestId('load-example');
        if (await example.count()) {
          await example.click();
          // A page whose result does not come (an image page without its sample yet) is still
          // photographed, as it is; the spec lists it rather than fail the whole set.
          await waitForResult(page, slug).catch(() => missing.push(slug));
        }
        await page.screenshot({ path: `test-results/screenshots/${slug}-${size}-${scheme}.png`, fullPage: true });
      }
      await context.close();
      test.info().annotations.push({ type: 'no result after Load example', description: missing.join(', ') || 'none' });
    });
  }
}
