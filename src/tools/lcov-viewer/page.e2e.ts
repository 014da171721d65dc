// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, FIXTURES, fill, section, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'file-row')).toBeVisible(),
  makeError: async (page, long) => {
    // A loaded example is folded to one line: Edit opens its text box again.
    if (await page.getByTestId('lcov-edit').isVisible()) await page.getByTestId('lcov-edit').click();
    await fill(page, 'input', `SF:src/${long}.js\nDA:1,x${long}\nend_of_record`);
  },
  answer: (page) => {
    const result = section(page, 'lcov-summary-title');
    return { result, action: copyIn(result) };
  },
  fileStep: {
    open: (page) => page.getByTestId('head').getByTestId('file-input').setInputFiles(`${FIXTURES}lcov/real/head.info`),
    ready: (page) => expect(page.getByTestId('loaded')).toContainText('head.info'),
  },
} satisfies PageResult;
