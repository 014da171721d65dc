// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, fill, section, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: async (page) => {
    await expect(byTestId(page, 'validation')).toContainText('Valid');
    await expect(byTestId(page, 'uuid')).toBeVisible();
  },
  makeError: (page) => fill(page, 'count', ''),
  answer: (page) => {
    const result = section(page, 'uuid-list-title');
    return { result, action: copyIn(result) };
  },
} satisfies PageResult;
