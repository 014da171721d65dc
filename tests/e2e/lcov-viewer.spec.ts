import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clipboardText, expect, test, type Page } from './fixtures';

// Fixtures shaped as c8 (tests/fixtures/lcov/c8.info) and lcov 1.x geninfo (geninfo.info) write
// them. Every expected figure below was counted by hand from those files:
//
// c8.info (common directory /home/runner/work/shop/shop/src/)
//   cart.js          lines 3/10 = 30.0 (low)   functions 1/2 = 50.0 (medium)  branches 1/4 = 25.0 (low)
//   price.js         lines 7/8  = 87.5 (high)  functions 2/3 = 66.7 (medium)  branches 0/0 (none found)
//   utils/format.js  lines 5/7  = 71.4 (med.)  functions 1/1 = 100  (high)    branches 3/4 = 75.0 (medium)
//   index.js         lines 2/2  = 100  (high)  functions 0/0 (none found)     branches 0/0 (none found)
//   summary          lines 17/27 = 62.96 → 63.0, functions 4/6 = 66.7, branches 4/8 = 50.0
//
// geninfo.info (common directory /build/project/src/; BRDA '-' = block never ran, not taken)
//   parse.c  lines 5/8 = 62.5, functions 1/2 = 50, branches 2/4 = 50
//   main.c   lines 5/6 = 83.3, functions 1/1 = 100, branches 1/2 = 50
//   summary  lines 10/14 = 71.43 → 71.4, functions 2/3 = 66.7, branches 3/6 = 50.0
const FIXTURES = fileURLToPath(new URL('../fixtures/lcov/', import.meta.url));
const C8 = `${FIXTURES}c8.info`;
const GENINFO = `${FIXTURES}geninfo.info`;
// Real tracefiles of a small C program (gcc 12 --coverage, lcov 1.16), before and after more
// tests; every figure below is from reference.json beside them (lcov --summary per file, and gcov's
// own uncovered lines and functions), not from this tool. Paths share /tmp/calc/src/.
//   head: main.c 18/20 lines, 2/2 fn, 2/4 br; parse/expr.c 30/36, 4/4, 25/32; parse/tokens.c 32/32,
//         2/2, 26/28; util/hash.c 6/9, 1/2, 2/4 (same_label never called, lines 13-15);
//         util/strbuf.c 21/21, 3/3, 4/8.  Total 107/118 = 90.7, 12/13 = 92.3, 59/76 = 77.6.
//   base: legacy.c instead of hash.c; expr.c 27/36 = 75.0; tokens.c 22/32 = 68.8; main.c 16/18 =
//         88.9. Total 89/110 = 80.9, 11/12 = 91.7, 43/74 = 58.1.
const HEAD = `${FIXTURES}real/head.info`;
const BASE = `${FIXTURES}real/base.info`;

const rowNames = (page: Page) => page.getByTestId('file-row').locator('th').allTextContents();
const column = (page: Page, category: string) => page.getByTestId(`cell-${category}`).locator('.pct').allTextContents();

