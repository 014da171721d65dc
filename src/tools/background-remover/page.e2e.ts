// How this page shows itself to the e2e page tests (tests/e2e/page-results.ts). No file step: its
// result needs the 90 MB model (its waiting sample is measured after Load example).
import { expect } from '@playwright/test';
import type { PageResult } from '../../../tests/e2e/page-kit';

export default {
  // Its example waits for a click before the model downloads: the sample is the result.
  waitForResult: (page) => expect(page.getByTestId('waiting').getByRole('img')).toBeVisible(),
  answer: (page) => ({ result: page.getByTestId('waiting'), action: page.getByTestId('remove-background') }),
} satisfies PageResult;
