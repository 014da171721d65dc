// What each page shows once its example is loaded, and an easy way to make it show an error:
// shared by every-page.spec.ts (layout at 360 px) and screenshots.spec.ts.
import { expect, type Page } from '@playwright/test';

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

/** Puts the page into an error state through its controls, where that is easy; returns false where not. */
export async function makeError(page: Page, slug: string): Promise<boolean> {
  const fill = (id: string, text: string) => page.getByTestId(id).first().fill(text);
  // One long unbroken word in the input: an error that quotes it must still wrap at 360 px.
  const long = 'x'.repeat(120);
  switch (slug) {
    case 'base64':
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