test.describe('lcov-viewer page', () => {
  test('reads a picked c8 lcov.info: summary cards, rated file table, copy', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('LCOV Coverage Viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(C8);

    await expect(page.getByTestId('loaded')).toContainText('Loaded c8.info');
    // Loaded, the tracefile folds to one line: the report follows right below.
    await expect(page.getByTestId('input')).toHaveCount(0);
    await expect(page.getByTestId('lcov-folded')).toContainText('LCOV tracefile · Loaded c8.info');
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('63.0 %');
    await expect(page.getByTestId('summary-lines-counts')).toHaveText('17 of 27 lines hit');
    await expect(page.getByTestId('summary-functions-percent')).toHaveText('66.7 %');
    await expect(page.getByTestId('summary-functions-counts')).toHaveText('4 of 6 functions hit');
    await expect(page.getByTestId('summary-branches-percent')).toHaveText('50.0 %');
    await expect(page.getByTestId('summary-branches-counts')).toHaveText('4 of 8 branches hit');
    await expect(page.getByTestId('summary-lines')).toContainText('medium');
    await expect(page.getByRole('heading', { name: /Summary of 4 files/ })).toBeVisible();

    // Paths relative to the directory they share, the least covered lines first.
    await expect(page.getByTestId('files').locator('caption')).toContainText(
      'paths relative to /home/runner/work/shop/shop/src/',
    );
    expect(await rowNames(page)).toEqual(['cart.js', 'utils/format.js', 'price.js', 'index.js']);
    await expect(page.getByTestId('file-row').first().locator('th')).toHaveAttribute(
      'title',
      '/home/runner/work/shop/shop/src/cart.js',
    );

    // Ratings are spelled out, not shown by colour only.
    const cart = page.getByTestId('file-row').nth(0);
    await expect(cart.getByTestId('cell-lines')).toHaveText(/30\.0 %\s*3\/10\s*low/);
    await expect(cart.getByTestId('cell-functions')).toHaveText(/50\.0 %\s*1\/2\s*medium/);
    await expect(cart.getByTestId('cell-branches')).toHaveText(/25\.0 %\s*1\/4\s*low/);
    const price = page.getByTestId('file-row').nth(2);
    await expect(price.getByTestId('cell-lines')).toHaveText(/87\.5 %\s*7\/8\s*high/);
    await expect(price.getByTestId('cell-branches')).toHaveText(/—\s*0\/0\s*none found/);
    const format = page.getByTestId('file-row').nth(1);
    await expect(format.getByTestId('cell-lines')).toHaveText(/71\.4 %\s*5\/7\s*medium/);
    await expect(format.getByTestId('cell-functions')).toHaveText(/100\.0 %\s*1\/1\s*high/);

    await page.getByRole('button', { name: 'Copy summary' }).click();
    await expect
      .poll(() => clipboardText(page))
      .toBe('Lines: 63.0 % (17/27)\nFunctions: 66.7 % (4/6)\nBranches: 50.0 % (4/8)');
  });

  test('sorts the files by clicking column headers and with the keyboard', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(C8);
    await expect(page.getByTestId('file-row')).toHaveCount(4);

    // At first by line coverage, lowest first.
    const linesHeader = page.getByRole('columnheader', { name: 'Lines', exact: true });
    await expect(linesHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(await rowNames(page)).toEqual(['cart.js', 'utils/format.js', 'price.js', 'index.js']);
    expect(await column(page, 'lines')).toEqual(['30.0 %', '71.4 %', '87.5 %', '100.0 %']);

    await page.getByRole('button', { name: 'Lines', exact: true }).click();
    await expect(linesHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await rowNames(page)).toEqual(['index.js', 'price.js', 'utils/format.js', 'cart.js']);

    // Keyboard only: from the filter field, Tab to the header buttons, Enter and Space sort.
    await page.getByTestId('filter').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'File', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'File', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(linesHeader).not.toHaveAttribute('aria-sort', /.*/);
    expect(await rowNames(page)).toEqual(['cart.js', 'index.js', 'price.js', 'utils/format.js']);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Branches', exact: true })).toBeFocused();
    await page.keyboard.press(' ');
    await expect(page.getByRole('columnheader', { name: 'Branches', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(await column(page, 'branches')).toEqual(['25.0 %', '75.0 %', '—', '—']);
    expect((await rowNames(page)).slice(0, 2)).toEqual(['cart.js', 'utils/format.js']);

    // The filter narrows the table; the sort stays.
    await page.getByTestId('filter').fill('utils');
    expect(await rowNames(page)).toEqual(['utils/format.js']);
    await expect(page.getByTestId('files').locator('caption')).toContainText('1 of 4 files');
    await page.getByTestId('filter').fill('nothing-like-this');
    await expect(page.getByTestId('no-match')).toBeVisible();
  });

  test('reads a dropped geninfo tracefile and exports the table as CSV', async ({ page }) => {
    await page.goto('/lcov-viewer');
    const text = readFileSync(GENINFO, 'utf8');
    const dataTransfer = await page.evaluateHandle((content) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], 'coverage.info', { type: '' }));
      return transfer;
    }, text);
    await page
      .getByRole('button', { name: 'Drop an .info file here or choose one' })
      .dispatchEvent('drop', { dataTransfer });

    await expect(page.getByTestId('loaded')).toContainText('Loaded coverage.info');
    await expect(page.getByTestId('lcov-folded')).toContainText('44 lines');
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('71.4 %');
    await expect(page.getByTestId('summary-lines-counts')).toHaveText('10 of 14 lines hit');
    await expect(page.getByTestId('summary-functions-percent')).toHaveText('66.7 %');
    await expect(page.getByTestId('summary-branches-percent')).toHaveText('50.0 %');
    await expect(page.getByTestId('summary-branches-counts')).toHaveText('3 of 6 branches hit');
    expect(await rowNames(page)).toEqual(['parse.c', 'main.c']);
    await expect(page.getByTestId('file-row').nth(1).getByTestId('cell-lines')).toHaveText(/83\.3 %\s*5\/6\s*high/);

    await page.getByRole('button', { name: 'Copy CSV of the table' }).click();
    await expect
      .poll(() => clipboardText(page))
      .toBe(
        [
          'path,lines_percent,lines_hit,lines_found,functions_percent,functions_hit,functions_found,branches_percent,branches_hit,branches_found',
          '/build/project/src/parse.c,62.5,5,8,50,1,2,50,2,4',
          '/build/project/src/main.c,83.3,5,6,100,1,1,50,1,2',
          '',
        ].join('\r\n'),
      );

    const download = page.waitForEvent('download');
    await page.getByTestId('download-csv').click();
    expect((await download).suggestedFilename()).toBe('coverage.csv');

    // Editing the text by hand: it is no longer "the file".
    await page.getByTestId('lcov-edit').click();
    await expect(page.getByTestId('input')).toHaveValue(text);
    await page.getByTestId('input').press('End');
    await page.getByTestId('input').pressSequentially('x');
    await expect(page.getByTestId('loaded')).toHaveCount(0);
  });

  test('shows the tool error for text that is not LCOV and for a malformed line', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('input').fill('this is not a coverage report');
    await expect(page.getByTestId('error')).toContainText('No LCOV records found');
    await expect(page.getByTestId('files')).toHaveCount(0);

    await page.getByTestId('input').fill('TN:\nSF:src/a.js\nDA:1,1\nDA:two,0\nend_of_record\n');
    await expect(page.getByTestId('error')).toContainText('Line 4');
    await expect(page.getByTestId('error')).toContainText('DA');

    await page.getByTestId('input').fill('TN:\nSF:src/a.js\nDA:1,1\nDA:2,0\nend_of_record\n');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('50.0 %');
  });

  test('keeps a pasted tracefile in the URL fragment and restores it from a shared link', async ({ page }) => {
    await page.goto('/lcov-viewer');
    // 2 of 3 lines hit: 66.7 %; one function, not called: 0 %.
    const lcov = 'SF:lib/a.py\nFN:1,main\nFNDA:0,main\nDA:1,1\nDA:2,0\nDA:3,1\nend_of_record\n';
    await page.getByTestId('input').fill(lcov);
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('66.7 %');
    await expect(page).toHaveURL(/#.*lib%2Fa\.py/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue(lcov);
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('66.7 %');
    await expect(page.getByTestId('summary-functions-percent')).toHaveText('0.0 %');
    await expect(page.getByTestId('summary-functions')).toContainText('low');
    // A single file: its path in full.
    expect(await rowNames(page)).toEqual(['lib/a.py']);
  });

  test('rolls the files up into a folder tree that opens and closes', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(HEAD);
    await expect(page.getByTestId('summary-lines-percent')).toHaveText('90.7 %');
    await page.getByTestId('view-tree').check();

    const folder = (name: string) => page.getByTestId('tree-folder').filter({ hasText: name });
    // Folders first, then files, each by name; small reports open every folder.
    expect(await page.getByTestId('tree').locator('tbody th').allTextContents()).toEqual([
      expect.stringMatching(/^parse\/\s*2 files$/),
      '·expr.c',
      '·tokens.c',
      expect.stringMatching(/^util\/\s*2 files$/),
      '·hash.c',
      '·strbuf.c',
      '·main.c',
    ]);
    // parse/: lines 30 + 32 of 36 + 32 = 62/68 = 91.2 %, functions 6/6, branches 51/60 = 85.0 %.
    await expect(folder('parse/').getByTestId('tree-lines')).toHaveText(/91\.2 %\s*62\/68\s*high/);
    await expect(folder('parse/').getByTestId('tree-functions')).toHaveText(/100\.0 %\s*6\/6\s*high/);
    await expect(folder('parse/').getByTestId('tree-branches')).toHaveText(/85\.0 %\s*51\/60\s*high/);
    // util/: 27/30 = 90.0 %, 4/5 = 80.0 %, 6/12 = 50.0 % (medium: spelled out, not only coloured).
    await expect(folder('util/').getByTestId('tree-lines')).toHaveText(/90\.0 %\s*27\/30\s*high/);
    await expect(folder('util/').getByTestId('tree-functions')).toHaveText(/80\.0 %\s*4\/5\s*high/);
    await expect(folder('util/').getByTestId('tree-branches')).toHaveText(/50\.0 %\s*6\/12\s*medium/);

    const toggle = folder('parse/').getByRole('button', { name: 'parse/' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('tree-file')).toHaveCount(3);
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await expect(page.getByTestId('tree-file')).toHaveCount(1); // main.c, at the top level
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(page.getByTestId('tree-file')).toHaveCount(5);

    // The filter keeps the matching files and the folders above them.
    await page.getByTestId('filter').fill('hash');
    expect(await page.getByTestId('tree').locator('tbody th').allTextContents()).toEqual([
      expect.stringMatching(/^util\//),
      '·hash.c',
    ]);
  });

  test("expands a file's row to its uncovered lines and functions", async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(HEAD);
    const row = (name: string) => page.getByTestId('file-row').filter({ hasText: name });
    await expect(page.getByTestId('file-detail')).toHaveCount(0);

    const expand = row('parse/expr.c').getByRole('button', { name: 'Uncovered lines and functions of parse/expr.c' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expand.click();
    await expect(expand).toHaveAttribute('aria-expanded', 'true');
    const detail = page.getByTestId('file-detail');
    // gcov: lines 33, 34, 46, 47, 56, 57 never ran.
    await expect(detail.getByTestId('uncovered-lines').locator('li')).toHaveText(['33–34', '46–47', '56–57']);
    await expect(detail.getByTestId('functions').locator('li')).toHaveText([
      /peek\s*line 7\s*16 calls/,
      /evaluate\s*line 13\s*4 calls/,
      /term\s*line 24\s*7 calls/,
      /factor\s*line 43\s*10 calls/,
    ]);
    await detail.getByRole('button', { name: 'Copy uncovered lines' }).click();
    await expect.poll(() => clipboardText(page)).toBe('33-34,46-47,56-57');
    await expand.click();
    await expect(detail).toHaveCount(0);

    // A function never called is listed first and said so.
    await row('util/hash.c').getByTestId('expand').click();
    await expect(page.getByTestId('uncovered-lines').locator('li')).toHaveText(['13–15']);
    await expect(page.getByTestId('functions').locator('li').first()).toHaveText(/same_label\s*line 13\s*never called/);
    await expect(page.getByTestId('file-detail')).toContainText('1 of 2 never called');
  });

  test('dropped source files show the uncovered lines in the code', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(HEAD);
    await expect(page.getByTestId('file-row')).toHaveCount(5);
    const sources = page.getByRole('button', { name: /Drop source files/ });
    await expect(sources).toBeVisible();
    const files = ['util/hash.c', 'parse/expr.c', 'calc.h'].map((name) => ({
      name,
      text: readFileSync(`${FIXTURES}real/src/${name}`, 'utf8'),
    }));
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const { name, text } of list) data.items.add(new File([text], name.split('/').pop()!, { type: 'text/x-c' }));
      return data;
    }, files);
    await sources.dispatchEvent('drop', { dataTransfer: transfer });
    await expect(page.getByTestId('sources-note')).toHaveText('2 source files matched; not in the tracefile: calc.h.');

    // gcov: hash.c lines 13–15 never ran (same_label); expr.c 33–34, 46–47, 56–57.
    const hash = page
      .getByTestId('file-detail')
      .filter({ has: page.locator('[aria-label="Uncovered lines of /tmp/calc/src/util/hash.c"]') });
    const source = readFileSync(`${FIXTURES}real/src/util/hash.c`, 'utf8').split('\n');
    const missed = hash.locator('.code-line.miss');
    await expect(missed).toHaveCount(3);
    expect(await missed.evaluateAll((lines) => lines.map((line) => line.getAttribute('data-line')))).toEqual([
      '13',
      '14',
      '15',
    ]);
    await expect(missed.first()).toContainText(source[12]!.trim());
    await expect(page.getByTestId('source-excerpts')).toHaveCount(2);
  });

  test('compares with a baseline: deltas on the cards and a table of the files that changed', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(HEAD);
    await page.getByTestId('baseline-input').getByTestId('file-input').setInputFiles(BASE);
    await expect(page.getByTestId('baseline-loaded')).toContainText('Loaded base.info');

    // 90.7 − 80.9, 92.3 − 91.7, 77.6 − 58.1.
    await expect(page.getByTestId('summary-lines-delta')).toHaveText(/▲ \+9\.8/);
    await expect(page.getByTestId('summary-functions-delta')).toHaveText(/▲ \+0\.6/);
    await expect(page.getByTestId('summary-branches-delta')).toHaveText(/▲ \+19\.5/);

    // Largest line change first (tokens.c 68.8 → 100, expr.c 75 → 83.3, main.c 88.9 → 90), then new, then removed.
    const rows = page.getByTestId('diff-row');
    expect((await rows.locator('th').allTextContents()).map((text) => text.trim())).toEqual([
      'parse/tokens.c',
      'parse/expr.c',
      'main.c',
      'util/hash.c new',
      'legacy.c removed',
    ]);
    await expect(rows.nth(0).getByTestId('diff-lines')).toHaveText(/100\.0 %\s*▲ \+31\.2\s*was 68\.8 %/);
    await expect(rows.nth(1).getByTestId('diff-lines')).toHaveText(/83\.3 %\s*▲ \+8\.3\s*was 75\.0 %/);
    await expect(rows.nth(1).getByTestId('diff-functions')).toHaveText(/100\.0 %\s*±0\.0\s*was 100\.0 %/);
    await expect(rows.nth(2).getByTestId('diff-lines')).toHaveText(/90\.0 %\s*▲ \+1\.1\s*was 88\.9 %/);
    await expect(rows.nth(3).getByTestId('diff-lines')).toHaveText(/^\s*66\.7 %\s*$/);
    await expect(rows.nth(4).getByTestId('diff-lines')).toHaveText(/—\s*was 100\.0 %/);
    // strbuf.c did not change: not listed.
    await expect(page.getByTestId('diff')).not.toContainText('strbuf');

    // A baseline with a bad line: the error names the baseline.
    await page.getByTestId('baseline-edit').click();
    await page.getByTestId('baseline').fill('SF:a.c\nDA:one,1\n');
    await expect(page.getByTestId('error')).toContainText('baseline, line 2: DA expects');
    await page.getByTestId('baseline').fill('');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('diff')).toHaveCount(0);
    await expect(page.getByTestId('summary-lines-delta')).toHaveCount(0);
  });

  test('copies a Markdown summary for a pull request', async ({ page }) => {
    await page.goto('/lcov-viewer');
    await page.getByTestId('head').getByTestId('file-input').setInputFiles(HEAD);
    await page.getByTestId('baseline').fill(readFileSync(BASE, 'utf8'));
    await expect(page.getByTestId('diff-row')).toHaveCount(5);
    await page.getByRole('button', { name: 'Copy Markdown summary' }).click();
    await expect
      .poll(() => clipboardText(page))
      .toBe(
        [
          '### Coverage',
          '',
          '| | Coverage | Covered | Change |',
          '|:--|--:|--:|--:|',
          '| Lines | 90.7 % | 107 / 118 | ▲ +9.8 |',
          '| Functions | 92.3 % | 12 / 13 | ▲ +0.6 |',
          '| Branches | 77.6 % | 59 / 76 | ▲ +19.5 |',
          '',
          '#### Files that changed',
          '',
          '| File | Lines | Functions | Branches |',
          '|:--|--:|--:|--:|',
          // tokens.c branches 20/28 = 71.4 → 26/28 = 92.9; expr.c 16/32 = 50 → 25/32 = 78.1;
          // main.c branches 2/4 both times; tokens.c functions 1/2 → 2/2.
          '| `parse/tokens.c` | 100.0 % (▲ +31.2) | 100.0 % (▲ +50.0) | 92.9 % (▲ +21.5) |',
          '| `parse/expr.c` | 83.3 % (▲ +8.3) | 100.0 % (±0.0) | 78.1 % (▲ +28.1) |',
          '| `main.c` | 90.0 % (▲ +1.1) | 100.0 % (±0.0) | 50.0 % (±0.0) |',
          '| `util/hash.c` | 66.7 % (new) | 50.0 % (new) | 50.0 % (new) |',
          '| `legacy.c` | removed | removed | removed |',
          '',
        ].join('\n'),
      );
    // Without a baseline: the totals and the least covered files with their uncovered lines.
    await page.getByTestId('baseline').fill('');
    await expect(page.getByTestId('diff')).toHaveCount(0);
    await page.getByRole('button', { name: 'Copy Markdown summary' }).click();
    await expect.poll(() => clipboardText(page)).toContain('| `util/hash.c` | 66.7 % | 13-15 |');
    expect(await clipboardText(page)).not.toContain('Change');
  });
});
