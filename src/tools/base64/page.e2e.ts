// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts).
import { expect } from '@playwright/test';
import { fileInput, fill, outputText, showOptions, type PageResult } from '../../../tests/e2e/page-kit';

export default {
  ...outputText,
  makeError: async (page, long) => {
    await showOptions(page);
    await page.getByTestId('mode').selectOption('decode');
    await fill(page, 'input', `SGVsbG8*${long}`);
  },
  fileStep: {
    // base64.spec.ts's large file: 3 MB of bytes.
    open: (page) => {
      const big = Buffer.alloc(3 * 1024 * 1024);
      for (let i = 0; i < big.length; i++) big[i] = (i * 2654435761) >>> 24;
      return fileInput(page).setInputFiles({ name: 'random.bin', mimeType: 'application/octet-stream', buffer: big });
    },
    ready: (page) => expect(page.getByTestId('preview-note')).toBeVisible({ timeout: 30_000 }),
  },
} satisfies PageResult;
