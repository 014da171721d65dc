// One tool's answer is the next tool's input: "Open in…" beside an output (two actions: open the
// menu, choose the tool), the value handed over in memory and never through the address; a page
// left through the sidebar comes back as it was; the opt-in input history in IndexedDB.
import { tools } from '../../src/tools/index';
import { expect, test, type Page } from './fixtures';
import { waitForResult } from './page-results';

/** Every address the page shows, pushState and replaceState included (Playwright reports both). */
function recordUrls(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  return seen;
}

/** Checks that none of `secrets` was ever in the address, raw or percent-encoded. */
function expectNotInUrls(urls: string[], current: string, secrets: string[]): void {
  for (const url of [...urls, current]) {
    for (const secret of secrets) {
      expect(url, 'an address').not.toContain(secret);
      expect(decodeURIComponent(url), 'an address, decoded').not.toContain(secret);
    }
  }
}

/** The field (label, buttons, box) around the output with this test id. */
const fieldOf = (page: Page, testid: string) => page.locator('.field', { has: page.getByTestId(testid) }).first();

/** A tool's link in the sidebar's categories (it may also be listed under Recent). */
const sidebarLink = (page: Page, options: { name: string; exact: boolean }) =>
  page.locator('#sidebar').getByRole('link', options).last();

const base64url = (text: string) => Buffer.from(text).toString('base64url');

