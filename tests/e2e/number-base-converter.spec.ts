import { clipboardText, expect, test } from './fixtures';

// Known answers: 255 = 0xFF = 0o377 = 0b11111111; 0xDEADBEEF = 3735928559;
// 2^64 = 18446744073709551616 = 0x1_0000_0000_0000_0000; 2^64 − 1 = 0xFFFF_FFFF_FFFF_FFFF;
// base 36 "ZZ" = 35·36 + 35 = 1295 = 0x50F = 0o2417 = 0b101_0000_1111 = base 7 "3530";
// 42 = 0x2A = 0o52 = 0b101010; −1 at 8 bits = 0xFF (unsigned 255), at 16 bits 0xFFFF (65535);
// 0x7FFF = 32767 (Python: int('7fff', 16)).

test.describe('number-base-converter page', () => {
  test('every field converts as the user types, with facts, and copies', async ({ page }) => {
    await page.goto('/number-base-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Number Base Converter');
    await page.getByTestId('decimal').fill('255');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('FF');
    await expect(page.getByTestId('binary')).toHaveValue('11111111');
    await expect(page.getByTestId('octal')).toHaveValue('377');
    await expect(page.getByTestId('custom')).toHaveValue('73');
    await expect(page.getByTestId('binary-grouped')).toHaveValue('1111 1111');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('FF');
    await expect(page.getByTestId('bit-length')).toHaveText('8 bits');
    await expect(page.getByTestId('bytes')).toHaveText('1');
    await expect(page.getByTestId('power-of-two')).toHaveText('No');
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
    await page.getByTestId('decimal').fill('-42');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('-0x2A');
    await page.getByTestId('prefixes').uncheck();
    await expect(page.getByTestId('hexadecimal')).toHaveValue('-2A');
    await expect(page.getByTestId('binary')).toHaveValue('-101010');
    await expect(page.getByTestId('octal')).toHaveValue('-52');
    await expect(page.getByTestId('binary-grouped')).toHaveValue('-0010 1010');
    await expect(page.getByTestId('bit-length')).toHaveText('6 bits');
  });

  test('typing in the hexadecimal, binary or octal field makes it the source', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('hexadecimal').fill('0xDEAD_BEEF');
    await expect(page.getByTestId('decimal')).toHaveValue('3735928559');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('0xDEAD_BEEF');
    await expect(page.getByTestId('hex-grouped')).toHaveValue('DE AD BE EF');
    await expect(page.getByTestId('normalized')).toHaveText('Read as DEADBEEF in base 16');
    await expect(page.getByTestId('bytes')).toHaveText('4');

    await page.getByTestId('binary').fill('1' + '0'.repeat(64));
    await expect(page.getByTestId('decimal')).toHaveValue('18446744073709551616');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('10000000000000000');
    await expect(page.getByTestId('power-of-two')).toHaveText('Yes: 264');
    await expect(page.getByTestId('power-of-two').locator('sup')).toHaveText('64');

    await page.getByTestId('octal').fill('1777777777777777777777');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('FFFFFFFFFFFFFFFF');
    await expect(page.getByTestId('bit-length')).toHaveText('64 bits');
    await expect(page).toHaveURL(/#.*from_base%22%3A8/);
  });

  test('shows the tool error on the field typed in and offers the field a prefix names', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('hexadecimal').fill('FG');
    await expect(page.getByTestId('error')).toHaveText("Character 'G' at position 2 is not valid in base 16");
    await expect(page.getByTestId('hexadecimal')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('decimal')).toHaveValue('');

    await page.getByTestId('decimal').fill('0x1F');
    await expect(page.getByTestId('error')).toHaveText("Character 'x' at position 2 is not valid in base 10");
    await page.getByTestId('use-suggested').click();
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('hexadecimal')).toHaveValue('0x1F');
    await expect(page.getByTestId('decimal')).toHaveValue('31');
  });

  test('any base from 2 to 36, both ways, restored from a shared link', async ({ page }) => {
    await page.goto('/number-base-converter');
    await expect(page.getByTestId('custom-base')).toHaveValue('36');
    await page.getByTestId('custom').fill('zz');
    await expect(page.getByTestId('decimal')).toHaveValue('1295');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('50F');
    await expect(page.getByTestId('binary')).toHaveValue('10100001111');
    await expect(page).toHaveURL(/#.*from_base%22%3A36/);

    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('custom-base')).toHaveValue('36');
    await expect(page.getByTestId('custom')).toHaveValue('zz');
    await expect(page.getByTestId('decimal')).toHaveValue('1295');

    // Another base keeps the number: 1295 in base 7.
    await page.getByTestId('custom-base').fill('7');
    await expect(page.getByTestId('custom')).toHaveValue('3530');
    await expect(page.getByTestId('decimal')).toHaveValue('1295');
    await expect(page.getByRole('textbox', { name: 'Base 7' })).toHaveValue('3530');
  });

  test('the base a link asks for comes first', async ({ page }) => {
    const fields = page.locator('.outputs').first().getByRole('textbox');
    await page.goto('/number-base-converter');
    await expect(fields.first()).toHaveAccessibleName('Decimal');
    await page.goto('about:blank');
    await page.goto(
      '/number-base-converter#' + encodeURIComponent(JSON.stringify({ input: '255', from_base: 10, to_base: 2 })),
    );
    await expect(fields.first()).toHaveAccessibleName('Binary');
    await expect(fields.first()).toHaveValue('11111111');
    await expect(page.getByTestId('custom-base')).toHaveValue('36');
    await page.goto('about:blank');
    await page.goto(
      '/number-base-converter#' + encodeURIComponent(JSON.stringify({ input: '1295', from_base: 10, to_base: 7 })),
    );
    await expect(fields.first()).toHaveAccessibleName('Base 7');
    await expect(fields.first()).toHaveValue('3530');
  });

  test('the bit view: width, signed and unsigned, bits that toggle', async ({ page }) => {
    await page.goto('/number-base-converter');
    await page.getByTestId('decimal').fill('-1');
    await page.getByTestId('bit-width').selectOption('8');
    await expect(page.getByTestId('unsigned')).toHaveText('255');
    await expect(page.getByTestId('signed')).toHaveText('-1');
    await expect(page.getByTestId('twos-hex')).toHaveText('FF');
    await expect(page.getByTestId('bits').getByRole('button')).toHaveCount(8);

    await page.getByTestId('bit-width').selectOption('16');
    await expect(page.getByTestId('unsigned')).toHaveText('65535');
    await expect(page.getByTestId('bits').getByRole('button')).toHaveCount(16);
    await expect(page.getByRole('button', { name: 'Bit 15', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Bit 15', exact: true }).click();
    await expect(page.getByTestId('decimal')).toHaveValue('32767');
    await expect(page.getByTestId('twos-hex')).toHaveText('7FFF');
    await expect(page.getByTestId('signed')).toHaveText('32767');

    // From the keyboard: bit 0 off.
    await page.getByRole('button', { name: 'Bit 0', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('decimal')).toHaveValue('32766');
    // The source field changes at once; the register follows with the tool's answer.
    await expect(page.getByTestId('unsigned')).toHaveText('32766');
    await page.getByRole('button', { name: 'Copy unsigned value' }).click();
    await expect.poll(() => clipboardText(page)).toBe('32766');

    // Too wide for the register: the bit view says so, the conversions stay.
    await page.getByTestId('decimal').fill('256');
    await page.getByTestId('bit-width').selectOption('8');
    await expect(page.getByTestId('bits')).toHaveCount(0);
    await expect(page.getByTestId('error')).toContainText('-128 and 255');
    await expect(page.getByTestId('hexadecimal')).toHaveValue('100');
    await page.getByTestId('decimal').fill('1' + '0'.repeat(40));
    await expect(page.getByTestId('error')).toHaveText(
      'The value needs 133 bits; the widest register here is 128 bits.',
    );
  });
});
