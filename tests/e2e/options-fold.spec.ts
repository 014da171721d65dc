// On a phone a page's options fold into a disclosure (OptionsFold.svelte) whose summary says what
// is set away from the defaults, so the answer follows the input; the fold is a real
// <details>/<summary> (keyboard, screen readers), and whether it is open is remembered for the
// session. Wide screens show the options as before, with no fold.
import { expect, test } from './fixtures';

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the options fold, say what is set, open from the keyboard and stay open for the session', async ({ page }) => {
    await page.goto('/json-formatter');
    const fold = page.getByTestId('options-fold');
    const summary = page.getByTestId('options-summary');
    await expect(fold).not.toHaveAttribute('open');
    await expect(summary).toHaveText(/^\s*Options\s*·\s*defaults\s*$/);
    await expect(page.getByTestId('sort-keys')).toBeHidden();
    // The input comes right after the folded options: nothing else between them.
    const [foldBox, inputBox] = [await fold.boundingBox(), await page.getByTestId('input').boundingBox()];
    expect(inputBox!.y - (foldBox!.y + foldBox!.height)).toBeLessThan(60);

    // Keyboard: a summary is a button to assistive technology; Enter opens it.
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(fold).toHaveAttribute('open');
    await page.getByTestId('sort-keys').check();
    await page.getByTestId('indent').selectOption('4');
    await expect(summary).toContainText('2 set: 4 spaces, Sort keys');

    // Another page and back (the sidebar is a drawer here: go through the address, same tab).
    await page.goto('/base64');
    await expect(page.getByTestId('options-fold')).not.toHaveAttribute('open');
    await page.goto('/json-formatter');
    await expect(page.getByTestId('options-fold')).toHaveAttribute('open');

    // Closed again, it stays closed.
    await page.getByTestId('options-summary').click();
    await expect(page.getByTestId('options-fold')).not.toHaveAttribute('open');
    await page.reload();
    await expect(page.getByTestId('options-fold')).not.toHaveAttribute('open');
  });

  test('the summary names a non-default mode, so a folded choice is never invisible', async ({ page }) => {
    await page.goto('/base64#{"mode":"decode","input":"aGk="}');
    await expect(page.getByTestId('output')).toHaveValue('hi');
    await expect(page.getByTestId('options-summary')).toContainText('1 set: Decode Base64');
  });
});

test('wide screens have no fold: the options show as they are', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/json-formatter');
  await expect(page.getByTestId('options-fold')).toHaveCount(0);
  await expect(page.getByTestId('sort-keys')).toBeVisible();
});