test.describe('Open in…', () => {
  test('a JWT payload opens in the JSON formatter in two keyboard actions, the token never in the address', async ({
    page,
  }) => {
    const urls = recordUrls(page);
    const payload = { sub: 'user_42', name: 'Grace Hopper', admin: true, iat: 1767225600 };
    const token = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.c2lnbmF0dXJlLWJ5dGVz`;
    await page.goto('/jwt-decoder');
    await page.getByTestId('token').fill(token);
    await expect(page.getByTestId('payload')).toHaveValue(JSON.stringify(payload, null, 2));

    const open = fieldOf(page, 'payload').getByRole('button', { name: 'Open in…' });
    await expect(open).toHaveAccessibleDescription(/Payload/);
    await open.focus();
    // Action 1: open the menu (Enter); focus goes to its first item.
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Open Payload in' });
    await expect(menu).toBeVisible();
    const item = menu.getByRole('menuitem', { name: /JSON Formatter/ });
    await expect(item).toBeFocused();
    // Action 2: choose.
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/json-formatter(#[^#]*)?$/);
    await expect(page.getByTestId('input')).toHaveValue(JSON.stringify(payload, null, 2));
    await expect(page.getByTestId('status')).toContainText('Valid JSON');
    expectNotInUrls(urls, page.url(), [token, token.split('.')[1]!, 'Grace Hopper', 'Grace%20Hopper']);
  });

  test('Base64 decode → JSON formatter → JSON ⇄ CSV, two clicks each, nothing in the address', async ({ page }) => {
    const urls = recordUrls(page);
    const rows = [
      { id: 1, name: 'Ada' },
      { id: 2, name: 'Linus' },
    ];
    const json = JSON.stringify(rows);
    const encoded = Buffer.from(json).toString('base64');
    await page.goto('/base64');
    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill(encoded);
    await expect(page.getByTestId('output')).toHaveValue(json);

    // The typed Base64 is in this page's own shareable link, as any input; what is handed over is not.
    urls.length = 0;
    await fieldOf(page, 'output').getByRole('button', { name: 'Open in…' }).click();
    await page.getByRole('menuitem', { name: /JSON Formatter/ }).click();
    await expect(page).toHaveURL(/\/json-formatter(#[^#]*)?$/);
    await expect(page.getByTestId('input')).toHaveValue(json);
    await expect(page.getByTestId('output').locator('[data-line="1"]')).toBeVisible();

    // The formatter's output (pretty-printed) goes on to JSON ⇄ CSV, in its JSON → CSV direction.
    await page
      .locator('.field', { has: page.getByTestId('output') })
      .getByRole('button', { name: 'Open in…' })
      .click();
    await page.getByRole('menuitem', { name: /JSON ⇄ CSV/ }).click();
    await expect(page).toHaveURL(/\/json-to-csv(#[^#]*)?$/);
    await expect(page.getByTestId('mode')).toHaveValue('json-to-csv');
    await expect(page.getByTestId('output')).toHaveValue('id,name\n1,Ada\n2,Linus');
    expectNotInUrls(urls, page.url(), ['Linus', '%22id%22']);
  });

  test('CSV → JSON → JSON formatter in two clicks, nothing in the address', async ({ page }) => {
    const urls = recordUrls(page);
    const csv = 'city,population\nLyon,522250\nGhent,265086';
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await page.getByTestId('input').fill(csv);
    const output = page.getByTestId('output');
    await expect(output).not.toHaveValue('');
    const converted = await output.inputValue();
    expect(JSON.parse(converted)).toEqual([
      { city: 'Lyon', population: 522250 },
      { city: 'Ghent', population: 265086 },
    ]);

    // The typed CSV is in this page's own shareable link, as any input; what is handed over is not.
    urls.length = 0;
    await fieldOf(page, 'output').getByRole('button', { name: 'Open in…' }).click();
    const menu = page.getByTestId('open-in-menu');
    // The page's own tool is not offered its output (the Swap button does that).
    await expect(menu.getByTestId('open-in-tool')).not.toHaveText([/JSON ⇄ CSV/]);
    await menu.getByRole('menuitem', { name: /JSON Formatter/ }).click();
    await expect(page).toHaveURL(/\/json-formatter(#[^#]*)?$/);
    await expect(page.getByTestId('input')).toHaveValue(converted);
    await expect(page.getByTestId('status')).toContainText('Valid JSON');
    expectNotInUrls(urls, page.url(), ['Ghent', 'population']);
  });

  test('"Use as input" turns Base64 output back into input, the other way round', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('input').fill('hello, world');
    await expect(page.getByTestId('output')).toHaveValue('aGVsbG8sIHdvcmxk');
    await fieldOf(page, 'output').getByRole('button', { name: 'Open in…' }).click();
    await page.getByRole('menuitem', { name: /Use as input/ }).click();
    await expect(page.getByTestId('mode')).toHaveValue('decode');
    await expect(page.getByTestId('input')).toHaveValue('aGVsbG8sIHdvcmxk');
    await expect(page.getByTestId('output')).toHaveValue('hello, world');
  });

  test('Escape closes the menu and gives focus back to its button', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('input').fill('hello');
    const open = fieldOf(page, 'output').getByRole('button', { name: 'Open in…' });
    await open.click();
    await expect(page.getByTestId('open-in-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('open-in-menu')).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('Open in… on a row', () => {
  test('a query parameter of a URL opens in the timestamp converter in two clicks, an icon beside its Copy', async ({
    page,
  }) => {
    const urls = recordUrls(page);
    await page.goto('/url-encoder');
    await page.getByTestId('mode-decode').check();
    await page.getByTestId('input').fill('https://example.com/callback?state=abc&issued=1700000000');
    const row = page.getByTestId('query-table').getByRole('row').filter({ hasText: 'issued' });
    const copy = row.getByRole('button', { name: 'Copy value of issued' });
    const open = row.getByRole('button', { name: 'Open value of issued in…' });
    await expect(open).toBeVisible();
    // Compact: an icon on the Copy button's line, not a second row of words.
    await expect(open).toHaveText('');
    const [a, b] = [await copy.boundingBox(), await open.boundingBox()];
    expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(4);
    expect(b!.x).toBeGreaterThan(a!.x);

    urls.length = 0;
    await open.click();
    const menu = page.getByRole('menu', { name: 'Open value of issued in' });
    await menu.getByRole('menuitem', { name: /Timestamp Converter/ }).click();
    await expect(page).toHaveURL(/\/timestamp-converter(#[^#]*)?$/);
    await expect(page.getByTestId('input')).toHaveValue('1700000000');
    await expect(page.getByTestId('unix_seconds')).toContainText('1700000000');
    // Handed over in memory: the address the click led to never held it.
    expect(urls.filter((url) => url.includes('/timestamp-converter')).some((url) => url.includes('1700000000'))).toBe(
      false,
    );
  });

  test('a hash row goes on to Base64; a row only its own page reads offers nothing', async ({ page }) => {
    await page.goto('/timestamp-converter');
    await page.getByTestId('input').fill('1700000000');
    const results = page.locator('dl').first();
    await expect(results.getByRole('button', { name: 'Copy ISO 8601 (UTC)' })).toBeVisible();
    // A date only the timestamp converter reads: no menu (a tool is never offered its own output).
    await expect(results.getByRole('button', { name: 'Open ISO 8601 (UTC) in…' })).toHaveCount(0);
    // Milliseconds are also a decimal number: the number base converter takes them.
    await results.getByRole('button', { name: 'Open Unix milliseconds in…' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: /Number Base Converter/ })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/hash-generator');
    await page.getByTestId('input').fill('abc');
    await page.getByTestId('encoding').selectOption('base64');
    const digest = 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=';
    await expect(page.getByTestId('output')).toHaveValue(digest);
    await page.getByTestId('all').check();
    const sha = page.locator('tr[data-algorithm="sha256"]');
    await expect(sha.getByTestId('digest')).toHaveText(digest);
    await sha.getByRole('button', { name: /^Open SHA-256 in…$/ }).click();
    await page.getByRole('menuitem', { name: /Base64/ }).click();
    await expect(page).toHaveURL(/\/base64(#[^#]*)?$/);
    await expect(page.getByTestId('input')).toHaveValue(digest);
    await expect(page.getByTestId('mode')).toHaveValue('decode');
  });
});

test.describe('inputs are not lost', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // Every page, from the registry: load the example, leave through the sidebar, come back.
  for (const { slug, name } of tools) {
    test(`${slug}: leaving through the sidebar and coming back keeps the input and options`, async ({ page }) => {
      const other = tools.find((tool) => tool.slug !== slug)!;
      await page.goto(`/${slug}`);
      await page.getByTestId('load-example').click();
      await waitForResult(page, slug);
      // A credential comes back only when the user allowed it (the JWT page's secret).
      const keep = page.getByTestId('keep-secret');
      if (await keep.count()) await keep.check();
      const fields = page.locator(
        'article :is(textarea:not([readonly]), input:not([type="file"]):not([type="hidden"]), select)',
      );
      const before = await fields.evaluateAll((list) =>
        list.map((field) =>
          field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
            ? field.checked
            : (field as HTMLInputElement).value,
        ),
      );

      await sidebarLink(page, { name: other.name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${other.slug}(#.*)?$`));
      await expect(page.locator('h1')).toHaveText(other.name);
      await sidebarLink(page, { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/${slug}(#.*)?$`));
      await expect(page.locator('h1')).toHaveText(name);

      await waitForResult(page, slug);
      await expect(page.getByTestId('load-example')).toHaveCount(0);
      await expect
        .poll(() =>
          fields.evaluateAll((list) =>
            list.map((field) =>
              field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
                ? field.checked
                : (field as HTMLInputElement).value,
            ),
          ),
        )
        .toEqual(before);
    });
  }

  test('options come back too, and a secret only when the user allowed it', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('input').fill('subjects?');
    await page.getByTestId('charset').selectOption('url-safe');
    await expect(page.getByTestId('output')).toHaveValue('c3ViamVjdHM_');
    await sidebarLink(page, { name: 'Hash Generator', exact: true }).click();
    // The HMAC key is a credential: not kept unless allowed.
    await page.getByTestId('input').fill('message');
    await page.getByTestId('hmac-key').fill('k3y-not-kept');
    await sidebarLink(page, { name: 'Base64 Encoder / Decoder', exact: true }).click();
    await expect(page.getByTestId('input')).toHaveValue('subjects?');
    await expect(page.getByTestId('charset')).toHaveValue('url-safe');
    await expect(page.getByTestId('output')).toHaveValue('c3ViamVjdHM_');

    await sidebarLink(page, { name: 'Hash Generator', exact: true }).click();
    await expect(page.getByTestId('input')).toHaveValue('message');
    await expect(page.getByTestId('hmac-key')).toHaveValue('');
    await page.getByTestId('hmac-key').fill('k3y-kept');
    await page.getByTestId('keep-secret').check();
    await sidebarLink(page, { name: 'Base64 Encoder / Decoder', exact: true }).click();
    await sidebarLink(page, { name: 'Hash Generator', exact: true }).click();
    await expect(page.getByTestId('hmac-key')).toHaveValue('k3y-kept');
    await expect(page.getByTestId('keep-secret')).toBeChecked();
    expect(page.url()).not.toContain('k3y');
  });
});

