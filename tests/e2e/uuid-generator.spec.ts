// Generated UUIDs are random, so they are checked by the RFC 9562 layout: version nibble
// (§4.2) and variant bits 10 (§4.1: 8, 9, a or b); validation uses the RFC's example UUIDs.
import { clipboardText, expect, test } from './fixtures';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4_COMPACT = /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/;
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test.describe('uuid-generator page', () => {
  test('version 8 lays out the typed bits; NanoIDs take a length and an alphabet, by keyboard', async ({ page }) => {
    await page.goto('/uuid-generator');
    await page.getByTestId('version').selectOption('8');
    await expect(page.locator('#uuid-data-hint')).toContainText('Type the bits');
    await expect(page.getByTestId('uuid')).toHaveCount(0);
    await page.getByLabel('Bits as 32 hex digits').fill('{2489E9AD-2EE2-0E00-0EC9-32D5F69181C0}');
    // RFC 9562 B.1 with its version and variant bits cleared: version 8 sets them back.
    await expect(page.getByTestId('uuid')).toHaveText(['2489e9ad-2ee2-8e00-8ec9-32d5f69181c0']);
    await expect(page.getByTestId('count')).toBeDisabled();

    await page.getByTestId('version').selectOption('nanoid');
    await expect(page.getByTestId('format')).toBeDisabled();
    await page.getByTestId('count').fill('4');
    const items = page.getByTestId('uuid');
    await expect(items).toHaveCount(4);
    for (const id of await items.allTextContents()) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    await expect(page.getByRole('heading', { name: '4 NanoIDs' })).toBeVisible();

    await page.getByTestId('nanoid-preset').focus();
    await page.getByTestId('nanoid-preset').selectOption({ label: 'Hex (0–9 a–f)' });
    await page.getByLabel(/^Length/).fill('10');
    await expect(items.first()).toHaveText(/^[0-9a-f]{10}$/);
    await page.getByLabel('Characters to draw from').fill('xyzz');
    await expect(page.getByTestId('error')).toContainText('lists "z" twice');
    await page.getByLabel('Characters to draw from').fill('xyz');
    await expect(items.first()).toHaveText(/^[xyz]{10}$/);
    await expect(page.getByTestId('nanoid-preset')).toHaveValue('custom');
  });

  test('shows one v4 UUID, generates a count, regenerates, copies one and all', async ({ page }) => {
    await page.goto('/uuid-generator');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UUID Generator');
    const items = page.getByTestId('uuid');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveText(V4);

    await page.getByTestId('count').fill('5');
    await expect(items).toHaveCount(5);
    const first = await items.allTextContents();
    for (const uuid of first) expect(uuid).toMatch(V4);
    expect(new Set(first).size).toBe(5);

    await page.getByTestId('generate').click();
    await expect(items.first()).not.toHaveText(first[0]!);
    await expect(items).toHaveCount(5);
    const second = await items.allTextContents();
    expect(second.filter((uuid) => first.includes(uuid))).toEqual([]);

    await page.getByRole('button', { name: 'Copy UUID 3' }).click();
    expect(await clipboardText(page)).toBe(second[2]);
    await page.getByRole('button', { name: /^copy all/i }).click();
    expect(await clipboardText(page)).toBe(second.join('\n'));
  });

  test('compact format and time-ordered version 7', async ({ page }) => {
    await page.goto('/uuid-generator');
    await page.getByTestId('count').fill('3');
    await page.getByTestId('format').selectOption('compact');
    const items = page.getByTestId('uuid');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toHaveText(V4_COMPACT);
    await expect(items.nth(2)).toHaveText(V4_COMPACT);

    await page.getByTestId('format').selectOption('hyphenated');
    await page.getByTestId('version').selectOption('7');
    await expect(items.nth(0)).toHaveText(V7);
    const uuids = await items.allTextContents();
    for (const uuid of uuids) expect(uuid).toMatch(V7);
    // Strictly increasing within one request, and the first 48 bits are Unix milliseconds
    // (RFC 9562 §5.7): a time after this test was written and before the year 2100.
    expect([...uuids].sort()).toEqual(uuids);
    expect(new Set(uuids).size).toBe(3);
    const ms = parseInt(uuids[0]!.replace(/-/g, '').slice(0, 12), 16);
    expect(ms).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(ms).toBeLessThan(Date.UTC(2100, 0, 1));
  });

  test('validates RFC 9562 examples without replacing the list', async ({ page }) => {
    await page.goto('/uuid-generator');
    const list = await page.getByTestId('uuid').first().textContent();
    const validate = page.getByTestId('validate');
    const result = page.getByTestId('validation');

    // RFC 9562 Appendix A.6: Unix time 0x017F22E279B0 = 2022-02-22T19:22:22.000Z.
    await validate.fill('017F22E2-79B0-7CC3-98C4-DC0C0C07398F');
    await expect(result).toContainText('Valid: version 7');
    await expect(result).toContainText('2022-02-22T19:22:22.000Z');
    await validate.fill('{919108F7-52D1-4320-9BAC-F847DB4148A8}');
    await expect(result).toContainText('Valid: version 4');
    await validate.fill('urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6');
    await expect(result).toContainText('Valid: version 1');
    await validate.fill('00000000-0000-0000-0000-000000000000');
    await expect(result).toContainText('nil UUID');
    // Variant 0xxx (NCS), not RFC 9562.
    await validate.fill('919108f7-52d1-4320-7bac-f847db4148a8');
    await expect(result).toHaveText(/Not a valid UUID/);
    await validate.fill('not-a-uuid');
    await expect(result).toHaveText(/Not a valid UUID/);
    await validate.fill('');
    await expect(result).toHaveText('');

    // Checking does not regenerate.
    await expect(page.getByTestId('uuid').first()).toHaveText(list!);
  });

  test('reports an out-of-range count, and generates from the keyboard', async ({ page }) => {
    await page.goto('/uuid-generator');
    const count = page.getByTestId('count');
    await count.fill('101');
    await expect(page.getByTestId('error')).toContainText('How many must be');
    await expect(page.getByTestId('uuid')).toHaveCount(0);

    await count.fill('2');
    await expect(page.getByTestId('uuid')).toHaveCount(2);
    const before = await page.getByTestId('uuid').first().textContent();
    // Enter in the count field submits the form: a fresh list.
    await count.press('Enter');
    await expect(page.getByTestId('uuid').first()).not.toHaveText(before!);
    await expect(page.getByTestId('uuid')).toHaveCount(2);
    // Tab from the count field reaches the controls, then the Generate button.
    await count.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('format')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('generate')).toBeFocused();
  });

  test('restores the settings and the checked UUID from a shared link', async ({ page }) => {
    await page.goto('/uuid-generator');
    await page.getByTestId('count').fill('3');
    await page.getByTestId('format').selectOption('compact');
    await page.getByTestId('validate').fill('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF');
    await expect(page.getByTestId('validation')).toContainText('max UUID');
    await expect(page).toHaveURL(/#.*compact/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('count')).toHaveValue('3');
    await expect(page.getByTestId('format')).toHaveValue('compact');
    await expect(page.getByTestId('uuid')).toHaveCount(3);
    await expect(page.getByTestId('uuid').first()).toHaveText(V4_COMPACT);
    await expect(page.getByTestId('validate')).toHaveValue('FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF');
    await expect(page.getByTestId('validation')).toContainText('max UUID');
  });
});

