// Share links: what a link may put in a page is checked against the tool's input schema (a field
// of the wrong type is dropped, the others kept, and the page never breaks), the state is
// compressed so that larger inputs fit, what still does not fit is said on the page, and every
// tool page has "Copy link". The pages and their fields come from the registry.
import { inputFields } from '../../src/build/input-fields';
import { tools } from '../../src/tools/index';
import { matches } from '../../src/ui/field-check';
import { MAX_FRAGMENT, decodeFragment } from '../../src/ui/fragment';
import { clipboardText, expect, test, type Page } from './fixtures';

/** A value of the wrong kind for a field: the first of these its schema refuses. */
function wrongValue(schema: Record<string, unknown>, defs?: Record<string, Record<string, unknown>>): unknown {
  return [1, 'not one of the choices', true, { a: 1 }, [1]].find((value) => !matches(schema, value, defs));
}

/** Collects the page's uncaught errors (a page that throws while rendering goes blank). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const link = (slug: string, state: Record<string, unknown>) => `/${slug}#${encodeURIComponent(JSON.stringify(state))}`;

/** Puts a long text into a field at once (Playwright's fill types it as one insertion, which
 * takes minutes for tens of thousands of lines), as a paste does. */
async function paste(page: Page, testid: string, text: string): Promise<void> {
  await page.getByTestId(testid).evaluate((field, value) => {
    (field as HTMLTextAreaElement).value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

for (const tool of tools) {
  test(`${tool.slug}: a link with every field of the wrong type opens the page, without the bad fields`, async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const { fields, defs } = inputFields(tool);
    const wrong = Object.fromEntries(Object.entries(fields).map(([name, schema]) => [name, wrongValue(schema, defs)]));
    expect(Object.keys(wrong).length, 'fields').toBeGreaterThan(0);
    await page.goto(link(tool.slug, wrong));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tool.name);
    // A page that keeps state in its address rewrote it from what it took: none of the wrong
    // values (the background remover keeps none and leaves the address alone).
    if (page.url() !== new URL(link(tool.slug, wrong), page.url()).href) {
      const kept = await decodeFragment(new URL(page.url()).hash.slice(1));
      for (const [name, value] of Object.entries(wrong)) expect(kept[name], name).not.toEqual(value);
    }
    expect(errors).toEqual([]);
    await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  });
}

test('a link’s bad field is dropped and its good fields are kept', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto(link('base64', { input: 'aGk=', mode: 'decode', padding: 'yes', data_format: 7 }));
  await expect(page.getByTestId('mode')).toHaveValue('decode');
  await expect(page.getByTestId('output')).toHaveValue('hi');
  await expect(page.getByTestId('data-format')).toHaveValue('text');
  await page.goto(link('text-case-converter', { input: 1, to: 'snake_case' }));
  await expect(page.getByTestId('input')).toHaveValue('');
  await page.goto('about:blank'); // a new document: a change of fragment alone does not reload the page
  await page.goto(link('text-case-converter', { input: 'Hello World', to: 5 }));
  await expect(page.getByTestId('input')).toHaveValue('Hello World');
  await expect(page.getByTestId('output').first()).not.toHaveValue('');
  expect(errors).toEqual([]);
});

/** A JSON document of made-up records, `n` of them: about 110 characters each, pretty-printed. */
function records(n: number): string {
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      id: i,
      name: `user ${i}`,
      email: `user${i}@example.com`,
      active: i % 3 === 0,
    })),
    null,
    2,
  );
}

test('a document past 16,384 characters travels in a compressed link that opens with it', async ({ page, context }) => {
  await page.goto('/json-formatter');
  const json = records(600);
  expect(encodeURIComponent(JSON.stringify({ json })).length).toBeGreaterThan(MAX_FRAGMENT); // the old limit left it out
  await paste(page, 'input', json);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const copied = await clipboardText(page);
  const hash = new URL(copied).hash.slice(1);
  expect(hash.startsWith('z1.')).toBe(true);
  expect(hash.length).toBeLessThanOrEqual(MAX_FRAGMENT);
  expect((await decodeFragment(hash)).json).toBe(json);
  await expect(page.getByTestId('link-notice')).toHaveCount(0);

  const other = await context.newPage();
  await other.goto(copied);
  await expect(other.getByTestId('input')).toHaveValue(json);
});

test('an input too long for any link is said so on the page, and the link keeps the options', async ({
  page,
  context,
}) => {
  await page.goto('/base64');
  // Random bytes as hex do not compress below a link's length (mulberry32, a fixed seed).
  let seed = 7;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) & 255;
  };
  const hex = Array.from({ length: 30_000 }, () => random().toString(16).padStart(2, '0')).join('');
  await page.getByTestId('data-format').selectOption('hex');
  await paste(page, 'input', hex);
  await expect(page.getByTestId('link-notice')).toContainText('leaves out input');
  await page.getByRole('button', { name: 'Copy link' }).click();
  const copied = await clipboardText(page);
  expect(await decodeFragment(new URL(copied).hash.slice(1))).toEqual({
    mode: 'encode',
    charset: 'standard',
    padding: true,
    data_format: 'hex',
  });
  await page.getByTestId('input').fill('short');
  await page.getByTestId('data-format').selectOption('text');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  const other = await context.newPage();
  await other.goto(copied);
  await expect(other.getByTestId('data-format')).toHaveValue('hex');
});

test('"Copy link" never puts a secret in the link', async ({ page }) => {
  await page.goto('/jwt-decoder');
  await page.getByTestId('load-example').click();
  await expect(page.getByTestId('verification')).toHaveAttribute('data-state', 'verified');
  await page.getByRole('button', { name: 'Copy link' }).click();
  const copied = await clipboardText(page);
  const token = await page.getByTestId('token').inputValue();
  expect(token.length).toBeGreaterThan(20);
  expect(copied).not.toContain(token.slice(0, 20));
  expect(Object.keys(await decodeFragment(new URL(copied).hash.slice(1)))).not.toContain('token');
  expect(Object.keys(await decodeFragment(new URL(copied).hash.slice(1)))).not.toContain('secret');
});
