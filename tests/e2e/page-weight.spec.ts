// A tool page imports option lists and defaults from its tool's schema.ts, never the schemas:
// they are built through pure() (src/tools/pure.ts), so the bundler leaves them, and zod with
// them (some 25 kB gzipped), to the tool worker. A value import of a schema would bring zod back.
import { gzipSync } from 'node:zlib';
import { tools } from '../../src/tools/index';
import { expect, test } from './fixtures';

// What a tool page's document loads, gzipped: about 32–43 KiB (the entry with Svelte, the page
// and its shared components) when this budget was first set at 64 KiB; share links, "Open in…",
// the kept session and the result jump brought the heaviest page (the image converter) to about
// 66 KiB. A phone on a slow network waits for all of it before the page can paint, and zod or the
// worked examples slipping in would add 25 KiB or more, which this budget still catches. Raised to
// 75 KiB when CMYK joined the colour parser of every colour field and the page-error wording
// learnt the new fields (the image converter at 74,500 B): about 1 KiB of real features.
const PAGE_SCRIPTS_BUDGET = 75 * 1024;

test('no tool page loads zod, and each stays within its script budget', async ({ page, request }) => {
  for (const tool of tools) {
    await page.goto(`/${tool.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
    // The document's own scripts: what a worker loads is in the worker's timeline, not here.
    // Each file once: on a busy machine a chunk sometimes has two timing entries (its
    // modulepreload from the Link header and the import itself), which once counted it twice.
    const scripts = await page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => new URL(url).pathname.endsWith('.js')),
      ),
    ]);
    expect(scripts.length, tool.slug).toBeGreaterThan(0);
    let gzipped = 0;
    for (const url of scripts) {
      const code = await (await request.get(url)).text();
      expect(code.includes('ZodObject'), `${tool.slug}: ${url} contains zod`).toBe(false);
      gzipped += gzipSync(code, { level: 9 }).length;
    }
    // The list in the message says what came in.
    const listed = scripts.map((url) => new URL(url).pathname).join(' ');
    expect(gzipped, `${tool.slug}: its scripts, gzipped: ${listed}`).toBeLessThan(PAGE_SCRIPTS_BUDGET);
  }
});
