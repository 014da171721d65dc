// What each page shows once its example is loaded, and an easy way to make it show an error:
// shared by every-page.spec.ts (layout at 360 px) and screenshots.spec.ts.
import { expect, type Locator, type Page } from '@playwright/test';

/** A locator that is visible (and filled) once the page has a result, by slug. */
export async function waitForResult(page: Page, slug: string): Promise<void> {
  const byTestId = (id: string) => page.getByTestId(id).first();
  switch (slug) {
    case 'json-formatter':
      // A virtualised view, not a text box: its first line is rendered.
      await expect(byTestId('output').locator('[data-line="1"]')).toBeVisible();
      return;
    case 'base64':
    case 'hash-generator':
    case 'json-to-csv':
    case 'text-case-converter':
    case 'url-encoder':
      await expect(byTestId('output')).not.toHaveValue('');
      return;
    case 'color-converter':
      await expect(byTestId('hex')).toBeVisible();
      return;
    case 'jwt-decoder':
      await expect(byTestId('verification')).toHaveAttribute('data-state', 'verified');
      return;
    case 'lcov-viewer':
      await expect(byTestId('file-row')).toBeVisible();
      return;
    case 'number-base-converter':
      await expect(byTestId('decimal')).not.toHaveValue('');
      return;
    case 'timestamp-converter':
      await expect(byTestId('unix_seconds')).toBeVisible();
      return;
    case 'uuid-generator':
      await expect(byTestId('validation')).toContainText('Valid');
      await expect(byTestId('uuid')).toBeVisible();
      return;
    case 'background-remover':
      // Its example waits for a click before the model downloads: the sample is the result.
      await expect(page.getByTestId('waiting').getByRole('img')).toBeVisible();
      return;
    default:
      // The converter and the resizer: the converted image, ready to download.
      await expect(byTestId('download')).toBeVisible({ timeout: 30_000 });
  }
}

/** On a phone the options are folded (OptionsFold.svelte): opens them where they are. */
export async function showOptions(page: Page): Promise<void> {
  const fold = page.getByTestId('options-fold');
  if ((await fold.count()) && !(await fold.evaluate((details) => (details as HTMLDetailsElement).open))) await fold.getByTestId('options-summary').click();
}

/** Puts the page into an error state through its controls, where that is easy; returns false where not. */
export async function makeError(page: Page, slug: string): Promise<boolean> {
  const fill = (id: string, text: string) => page.getByTestId(id).first().fill(text);
  // One long unbroken word in the input: an error that quotes it must still wrap at 360 px.
  const long = 'x'.repeat(120);
  switch (slug) {
    case 'base64':
      await showOptions(page);
      await page.getByTestId('mode').selectOption('decode');
      await fill('input', `SGVsbG8*${long}`);
      break;
    case 'color-converter':
      await fill('input', `not-a-colour-${long}`);
      break;
    case 'json-formatter':
      await fill('input', `{"a": [1, 2,, "${long}"]`);
      break;
    case 'json-to-csv':
      await fill('input', `"not a table: ${long}"`);
      break;
    case 'jwt-decoder':
      await fill('token', `eyJhbGciOiJIUzI1NiJ9.${long}.sig`);
      break;
    case 'lcov-viewer':
      // A loaded example is folded to one line: Edit opens its text box again.
      if (await page.getByTestId('lcov-edit').isVisible()) await page.getByTestId('lcov-edit').click();
      await fill('input', `SF:src/${long}.js\nDA:1,x${long}\nend_of_record`);
      break;
    case 'number-base-converter':
      await fill('decimal', `12g${long}`);
      break;
    case 'text-case-converter':
      await fill('input', '!!! ??? ---');
      break;
    case 'timestamp-converter':
      await fill('input', `2024-13-45T${long}`);
      break;
    case 'url-encoder':
      await showOptions(page);
      await page.getByTestId('mode-decode').check();
      await fill('input', `%E0%A4%A${long}`);
      break;
    case 'uuid-generator':
      await fill('count', '');
      break;
    default:
      return false;
  }
  await expect(page.getByTestId('error').first()).toBeVisible();
  return true;
}

