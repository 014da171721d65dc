import { clipboardText, expect, test } from './fixtures';

// Known answers: 255 = 0xFF = 0o377 = 0b11111111; 0xDEADBEEF = 3735928559;
// 2^64 = 18446744073709551616 = 0x1_0000_0000_0000_0000; 2^64 − 1 = 0xFFFF_FFFF_FFFF_FFFF;
// base 36 "ZZ" = 35·36 + 35 = 1295 = 0x50F = 0o2417 = 0b101_0000_1111; 42 = 0x2A = 0o52 = 0b101010.

test.describe('number-base-converter page', () => {
  test('converts a decimal as the user types into every base, with facts, and copies', async ({ page }) => {
    await page.goto('/number-base-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Number Base Converter');
    await expect(page.getByTestId('from-base')).toHaveValue('10');
    await page.getByTestId('input').fill('255');

    await expect(page.getByTestId('hexadecimal')).toHaveValue('FF');
    await expect(page.getByTestId('decimal')).toHaveValue('255');
    await expect(page.getByTestId('binary')).toHaveValue('11111111');
    await expect(page.getByTestId('octal')).toHaveValue('377');
    await expect(page.getByTestId('binary-grouped')).toHaveValue('1111 1111');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('FF');
    await expect(page.getByTestId('bit-length')).toHaveText('8 bits');
    await expect(page.getByTestId('bytes')).toHaveText('1');
    await expect(page.getByTestId('power-of-two')).toHaveText('No');
    await expect(page.getByRole('textbox', { name: 'Binary', exact: true })).toHaveValue('11111111');
    await expect(page.getByRole('textbox', { name: 'Binary', exact: true })).toHaveAccessibleDescription('8 digits');

    await page.getByRole('button', { name: 'Copy Hexadecimal', exact: true }).click();
    await expect.poll(() => clipboardText(page)).toBe('FF');
    await page.getByRole('button', { name: 'Copy binary nibbles' }).click();
    await expect.poll(() => clipboardText(page)).toBe('1111 1111');

    // Prefixes on demand, in the copy too.
    await page.getByTestId('prefixes').check();
    await expect(page.getByTestId('hexadecimal')).toHaveValue('0xFF');
    await expect(page.getByTestId('octal')).toHaveValue('0o377');
    await expect(page.getByTestId('binary')).toHaveValue('0b11111111');
    await page.getByRole('button', { name: 'Copy octal' }).click();
    await expect.poll(() => clipboardText(page)).toBe('0o377');

    // Negative values keep the sign in every form.
    await page.getByTestId('input').fill('-42');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('-0x2A');
    await page.getByTestId('prefixes').uncheck();
    await expect(page.getByTestId('hexadecimal')).toHaveValue('-2A');
    await expect(page.getByTestId('binary')).toHaveValue('-101010');
    await expect(page.getByTestId('octal')).toHaveValue('-52');
    await expect(page.getByTestId('binary-grouped')).toHaveValue('-0010 1010');
    await expect(page.getByTestId('bit-length')).toHaveText('6 bits');
    await expect(page.getByTestId('power-of-two')).toHaveText('No');
  });

  test('reads hexadecimal with prefix and separators; big powers of two', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('from-base').selectOption('16');
    await page.getByTestId('input').fill('0xDEAD_BEEF');
    await expect(page.getByTestId('decimal')).toHaveValue('3735928559');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('DE AD BE EF');
    await expect(page.getByTestId('normalized')).toHaveText('Read as DEADBEEF in base 16');
    await expect(page.getByTestId('bit-length')).toHaveText('32 bits');
    await expect(page.getByTestId('bytes')).toHaveText('4');

    await page.getByTestId('from-base').selectOption('10');
    await page.getByTestId('input').fill('18446744073709551616');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('10000000000000000');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('01 00 00 00 00 00 00 00 00');
    await expect(page.getByTestId('binary')).toHaveValue('1' + '0'.repeat(64));
    await expect(page.getByTestId('bit-length')).toHaveText('65 bits');
    await expect(page.getByTestId('bytes')).toHaveText('9');
    await expect(page.getByTestId('power-of-two')).toHaveText('Yes: 264');
    await expect(page.getByTestId('power-of-two').locator('sup')).toHaveText('64');

    await page.getByTestId('input').fill('18446744073709551615');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('FFFFFFFFFFFFFFFF');
    await expect(page.getByTestId('bit-length')).toHaveText('64 bits');
    await expect(page.getByTestId('bytes')).toHaveText('8');
    await expect(page.getByTestId('power-of-two')).toHaveText('No');
    await expect(page.getByRole('textbox', { name: 'Decimal', exact: true })).toHaveValue('18446744073709551615');
    await expect(page.getByRole('textbox', { name: 'Decimal', exact: true })).toHaveAccessibleDescription('20 digits');
  });

  test('shows the tool error for a bad digit and offers the base a prefix names', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('from-base').selectOption('16');
    await page.getByTestId('input').fill('FG');
    await expect(page.getByTestId('error')).toHaveText("Character 'G' at position 2 is not valid in base 16");
    await expect(page.getByTestId('decimal')).toHaveCount(0);

    await page.getByTestId('from-base').selectOption('10');
    await page.getByTestId('input').fill('0x1F');
    await expect(page.getByTestId('error')).toHaveText("Character 'x' at position 2 is not valid in base 10");
    await page.getByTestId('use-suggested').click();
    await expect(page.getByTestId('from-base')).toHaveValue('16');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('decimal')).toHaveValue('31');
  });

  test('accepts any base from 2 to 36 and restores it from a shared link', async ({ page }) => {
    await page.goto('/number-base-converter');
    await expect(page.getByTestId('other-base')).toHaveCount(0);
    await page.getByTestId('from-base').selectOption('other');
    await page.getByTestId('other-base').fill('36');
    await page.getByTestId('input').fill('zz');
    await expect(page.getByTestId('decimal')).toHaveValue('1295');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('50F');
    await expect(page.getByTestId('octal')).toHaveValue('2417');
    await expect(page.getByTestId('binary')).toHaveValue('10100001111');
    await expect(page.getByTestId('binary-grouped')).toHaveValue('0101 0000 1111');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('05 0F');

    await expect(page).toHaveURL(/#.*from_base%22%3A36/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('from-base')).toHaveValue('other');
    await expect(page.getByTestId('other-base')).toHaveValue('36');
    await expect(page.getByTestId('input')).toHaveValue('zz');
    await expect(page.getByTestId('decimal')).toHaveValue('1295');

    // Base 3: 'zz' no longer reads; the tool says which character and where.
    await page.getByTestId('other-base').fill('3');
    await expect(page.getByTestId('error')).toHaveText("Character 'z' at position 1 is not valid in base 3");
  });

  test('works from the keyboard alone', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('from-base').focus();
    // In a closed select, arrow keys change the choice: Decimal → Hexadecimal → Binary.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('from-base')).toHaveValue('2');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('input')).toBeFocused();
    await page.keyboard.type('1000 0000');
    await expect(page.getByTestId('decimal')).toHaveValue('128');
    await expect(page.getByTestId('power-of-two')).toHaveText('Yes: 27');
    await expect(page.getByTestId('normalized')).toHaveText('Read as 10000000 in base 2');

    // Tab on to the first copy button and press Enter.
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('prefixes')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('0x80');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Copy decimal' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => clipboardText(page)).toBe('128');
  });
});
