// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { byTestId, copyIn, field, fileInput, fill, type PageResult } from '../../../tests/e2e/page-kit';

// json-formatter.spec.ts's "document of several MB": 50,000 objects, 2.2 MB.
const COUNT = 50_000;

export default {
  // A virtualised view, not a text box: its first line is rendered.
  waitForResult: (page) => expect(byTestId(page, 'output').locator('[data-line="1"]')).toBeVisible(),
  makeError: (page, long) => fill(page, 'input', `{"a": [1, 2,, "${long}"]`),
  answer: (page) => {
    const result = field(page, 'output');
    return { result, action: copyIn(result) };
  },
  fileStep: {
    open: (page) => {
      const big = `[${Array.from({ length: COUNT }, (_, i) => `{"id":${i},"name":"item ${i}","tags":["a","b"]}`).join(',')}]`;
      return fileInput(page).setInputFiles({
        name: 'big.json',
        mimeType: 'application/json',
        buffer: Buffer.from(big),
      });
    },
    ready: (page) =>
      expect(page.getByTestId('status')).toContainText(`${(COUNT * 8 + 2).toLocaleString('en-US')} lines`, {
        timeout: 30_000,
      }),
  },
} satisfies PageResult;
