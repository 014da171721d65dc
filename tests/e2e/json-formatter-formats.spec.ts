import { expect, test, type Page } from './fixtures';

// Converting between JSON, YAML and TOML on the json-formatter page, as a person would. Expected
// outputs are written by hand from YAML 1.2 and TOML 1.0 (docs/contract.md, json-formatter).

async function viewText(page: Page, testid: string): Promise<string> {
  return (await page.getByTestId(testid).locator('.code').allTextContents()).join('\n');
}
const expectOutput = (page: Page, text: string) => expect.poll(() => viewText(page, 'output')).toBe(text);

test.describe('json-formatter: YAML and TOML', () => {
  test('YAML → JSON: read as YAML, numbers and aliases kept, then detected', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByLabel('Read as').selectOption('yaml');
    const input = page.getByLabel('YAML', { exact: true });
    await input.fill('name: Ada\nborn: 1815\nbig: 12345678901234567890\nratio: 1.0\nlangs: &l [en, fr]\nagain: *l\n');
    await expectOutput(
      page,
      '{\n  "name": "Ada",\n  "born": 1815,\n  "big": 12345678901234567890,\n  "ratio": 1.0,\n  "langs": [\n    "en",\n    "fr"\n  ],\n  "again": [\n    "en",\n    "fr"\n  ]\n}',
    );
    await expect(page.getByTestId('status')).toHaveText(/Valid YAML · 14 lines/);
    // Repair mends JSON only: it is off and disabled while YAML is read.
    await expect(page.getByTestId('repair')).toBeDisabled();

    // Detect: the same text is found to be YAML, and says so.
    await page.getByLabel('Read as').selectOption('auto');
    await expect(page.getByTestId('status')).toHaveText(/Valid YAML \(detected\)/);
  });

  test('JSON → TOML from the keyboard, and what TOML cannot hold', async ({ page }) => {
    await page.goto('/json-formatter');
    await page
      .getByTestId('input')
      .fill('{"title":"T","ratio":1.0,"owner":{"name":"Tom"},"items":[{"sku":1},{"sku":2}]}');
    await expect(page.getByTestId('status')).toHaveText(/Valid JSON/);
    // Keyboard: the Write as list takes arrow keys (JSON, YAML, TOML).
    await page.getByLabel('Write as').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel('Write as')).toHaveValue('toml');
    await expectOutput(
      page,
      'title = "T"\nratio = 1.0\n\n[owner]\nname = "Tom"\n\n[[items]]\nsku = 1\n\n[[items]]\nsku = 2\n',
    );
    await expect(page.getByRole('button', { name: /copy toml/i })).toBeVisible();
    await expect(page.getByTestId('minify')).toBeDisabled();
    await expect(page.getByTestId('view-tree')).toBeDisabled();

    await page.getByTestId('input').fill('{"a":{"b":[1,null]}}');
    await expect(page.getByTestId('error')).toContainText("TOML has no null, and the value at '/a/b/1' is null");
  });

  test('a YAML syntax error shows its line and the caret under the column', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByLabel('Read as').selectOption('yaml');
    await page.getByLabel('YAML', { exact: true }).fill('a: 1\nb: [1, 2\nc: 3\n');
    await expect(page.getByTestId('error')).toContainText('Invalid YAML');
    const context = page.getByTestId('error-context');
    await expect(context).toBeVisible();
    const text = (await page.getByTestId('error')).textContent();
    const [, line, column] = /line (\d+), column (\d+)/.exec((await text) ?? '')!;
    await expect(context).toContainText(`Line ${line}, column ${column}`);
    await expect(page.getByTestId('repair-from-error')).toHaveCount(0);
  });

  test('the examples load with the keyboard and convert', async ({ page }) => {
    await page.goto('/json-formatter');
    await page.getByTestId('toml-example').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Read as')).toHaveValue('toml');
    await expect.poll(() => viewText(page, 'output')).toContain('"started": "2026-01-01T09:30:00.000Z"');
    await page.getByTestId('yaml-example').focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Write as').selectOption('toml');
    await expect.poll(() => viewText(page, 'output')).toContain('[staging.env]\nregion = "eu-west"');
  });
});
