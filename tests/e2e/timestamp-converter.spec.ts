import { clipboardText, expect, test } from './fixtures';

// Known answers computed independently (GNU date): @1700000000 is Tue, 14 Nov 2023 22:13:20 UTC;
// 2024-02-29T12:00:00+05:30 is 1709188200; @1700000000 in Asia/Kolkata is 2023-11-15 03:43:20 +0530.

test.describe('timestamp-converter page', () => {
  test.use({ timezoneId: 'Asia/Kolkata' });

  test('converts Unix seconds as the user types, shows every form, copies', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Timestamp Converter');
    await page.getByLabel('Timestamp or date').fill('1700000000');
    await expect(page.getByTestId('iso8601')).toHaveText('2023-11-14T22:13:20.000Z');
    await expect(page.getByTestId('utc')).toHaveText('Tue, 14 Nov 2023 22:13:20 UTC');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1700000000');
    await expect(page.getByTestId('unix_ms')).toHaveText('1700000000000');
    await expect(page.getByTestId('local')).toHaveText('2023-11-15 03:43:20.000 (UTC+05:30)');
    await expect(page.getByText(/^Local time \(Asia\/(Kolkata|Calcutta)\)$/)).toBeVisible();
    await expect(page.getByTestId('relative')).toHaveText(/ago$/);
    await expect(page.getByTestId('detected')).toContainText('in seconds');

    await page.getByRole('button', { name: 'Copy ISO 8601' }).click();
    expect(await clipboardText(page)).toBe('2023-11-14T22:13:20.000Z');
    await page.getByRole('button', { name: 'Copy Unix milliseconds' }).click();
    expect(await clipboardText(page)).toBe('1700000000000');
    await page.getByRole('button', { name: 'Copy UTC', exact: true }).click();
    expect(await clipboardText(page)).toBe('Tue, 14 Nov 2023 22:13:20 UTC');
  });

  test('detects milliseconds and converts ISO 8601 and RFC 2822 dates to timestamps', async ({ page }) => {
    await page.goto('/timestamp-converter');
    const input = page.getByTestId('input');
    await input.fill('1700000000123');
    await expect(page.getByTestId('detected')).toContainText('in milliseconds');
    await expect(page.getByTestId('iso8601')).toHaveText('2023-11-14T22:13:20.123Z');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1700000000');

    await input.fill('2024-02-29T12:00:00+05:30');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1709188200');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-02-29T06:30:00.000Z');
    await expect(page.getByTestId('detected')).toContainText('a date string');

    await input.fill('Tue, 14 Nov 2023 22:13:20 GMT');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1700000000');

    await input.fill('-1');
    await expect(page.getByTestId('iso8601')).toHaveText('1969-12-31T23:59:59.000Z');
    await expect(page.getByTestId('unix_ms')).toHaveText('-1000');
  });

  test('shows an error for bad input or the wrong form for the mode', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('2023-02-30');
    await expect(page.getByTestId('error')).toBeVisible();
    await expect(page.getByTestId('iso8601')).toHaveCount(0);

    await page.getByTestId('input').fill('2023-11-14T22:13:20Z');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1700000000');
    await page.getByTestId('mode').selectOption('to-date');
    await expect(page.getByTestId('error')).toContainText("Mode 'to-date' expects a numeric Unix timestamp");
    await expect(page.getByTestId('unix_seconds')).toHaveCount(0);

    await page.getByTestId('mode').selectOption('to-timestamp');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await page.getByTestId('input').fill('1700000000');
    await expect(page.getByTestId('error')).toContainText("Mode 'to-timestamp' expects an ISO 8601 or RFC 2822 date string");
  });

  test('"Now" (by keyboard) fills in the current Unix seconds', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('mode').selectOption('to-timestamp');
    const before = Math.floor(Date.now() / 1000);
    await page.getByTestId('input').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Now' })).toBeFocused();
    await page.keyboard.press('Enter');
    const after = Math.floor(Date.now() / 1000);
    await expect(page.getByTestId('input')).toHaveValue(/^\d+$/);
    const filled = Number(await page.getByTestId('input').inputValue());
    expect(filled).toBeGreaterThanOrEqual(before);
    expect(filled).toBeLessThanOrEqual(after);
    // A number cannot go to-timestamp: the page switches back to auto.
    await expect(page.getByTestId('mode')).toHaveValue('auto');
    await expect(page.getByTestId('unix_seconds')).toHaveText(String(filled));
    await expect(page.getByTestId('detected')).toContainText('in seconds');
    await expect(page.getByTestId('relative')).toHaveText('just now');
  });

  test('keeps input and mode in the URL fragment and restores them from a shared link', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('mode').selectOption('to-timestamp');
    await page.getByTestId('input').fill('2024-02-29T12:00:00+05:30');
    await expect(page).toHaveURL(/#.*to-timestamp/);
    await expect(page.getByTestId('unix_seconds')).toHaveText('1709188200');
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('2024-02-29T12:00:00+05:30');
    await expect(page.getByTestId('mode')).toHaveValue('to-timestamp');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1709188200');
  });
});

test.describe('timestamp-converter page in another time zone', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('shows the local time with the zone offset of that date', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('1700000000');
    await expect(page.getByTestId('local')).toHaveText('2023-11-14 17:13:20.000 (UTC−05:00)');
    await expect(page.getByTestId('iso8601')).toHaveText('2023-11-14T22:13:20.000Z');
  });
});
