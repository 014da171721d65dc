// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, fill, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'hex')).toBeVisible(),
  makeError: (page, long) => fill(page, 'input', `not-a-colour-${long}`),
  answer: (page) => ({ result: page.getByTestId('swatch'), action: copyIn(page.locator('dl').first()) }),
} satisfies PageResult;
