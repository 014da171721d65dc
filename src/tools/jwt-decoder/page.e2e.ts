// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts). Its tests open
// no file of its input (a key), so it has no file step.
import { expect } from '@playwright/test';
import { byTestId, copyIn, field, fill, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'verification')).toHaveAttribute('data-state', 'verified'),
  makeError: (page, long) => fill(page, 'token', `eyJhbGciOiJIUzI1NiJ9.${long}.sig`),
  answer: (page) => ({ result: page.getByTestId('verification'), action: copyIn(field(page, 'payload')) }),
} satisfies PageResult;
