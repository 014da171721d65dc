// What each page shows once its example is loaded, an easy way to make it show an error, where its
// answer is and which file its own tests open: each tool's folder says so in its `page.e2e.ts`
// (the shape is ./page-kit.ts), found here by folder, so a new tool needs no edit in this file.
// A tool without a page of its own gets the generic page (src/ui/SchemaPage.svelte), described
// by GENERIC. Shared by every-page, answer-in-view, flow and screenshots.
import { existsSync, readdirSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { copyIn, type FileStep, type PageResult } from './page-kit';

export { showOptions } from './page-kit';

const TOOLS = new URL('../../src/tools/', import.meta.url).pathname;

/** The generic page's answer: its first output box (the whole body, or one per text field). */
const GENERIC: PageResult = {
  waitForResult: (page) => expect(page.locator('[data-testid^="output"]').first()).not.toHaveValue(''),
  answer: (page) => {
    const result = page
      .locator('.field')
      .filter({ has: page.locator('[data-testid^="output"]') })
      .first();
    return { result, action: copyIn(result) };
  },
};

const own = new Map<string, PageResult>();
for (const slug of readdirSync(TOOLS)) {
  const path = `${TOOLS}${slug}/page.e2e.ts`;
  if (existsSync(path)) own.set(slug, ((await import(path)) as { default: PageResult }).default);
}

/** How the page of `slug` shows itself to the tests: its folder's page.e2e.ts, else the generic page's. */
export const pageResultOf = (slug: string): PageResult => own.get(slug) ?? GENERIC;

/** Resolves once the page has a result. */
export const waitForResult = (page: Page, slug: string): Promise<void> => pageResultOf(slug).waitForResult(page);

/** Puts the page into an error state through its controls, where that is easy; returns false where not. */
export async function makeError(page: Page, slug: string): Promise<boolean> {
  const { makeError: make } = pageResultOf(slug);
  if (!make) return false;
  await make(page, 'x'.repeat(120));
  await expect(page.getByTestId('error').first()).toBeVisible();
  return true;
}

/** A page's result (its top is what must be in view) and its main action (Copy or Download). */
export const answerOf = (page: Page, slug: string): { result: Locator; action: Locator } =>
  pageResultOf(slug).answer(page);

/** The largest file a page's own e2e tests open, and how to tell that its result has come. */
export const fileStepOf = (slug: string): FileStep | undefined => pageResultOf(slug).fileStep;
