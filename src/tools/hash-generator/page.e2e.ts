// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { FIXTURES, fileInput, outputText, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  ...outputText,
  fileStep: {
    open: (page) => fileInput(page).setInputFiles(`${FIXTURES}images/quadrants.png`),
    ready: (page) => expect(page.getByTestId('meta')).toContainText('a file of'),
  },
} satisfies PageResult;
