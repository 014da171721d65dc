// The installed app and crawlers: files opened with the app (manifest file_handlers →
// window.launchQueue, src/ui/launch.ts) land on the right page with their content, and
// robots.txt is served online and offline. Headless Chromium has no installed app, so the page
// gets a stand-in launchQueue that hands over File objects as Chromium would, before the app starts.
import { expect, test, waitForServiceWorker, type Page } from './fixtures';

/** Opens "/" as a file launch of `files` ({name, type, text}). */
async function launchWith(page: Page, files: { name: string; type: string; text: string }[]) {
  await page.addInitScript((launched) => {
    const read = window as unknown as { filesRead: number };
    read.filesRead = 0;
    const handles = launched.map((file) => ({
      kind: 'file',
      name: file.name,
      getFile: async () => (read.filesRead++, new File([file.text], file.name, { type: file.type })),
    }));
    // Chromium has a launchQueue of its own (a getter on Window), which never fires here.
    Object.defineProperty(window, 'launchQueue', {
      value: {
        setConsumer: (consumer: (params: unknown) => void) =>
          setTimeout(() => consumer({ files: handles, targetURL: location.href })),
      },
    });
  }, files);
  await page.goto('/');
}

test('a JSON file opens in the JSON formatter, formatted', async ({ page }) => {
  await launchWith(page, [{ name: 'data.json', type: 'application/json', text: '{"opened":true}' }]);
  await expect(page).toHaveURL(/\/json-formatter/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('JSON');
  await expect(page.locator('textarea').first()).toHaveValue('{"opened":true}');
  // The output is a numbered view of lines (CodeView), not a text box.
  await expect
    .poll(() => page.getByTestId('output').locator('.code').allTextContents())
    .toEqual(['{', '  "opened": true', '}']);
});

test('a CSV file opens in the converter, read as CSV', async ({ page }) => {
  await launchWith(page, [{ name: 'people.csv', type: 'text/csv', text: 'name,age\nAda,36' }]);
  await expect(page).toHaveURL(/\/json-to-csv/);
  await expect(page.locator('textarea').first()).toHaveValue('name,age\nAda,36');
  await expect(page.getByTestId('output')).toHaveValue('[\n  {\n    "name": "Ada",\n    "age": 36\n  }\n]');
});

test('an LCOV tracefile opens in the coverage viewer', async ({ page }) => {
  await launchWith(page, [{ name: 'lcov.info', type: '', text: 'SF:src/opened.js\nDA:1,1\nDA:2,0\nend_of_record\n' }]);
  await expect(page).toHaveURL(/\/lcov-viewer/);
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(page.getByTestId('file-row').locator('th')).toContainText('opened.js');
});

test('files no tool opens leave the home page as it is', async ({ page }) => {
  await launchWith(page, [{ name: 'notes.txt', type: 'text/plain', text: 'hello' }]);
  await page.waitForFunction(() => (window as unknown as { filesRead: number }).filesRead === 1);
  await page.evaluate(() => new Promise((done) => setTimeout(done))); // past the launch's last step
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('robots.txt is plain text from the server and, offline, from the service worker', async ({ page, context }) => {
  const fromServer = await page.goto('/robots.txt');
  expect([fromServer?.status(), fromServer?.headers()['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
  await page.goto('/');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const fromWorker = await page.evaluate(async () => {
    const response = await fetch('/robots.txt');
    return [response.status, response.headers.get('content-type'), await response.text()];
  });
  expect(fromWorker).toEqual([200, 'text/plain; charset=utf-8', 'User-agent: *\nAllow: /\n']);
});
