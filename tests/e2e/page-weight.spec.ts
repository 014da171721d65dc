// A tool page imports option lists and defaults from its tool's schema.ts, never the schemas:
// they are built through pure() (src/tools/pure.ts), so the bundler leaves them, and zod with
// them (some 25 kB gzipped), to the tool worker. A value import of a schema would bring zod back.
import { tools } from '../../src/tools/index';
import { expect, test } from './fixtures';

test('no tool page loads zod', async ({ page, request }) => {
  for (const tool of tools) {
    await page.goto(`/${tool.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
    // The document's own scripts: what a worker loads is in the worker's timeline, not here.
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => new URL(url).pathname.endsWith('.js')),
    );
    expect(scripts.length, tool.slug).toBeGreaterThan(0);
    for (const url of scripts) {
      const code = await (await request.get(url)).text();
      expect(code.includes('ZodObject'), `${tool.slug}: ${url} contains zod`).toBe(false);
    }
  }
});
