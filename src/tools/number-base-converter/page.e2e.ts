// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, field, fill, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  waitForResult: (page) => expect(byTestId(page, 'decimal')).not.toHaveValue(''),
  makeError: (page, long) => fill(page, 'decimal', `12g${long}`),
  answer: (page) => {
    const result = field(page, 'hexadecimal');
    return { result, action: copyIn(result) };
  },
} satisfies PageResult;
