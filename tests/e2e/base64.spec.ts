import { readFileSync } from 'node:fs';
import { clipboardText, expect, test, type Page } from './fixtures';

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
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('from a file') });
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

// Files, bytes and the hex data format: every answer checked against Node's Buffer and
// the fixture's own bytes, never against the page's code.
test.describe('base64 page: files and bytes', () => {
  const PNG = 'tests/fixtures/images/quadrants.png';
  const png = readFileSync(PNG);
  const pngBase64 = png.toString('base64');

  /** Drops `bytes` as a file named `name` on the page's drop area, as a file manager would. */
  async function drop(page: Page, name: string, bytes: Buffer, type = '') {
    const dataTransfer = await page.evaluateHandle(
      ({ data, name, type }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], name, { type }));
        return transfer;
      },
      { data: [...bytes], name, type },
    );
    await page.getByTestId('drop').dispatchEvent('drop', { dataTransfer });
  }

  test('a dropped PNG gives the Base64 of its exact bytes, and a data: URI on request', async ({ page }) => {
    await page.goto('/base64');
    await drop(page, 'quadrants.png', png, 'image/png');
    await expect(page.getByTestId('output')).toHaveValue(pngBase64);
    expect(pngBase64.startsWith('iVBORw0KGgo')).toBe(true);
    await expect(page.getByTestId('meta')).toContainText(
      `${png.length.toLocaleString('en-US')} bytes · PNG image (image/png)`,
    );
    await expect(page.getByTestId('file')).toContainText('quadrants.png');

    await page.getByTestId('data-uri').check();
    await expect(page.getByTestId('output')).toHaveValue(`data:image/png;base64,${pngBase64}`);
    await page.getByRole('button', { name: 'Copy Data URI' }).click();
    expect(await clipboardText(page)).toBe(`data:image/png;base64,${pngBase64}`);

    // The bytes never reach the address bar.
    expect(page.url()).not.toContain('iVBOR');
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByTestId('input')).toBeVisible();
  });

  test('a picked or pasted file is read as bytes, in the alphabet chosen', async ({ page }) => {
    await page.goto('/base64');
    const jpeg = readFileSync('tests/fixtures/images/quadrants.jpeg');
    await page.getByTestId('charset').selectOption('url-safe');
    await page.getByTestId('file-input').setInputFiles(PNG);
    await expect(page.getByTestId('output')).toHaveValue(
      png.toString('base64url') + '='.repeat((4 - (png.toString('base64url').length % 4)) % 4),
    );

    await page.evaluate(
      (data) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(data)], 'image.jpeg', { type: 'image/jpeg' }));
        document.body.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
        );
      },
      [...jpeg],
    );
    await page.getByTestId('charset').selectOption('standard');
    await expect(page.getByTestId('output')).toHaveValue(jpeg.toString('base64'));
    await expect(page.getByTestId('meta')).toContainText('JPEG image (image/jpeg)');
  });

  test('a large file: bounded preview, and Download gives all of it', async ({ page }) => {
    await page.goto('/base64');
    const big = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: big });
    await expect(page.getByTestId('preview-note')).toContainText(
      `of ${big.toString('base64').length.toLocaleString('en-US')} characters`,
    );
    const shown = await page.getByTestId('output').inputValue();
    expect(shown.length).toBeLessThan(300_000);
    expect(big.toString('base64').startsWith(shown)).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('random.bin.b64');
    expect(readFileSync((await download.path())!, 'utf8')).toBe(big.toString('base64'));
  });

  test("decoding a PNG's Base64 offers its exact bytes as decoded.png, with a preview and a hex view", async ({
    page,
  }) => {
    await page.goto('/base64');
    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill(pngBase64);
    await expect(page.getByTestId('binary-notice')).toContainText('not UTF-8 text (PNG image)');
    await expect(page.getByTestId('output')).toHaveCount(0);
    const image = page.getByTestId('preview').locator('img');
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
    expect(download.suggestedFilename()).toBe('decoded.png');
    expect(readFileSync((await download.path())!).equals(png)).toBe(true);

    const first = page.getByTestId('hex-row').first();
    await expect(first).toContainText('00000000');
    await expect(first).toContainText(
      png
        .subarray(0, 8)
        .toString('hex')
        .replace(/(..)(?!$)/g, '$1 '),
    );
    await expect(first).toContainText('.PNG....');
  });

  test('a data: URI decodes with its type named; the hex view stays bounded for big binaries', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill(`data:image/png;base64,${pngBase64}`);
    await expect(page.getByTestId('meta')).toContainText('data: URI of type image/png');
    await expect(page.getByTestId('download')).toHaveText('Download decoded.png');

    const big = Buffer.alloc(400_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7 + (i >> 8)) & 255;
    await page.getByTestId('input').fill(big.toString('base64'));
    await expect(page.getByTestId('download')).toHaveText('Download decoded.bin');
    const view = page.getByTestId('hex-view');
    await expect(page.getByTestId('hex-row').first()).toBeVisible();
    expect(await page.getByTestId('hex-row').count()).toBeLessThan(60);
    // Scrolled to the end, the last row is the last bytes'. A row holds 16 bytes where the view is
    // wide enough and 8 where it is not (the answer's pane beside the input, a phone): read which.
    const firstRow = (await page.getByTestId('hex-row').first().locator('.bytes').textContent())!;
    const perRow = firstRow.trim().split(/\s+/).length;
    expect([8, 16]).toContain(perRow);
    await view.evaluate((element) => (element.scrollTop = element.scrollHeight));
    const lastOffset = (Math.ceil(big.length / perRow) - 1) * perRow;
    await expect(page.getByTestId('hex-row').last()).toContainText(`${lastOffset.toString(16).padStart(8, '0')}`);
    await expect(page.getByTestId('hex-row').last()).toContainText(
      big
        .subarray(lastOffset)
        .toString('hex')
        .replace(/(..)(?!$)/g, '$1 ')
        .slice(0, 23),
    );
  });

  test('the hex data format: hex bytes in, hex out', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('data-format').selectOption('hex');
    await expect(page.getByText('Hex bytes', { exact: true })).toBeVisible();
    await page.getByTestId('input').fill('0xDE AD be ef');
    await expect(page.getByTestId('output')).toHaveValue(Buffer.from('deadbeef', 'hex').toString('base64'));
    await page.getByTestId('input').fill('de ad b');
    await expect(page.getByTestId('error')).toContainText('The input has an odd number of hex digits (5)');

    await page.getByTestId('mode').selectOption('decode');
    await page.getByTestId('input').fill('SGk=');
    await expect(page.getByTestId('output')).toHaveValue('4869');
  });

  test('a binary file dropped in decode mode is encoded instead, with a word why', async ({ page }) => {
    await page.goto('/base64');
    await page.getByTestId('mode').selectOption('decode');
    await drop(page, 'quadrants.png', png);
    await expect(page.getByTestId('mode')).toHaveValue('encode');
    await expect(page.getByTestId('notice')).toContainText('quadrants.png is not Base64 text');
    await expect(page.getByTestId('output')).toHaveValue(pngBase64);

    await page.getByTestId('mode').selectOption('decode');
    await drop(page, 'image.b64', Buffer.from(pngBase64));
    await expect(page.getByTestId('input')).toHaveValue(pngBase64);
    await expect(page.getByTestId('download')).toHaveText('Download decoded.png');
  });
});
