// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, fill, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'unix_seconds')).toBeVisible(),
  makeError: (page, long) => fill(page, 'input', `2024-13-45T${long}`),
  answer: (page) => ({ result: page.getByTestId('detected'), action: copyIn(page.locator('dl').first()) }),
} satisfies PageResult;
