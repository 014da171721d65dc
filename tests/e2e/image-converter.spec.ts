import { expect, test } from './fixtures';

test.describe('image-converter page (coming soon)', () => {
  test('is reached from the home page and says what is coming', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /^Image Converter/ }).click();
    await expect(page).toHaveURL(/\/image-converter$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Converter');
    const soon = page.getByTestId('coming-soon');
    await expect(soon.getByRole('heading', { name: 'Coming soon' })).toBeVisible();
    await expect(soon).toContainText('convert an image');
    await expect(soon).toContainText('Image conversion is not available yet');
  });

  test('the API says the same, and the page links back to all tools', async ({ page }) => {
    await page.goto('/image-converter');
    const reply = await page.evaluate(async () => {
      const response = await fetch('/api/image-converter', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"image":"AAAA", "from":"png","to":"webp"}' });
      return { status: response.status, body: (await response.json()) as { error: string } };
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('Image conversion is not available yet');
    await page.getByTestId('coming-soon').getByRole('link', { name: /all tools/i }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Developer Toolbox');
  });
});
