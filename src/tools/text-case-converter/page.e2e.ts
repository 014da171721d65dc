// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, fill, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'output')).not.toHaveValue(''),
  makeError: (page) => fill(page, 'input', '!!! ??? ---'),
  answer: (page) => {
    const result = page.locator('section').filter({ has: page.getByTestId('conventions') });
    return { result, action: copyIn(result) };
  },
} satisfies PageResult;
