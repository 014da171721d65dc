import { clipboardText, expect, test } from './fixtures';

// Known answers worked out by hand from the word rule: split at non-letters/digits, at
// lower→upper, digit→upper and before the last capital of an acronym; upper→digit is no boundary.

test.describe('text-case-converter page', () => {
  test('converts as the user types, shows the words and the detected convention, copies', async ({ page }) => {
    await page.goto('/text-case-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text Case Converter');
    await page.getByLabel('Convert to').selectOption('snake_case');
    await page.getByLabel('Identifier or phrase').fill('getHTTPResponseCode');
    await expect(page.getByTestId('output')).toHaveValue('get_http_response_code');
    await expect(page.getByTestId('tokens').getByRole('listitem')).toHaveText(['get', 'http', 'response', 'code']);
    await expect(page.getByTestId('detected')).toHaveText('Input convention: camelCase');

    await page.getByRole('button', { name: 'Copy result' }).click();
    expect(await clipboardText(page)).toBe('get_http_response_code');
    await page.getByRole('button', { name: 'Copy words as JSON' }).click();
    expect(await clipboardText(page)).toBe('["get","http","response","code"]');
  });

  test('handles acronyms, digits, other targets and other scripts', async ({ page }) => {
    await page.goto('/text-case-converter');
    const input = page.getByTestId('input');
    const to = page.getByTestId('to');

    await input.fill('XMLHttpRequest');
    await expect(page.getByTestId('output')).toHaveValue('xmlHttpRequest');
    await expect(page.getByTestId('detected')).toContainText('PascalCase');

    await input.fill('MAX_RETRY_COUNT');
    await to.selectOption('Title Case');
    await expect(page.getByTestId('output')).toHaveValue('Max Retry Count');
    await expect(page.getByTestId('detected')).toContainText('SCREAMING_SNAKE_CASE');

    await input.fill('HTML5Parser');
    await to.selectOption('kebab-case');
    await expect(page.getByTestId('output')).toHaveValue('html5-parser');

    await input.fill('straße größe');
    await to.selectOption('UPPERCASE');
    await expect(page.getByTestId('output')).toHaveValue('STRASSE GRÖSSE');
    await expect(page.getByTestId('detected')).toContainText('lowercase');

    await input.fill('Привет мир');
    await to.selectOption('camelCase');
    await expect(page.getByTestId('output')).toHaveValue('приветМир');
    await expect(page.getByTestId('detected')).toContainText('Sentence case');

    await input.fill('foo_Bar-baz');
    await to.selectOption('dot.case');
    await expect(page.getByTestId('output')).toHaveValue('foo.bar.baz');
    await expect(page.getByTestId('detected')).toContainText('mixed');
  });

  test('says so when the input has no words', async ({ page }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').fill('--- ___');
    await expect(page.getByTestId('error')).toContainText('contains no words');
    await expect(page.getByTestId('output')).toHaveValue('');
    await expect(page.getByTestId('tokens')).toHaveCount(0);
    await page.getByTestId('input').fill('ok then');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('output')).toHaveValue('okThen');
  });

  test('the target can be chosen with the keyboard', async ({ page }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').focus();
    await page.keyboard.type('user id count');
    await expect(page.getByTestId('output')).toHaveValue('userIdCount');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('to')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('to')).toHaveValue('PascalCase');
    await expect(page.getByTestId('output')).toHaveValue('UserIdCount');
  });

  test('keeps input and target in the URL fragment and restores them from a shared link', async ({ page }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').fill('share this name');
    await page.getByTestId('to').selectOption('COBOL-CASE');
    await expect(page).toHaveURL(/#.*COBOL-CASE/);
    await expect(page.getByTestId('output')).toHaveValue('SHARE-THIS-NAME');
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('share this name');
    await expect(page.getByTestId('to')).toHaveValue('COBOL-CASE');
    await expect(page.getByTestId('output')).toHaveValue('SHARE-THIS-NAME');
  });
});
