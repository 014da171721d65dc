// Every page at phone width (360 px): empty, with its example loaded and in an error state, the
// page never scrolls sideways (wide outputs scroll or wrap in their own box). Plus the request
// panel's tabs by keyboard and the JWT kept out of the address. The pages come from the
// registry, so a new tool is covered without editing this file.
import { tools } from '../../src/tools/index';
import { expect, test, type Page } from './fixtures';
import { makeError, waitForResult } from './page-results';

test.use({ viewport: { width: 360, height: 740 } });

async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `page width ${state}`).toBeLessThanOrEqual(clientWidth);
}

for (const { slug } of tools) {
  test(`${slug} fits 360 px: empty, with its example, with an error`, async ({ page }) => {
    await page.goto(`/${slug}`);
    await expect(page.locator('h1')).toBeVisible();
    await expectNoSidewaysScroll(page, 'empty');

    await page.getByTestId('load-example').click();
    await waitForResult(page, slug);
    await expect(page.getByTestId('load-example')).toHaveCount(0); // the page is no longer empty
    // The button went away with focus on it: focus is on the page's first field (or its heading,
    // on a page whose input is only a file), not on <body>.
    await expect(page.locator('article :is(textarea, input, select, h1):focus')).toHaveCount(1);
    await expectNoSidewaysScroll(page, 'with the example loaded');

    if (await makeError(page, slug)) {
      await expect(page.getByTestId('error').first()).not.toContainText('Invalid request');
      await expectNoSidewaysScroll(page, 'with an error');
    }
  });
}

test('errors on the page name fields by their labels, not the API’s field names', async ({ page }) => {
  await page.goto('/uuid-generator');
  await page.getByTestId('count').fill('');
  await expect(page.getByTestId('error')).toHaveText('How many must be a number.');
});

test('the request format tabs follow the ARIA tabs pattern', async ({ page }) => {
  await page.goto('/base64');
  await page.getByText('Use this as an API request').click();
  const tab = (name: string) => page.getByRole('tab', { name });
  const snippet = page.getByTestId('snippet');
  await expect(page.getByRole('tablist', { name: 'Request format' })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  // One tab in the Tab order: the selected one.
  await expect(tab('curl')).toHaveAttribute('tabindex', '0');
  await expect(tab('fetch')).toHaveAttribute('tabindex', '-1');

  await tab('curl').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('fetch')).toBeFocused();
  await expect(tab('fetch')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('curl')).toHaveAttribute('aria-selected', 'false');
  await expect(snippet).toContainText("await fetch('/api/base64'");

  await page.keyboard.press('End');
  await expect(tab('MCP tools/call')).toBeFocused();
  await expect(snippet).toContainText('"method": "tools/call"');
  await page.keyboard.press('ArrowRight'); // wraps to the first
  await expect(tab('curl')).toBeFocused();
  await expect(snippet).toContainText('curl -s');
  await page.keyboard.press('ArrowLeft'); // wraps to the last
  await expect(tab('MCP tools/call')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(tab('curl')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', (await tab('curl').getAttribute('id'))!);
});

test('a JWT typed on /jwt-decoder never reaches the address', async ({ page }) => {
  const token =
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
  await page.goto('/jwt-decoder');
  await page.getByTestId('token').fill(token);
  await expect(page.getByTestId('payload')).toHaveValue(/John Doe/);
  await page.getByTestId('algorithm').selectOption('HS384'); // a change that rewrites the fragment
  await expect(page).toHaveURL(/HS384/);
  const href = await page.evaluate(() => decodeURIComponent(location.href));
  for (const part of token.split('.')) expect(href).not.toContain(part);
});
