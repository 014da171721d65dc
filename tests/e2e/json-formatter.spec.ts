import { readFile } from 'node:fs/promises';
import { clipboardText, expect, test, type Page } from './fixtures';

// Expected outputs are written out by hand from the JSON grammar (RFC 8259) and the contract
// (numbers exactly as written, keys in input order unless sorted), never taken from the tool.

/** The text of the rendered lines of a code view (all of them, for a short document). */
async function viewText(page: Page, testid: string): Promise<string> {
  return (await page.getByTestId(testid).locator('.code').allTextContents()).join('\n');
}
const expectOutput = (page: Page, text: string, testid = 'output') =>
  expect.poll(() => viewText(page, testid)).toBe(text);

test.describe('json-formatter page', () => {
  test('pretty-prints as the user types, losslessly, and copies the result', async ({ page }) => {
    await page.goto('/json-formatter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('JSON Formatter');
    await page
      .getByLabel('JSON', { exact: true })
      .fill('{"name":"Ada","langs":["en","fr"],"born":1815,"big":12345678901234567890,"ratio":1.0}');
    const expected =
      '{\n  "name": "Ada",\n  "langs": [\n    "en",\n    "fr"\n  ],\n  "born": 1815,\n  "big": 12345678901234567890,\n  "ratio": 1.0\n}';
    await expectOutput(page, expected);
    await expect(page.getByTestId('status')).toHaveText(/Valid JSON\s*· 10 lines/);

    await page.getByRole('button', { name: /copy formatted json/i }).click();
    expect(await clipboardText(page)).toBe(expected);
  });

  test('indentation, minify and sort keys, partly from the keyboard', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill('{"b":{"y":1,"x":2},"a":[1]}');
    await expectOutput(page, '{\n  "b": {\n    "y": 1,\n    "x": 2\n  },\n  "a": [\n    1\n  ]\n}');

    await page.getByLabel('Indentation').selectOption({ label: 'Tab' });
    await expectOutput(page, '{\n\t"b": {\n\t\t"y": 1,\n\t\t"x": 2\n\t},\n\t"a": [\n\t\t1\n\t]\n}');
    await page.getByLabel('Indentation').selectOption({ label: 'None (one value per line)' });
    await expectOutput(page, '{\n"b": {\n"y": 1,\n"x": 2\n},\n"a": [\n1\n]\n}');
    await page.getByLabel('Indentation').selectOption({ label: '4 spaces' });
    await expectOutput(page, '{\n    "b": {\n        "y": 1,\n        "x": 2\n    },\n    "a": [\n        1\n    ]\n}');

    // Keyboard: Space toggles the checkboxes.
    await page.getByLabel('Sort keys').focus();
    await page.keyboard.press('Space');
    await expectOutput(page, '{\n    "a": [\n        1\n    ],\n    "b": {\n        "x": 2,\n        "y": 1\n    }\n}');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByLabel('Minify (one line)')).toBeFocused();
    await page.keyboard.press('Space');
    await expectOutput(page, '{"a":[1],"b":{"x":2,"y":1}}');
    await expect(page.getByLabel('Indentation')).toBeDisabled();
    await expect(page.getByRole('button', { name: /copy minified json/i })).toBeVisible();

    // Whitespace of every kind goes; number spellings stay.
    await page.getByTestId('input').fill('{\r\n\t"b" : 2 ,\n  "a": [1, 2.50, 1e3, -0]\n}');
    await expectOutput(page, '{"a":[1,2.50,1e3,-0],"b":2}');
  });

  test('shows a syntax error with its line and a caret under the column, and jumps to it', async ({ page }) => {
    await page.goto('/json-formatter');
    const input = page.getByTestId('input');
    await input.fill('{"a": 1,\n "b" 2}');
    const error = page.getByTestId('error');
    await expect(error).toContainText('line 2, column 6');
    await expectOutput(page, '');

    const context = page.getByTestId('error-context');
    await expect(context).toContainText('Line 2, column 6');
    // The line before, for context, then the offending line and the caret under the '2'.
    await expect(context.locator('mark')).toHaveText('2');
    expect(await context.locator('pre').textContent()).toBe('1 │ {"a": 1,\n2 │  "b" 2}\n  │      ^');
    const line = await page.getByTestId('error-line').textContent();
    const caret = await page.getByTestId('error-caret').textContent();
    expect(line![caret!.indexOf('^')]).toBe('2');

    // Keyboard: Enter on "Show in input" puts the cursor on the offending character.
    await page.getByTestId('go-to-error').focus();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    const selection = await input.evaluate((area: HTMLTextAreaElement) => [area.selectionStart, area.selectionEnd]);
    expect(selection).toEqual([14, 15]); // '{"a": 1,\n' is 9 characters, then ' "b" ' is 5.

    // Fixing the input clears the error.
    await input.fill('{"a": 1,\n "b": 2}');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('error-context')).toHaveCount(0);
    await expectOutput(page, '{\n  "a": 1,\n  "b": 2\n}');
  });

  test('points just past the last character for truncated input, counting code points', async ({ page }) => {
    await page.goto('/json-formatter');
    // 9 characters, 10 UTF-16 units ('😀' is a surrogate pair): the end of input is column 10.
    await page.getByTestId('input').fill('{"e":"😀",');
    await expect(page.getByTestId('error')).toContainText('line 1, column 10');
    await expect(page.getByTestId('error-context')).toContainText('(end of input)');
    expect(await page.getByTestId('error-caret').textContent()).toBe(`  │ ${' '.repeat(9)}^`);
  });

  test('repairs malformed JSON when asked and says so', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill("{name: 'Ada', tags: ['math',], // comment\n}");
    await expect(page.getByTestId('error')).toBeVisible();
    await expect(page.getByTestId('repaired')).toHaveCount(0);

    await page.getByLabel('Repair malformed JSON').check();
    await expectOutput(page, '{\n  "name": "Ada",\n  "tags": [\n    "math"\n  ]\n}');
    await expect(page.getByTestId('repaired')).toContainText('Repaired');
    await expect(page.getByTestId('status')).toContainText('Repaired JSON');
    await expect(page.getByTestId('error')).toHaveCount(0);

    // Python literals.
    await page.getByTestId('input').fill('[True, False, None]');
    await expectOutput(page, '[\n  true,\n  false,\n  null\n]');

    // Valid JSON is not "repaired".
    await page.getByTestId('input').fill('[1,2]');
    await expectOutput(page, '[\n  1,\n  2\n]');
    await expect(page.getByTestId('repaired')).toHaveCount(0);
    await expect(page.getByTestId('status')).toContainText('Valid JSON');
  });

  test('a syntax error offers Repair inside the error; one click repairs', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill("{'name': 'Ada', tags: ['math',]}");
    const offer = page.getByTestId('error').getByRole('button', { name: 'Try to repair it' });
    await expect(offer).toBeVisible();
    await offer.click();
    await expect(page.getByLabel('Repair malformed JSON')).toBeChecked();
    await expectOutput(page, '{\n  "name": "Ada",\n  "tags": [\n    "math"\n  ]\n}');
    await expect(page.getByTestId('error')).toHaveCount(0);
    // A query's error is no syntax error: no repair is offered for it.
    await page.getByLabel('JSONPath filter').fill('$.items[');
    await expect(page.getByTestId('error')).toBeVisible();
    await expect(page.getByTestId('repair-from-error')).toHaveCount(0);
  });

  test('compares with a second document: the count, both sides marked, and the JSON Patch, by index or with moves', async ({
    page,
  }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill('{"name":"Ada","langs":["en","fr"],"born":1815}');
    // Keyboard: Space turns Compare on.
    await page.getByLabel('Compare with a second document').focus();
    await page.keyboard.press('Space');
    await page
      .getByLabel('Second document', { exact: true })
      .fill('{"name":"Ada Lovelace","langs":["fr","en"],"born":1815.0}');
    await expect(page.getByTestId('differences')).toHaveText('3 differences');
    // By index: the swapped languages are two replaces; 1815.0 is 1815.
    await expect
      .poll(async () => JSON.parse(await viewText(page, 'patch')))
      .toEqual([
        { op: 'replace', path: '/name', value: 'Ada Lovelace' },
        { op: 'replace', path: '/langs/0', value: 'fr' },
        { op: 'replace', path: '/langs/1', value: 'en' },
      ]);
    const changed = (side: string) =>
      page.getByTestId(`diff-${side}`).locator('[data-changed] .code').allTextContents();
    await expect.poll(() => changed('old')).toEqual(['  "name": "Ada",', '    "en",', '    "fr"']);
    await expect.poll(() => changed('new')).toEqual(['  "name": "Ada Lovelace",', '    "fr",', '    "en"']);

    // LCS: one element moved.
    await page.getByLabel('Arrays').focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('differences')).toHaveText('2 differences');
    await expect
      .poll(async () => JSON.parse(await viewText(page, 'patch')))
      .toEqual([
        { op: 'replace', path: '/name', value: 'Ada Lovelace' },
        { op: 'move', from: '/langs/1', path: '/langs/0' },
      ]);
    await expect.poll(() => changed('old')).toEqual(['  "name": "Ada",', '    "fr"']);
    await expect.poll(() => changed('new')).toEqual(['  "name": "Ada Lovelace",', '    "fr",']);

    // Equal documents say so; a broken second document is named.
    await page.getByLabel('Second document', { exact: true }).fill('{"born":1815,"langs":["en","fr"],"name":"Ada"}');
    await expect(page.getByTestId('differences')).toHaveText('✓ The documents are equal');
    await page.getByLabel('Second document', { exact: true }).fill('{"a":');
    await expect(page.getByRole('alert')).toContainText(
      'The second document is not valid JSON: Expected a property value but found end of input at line 1, column 6.',
    );
  });

  test('keeps input and options in the URL fragment and restores them from a shared link', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByLabel('Indentation').selectOption({ label: '4 spaces' });
    await page.getByLabel('Sort keys').check();
    await page.getByTestId('input').fill('{"z":1,"a":true}');
    await expect(page).toHaveURL(/#.*sort_keys/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('{"z":1,"a":true}');
    await expect(page.getByLabel('Indentation')).toHaveValue('4');
    await expect(page.getByLabel('Sort keys')).toBeChecked();
    await expectOutput(page, '{\n    "a": true,\n    "z": 1\n}');
  });

  test('reads a picked file and downloads the formatted JSON under its name', async ({ page }) => {
    await page.goto('/json-formatter');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'data.json', mimeType: 'application/json', buffer: Buffer.from('[{"id":1},{"id":2}]') });
    const expected = '[\n  {\n    "id": 1\n  },\n  {\n    "id": 2\n  }\n]';
    await expectOutput(page, expected);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('data.formatted.json');
    expect(await readFile((await download.path())!, 'utf8')).toBe(expected);

    await page.getByLabel('Minify (one line)').check();
    await expectOutput(page, '[{"id":1},{"id":2}]');
    const [minified] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(minified.suggestedFilename()).toBe('data.min.json');
  });

  test('stays usable with a document of several MB', async ({ page }) => {
    await page.goto('/json-formatter');
    const count = 50_000;
    const items = Array.from({ length: count }, (_, i) => `{"id":${i},"name":"item ${i}","tags":["a","b"]}`);
    const big = `[${items.join(',')}]`;
    expect(big.length).toBeGreaterThan(2_000_000);
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big) });

    // Each item prints as 8 lines ({, id, name, tags: [, "a", "b", ], }), plus the brackets.
    const pretty = (i: number) =>
      `  {\n    "id": ${i},\n    "name": "item ${i}",\n    "tags": [\n      "a",\n      "b"\n    ]\n  }`;
    const expected = `[\n${Array.from({ length: count }, (_, i) => pretty(i)).join(',\n')}\n]`;
    await expect(page.getByTestId('status')).toContainText(
      `Valid JSON · ${(count * 8 + 2).toLocaleString('en-US')} lines`,
      { timeout: 30_000 },
    );

    // The view is virtualised: it knows every line but renders only those in view.
    const view = page.getByTestId('output');
    await expect(view).toHaveAttribute('data-lines', String(count * 8 + 2));
    expect(await view.locator('[data-line]').count()).toBeLessThan(200);
    await expect(view.locator('[data-line="1"] .code')).toHaveText('[');
    await page.getByRole('button', { name: /copy formatted json/i }).click();
    expect(await clipboardText(page)).toBe(expected);

    // A document this large is not put into the URL, nor into the request snippet.
    expect(page.url().length).toBeLessThan(20_000);
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"json":"…"');

    // Truncated at the end: the error line is shown clipped around the error, not whole.
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(big.slice(0, -2)) });
    await expect(page.getByTestId('error')).toContainText(`line 1, column ${big.length - 1}`, { timeout: 30_000 });
    const line = (await page.getByTestId('error-line').textContent())!;
    expect(line.length).toBeLessThan(200);
    expect(line.startsWith('1 │ …')).toBe(true);
    expect(line).toContain('"tags":["a","b"]');
  });

  test('shows the request as curl, fetch and MCP', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill('[1]');
    await page.getByLabel('Minify (one line)').check();
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('/api/json-formatter');
    await expect(page.getByTestId('snippet')).toContainText('"json":"[1]"');
    await expect(page.getByTestId('snippet')).toContainText('"mode":"minify"');
    await page.getByRole('tab', { name: 'MCP tools/call' }).click();
    await expect(page.getByTestId('snippet')).toContainText('"name": "json-formatter"');
  });

  test("tree view: a node's Copy JSONPath copies its normalized path", async ({ page }) => {
    await page.goto('/json-formatter');
    await page
      .getByTestId('input')
      .fill('{"order":{"items":[{"sku":"NB-001","price":4.50},{"sku":"PN-014"}],"it\'s":12345678901234567890}}');
    await expectOutput(
      page,
      '{\n  "order": {\n    "items": [\n      {\n        "sku": "NB-001",\n        "price": 4.50\n      },\n      {\n        "sku": "PN-014"\n      }\n    ],\n    "it\'s": 12345678901234567890\n  }\n}',
    );
    await page.getByTestId('view-tree').click();
    await expect(page.getByTestId('view-tree')).toHaveAttribute('aria-pressed', 'true');
    // The path as a CSS string: a backslash in it must be escaped.
    const node = (path: string) =>
      page.locator(`[data-testid="tree-node"][data-path="${path.replaceAll('\\', '\\\\')}"]`);

    // The root is open; deeper levels open on a click.
    await node("$['order']")
      .getByRole('button', { name: /"order"/ })
      .click();
    await node("$['order']['items']")
      .getByRole('button', { name: /"items"/ })
      .click();
    await node("$['order']['items'][0]")
      .getByRole('button', { name: /^▾?▸?\s*0/ })
      .click();
    const sku = node("$['order']['items'][0]['sku']");
    await expect(sku).toContainText('"NB-001"');
    await expect(node("$['order']['items'][0]['price']")).toContainText('4.50');
    await sku.hover();
    await sku.getByRole('button', { name: 'Copy JSONPath' }).click();
    expect(await clipboardText(page)).toBe("$['order']['items'][0]['sku']");

    // A name with a quote is escaped as RFC 9535 §2.7 says; the big number keeps every digit.
    const quoted = node("$['order']['it\\'s']");
    await expect(quoted).toContainText('12345678901234567890');
    await quoted.hover();
    await quoted.getByRole('button', { name: 'Copy JSONPath' }).click();
    expect(await clipboardText(page)).toBe("$['order']['it\\'s']");

    await page.getByTestId('view-text').click();
    await expect(page.getByTestId('output')).toBeVisible();
  });

  test('the tree shows a large array 100 children at a time', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill(`[${Array.from({ length: 250 }, (_, i) => i).join(',')}]`);
    await expect(page.getByTestId('status')).toContainText('252 lines');
    await page.getByTestId('view-tree').click();
    const children = page.locator('[data-testid="tree"] li[data-path^="$["]');
    await expect(children).toHaveCount(100);
    await page.getByTestId('show-more').click();
    await expect(children).toHaveCount(200);
    await page.getByTestId('show-more').click();
    await expect(children).toHaveCount(250);
    await expect(page.getByTestId('show-more')).toHaveCount(0);
  });

  test('the tree jumps to users[4321] in one step, finds keys, and gives both path forms to keyboard users', async ({
    page,
  }) => {
    await page.goto('/json-formatter');
    const users = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `user ${i}`, 'e-mail': `u${i}@example.com` }));
    await page.getByTestId('input').fill(JSON.stringify({ users, total: 5000 }));
    await expect(page.getByTestId('status')).toContainText('Valid JSON');
    await page.getByTestId('view-tree').click();

    await page.getByTestId('tree-path').fill('$.users[4321].name');
    await page.getByTestId('tree-path').press('Enter');
    const target = page.locator(`[data-testid="tree-node"][data-path="$['users'][4321]['name']"]`);
    await expect(target).toBeInViewport();
    await expect(target).toContainText('"user 4321"');
    await expect(page.getByTestId('tree-selected-path')).toHaveText("$['users'][4321]['name']");
    await expect(page.getByTestId('tree-selected-dot')).toHaveText('$.users[4321].name');
    // The focus is on the node: Tab goes on to its copy button, which the keyboard can press.
    await page.keyboard.press('Tab');
    await expect(target.getByRole('button', { name: 'Copy JSONPath' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await clipboardText(page)).toBe("$['users'][4321]['name']");
    await page.getByTestId('tree-selected').getByRole('button', { name: 'Copy dot path' }).click();
    expect(await clipboardText(page)).toBe('$.users[4321].name');

    // A path the document does not have is named, not ignored.
    await page.getByTestId('tree-path').fill('users[5000]');
    await page.getByTestId('tree-go').click();
    await expect(page.getByTestId('tree-path-problem')).toHaveText("The document has nothing at $['users'][5000].");

    // Key search: every "e-mail" key (5000), the first 200 listed with their paths; one click reveals one.
    await page.getByTestId('tree-key').fill('MAIL');
    await expect(page.getByTestId('tree-found')).toContainText('5000 keys; the first 200:');
    const item = page.getByTestId('tree-found-item').nth(150);
    await expect(item).toHaveText('$.users[150]["e-mail"]');
    await item.click();
    await expect(page.locator(`[data-testid="tree-node"][data-path="$['users'][150]['e-mail']"]`)).toBeInViewport();
  });

  test('JSONPath matches show their paths, each a click from its place in the tree', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('input').fill('{"items":[{"sku":"NB-001","price":4.50},{"sku":"PN-014","price":32}]}');
    await page.getByLabel('JSONPath filter').fill('$..sku');
    await expect(page.getByTestId('match-path')).toHaveText(["$['items'][0]['sku']", "$['items'][1]['sku']"]);
    await page.getByTestId('match-paths').getByRole('button', { name: 'Show in tree' }).nth(1).click();
    await expect(page.getByTestId('view-tree')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`[data-testid="tree-node"][data-path="$['items'][1]['sku']"]`)).toBeVisible();
    await expect(page.getByTestId('tree-selected-dot')).toHaveText('$.items[1].sku');
  });

  test('on a phone the tree never breaks a number digit by digit', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/json-formatter');
    await page
      .getByTestId('input')
      .fill('{"a":{"b":{"c":{"d":{"e":{"f":{"g":{"long_key_name_here":12345678901234567890.123}}}}}}}}');
    await page.getByTestId('view-tree').click();
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      await page.getByRole('button', { name: new RegExp(`^▸?\\s*"${key}"`) }).click();
    const number = page.locator('[data-testid="tree-node"] .number');
    await expect(number).toHaveText('12345678901234567890.123');
    // One line high: the number is not broken across lines.
    const box = await number.boundingBox();
    const lineHeight = await number.evaluate(
      (el) => parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5,
    );
    expect(box!.height).toBeLessThan(lineHeight * 1.5);
  });

  test('the JSONPath filter shows the matches, losslessly, and names a bad query', async ({ page }) => {
    await page.goto('/json-formatter');
    await page
      .getByTestId('input')
      .fill('{"items":[{"sku":"NB-001","price":4.50,"id":12345678901234567890},{"sku":"PN-014","price":32}]}');
    await page.getByLabel('JSONPath filter').fill('$.items[?@.price < 10]');
    await expectOutput(
      page,
      '[\n  {\n    "sku": "NB-001",\n    "price": 4.50,\n    "id": 12345678901234567890\n  }\n]',
      'matches',
    );
    await expect(page.getByText('Matches (1)', { exact: true })).toBeVisible();

    await page.getByLabel('JSONPath filter').fill('$..sku');
    await expectOutput(page, '[\n  "NB-001",\n  "PN-014"\n]', 'matches');
    await expect(page.getByText('Matches (2)', { exact: true })).toBeVisible();
    // The query is part of a shared link (it is no secret).
    await expect(page).toHaveURL(/jsonpath/);

    await page.getByLabel('JSONPath filter').fill('$.items[');
    await expect(page.getByTestId('error')).toContainText(
      'The JSONPath filter is not a valid JSONPath query (RFC 9535)',
    );
    await expect(page.getByTestId('matches')).toHaveCount(0);

    await page.getByLabel('JSONPath filter').fill('');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('matches')).toHaveCount(0);
  });

  test('a generated 3 MB document formats with line numbers, and scrolling shows its last line', async ({ page }) => {
    await page.goto('/json-formatter');
    const count = 30_000;
    const items = Array.from(
      { length: count },
      (_, i) => `{"id":${i},"name":"user ${i}","email":"u${i}@example.com","score":${i}.50,"tags":["a","b"]}`,
    );
    const big = `[${items.join(',')}]`;
    expect(big.length).toBeGreaterThan(2_500_000);
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big) });
    // Each item prints as 10 lines ({, id, name, email, score, tags: [, "a", "b", ], }), plus the brackets.
    const lines = count * 10 + 2;
    await expect(page.getByTestId('status')).toContainText(`Valid JSON · ${lines.toLocaleString('en-US')} lines`, {
      timeout: 30_000,
    });

    const view = page.getByTestId('output');
    await expect(view.locator('[data-line="1"] .ln')).toHaveText('1');
    await expect(view.locator('[data-line="2"] .code')).toHaveText('  {');
    await expect(view.locator(`[data-line="${lines}"]`)).toHaveCount(0);
    await view.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(view.locator(`[data-line="${lines}"] .code`)).toHaveText(']');
    await expect(view.locator(`[data-line="${lines}"] .ln`)).toHaveText(String(lines));
    await expect(view.locator(`[data-line="${lines - 2}"] .code`)).toHaveText('    ]');
    expect(await view.locator('[data-line]').count()).toBeLessThan(200);

    // The filter answers on the same document.
    await page.getByLabel('JSONPath filter').fill(`$[${count - 1}].email`);
    await expectOutput(page, `[\n  "u${count - 1}@example.com"\n]`, 'matches');
  });
});