/** The history entries IndexedDB holds for `slug` (the app's database, read directly). */
function storedEntries(page: Page, slug: string): Promise<Record<string, unknown>[]> {
  return page.evaluate(async (tool) => {
    // Opening a database that is not there would create it: look first.
    if (!(await indexedDB.databases()).some((db) => db.name === 'devtoolbox')) return [];
    return new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const open = indexedDB.open('devtoolbox');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('history')) return (db.close(), resolve([]));
        const request = db.transaction('history').objectStore('history').getAll();
        request.onsuccess = () => {
          db.close();
          resolve(
            (request.result as { slug: string; fields: Record<string, unknown> }[])
              .filter((entry) => entry.slug === tool)
              .map((entry) => entry.fields),
          );
        };
        request.onerror = () => reject(request.error);
      };
    });
  }, slug);
}

test.describe('input history', () => {
  test('off by default; on, two runs are kept across a reload, one reopens, and Clear empties IndexedDB', async ({
    page,
  }) => {
    await page.goto('/url-encoder');
    await page.getByTestId('input').fill('not kept: history is off');
    await expect(page.getByTestId('output')).not.toHaveValue('');
    await page.waitForTimeout(1600); // longer than the settle pause: nothing may have been written
    expect(await storedEntries(page, 'url-encoder')).toEqual([]);

    const history = page.getByRole('button', { name: 'History' });
    await history.click();
    const panel = page.getByRole('dialog', { name: 'Input history' });
    await expect(panel).toContainText('IndexedDB, on this device only');
    const on = panel.getByRole('checkbox', { name: 'Keep my last inputs to this tool' });
    await expect(on).not.toBeChecked();
    await on.check();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await page.getByTestId('input').fill('first run');
    await expect(page.getByTestId('output')).toHaveValue('first%20run');
    await expect.poll(() => storedEntries(page, 'url-encoder')).toHaveLength(1);
    await page.getByTestId('input').fill('second run');
    await expect(page.getByTestId('output')).toHaveValue('second%20run');
    await expect.poll(() => storedEntries(page, 'url-encoder')).toHaveLength(2);

    await page.reload();
    await history.click();
    await expect(on).toBeChecked();
    const entries = panel.getByTestId('history-entry');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('second run');
    await expect(entries.nth(1)).toContainText('first run');

    await entries.nth(1).click();
    await expect(page.getByTestId('input')).toHaveValue('first run');
    await expect(page.getByTestId('output')).toHaveValue('first%20run');

    await history.click();
    await panel.getByRole('button', { name: 'Clear history' }).click();
    await expect(panel.getByTestId('history-entry')).toHaveCount(0);
    expect(await storedEntries(page, 'url-encoder')).toEqual([]);
  });

  test('a JWT page keeps the token it ran but never the secret', async ({ page }) => {
    await page.goto('/jwt-decoder');
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByRole('checkbox', { name: 'Keep my last inputs to this tool' }).check();
    await page.keyboard.press('Escape');
    await page.getByTestId('load-example').click();
    await waitForResult(page, 'jwt-decoder');
    await expect.poll(() => storedEntries(page, 'jwt-decoder')).toHaveLength(1);
    const [entry] = await storedEntries(page, 'jwt-decoder');
    expect(entry!.token).toMatch(/^eyJ/);
    expect(entry).not.toHaveProperty('secret');
  });
});
