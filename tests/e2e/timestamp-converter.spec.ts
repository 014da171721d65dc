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
    await expect(page.getByTestId('error')).toContainText(
      "Mode 'to-timestamp' expects an ISO 8601 or RFC 2822 date string",
    );
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

// Issue 16. Known answers from GNU date: `TZ=America/New_York date -d @1704441600` is Fri Jan 5
// 03:00:00 EST 2024; @1700000000 in Asia/Tokyo is 2023-11-15 07:13:20 +09:00; 2024-03-31 02:30
// does not exist in Berlin (clocks go 02:00 → 03:00), 01:30 UTC is 03:30 CEST.
test.describe('timestamp-converter page: time zones, picker and live clock', () => {
  test.use({ timezoneId: 'Europe/Berlin' });

  test('reads Date.toString() output and shows it in the chosen zones, kept on the device', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('Fri Jan 05 2024 10:00:00 GMT+0200 (Central European Standard Time)');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1704441600');
    const rows = page.getByTestId('zone-row');
    // First visit: this device's zone first, then three common ones.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toContainText('Europe/Berlin');
    await expect(rows.nth(0)).toContainText('this device');
    await expect(rows.nth(0).getByTestId('zone-time')).toHaveText('Fri 2024-01-05 09:00:00');
    await expect(rows.filter({ hasText: 'America/New_York' }).getByTestId('zone-time')).toHaveText(
      'Fri 2024-01-05 03:00:00',
    );
    await expect(rows.filter({ hasText: 'America/New_York' }).getByTestId('zone-offset')).toHaveText('UTC−05:00');

    // Add a zone by an alias in lower case: it is listed by its canonical name.
    await page.getByTestId('zone-add').fill('asia/calcutta');
    await page.getByTestId('zone-add-button').click();
    const kolkata = rows.filter({ hasText: 'Asia/Kolkata' });
    await expect(kolkata.getByTestId('zone-time')).toHaveText('Fri 2024-01-05 13:30:00');
    await kolkata.getByRole('button', { name: 'Copy Asia/Kolkata time' }).click();
    expect(await clipboardText(page)).toBe('2024-01-05T13:30:00+05:30');

    // An unknown zone is explained, not added.
    await page.getByTestId('zone-add').fill('Mars/Olympus_Mons');
    await page.getByTestId('zone-add').press('Enter');
    await expect(page.getByTestId('zone-problem')).toContainText('"Mars/Olympus_Mons" is not a known IANA time zone');
    await expect(rows).toHaveCount(5);

    await page.getByRole('button', { name: 'Remove Europe/London' }).click();
    await expect(rows).toHaveCount(4);
    // Kept on the device: a new visit shows the same list (and nothing typed is stored with it).
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('1700000000');
    await expect(page.getByTestId('zone-row')).toHaveCount(4);
    await expect(page.getByTestId('zone-row').filter({ hasText: 'Asia/Kolkata' }).getByTestId('zone-time')).toHaveText(
      'Wed 2023-11-15 03:43:20',
    );
    const stored = await page.evaluate(() => localStorage.getItem('devtoolbox:timestamp-converter:zones'));
    expect(JSON.parse(stored!)).toEqual(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Asia/Kolkata']);
  });

  test('a zone is found from its city or an abbreviation: Kolkata, tokyo, IST', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('1704441600');
    const rows = page.getByTestId('zone-row');
    await expect(rows).toHaveCount(4);
    await page.getByRole('button', { name: 'Remove Asia/Tokyo' }).click();
    await expect(rows).toHaveCount(3);

    // A city, Enter: its zone is added.
    await page.getByTestId('zone-add').fill('Kolkata');
    await expect(page.getByTestId('zone-suggestions').getByRole('button').first()).toHaveText('Asia/Kolkata');
    await page.getByTestId('zone-add').press('Enter');
    await expect(rows.filter({ hasText: 'Asia/Kolkata' }).getByTestId('zone-time')).toHaveText(
      'Fri 2024-01-05 13:30:00',
    );
    // In lower case too.
    await page.getByTestId('zone-add').fill('tokyo');
    await page.getByTestId('zone-add').press('Enter');
    await expect(rows.filter({ hasText: 'Asia/Tokyo' }).getByTestId('zone-time')).toHaveText('Fri 2024-01-05 17:00:00');
    // An abbreviation with several meanings lists them; one click adds the one meant.
    await page.getByTestId('zone-add').fill('IST');
    const offered = page.getByTestId('zone-suggestions').getByRole('button');
    await expect(offered).toHaveText(['Asia/Kolkata', 'Asia/Jerusalem', 'Europe/Dublin']);
    await offered.filter({ hasText: 'Europe/Dublin' }).click();
    await expect(rows.filter({ hasText: 'Europe/Dublin' }).getByTestId('zone-time')).toHaveText(
      'Fri 2024-01-05 08:00:00',
    );
  });

  test('the picker fills the input with the offset of the chosen zone at that moment, gaps moving forward', async ({
    page,
  }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('picker-zone').selectOption('Asia/Tokyo');
    await page.getByTestId('picker').fill('2023-11-15T07:13:20');
    await expect(page.getByTestId('input')).toHaveValue('2023-11-15T07:13:20+09:00');
    await expect(page.getByTestId('unix_seconds')).toHaveText('1700000000');

    await page.getByTestId('picker-zone').selectOption('Europe/Berlin');
    await expect(page.getByTestId('picker')).toHaveValue('2023-11-14T23:13:20'); // the same instant, shown in Berlin
    await page.getByTestId('picker').fill('2024-03-31T02:30:00');
    await expect(page.getByTestId('input')).toHaveValue('2024-03-31T03:30:00+02:00');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-03-31T01:30:00.000Z');
  });

  test('"Live" ticks once a second while visible, and can be paused', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('live').click();
    await expect(page.getByTestId('input')).toHaveValue('now');
    await expect(page.getByTestId('relative')).toHaveText('just now');
    const first = Number(await page.getByTestId('unix_ms').textContent());
    await expect
      .poll(async () => Number(await page.getByTestId('unix_ms').textContent()), { timeout: 5000 })
      .toBeGreaterThan(first);

    await page.getByTestId('pause').click();
    await expect(page.getByTestId('pause')).toHaveAttribute('aria-pressed', 'true');
    await page.waitForTimeout(1200); // an answer already on its way when paused may still land
    const paused = await page.getByTestId('unix_ms').textContent();
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('unix_ms')).toHaveText(paused!);
  });

  test('the live clock stops while the page is hidden and resumes when it is shown', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('live').click();
    await expect(page.getByTestId('relative')).toHaveText('just now');
    const setVisibility = (state: 'hidden' | 'visible') =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await setVisibility('hidden');
    await page.waitForTimeout(1200); // an answer already on its way may still land
    const hidden = await page.getByTestId('unix_ms').textContent();
    await page.waitForTimeout(1500);
    await expect(page.getByTestId('unix_ms')).toHaveText(hidden!);
    await setVisibility('visible');
    await expect
      .poll(async () => Number(await page.getByTestId('unix_ms').textContent()), { timeout: 5000 })
      .toBeGreaterThan(Number(hidden));
  });

  // Instants from Python's zoneinfo and datetime; Discord's documented Snowflake example.
  test('reads a wall clock in a zone, says when it fell in a gap, and lets the user choose', async ({ page }) => {
    await page.goto('/timestamp-converter');
    // The fold opens from the keyboard too (a real <details>); closed, the answer stays in view.
    await expect(page.getByTestId('try-zone')).toBeHidden();
    await page.getByTestId('more-options').locator('summary').first().focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('try-zone').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('input')).toHaveValue('2024-03-31 02:30');
    await expect(page.getByTestId('input-zone')).toHaveValue('Europe/Berlin');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-03-31T01:30:00.000Z');
    await expect(page.getByTestId('transition')).toContainText('never happened there');
    await page.getByTestId('disambiguation').selectOption('earlier');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-03-31T00:30:00.000Z');
    await page.getByTestId('disambiguation').selectOption('reject');
    await expect(page.getByRole('alert')).toContainText('never happened in Europe/Berlin');

    await page.getByTestId('input').fill('2024-07-01 10:00');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-07-01T08:00:00.000Z');
    await expect(page.getByTestId('detected')).toContainText('a wall clock in Europe/Berlin at +02:00');
    await page.getByTestId('input-zone').fill('');
    await expect(page.getByTestId('iso8601')).toHaveText('2024-07-01T10:00:00.000Z'); // UTC, as before
  });

  test('reads the kind the user picks: a Discord Snowflake, an Excel serial', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('175928847299117063');
    await expect(page.getByTestId('detected')).toContainText('in nanoseconds');
    await page.getByText('Input kind, wall-clock zone, output format').click();
    await page.getByLabel('Input kind').selectOption('snowflake-discord');
    await expect(page.getByTestId('iso8601')).toHaveText('2016-04-30T11:18:25.796Z');
    await expect(page.getByTestId('detected')).toContainText('a Discord Snowflake ID');
    await page.getByTestId('try-kind').click();
    await expect(page.getByLabel('Input kind')).toHaveValue('excel-1900');
    await expect(page.getByTestId('iso8601')).toHaveText('2023-03-15T12:00:00.000Z');
  });

  test('a shared link with a kind opens the fold, which says what is set', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByText('Input kind, wall-clock zone, output format').click();
    await page.getByTestId('try-kind').click();
    await expect(page.getByTestId('more-options')).toContainText('· set: kind');
    // The input lives in the URL fragment: the same address in a fresh page is a shared link.
    await expect(page).toHaveURL(/#/);
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('more-options')).toHaveAttribute('open', '');
    await expect(page.getByLabel('Input kind')).toHaveValue('excel-1900');
  });

  test('writes the answer in a format of tokens, in a zone, with the tokens explained', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('1700000000');
    await page.getByText('Input kind, wall-clock zone, output format').click();
    await page.getByLabel('Output format').fill('dddd, MMMM Do YYYY, h:mm A [IST]');
    await page.getByTestId('format-zone').fill('Asia/Kolkata');
    await expect(page.getByTestId('formatted')).toHaveText('Wednesday, November 15th 2023, 3:43 AM IST');
    await expect(page.getByText('Formatted (Asia/Kolkata)', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'YYYY-MM-DD HH:mm:ss Z' }).click();
    await expect(page.getByTestId('formatted')).toHaveText('2023-11-15 03:43:20 +05:30');
    await page.getByText('Format tokens').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row', { name: /^Do day of the month, ordinal 5th$/ })).toBeVisible();
  });
});
