// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, FIXTURES, fileInput, section, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  // The resized image, ready to download.
  waitForResult: (page) => expect(byTestId(page, 'download')).toBeVisible({ timeout: 30_000 }),
  answer: (page) => ({ result: section(page, 'after-title'), action: page.getByTestId('download').first() }),
  fileStep: {
    open: (page) => fileInput(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
    ready: (page) =>
      expect(page.getByTestId('download').first()).toHaveAttribute('download', /quadrants/, { timeout: 30_000 }),
  },
} satisfies PageResult;
