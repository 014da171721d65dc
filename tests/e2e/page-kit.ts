// What a tool's page looks like to the e2e tests: the shape each tool folder's `page.e2e.ts`
// exports (collected by ./page-results.ts), and the locators those files share.
import { expect, type Locator, type Page } from '@playwright/test';

/** A file the page's own e2e tests open, and how to tell that its result has come. */
export interface FileStep {
  open: (page: Page) => Promise<void>;
  ready: (page: Page) => Promise<void>;
}

/** The default export of src/tools/<slug>/page.e2e.ts. */
export interface PageResult {
  /** Resolves once the page shows its result (after Load example). */
  waitForResult: (page: Page) => Promise<void>;
  /**
   * Puts the page into an error state through its controls; absent where that is not easy.
   * `long` is one long unbroken word: an error that quotes it must still wrap at 360 px.
   */
  makeError?: (page: Page, long: string) => Promise<void>;
  /** The page's result (its top is what must be in view) and its main action (Copy or Download). */
  answer: (page: Page) => { result: Locator; action: Locator };
  /**
   * The largest file the page's own e2e tests open; absent for pages whose tests open no file of
   * their input, or whose result needs a model download.
   */
  fileStep?: FileStep;
}

export const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

export const byTestId = (page: Page, id: string): Locator => page.getByTestId(id).first();
export const fill = (page: Page, id: string, text: string): Promise<void> => byTestId(page, id).fill(text);
export const fileInput = (page: Page): Locator => byTestId(page, 'file-input');
/** The innermost `.field` around a test id: the label row with its buttons, and the value. */
export const field = (page: Page, testid: string): Locator =>
  page
    .locator('.field')
    .filter({ has: page.getByTestId(testid) })
    .last();
export const copyIn = (scope: Locator): Locator => scope.getByRole('button', { name: /^Copy/ }).first();
export const section = (page: Page, title: string): Locator => page.locator(`section[aria-labelledby="${title}"]`);

/** A text result in the `output` box: shown once it is not empty; Copy is its action. */
export const outputText: Pick<PageResult, 'waitForResult' | 'answer'> = {
  waitForResult: (page) => expect(byTestId(page, 'output')).not.toHaveValue(''),
  answer: (page) => {
    const result = field(page, 'output');
    return { result, action: copyIn(result) };
  },
};

/** On a phone the options are folded (OptionsFold.svelte): opens them where they are. */
export async function showOptions(page: Page): Promise<void> {
  const fold = page.getByTestId('options-fold');
  if ((await fold.count()) && !(await fold.evaluate((details) => (details as HTMLDetailsElement).open)))
    await fold.getByTestId('options-summary').click();
}
