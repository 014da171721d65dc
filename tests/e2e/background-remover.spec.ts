import { expect, test } from './fixtures';

test.describe('background-remover page (coming soon)', () => {
  test('is reached from the home page and says what is coming', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /^Background Remover/ }).click();
    await expect(page).toHaveURL(/\/background-remover$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Background Remover');
    const soon = page.getByTestId('coming-soon');
    await expect(soon.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
    await expect(soon).toContainText('remove the background');
    await expect(soon).toContainText('Background removal is not available yet');
  });

  test('the API says the same, and the page links back to all tools', async ({ page }) => {
    await page.goto('/background-remover');
    const reply = await page.evaluate(async () => {
      const response = await fetch('/api/background-remover', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"image":"AAAA"}' });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('Background removal is not available yet');
    await page.getByTestId('coming-soon').getByRole('link', { name: /all tools/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer Toolbox');
  });
});
