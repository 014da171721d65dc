// The answer is in view: on every tool page (from the registry), after "Load example" and after
// opening the largest file the tool's own e2e tests open, the top of the result and its main
// action (Copy, Download) are inside the viewport, at two desktop sizes and a phone, in both
// themes, without the user scrolling. On a phone the result may instead be one tap away: a
// visible "Result ↓" button that brings it into view.
//
// Nothing in the answer collapses: every visible part of the output pane (its direct children,
// through `display: contents` wrappers) that holds something has a height (the JSON formatter's
// match paths once measured 0 px at 1280 px: there, but unseen). On a phone the options are folded
// (OptionsFold.svelte), closed until the user opens them; wider there is no fold.
//
// One page load per page and viewport; the theme is switched with emulateMedia (no reload). The
// measured tops are written to test-results/answer-in-view/<viewport>.json for the closing note.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tools } from '../../src/tools/index';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { answerOf, fileStepOf, waitForResult } from './page-results';

const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '1440x900', width: 1440, height: 900 },
  { name: '390x844', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

interface Measure {
  slug: string;
  step: 'example' | 'file';
  scheme: string;
  resultTop: number | null;
  actionTop: number | null;
  actionBottom: number | null;
  /** Whether the result was reached through the "Result ↓" button (phones). */
  tapped: boolean;
  inView: boolean;
  /** The output pane's parts with content but no height ("tag.class: text…"). */
  collapsed: string[];
}

/** The parts of the answer pane (`.pane-out`, else the page's result) that hold something yet have no height. */
async function collapsedParts(page: Page, result: Locator): Promise<string[]> {
  const paneOut = page.locator('article .pane-out');
  const pane = (await paneOut.count()) ? paneOut.first() : result;
  return pane.evaluate((root) => {
    const found: string[] = [];
    const visit = (parent: Element) => {
      for (const child of parent.children) {
        const style = getComputedStyle(child);
        if (style.display === 'contents') {
          visit(child);
          continue;
        }
        if (
          style.display === 'none' ||
          style.visibility === 'hidden' ||
          child.matches('.visually-hidden, [popover]:not(:popover-open)')
        )
          continue;
        const holds =
          (child.textContent ?? '').trim() !== '' ||
          child.querySelector('img, canvas, svg, input, textarea, select, button') !== null;
        if (holds && child.getBoundingClientRect().height < 1) {
          const name = `${child.tagName.toLowerCase()}${child.classList.length ? `.${[...child.classList].filter((c) => !c.startsWith('svelte-')).join('.')}` : ''}`;
          found.push(`${name}: ${(child.textContent ?? '').trim().slice(0, 40)}`);
        }
      }
    };
    visit(root);
    return found;
  });
}

async function measure(
  page: Page,
  slug: string,
  step: Measure['step'],
  scheme: string,
  height: number,
): Promise<Measure> {
  const { result, action } = answerOf(page, slug);
  const boxes = async () => ({ result: await result.boundingBox(), action: await action.boundingBox() });
  const fits = (b: Awaited<ReturnType<typeof boxes>>) =>
    !!b.result &&
    !!b.action &&
    b.result.y >= -1 &&
    b.result.y + 24 <= height &&
    b.action.y >= -1 &&
    b.action.y + b.action.height <= height + 1;
  let b = await boxes();
  let tapped = false;
  if (!fits(b)) {
    // Phones: one tap on the visible "Result ↓" is allowed.
    const jump = page.getByTestId('jump-to-result');
    if (await jump.isVisible()) {
      await jump.click();
      await page.waitForTimeout(400);
      b = await boxes();
      tapped = true;
    }
  }
  const collapsed = await collapsedParts(page, result);
  const round = (n: number | undefined) => (n === undefined ? null : Math.round(n));
  return {
    slug,
    step,
    scheme,
    resultTop: round(b.result?.y),
    actionTop: round(b.action?.y),
    actionBottom: round(b.action ? b.action.y + b.action.height : undefined),
    tapped,
    inView: fits(b),
    collapsed,
  };
}

for (const viewport of VIEWPORTS) {
  test(`answer in view at ${viewport.name}`, async ({ browser, baseURL }) => {
    test.setTimeout(tools.length * 45_000);
    const context = await browser.newContext({ baseURL, viewport, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const measures: Measure[] = [];
    // Each theme is measured from where the step left the page (a tap on "Result ↓" scrolls).
    const both = async (slug: string, step: Measure['step']) => {
      const y = await page.evaluate(() => window.scrollY);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate((top) => window.scrollTo(0, top), y);
        measures.push(await measure(page, slug, step, scheme, viewport.height));
      }
    };
    for (const { slug } of tools) {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`/${slug}`);
      // Phones: the options fold (where a page has options) starts closed; wide: no fold at all.
      const fold = page.getByTestId('options-fold');
      if (viewport.width > 700) await expect(fold).toHaveCount(0);
      else if (await fold.count()) await expect(fold).not.toHaveAttribute('open');
      await page.getByTestId('load-example').click();
      await waitForResult(page, slug);
      await both(slug, 'example');
      const file = fileStepOf(slug);
      if (file) {
        await file.open(page);
        await file.ready(page);
        await both(slug, 'file');
      }
    }
    await context.close();
    mkdirSync('test-results/answer-in-view', { recursive: true });
    writeFileSync(`test-results/answer-in-view/${viewport.name}.json`, `${JSON.stringify(measures, null, 1)}\n`);
    const out = measures
      .filter((m) => !m.inView)
      .map(
        (m) => `${m.slug} (${m.step}, ${m.scheme}): result top ${m.resultTop}, action ${m.actionTop}–${m.actionBottom}`,
      );
    expect(out, `results out of view at ${viewport.name}`).toEqual([]);
    const collapsed = measures
      .filter((m) => m.collapsed.length)
      .map((m) => `${m.slug} (${m.step}, ${m.scheme}): ${m.collapsed.join('; ')}`);
    expect(collapsed, `parts of the answer with no height at ${viewport.name}`).toEqual([]);
  });
}