/** A page's result (its top is what must be in view) and its main action (Copy or Download). */
export function answerOf(page: Page, slug: string): { result: Locator; action: Locator } {
  // The innermost `.field` around a test id: the label row with its buttons, and the value.
  const field = (testid: string) => page.locator('.field').filter({ has: page.getByTestId(testid) }).last();
  const copy = (scope: Locator) => scope.getByRole('button', { name: /^Copy/ }).first();
  const section = (title: string) => page.locator(`section[aria-labelledby="${title}"]`);
  switch (slug) {
    case 'json-formatter':
    case 'base64':
    case 'hash-generator':
    case 'json-to-csv':
    case 'url-encoder': {
      const result = field('output');
      return { result, action: copy(result) };
    }
    case 'number-base-converter': {
      const result = field('hexadecimal');
      return { result, action: copy(result) };
    }
    case 'text-case-converter': {
      const result = page.locator('section').filter({ has: page.getByTestId('conventions') });
      return { result, action: copy(result) };
    }
    case 'color-converter':
      return { result: page.getByTestId('swatch'), action: copy(page.locator('dl').first()) };
    case 'timestamp-converter':
      return { result: page.getByTestId('detected'), action: copy(page.locator('dl').first()) };
    case 'jwt-decoder':
      return { result: page.getByTestId('verification'), action: copy(field('payload')) };
    case 'lcov-viewer': {
      const result = section('lcov-summary-title');
      return { result, action: copy(result) };
    }
    case 'uuid-generator': {
      const result = section('uuid-list-title');
      return { result, action: copy(result) };
    }
    case 'background-remover':
      return { result: page.getByTestId('waiting'), action: page.getByTestId('remove-background') };
    case 'image-resizer':
      return { result: section('after-title'), action: page.getByTestId('download').first() };
    default: {
      // The converter: the newest image of the batch.
      const result = page.getByTestId('item').last();
      return { result, action: result.getByTestId('download') };
    }
  }
}

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

/**
 * The largest file a page's own e2e tests open, and how to tell that its result has come; none
 * for pages whose tests open no file of their input (JWT: a key; URL encoder), or whose result
 * needs the 90 MB model (background remover: its waiting sample is measured after Load example).
 */
export function fileStepOf(slug: string): { open: (page: Page) => Promise<void>; ready: (page: Page) => Promise<void> } | undefined {
  const input = (page: Page) => page.getByTestId('file-input').first();
  switch (slug) {
    case 'json-formatter': {
      // json-formatter.spec.ts's "document of several MB": 50,000 objects, 2.2 MB.
      const count = 50_000;
      const big = `[${Array.from({ length: count }, (_, i) => `{"id":${i},"name":"item ${i}","tags":["a","b"]}`).join(',')}]`;
      return {
        open: (page) => input(page).setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big) }),
        ready: (page) => expect(page.getByTestId('status')).toContainText(`${(count * 8 + 2).toLocaleString('en-US')} lines`, { timeout: 30_000 }),
      };
    }
    case 'base64': {
      // base64.spec.ts's large file: 3 MB of bytes.
      const big = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
      return {
        open: (page) => input(page).setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: big }),
        ready: (page) => expect(page.getByTestId('preview-note')).toBeVisible({ timeout: 30_000 }),
      };
    }
    case 'hash-generator':
      return {
        open: (page) => input(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
        ready: (page) => expect(page.getByTestId('meta')).toContainText('a file of'),
      };
    case 'json-to-csv':
      return {
        open: (page) => input(page).setInputFiles(`${FIXTURES}csv/distro-info-ubuntu.csv`),
        ready: (page) => expect(page.getByTestId('output')).toHaveValue(/"codename"/),
      };
    case 'lcov-viewer':
      return {
        open: (page) => page.getByTestId('head').getByTestId('file-input').setInputFiles(`${FIXTURES}lcov/real/head.info`),
        ready: (page) => expect(page.getByTestId('loaded')).toContainText('head.info'),
      };
    case 'image-converter':
      return {
        open: (page) => input(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
        ready: (page) => expect(page.getByTestId('item').last().getByTestId('download')).toBeVisible({ timeout: 30_000 }),
      };
    case 'image-resizer':
      return {
        open: (page) => input(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
        ready: (page) => expect(page.getByTestId('download').first()).toHaveAttribute('download', /quadrants/, { timeout: 30_000 }),
      };
    default:
      return undefined;
  }
}
