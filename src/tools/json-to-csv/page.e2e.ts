// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { FIXTURES, fileInput, fill, outputText, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  ...outputText,
  makeError: (page, long) => fill(page, 'input', `"not a table: ${long}"`),
  fileStep: {
    open: (page) => fileInput(page).setInputFiles(`${FIXTURES}csv/distro-info-ubuntu.csv`),
    ready: (page) => expect(page.getByTestId('output')).toHaveValue(/"codename"/),
  },
} satisfies PageResult;