test.describe('uuid-generator page: every version and the inspector', () => {
  test('name-based v5/v3 from a namespace and a name (RFC 9562 A.4/A.2, Python known answers)', async ({ page }) => {
    await page.goto('/uuid-generator');
    await page.getByTestId('version').selectOption('5');
    const items = page.getByTestId('uuid');
    // No name yet: a hint, not an error, and no list.
    await expect(page.getByTestId('name-fields')).toContainText('Type a name');
    await expect(items).toHaveCount(0);
    await expect(page.getByTestId('error')).toHaveCount(0);
    await page.getByTestId('name').fill('www.example.com');
    await expect(items.first()).toHaveText('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    await page.getByTestId('version').selectOption('3');
    await expect(items.first()).toHaveText('5df41881-3aed-3515-88a7-2f4a814cf09e');
    await page.getByTestId('name').fill('python.org');
    await expect(items.first()).toHaveText('6fa459ea-ee8a-3ca4-894e-db77e160355e');
    // A custom namespace: the DNS namespace spelled out gives the same answer; a bad one is named.
    await page.getByTestId('namespace').selectOption('custom');
    await page.getByTestId('custom-namespace').fill('6ba7b810-9dad-11d1-80b4-00c04fd430c8');
    await expect(items.first()).toHaveText('6fa459ea-ee8a-3ca4-894e-db77e160355e');
    await page.getByTestId('custom-namespace').fill('not a uuid');
    await expect(page.getByTestId('error')).toContainText(
      /namespace must be dns, url, oid, x500 or a UUID \(got "not a uuid"\)/i,
    );
    // Back to a random version: the name fields go, and the list is random again.
    await page.getByTestId('version').selectOption('4');
    await expect(page.getByTestId('name-fields')).toHaveCount(0);
    await expect(items.first()).toHaveText(V4);
  });

  test('v1, v6, nil, max and ULIDs', async ({ page }) => {
    await page.goto('/uuid-generator');
    const items = page.getByTestId('uuid');
    await page.getByTestId('count').fill('3');
    await page.getByTestId('version').selectOption('1');
    await expect(items.first()).toHaveText(
      /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f][13579bdf][0-9a-f]{10}$/,
    );
    await page.getByTestId('version').selectOption('6');
    await expect(items.first()).toHaveText(/^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const v6 = await items.allTextContents();
    expect([...v6].sort()).toEqual(v6);
    await page.getByTestId('version').selectOption('nil');
    await expect(items.first()).toHaveText('00000000-0000-0000-0000-000000000000');
    // One fixed UUID: shown once, and the count does not apply.
    await expect(items).toHaveCount(1);
    await expect(page.getByTestId('count')).toBeDisabled();
    await page.getByTestId('version').selectOption('max');
    await expect(items.first()).toHaveText('ffffffff-ffff-ffff-ffff-ffffffffffff');
    await page.getByTestId('version').selectOption('ulid');
    await expect(items.first()).toHaveText(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
    await expect(page.getByTestId('format')).toBeDisabled();
    const ulids = await items.allTextContents();
    expect([...ulids].sort()).toEqual(ulids);
    expect(new Set(ulids).size).toBe(3);
  });

  test('the inspector explains version, variant and the time inside', async ({ page }) => {
    await page.goto('/uuid-generator');
    const validate = page.getByTestId('validate');
    await validate.fill('C232AB00-9414-11EC-B3C8-9F6BDECED846'); // RFC 9562 A.1
    await expect(page.getByTestId('validation')).toContainText('Valid: version 1');
    await expect(page.getByTestId('inspect-variant')).toContainText('RFC 9562 (bits 10xx)');
    await expect(page.getByTestId('inspect-time')).toContainText('2022-02-22T19:22:22.0000000Z');
    await validate.fill('01ARZ3NDEKTSV4RRFFQ69G5FAV'); // the ULID spec's example
    await expect(page.getByTestId('validation')).toContainText('Valid: a ULID');
    await expect(page.getByTestId('inspect-time')).toContainText('2016-07-30T23:54:10.259Z');
    await expect(page.getByTestId('inspect-variant')).toHaveCount(0);
    await validate.fill('919108f7-52d1-4320-cbac-f847db4148a8');
    await expect(page.getByTestId('validation')).toContainText('Not a valid UUID: its variant is Microsoft');
    await expect(page.getByTestId('inspect-variant')).toContainText('Microsoft (bits 110x)');
    await expect(page.getByTestId('inspect-time')).toHaveCount(0);
  });
});
