// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, FIXTURES, fileInput, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  // The converted image, ready to download.
  waitForResult: (page) => expect(byTestId(page, 'download')).toBeVisible({ timeout: 30_000 }),
  answer: (page) => {
    // The newest image of the batch.
    const result = page.getByTestId('item').last();
    return { result, action: result.getByTestId('download') };
  },
  fileStep: {
    open: (page) => fileInput(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
    ready: (page) => expect(page.getByTestId('item').last().getByTestId('download')).toBeVisible({ timeout: 30_000 }),
  },
} satisfies PageResult;
