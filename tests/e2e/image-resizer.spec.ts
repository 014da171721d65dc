import { expect, test } from './fixtures';

test.describe('image-resizer page (coming soon)', () => {
  test('is reached from the home page and says what is coming', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /^Image Resizer/ }).click();
    await expect(page).toHaveURL(/\/image-resizer$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Resizer');
    const soon = page.getByTestId('coming-soon');
    await expect(soon.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
    await expect(soon).toContainText('resize, crop, rotate and flip');
    await expect(soon).toContainText('Image resizing is not available yet');
  });

  test('the API says the same, and the page links back to all tools', async ({ page }) => {
    await page.goto('/image-resizer');
    const reply = await page.evaluate(async () => {
      const response = await fetch('/api/image-resizer', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"image":"AAAA"}' });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('Image resizing is not available yet');
    await page.getByTestId('coming-soon').getByRole('link', { name: /all tools/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer Toolbox');
  });
});
