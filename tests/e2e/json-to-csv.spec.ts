// Expected answers worked out by hand from RFC 4180 (quote a field holding the delimiter, a quote
// or a line break; double the quote) and the spec's rules (header = union of keys in first-seen
// order, nested objects as dot columns); JSON answers are JSON.stringify(…, null, 2) of the data.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clipboardText, expect, test } from './fixtures';

/** The preview table as text: header row, then each body row (row number first). */
async function previewTable(page: Page): Promise<string[][]> {
  return page
    .getByTestId('preview')
    .locator('tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
}

test.describe('json-to-csv page', () => {
  test('converts a JSON array to CSV as the user types, with a table preview, and copies', async ({ page }) => {
    await page.goto('/json-to-csv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('JSON ⇄ CSV Converter');
    await page
      .getByLabel('JSON array of objects')
      .fill('[{"name":"Ada","address":{"city":"London","zip":"N1"}},{"name":"Alan","address":{"city":"Wilmslow"}}]');
    await expect(page.getByTestId('output')).toHaveValue(
      'name,address.city,address.zip\nAda,London,N1\nAlan,Wilmslow,',
    );
    await expect(page.getByTestId('meta')).toContainText('2 rows · 3 columns');
    await expect(page.getByTestId('error')).toHaveCount(0);

    expect(await previewTable(page)).toEqual([
      ['#', 'name', 'address.city', 'address.zip'],
      ['1', 'Ada', 'London', 'N1'],
      ['2', 'Alan', 'Wilmslow', ''],
    ]);
    await expect(page.getByTestId('preview-note')).toHaveText('2 rows.');

    await page.getByRole('button', { name: /copy csv/i }).click();
    expect(await clipboardText(page)).toBe('name,address.city,address.zip\nAda,London,N1\nAlan,Wilmslow,');
  });

  test('quotes by RFC 4180, keeps nested objects as JSON when flatten is off, and changes the delimiter', async ({
    page,
  }) => {
    await page.goto('/json-to-csv');
    const input = page.getByTestId('input');
    await input.fill(JSON.stringify([{ q: 'say "hi"', d: 'x,y', nl: 'l1\nl2' }]));
    await expect(page.getByTestId('output')).toHaveValue('q,d,nl\n"say ""hi""","x,y","l1\nl2"');
    // The preview shows the fields as they are, quotes undone.
    expect(await previewTable(page)).toEqual([
      ['#', 'q', 'd', 'nl'],
      ['1', 'say "hi"', 'x,y', 'l1\nl2'],
    ]);

    // Flatten off, from the keyboard: Space toggles the focused checkbox.
    await input.fill('[{"id":1,"meta":{"a":1}}]');
    await expect(page.getByTestId('output')).toHaveValue('id,meta.a\n1,1');
    const flatten = page.getByTestId('flatten');
    await flatten.focus();
    await page.keyboard.press('Space');
    await expect(flatten).not.toBeChecked();
    await expect(page.getByTestId('output')).toHaveValue('id,meta\n1,"{""a"":1}"');

    // A semicolon delimiter: commas are plain text, semicolons need quotes.
    await page.getByTestId('delimiter').selectOption({ label: 'Semicolon ( ; )' });
    await input.fill('[{"a":"1,5","b":"x;y"}]');
    await expect(page.getByTestId('output')).toHaveValue('a;b\n1,5;"x;y"');
    expect(await previewTable(page)).toEqual([
      ['#', 'a', 'b'],
      ['1', '1,5', 'x;y'],
    ]);
  });

  test('converts CSV to JSON with typed values and nested objects, and downloads it', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await page
      .getByLabel('CSV (the first row is the header)')
      .fill('name,age,active,address.city\n"Lovelace, Ada",36,true,London\nAlan,41,false,');
    const expected = JSON.stringify(
      [
        { name: 'Lovelace, Ada', age: 36, active: true, address: { city: 'London' } },
        { name: 'Alan', age: 41, active: false, address: { city: '' } },
      ],
      null,
      2,
    );
    await expect(page.getByTestId('output')).toHaveValue(expected);
    await expect(page.getByTestId('meta')).toContainText('2 rows · 4 columns');
    expect(await previewTable(page)).toEqual([
      ['#', 'name', 'age', 'active', 'address.city'],
      ['1', 'Lovelace, Ada', '36', 'true', 'London'],
      ['2', 'Alan', '41', 'false', ''],
    ]);

    await page.getByRole('button', { name: /copy json/i }).click();
    expect(await clipboardText(page)).toBe(expected);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('converted.json');
    expect(await readFile(await file.path(), 'utf8')).toBe(expected);
  });

  test('shows where the input is wrong, and no output', async ({ page }) => {
    await page.goto('/json-to-csv');
    const input = page.getByTestId('input');
    // Line 2 is ` {"b":2,}`: the comma before `}` is its 8th character.
    await input.fill('[{"a":1},\n {"b":2,}]');
    await expect(page.getByTestId('error')).toContainText('line 2, column 8');
    await expect(page.getByTestId('output')).toHaveValue('');
    await expect(page.getByTestId('preview')).toHaveCount(0);

    await input.fill('42');
    await expect(page.getByTestId('error')).toContainText('array');

    await page.getByTestId('mode').selectOption('csv-to-json');
    // The quote opening the unterminated field is the 3rd character of line 2.
    await input.fill('a,b\n1,"oops\n2,3');
    await expect(page.getByTestId('error')).toContainText('line 2, column 3');
    await expect(page.getByTestId('output')).toHaveValue('');

    await input.fill('a,b\n1,"fixed"');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "a": 1,\n    "b": "fixed"\n  }\n]');
  });

  test('reads a picked file, its type setting the direction, and names the download after it', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from('name,age\r\nAda,36\r\n') });
    await expect(page.getByTestId('mode')).toHaveValue('csv-to-json');
    await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "name": "Ada",\n    "age": 36\n  }\n]');

    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'sheet.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('a\tb\nx,1\t2') });
    await expect(page.getByTestId('delimiter')).toHaveValue('\t');
    await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "a": "x,1",\n    "b": 2\n  }\n]');

    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'list.json', mimeType: 'application/json', buffer: Buffer.from('[{"k":"v"},{"k":"w"}]') });
    await expect(page.getByTestId('mode')).toHaveValue('json-to-csv');
    await expect(page.getByTestId('output')).toHaveValue('k\nv\nw');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('list.csv');
    expect(await readFile(await file.path(), 'utf8')).toBe('k\nv\nw');
  });

  test('keeps the settings in the URL fragment and restores them from a shared link', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await page.getByTestId('delimiter').selectOption('\t');
    await page.getByTestId('flatten').uncheck();
    await page.getByTestId('input').fill('a.b\tc\n1\t2');
    const expected = '[\n  {\n    "a.b": 1,\n    "c": 2\n  }\n]';
    await expect(page.getByTestId('output')).toHaveValue(expected);
    await expect(page).toHaveURL(/#.*csv-to-json/);

    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('a.b\tc\n1\t2');
    await expect(page.getByTestId('mode')).toHaveValue('csv-to-json');
    await expect(page.getByTestId('delimiter')).toHaveValue('\t');
    await expect(page.getByTestId('flatten')).not.toBeChecked();
    await expect(page.getByTestId('output')).toHaveValue(expected);
  });

  test('round-trips JSON → CSV → JSON with the swap button', async ({ page }) => {
    await page.goto('/json-to-csv');
    const data = [
      { name: 'Ada', address: { city: 'London' }, n: 1.5, ok: false },
      { name: 'Grace "Amazing"', address: { city: 'New York, NY' }, n: -2, ok: true },
    ];
    await page.getByTestId('input').fill(JSON.stringify(data));
    await expect(page.getByTestId('output')).toHaveValue(
      'name,address.city,n,ok\nAda,London,1.5,false\n"Grace ""Amazing""","New York, NY",-2,true',
    );
    await page.getByTestId('swap').click();
    await expect(page.getByTestId('mode')).toHaveValue('csv-to-json');
    await expect(page.getByTestId('output')).toHaveValue(JSON.stringify(data, null, 2));
  });

  test('previews only the first 100 rows of a long table', async ({ page }) => {
    await page.goto('/json-to-csv');
    const data = Array.from({ length: 150 }, (_, i) => ({ i, even: i % 2 === 0 }));
    await page.getByTestId('input').fill(JSON.stringify(data));
    await expect(page.getByTestId('meta')).toContainText('150 rows · 2 columns');
    await expect(page.getByTestId('preview-note')).toHaveText('First 100 of 150 rows.');
    await expect(page.getByTestId('preview').locator('tbody tr')).toHaveCount(100);
    const rows = await previewTable(page);
    expect(rows[1]).toEqual(['1', '0', 'true']);
    expect(rows[100]).toEqual(['100', '99', 'false']);
  });

  test('detects a semicolon CSV, shows it as columns, and says which delimiter it found', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await expect(page.getByTestId('delimiter')).toHaveValue('auto');
    await page.getByTestId('input').fill('name;price;qty\nTea;1,50;3\n"Cake; lemon";2,25;12');
    await expect(page.getByTestId('detected-delimiter')).toHaveText('semicolon');
    await expect(page.getByTestId('meta')).toHaveText('2 rows · 3 columns · semicolon-separated');
    expect(await previewTable(page)).toEqual([
      ['#', 'name', 'price', 'qty'],
      ['1', 'Tea', '1,50', '3'],
      ['2', 'Cake; lemon', '2,25', '12'],
    ]);
    await expect(page.getByTestId('output')).toHaveValue(
      // A ';' file has decimal commas: 2,25 is 2.25; 1,50 stays text, as 1.50 would.
      JSON.stringify(
        [
          { name: 'Tea', price: '1,50', qty: 3 },
          { name: 'Cake; lemon', price: 2.25, qty: 12 },
        ],
        null,
        2,
      ),
    );
    await expect(page.getByTestId('decimal-hint')).toContainText('decimal comma');

    // Read with commas on purpose: the quoted "Cake; lemon" cannot be read that way, and a hint
    // names the semicolon and puts detection back.
    await page.getByTestId('delimiter').selectOption(',');
    await expect(page.getByTestId('warning')).toContainText('looks separated by semicolons');
    await page.getByTestId('warning').getByRole('button', { name: 'Detect automatically' }).click();
    await expect(page.getByTestId('delimiter')).toHaveValue('auto');
    await expect(page.getByTestId('warning')).toHaveCount(0);
    await expect(page.getByTestId('meta')).toHaveText('2 rows · 3 columns · semicolon-separated');
  });

  test('an API answer becomes a table of its records, from a path the page names and the user can change', async ({
    page,
  }) => {
    await page.goto('/json-to-csv');
    const answer = {
      data: [
        { id: 1, name: 'Ada' },
        { id: 2, name: 'Alan' },
      ],
      page: 2,
      included: [{ type: 'team', id: 't1' }],
    };
    await page.getByTestId('input').fill(JSON.stringify(answer));
    await expect(page.getByTestId('output')).toHaveValue('id,name\n1,Ada\n2,Alan');
    await expect(page.getByTestId('records-path-used')).toHaveText("$['data']");
    await expect(page.getByTestId('meta')).toContainText('2 rows · 2 columns');

    await page.getByTestId('records-path').fill('$.included');
    await expect(page.getByTestId('output')).toHaveValue('type,id\nteam,t1');
    await expect(page.getByTestId('records-path-used')).toHaveText("$['included']");

    await page.getByTestId('records-path').fill('$.nothing');
    await expect(page.getByTestId('error')).toContainText('selects nothing');
    await page.getByTestId('records-path').fill('');
    await expect(page.getByTestId('output')).toHaveValue('id,name\n1,Ada\n2,Alan');
  });

  test('decimal commas of a European export become numbers; the separator can be set', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await page.getByTestId('input').fill('article;rate\nTea;0,15');
    await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "article": "Tea",\n    "rate": 0.15\n  }\n]');
    await page.getByTestId('decimal-separator').selectOption('.');
    await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "article": "Tea",\n    "rate": "0,15"\n  }\n]');
  });

  test('"Keep values as text" keeps every cell a string; 1.50 stays 1.50 either way', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('mode').selectOption('csv-to-json');
    await page.getByTestId('input').fill('sku,price,version,qty,ok\nA-1,1.50,2.0,1.5,true');
    await expect(page.getByTestId('output')).toHaveValue(
      '[\n  {\n    "sku": "A-1",\n    "price": "1.50",\n    "version": "2.0",\n    "qty": 1.5,\n    "ok": true\n  }\n]',
    );
    await page.getByLabel('Keep values as text').check();
    await expect(page.getByTestId('output')).toHaveValue(
      '[\n  {\n    "sku": "A-1",\n    "price": "1.50",\n    "version": "2.0",\n    "qty": "1.5",\n    "ok": "true"\n  }\n]',
    );
    await expect(page).toHaveURL(/infer_types/);
  });

  test('converts JSON Lines, and writes a byte order mark for Excel on request', async ({ page }) => {
    await page.goto('/json-to-csv');
    await page.getByTestId('input').fill('{"id":1,"name":"Ada"}\n{"id":2,"name":"Zoë","team":{"lead":true}}\n');
    await expect(page.getByTestId('output')).toHaveValue('id,name,team.lead\n1,Ada,\n2,Zoë,true');
    await expect(page.getByTestId('meta')).toHaveText('2 rows · 3 columns · comma-separated');

    await page.getByLabel('Byte order mark for Excel').check();
    await expect(page.getByTestId('output')).toHaveValue('\ufeffid,name,team.lead\n1,Ada,\n2,Zoë,true');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const bytes = await readFile(await (await download).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // The preview reads past the mark.
    expect((await previewTable(page))[0]).toEqual(['#', 'id', 'name', 'team.lead']);
  });

  test('the preview of a big table scrolls both ways inside its box, header and row numbers in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1000, height: 800 });
    await page.goto('/json-to-csv');
    const row = (i: number) =>
      Object.fromEntries(Array.from({ length: 30 }, (_, c) => [`column_${c}`, `value ${i}/${c}`]));
    await page.getByTestId('input').fill(JSON.stringify(Array.from({ length: 300 }, (_, i) => row(i))));
    await expect(page.getByTestId('meta')).toContainText('300 rows · 30 columns');
    // Bounded rendering: 100 rows are in the page, whatever the size of the table.
    await expect(page.getByTestId('preview').locator('tbody tr')).toHaveCount(100);

    const region = page.getByRole('region', { name: 'Table preview' });
    const size = await region.evaluate((el) => ({
      sw: el.scrollWidth,
      cw: el.clientWidth,
      sh: el.scrollHeight,
      ch: el.clientHeight,
    }));
    expect(size.sw).toBeGreaterThan(size.cw);
    expect(size.sh).toBeGreaterThan(size.ch);
    // The page itself does not widen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1000);

    await region.hover();
    await page.mouse.wheel(600, 900);
    await expect.poll(() => region.evaluate((el) => [el.scrollLeft > 0, el.scrollTop > 0])).toEqual([true, true]);
    const box = (await region.boundingBox())!;
    const header = (await page.getByTestId('preview').locator('thead th').nth(3).boundingBox())!;
    expect(Math.abs(header.y - box.y)).toBeLessThan(3); // the sticky header sits at the top of the box
    // What shows at the box's left edge, mid-height, is a row number.
    const atLeft = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('th')?.className ?? '',
      [box.x + 6, box.y + box.height / 2],
    );
    expect(atLeft).toContain('num');
    const number = (await page.getByTestId('preview').locator('tbody th').first().boundingBox())!;
    expect(Math.abs(number.x - box.x)).toBeLessThan(3); // the row numbers stay at its left edge
  });
});
