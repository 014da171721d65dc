import { clipboardText, expect, test } from './fixtures';

test.describe('base64 page', () => {
  test('encodes as the user types, decodes, reports malformed input, copies', async ({ page }) => {
    await page.goto('/base64');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base64 Encoder / Decoder');
    await page.getByTestId('input').fill('Hello, World!');
    await expect(page.getByTestId('output')).toHaveValue('SGVsbG8sIFdvcmxkIQ==');
    await expect(page.getByTestId('meta')).toContainText('13 bytes');

    await page.getByRole('button', { name: /copy base64/i }).click();
    expect(await clipboardText(page)).toBe('SGVsbG8sIFdvcmxkIQ==');

    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill('Zm9v!mFy');
    await expect(page.getByTestId('error')).toContainText("'!' at position 5");
    await page.getByTestId('input').fill('8J+Riw==');
    await expect(page.getByTestId('output')).toHaveValue('👋');
  });

  test('keeps the input in the URL fragment and restores it from a shared link', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('input').fill('share me');
    await expect(page).toHaveURL(/#.*share%20me/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('share me');
    await expect(page.getByTestId('output')).toHaveValue('c2hhcmUgbWU=');
  });

  test('reads a dropped or picked text file', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('file-input').setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('from a file') });
    await expect(page.getByTestId('output')).toHaveValue('ZnJvbSBhIGZpbGU=');
  });

  test('shows the request as curl, fetch and MCP', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('input').fill('abc');
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText(`/api/base64`);
    await expect(page.getByTestId('snippet')).toContainText('"input":"abc"');
    await page.getByRole('tab', { name: 'MCP tools/call' }).click();
    await expect(page.getByTestId('snippet')).toContainText('"name": "base64"');
  });
});
