// Expected answers worked out by hand from RFC 3986 §2.1 (uppercase %XX of the UTF-8 bytes):
// é U+00E9 = C3 A9, è U+00E8 = C3 A8, ü U+00FC = C3 BC, 😀 U+1F600 = F0 9F 98 80.
import { clipboardText, expect, test } from './fixtures';

test.describe('url-encoder page', () => {
  test('encodes a component as the user types, with the encoding table, and copies', async ({ page }) => {
    await page.goto('/url-encoder');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('URL Encoder / Decoder');
    await page.getByTestId('input').fill('café & crème');
    await expect(page.getByTestId('output')).toHaveValue('caf%C3%A9%20%26%20cr%C3%A8me');

    // One row per distinct changed character, in order of first occurrence.
    const table = page.getByTestId('encoding-table');
    await expect(table.locator('caption')).toContainText('4 distinct characters');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    expect(rows).toEqual([
      ['é', 'U+00E9', '%C3%A9'],
      ['space', 'U+0020', '%20'],
      ['&', 'U+0026', '%26'],
      ['è', 'U+00E8', '%C3%A8'],
    ]);

    await page.getByRole('button', { name: /copy encoded/i }).click();
    expect(await clipboardText(page)).toBe('caf%C3%A9%20%26%20cr%C3%A8me');
  });

  test('encode-full keeps the URL structure; nothing to encode says so', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('mode-encode-full').check();
    await page.getByTestId('input').fill('https://example.com/a b?q=ü&x=[1]');
    await expect(page.getByTestId('output')).toHaveValue('https://example.com/a%20b?q=%C3%BC&x=[1]');
    await expect(page.getByTestId('encoding-table').locator('tbody tr')).toHaveCount(2);

    await page.getByTestId('input').fill('https://example.com/ok?a=1&b=2');
    await expect(page.getByTestId('encoding-table-empty')).toBeVisible();
    await expect(page.getByTestId('meta')).toContainText('Nothing to change');
  });

  test('decodes, leaves + alone, and reports a malformed sequence with its position', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('mode-decode').check();
    await page.getByTestId('input').fill('a+b%20%F0%9F%98%80');
    await expect(page.getByTestId('output')).toHaveValue('a+b 😀');
    await expect(page.getByTestId('encoding-table')).toHaveCount(0);

    await page.getByTestId('input').fill('100%');
    await expect(page.getByTestId('error')).toContainText('position 4');
    await expect(page.getByTestId('output')).toHaveValue('');
    // %C3 alone is a cut-short two-byte UTF-8 sequence.
    await page.getByTestId('input').fill('x%C3');
    await expect(page.getByTestId('error')).toContainText('not valid UTF-8');
    await page.getByTestId('input').fill('%C3%A9');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('output')).toHaveValue('é');
  });

  test('works from the keyboard: arrow keys change the mode, the swap button decodes the result', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('input').fill('a/b c');
    await expect(page.getByTestId('output')).toHaveValue('a%2Fb%20c');
    await page.getByTestId('mode-encode-component').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('mode-encode-full')).toBeChecked();
    await expect(page.getByTestId('output')).toHaveValue('a/b%20c');

    await page.getByTestId('swap').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('mode-decode')).toBeChecked();
    await expect(page.getByTestId('input')).toHaveValue('a/b%20c');
    await expect(page.getByTestId('output')).toHaveValue('a/b c');
  });

  test('restores input and mode from a shared link', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('mode-decode').check();
    await page.getByTestId('input').fill('caf%C3%A9');
    await expect(page).toHaveURL(/#.*decode/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('mode-decode')).toBeChecked();
    await expect(page.getByTestId('input')).toHaveValue('caf%C3%A9');
    await expect(page.getByTestId('output')).toHaveValue('café');
  });

  test('reads a picked text file', async ({ page }) => {
    await page.goto('/url-encoder');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'q.txt', mimeType: 'text/plain', buffer: Buffer.from('x=1;y=2') });
    await expect(page.getByTestId('output')).toHaveValue('x%3D1%3By%3D2');
  });
});

// Issue 16. Form answers from URLSearchParams: new URLSearchParams({a: 'café & co'}).toString()
// is 'a=caf%C3%A9+%26+co'.
test.describe('url-encoder page: forms and URLs', () => {
  test('encode-form writes + for a space; swap decodes it as a form', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('mode-encode-form').check();
    await page.getByTestId('input').fill('café & co');
    await expect(page.getByTestId('output')).toHaveValue('caf%C3%A9+%26+co');
    await page.getByTestId('swap').click();
    await expect(page.getByTestId('mode-decode-form')).toBeChecked();
    await expect(page.getByTestId('output')).toHaveValue('café & co');
  });

  test('a full URL in a decode mode shows its parts and decoded query parameters, each copyable', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('mode-decode').check();
    await page
      .getByTestId('input')
      .fill('https://ada@example.com:8443/s%20p?q=gr%C3%BC%C3%9Fe+bl%C3%BC&a=1%262&flag#top');
    const parts = page.getByTestId('url-parts');
    await expect(parts.locator('tbody tr')).toHaveCount(7);
    const rows = await parts
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector('th')!.textContent!.trim(), tr.querySelector('td')!.textContent!.trim()]),
      );
    expect(rows).toEqual([
      ['protocol', 'https:'],
      ['username', 'ada'],
      ['host', 'example.com:8443'],
      ['port', '8443'],
      ['pathname', '/s%20p'],
      ['search', '?q=gr%C3%BC%C3%9Fe+bl%C3%BC&a=1%262&flag'],
      ['hash', '#top'],
    ]);
    const query = page.getByTestId('query-table');
    await expect(query.locator('tbody tr')).toHaveCount(3);
    const params = await query
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent!.trim())),
      );
    expect(params).toEqual([
      ['q', 'grüße blü'],
      ['a', '1&2'],
      ['flag', '(empty)'],
    ]);
    await page.getByRole('button', { name: 'Copy value of q' }).click();
    expect(await clipboardText(page)).toBe('grüße blü');
    await page.getByRole('button', { name: 'Copy pathname' }).click();
    expect(await clipboardText(page)).toBe('/s%20p');

    // Not a URL, or an encode mode: no tables.
    await page.getByTestId('input').fill('a%20b');
    await expect(page.getByTestId('output')).toHaveValue('a b');
    await expect(page.getByTestId('url-parts')).toHaveCount(0);
    await page.getByTestId('input').fill('https://example.com/?x=1');
    await page.getByTestId('mode-encode-full').check();
    await expect(page.getByTestId('encoding-table-empty')).toBeVisible();
    await expect(page.getByTestId('query-table')).toHaveCount(0);
  });
});
