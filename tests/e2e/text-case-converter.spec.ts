import { clipboardText, expect, test } from './fixtures';

// Known answers worked out by hand from the word rule: split at non-letters/digits, at
// lower→upper, digit→upper and before the last capital of an acronym; upper→digit is no boundary.

test.describe('text-case-converter page', () => {
  test('shows every convention as the user types, the words and the detected convention; each copies', async ({
    page,
  }) => {
    await page.goto('/text-case-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Text Case Converter');
    await page.getByLabel('Identifier or phrase').fill('getHTTPResponseCode');
    await expect(page.getByTestId('output')).toHaveValue('getHttpResponseCode');
    const rows = page.getByTestId('conventions').locator('li');
    await expect(rows).toHaveCount(15);
    const values = await rows.evaluateAll((lis) =>
      lis.map((li) => [li.querySelector('label')!.textContent!.trim(), li.querySelector('textarea')!.value]),
    );
    expect(values).toEqual([
      ['camelCase', 'getHttpResponseCode'],
      ['PascalCase', 'GetHttpResponseCode'],
      ['snake_case', 'get_http_response_code'],
      ['SCREAMING_SNAKE_CASE', 'GET_HTTP_RESPONSE_CODE'],
      ['kebab-case', 'get-http-response-code'],
      ['COBOL-CASE', 'GET-HTTP-RESPONSE-CODE'],
      ['dot.case', 'get.http.response.code'],
      ['Title Case', 'Get Http Response Code'],
      ['Sentence case', 'Get http response code'],
      ['lowercase', 'get http response code'],
      ['UPPERCASE', 'GET HTTP RESPONSE CODE'],
      ['path/case', 'get/http/response/code'],
      ['Header-Case', 'Get-Http-Response-Code'],
      ['Train-Case', 'Get-Http-Response-Code'],
      ['flatcase', 'gethttpresponsecode'],
    ]);
    await expect(page.getByTestId('tokens').getByRole('listitem')).toHaveText(['get', 'http', 'response', 'code']);
    await expect(page.getByTestId('detected')).toHaveText('Input convention: camelCase');

    await page.getByRole('button', { name: 'Copy snake_case' }).click();
    expect(await clipboardText(page)).toBe('get_http_response_code');
    await page.getByRole('button', { name: 'Copy words as JSON' }).click();
    expect(await clipboardText(page)).toBe('["get","http","response","code"]');
  });

  test('handles acronyms, digits and other scripts', async ({ page }) => {
    await page.goto('/text-case-converter');
    const input = page.getByTestId('input');

    await input.fill('XMLHttpRequest');
    await expect(page.getByTestId('output')).toHaveValue('xmlHttpRequest');
    await expect(page.getByTestId('detected')).toContainText('PascalCase');

    await input.fill('MAX_RETRY_COUNT');
    await expect(page.getByRole('textbox', { name: 'Title Case', exact: true })).toHaveValue('Max Retry Count');
    await expect(page.getByTestId('detected')).toContainText('SCREAMING_SNAKE_CASE');

    await input.fill('HTML5Parser');
    await expect(page.getByRole('textbox', { name: 'kebab-case', exact: true })).toHaveValue('html5-parser');

    await input.fill('straße größe');
    await expect(page.getByRole('textbox', { name: 'UPPERCASE', exact: true })).toHaveValue('STRASSE GRÖSSE');
    await expect(page.getByTestId('detected')).toContainText('lowercase');

    await input.fill('Привет мир');
    await expect(page.getByTestId('output')).toHaveValue('приветМир');
    await expect(page.getByTestId('detected')).toContainText('Sentence case');

    await input.fill('foo_Bar-baz');
    await expect(page.getByRole('textbox', { name: 'dot.case', exact: true })).toHaveValue('foo.bar.baz');
    await expect(page.getByTestId('detected')).toContainText('mixed');
  });

  test('converts several lines line by line, keeping blank lines', async ({ page }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').fill('user_id\n\nMAX_RETRY_COUNT\nfirst name');
    await expect(page.getByTestId('output')).toHaveValue('userId\n\nmaxRetryCount\nfirstName');
    await expect(page.getByRole('textbox', { name: 'kebab-case', exact: true })).toHaveValue(
      'user-id\n\nmax-retry-count\nfirst-name',
    );
    await expect(page.getByTestId('detected')).toContainText('mixed');
    await page.getByRole('button', { name: 'Copy PascalCase' }).click();
    expect(await clipboardText(page)).toBe('UserId\n\nMaxRetryCount\nFirstName');
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

  test('every Copy button is reachable with the keyboard', async ({ page }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').focus();
    await page.keyboard.type('user id count');
    await expect(page.getByTestId('output')).toHaveValue('userIdCount');
    await page.keyboard.press('Tab'); // the camelCase value
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Copy camelCase' })).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await clipboardText(page)).toBe('userIdCount');
  });

  test('keeps the input in the URL fragment and restores it from a shared link, even one naming a single target', async ({
    page,
  }) => {
    await page.goto('/text-case-converter');
    await page.getByTestId('input').fill('share this name');
    await expect(page).toHaveURL(/#.*share/);
    await expect(page.getByRole('textbox', { name: 'COBOL-CASE', exact: true })).toHaveValue('SHARE-THIS-NAME');
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('share this name');
    await expect(page.getByRole('textbox', { name: 'COBOL-CASE', exact: true })).toHaveValue('SHARE-THIS-NAME');

    // A link made before every convention was shown names one target: all are shown still.
    await page.goto('about:blank');
    await page.goto(
      '/text-case-converter#' + encodeURIComponent(JSON.stringify({ input: 'old link', to: 'COBOL-CASE' })),
    );
    await expect(page.getByRole('textbox', { name: 'COBOL-CASE', exact: true })).toHaveValue('OLD-LINK');
    await expect(page.getByTestId('output')).toHaveValue('oldLink');
    // The target the link names comes first.
    await expect(page.getByTestId('conventions').locator('li label').first()).toHaveText('COBOL-CASE');
  });

  test('the convention asked for comes first: from an example, or chosen', async ({ page }) => {
    await page.goto('/text-case-converter');
    const first = () => page.getByTestId('conventions').locator('li label').first();
    await expect(first()).toHaveText('camelCase');
    await page.getByTestId('first').selectOption('snake_case');
    await page.getByTestId('input').fill('getHTTPResponseCode');
    await expect(first()).toHaveText('snake_case');
    await expect(page.getByTestId('conventions').locator('li textarea').first()).toHaveValue('get_http_response_code');
  });
});
