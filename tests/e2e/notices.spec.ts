// The home page links the third-party notices the build writes (src/build/third-party-notices.ts),
// and the server serves them as text.
import { expect, test } from '@playwright/test';

test('the home page links the third-party licences, served as text with the bundled packages', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'third-party licences' });
  await expect(link).toHaveAttribute('href', '/THIRD-PARTY-NOTICES.txt');
  const [notices] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await notices.waitForLoadState();
  expect(new URL(notices.url()).pathname).toBe('/THIRD-PARTY-NOTICES.txt');
  const text = await notices.locator('body').innerText();
  expect(text).toContain('Package: svelte@');
  expect(text).toContain('Package: zod@');
  expect(text).toMatch(/Permission is hereby granted/);
});
