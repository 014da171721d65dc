// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { fill, outputText, showOptions, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  ...outputText,
  makeError: async (page, long) => {
    await showOptions(page);
    await page.getByTestId('mode-decode').check();
    await fill(page, 'input', `%E0%A4%A${long}`);
  },
} satisfies PageResult;
