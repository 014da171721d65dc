// Expected answers from CSS Color 4 (tomato = rgb(255 99 71), rebeccapurple = #663399 =
// hsl(270 50% 40%), hsl(120 100% 25%) = green #008000, navy = #000080) and worked by hand:
// tomato: max 255, min 71, d 184 → L = 326/510 = 63.9% → 64, S = 184/184 = 100%,
// H = 60 × 28/184 = 9.1° → 9; HSV S = 184/255 = 72.2% → 72, V = 100%.
import { NAMED_COLORS } from '../../src/lib/colour/named';
import { clipboardText, expect, test } from './fixtures';

test.describe('color-converter page', () => {
  test('reads CMYK, shows CMYK, the nearest CSS name and a palette whose steps convert on a click or a key', async ({
    page,
  }) => {
    await page.goto('/color-converter');
    await page.getByLabel('Colour', { exact: true }).fill('cmyk(0, 61, 72, 0)');
    await expect(page.getByTestId('hex')).toHaveText('#ff6347');
    await expect(page.getByTestId('cmyk')).toHaveText('device-cmyk(0% 61% 72% 0%)');
    await expect(page.getByTestId('nearest-name')).toContainText('This is the CSS named colour tomato.');
    const steps = page.getByTestId('colour-palette').getByRole('button');
    await expect(steps).toHaveCount(11);
    await expect(page.getByTestId('step-400')).toHaveAccessibleName('400: #ff6347 (this colour); convert it');
    const darker = /#[0-9a-f]{6}/.exec((await page.getByTestId('step-800').getAttribute('aria-label'))!)![0];
    await page.getByTestId('step-800').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Colour', { exact: true })).toHaveValue(darker);
    await expect(page.getByTestId('hex')).toHaveText(darker);
    await expect(page.getByTestId('nearest-name')).toContainText('Nearest CSS named colour');
  });

  test('knows every CSS colour name with the value Chromium gives it, through the API', async ({ page }) => {
    await page.goto('/color-converter');
    // Chromium's CSS parser is the independent reference for the table (the color-name package).
    const chromium = await page.evaluate(
      (names) => {
        const probe = document.createElement('i');
        document.body.append(probe);
        return names.map((name) => {
          probe.style.color = '';
          probe.style.color = name;
          return probe.style.color === '' ? 'unknown' : getComputedStyle(probe).color;
        });
      },
      [...NAMED_COLORS.keys()],
    );
    const ours = await page.evaluate(
      async (names) => {
        const answers = await Promise.all(
          names.map((color) =>
            fetch('/api/color-converter', { method: 'POST', body: JSON.stringify({ color }) }).then((response) =>
              response.json(),
            ),
          ),
        );
        return answers.map(
          (answer: { rgb: { r: number; g: number; b: number } }) =>
            `rgb(${answer.rgb.r}, ${answer.rgb.g}, ${answer.rgb.b})`,
        );
      },
      [...NAMED_COLORS.keys()],
    );
    expect(NAMED_COLORS.size).toBe(148);
    expect(ours).toEqual(chromium);
  });

  test('converts as the user types, shows a swatch, and copies each form', async ({ page }) => {
    await page.goto('/color-converter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Color Converter');
    await page.getByLabel('Colour', { exact: true }).fill('#FF6347');
    await expect(page.getByTestId('hex')).toHaveText('#ff6347');
    await expect(page.getByTestId('rgb')).toHaveText('rgb(255, 99, 71)');
    await expect(page.getByTestId('hsl')).toHaveText('hsl(9, 100%, 64%)');
    await expect(page.getByTestId('hsv')).toHaveText('hsv(9, 72%, 100%)');
    await expect(page.getByTestId('alpha')).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Swatch of #ff6347' })).toBeVisible();
    await expect(page.getByTestId('picker')).toHaveValue('#ff6347');

    await page.getByRole('button', { name: /copy hex/i }).click();
    expect(await clipboardText(page)).toBe('#ff6347');
    await page.getByRole('button', { name: /copy rgb/i }).click();
    expect(await clipboardText(page)).toBe('rgb(255, 99, 71)');
    await page.getByRole('button', { name: /copy hsl/i }).click();
    expect(await clipboardText(page)).toBe('hsl(9, 100%, 64%)');
    await page.getByRole('button', { name: /copy hsv/i }).click();
    expect(await clipboardText(page)).toBe('hsv(9, 72%, 100%)');
  });

  test('reads CSS names, hsl() and hsv()', async ({ page }) => {
    await page.goto('/color-converter');
    const input = page.getByTestId('input');
    await input.fill('RebeccaPurple');
    await expect(page.getByTestId('hex')).toHaveText('#663399');
    await expect(page.getByTestId('rgb')).toHaveText('rgb(102, 51, 153)');
    await expect(page.getByTestId('hsl')).toHaveText('hsl(270, 50%, 40%)');

    // G = 0.5 × 255 = 127.5 rounds half up to 128 = 0x80.
    await input.fill('hsl(120, 100%, 25%)');
    await expect(page.getByTestId('hex')).toHaveText('#008000');
    await expect(page.getByTestId('hsv')).toHaveText('hsv(120, 100%, 50%)');

    await input.fill('hsv(240, 100%, 50%)');
    await expect(page.getByTestId('hex')).toHaveText('#000080');
    await expect(page.getByTestId('hsl')).toHaveText('hsl(240, 100%, 25%)');
  });

  test('shows the alpha of a translucent colour on the swatch and keeps it in every form', async ({ page }) => {
    await page.goto('/color-converter');
    await page.getByTestId('input').fill('rgb(255 0 0 / 50%)');
    // Issue 16: the copyable forms keep the alpha (0.5 × 255 = 127.5 → 0x80).
    await expect(page.getByTestId('hex')).toHaveText('#ff000080');
    await expect(page.getByTestId('rgb')).toHaveText('rgba(255, 0, 0, 0.5)');
    await expect(page.getByTestId('oklch')).toHaveText('oklch(62.8% 0.2577 29.23 / 0.5)');
    await page.getByRole('button', { name: /copy oklch/i }).click();
    expect(await clipboardText(page)).toBe('oklch(62.8% 0.2577 29.23 / 0.5)');
    await expect(page.getByTestId('alpha')).toHaveText('0.5');
    await expect(page.getByRole('img', { name: 'Swatch of #ff0000 at 50% opacity' })).toBeVisible();
    await page.getByTestId('input').fill('#ff0000');
    await expect(page.getByRole('img', { name: 'Swatch of #ff0000' })).toBeVisible();
    await expect(page.getByTestId('alpha')).toHaveCount(0);
  });

  test('reads CSS Color 4 spaces as Chromium paints them (canvas pixels are the reference)', async ({ page }) => {
    await page.goto('/color-converter');
    // In-gamut colours of each space: Chromium's own parser and colour management turn them into
    // sRGB pixels; the tool's hex must agree within one step (two float paths).
    const inputs = [
      'oklch(0.7 0.1 200)',
      'oklch(45% 0.12 300 / 1)',
      'oklab(0.6 -0.05 0.08)',
      'lab(52% 20 -30)',
      'lch(60% 40 120)',
      'hwb(200 20% 30%)',
      'color(display-p3 0.5 0.6 0.7)',
      'color(srgb-linear 0.2 0.4 0.1)',
      'color(a98-rgb 0.4 0.5 0.3)',
      'color(prophoto-rgb 0.4 0.4 0.35)',
      'color(xyz 0.3 0.3 0.3)',
      'color(xyz-d50 0.2 0.25 0.15)',
    ];
    const painted = await page.evaluate((colors) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      return colors.map((color) => {
        context.clearRect(0, 0, 1, 1);
        context.fillStyle = color;
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      });
    }, inputs);
    const ours = await page.evaluate(
      async (colors) =>
        Promise.all(
          colors.map((color) =>
            fetch('/api/color-converter', { method: 'POST', body: JSON.stringify({ color }) }).then((response) =>
              response.json(),
            ),
          ),
        ),
      inputs,
    );
    inputs.forEach((input, i) => {
      const answer = ours[i] as { rgb: { r: number; g: number; b: number }; in_gamut: boolean };
      expect(answer.in_gamut, input).toBe(true);
      [answer.rgb.r, answer.rgb.g, answer.rgb.b].forEach((channel, k) =>
        expect(
          Math.abs(channel - painted[i]![k]!),
          `${input}: ${JSON.stringify(answer.rgb)} vs ${painted[i]}`,
        ).toBeLessThanOrEqual(1),
      );
    });
  });

  test('warns when a colour lies outside sRGB and shows the mapped colour', async ({ page }) => {
    await page.goto('/color-converter');
    const input = page.getByTestId('input');
    await input.fill('color(display-p3 1 0 0)');
    await expect(page.getByTestId('hex')).toHaveText('#ff0b0c');
    await expect(page.getByTestId('gamut-warning')).toContainText('Outside sRGB');
    await expect(page.getByTestId('oklch')).toHaveText('oklch(64.86% 0.2995 28.96)');
    await expect(page.getByRole('img', { name: 'Swatch of #ff0b0c, mapped into sRGB' })).toBeVisible();
    await input.fill('oklch(0.7 0.1 200)');
    await expect(page.getByTestId('hex')).toHaveText('#40b1b7');
    await expect(page.getByTestId('gamut-warning')).toHaveCount(0);
  });

  test('checks WCAG contrast against a background, in words and on a sample', async ({ page }) => {
    await page.goto('/color-converter');
    await page.getByTestId('input').fill('#767676');
    const background = page.getByTestId('contrast-input');
    await background.fill('white');
    // WebAIM: #767676 on white is 4.54:1, the lightest grey that passes AA.
    await expect(page.getByTestId('contrast-ratio')).toHaveText('4.54:1');
    await expect(page.getByTestId('verdict-aa_normal')).toContainText('Pass');
    await expect(page.getByTestId('verdict-aa_large')).toContainText('Pass');
    await expect(page.getByTestId('verdict-aaa_normal')).toContainText('Fail');
    await expect(page.getByTestId('verdict-aaa_normal')).toContainText('✖');
    await expect(page.getByTestId('verdict-aaa_large')).toContainText('Pass');
    const sample = page.getByTestId('contrast-sample');
    await expect(sample).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(sample).toHaveCSS('color', 'rgb(118, 118, 118)');
    await expect(page.getByTestId('contrast-picker')).toHaveValue('#ffffff');

    // A background being typed: the error names the field, the colour's forms stay.
    await background.fill('nope');
    await expect(page.getByTestId('error')).toContainText(/background is not a colour: Unrecognized color 'nope'/i);
    await expect(page.getByTestId('hex')).toHaveText('#767676');
    await expect(page.getByTestId('contrast-ratio')).toHaveCount(0);

    await background.fill('#fff');
    await page.getByTestId('input').fill('#777');
    // 4.478:1 is shown truncated, 4.47:1, next to the AA failure it is.
    await expect(page.getByTestId('contrast-ratio')).toHaveText('4.47:1');
    await expect(page.getByTestId('verdict-aa_normal')).toContainText('Fail');
    await page.getByRole('button', { name: 'Swap colour and background' }).click();
    await expect(page.getByTestId('input')).toHaveValue('#fff');
    await expect(background).toHaveValue('#777');
    await expect(page.getByTestId('hex')).toHaveText('#ffffff');
    await expect(page.getByTestId('contrast-sample')).toHaveCSS('background-color', 'rgb(119, 119, 119)');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('4.47:1');
  });

  test('the contrast check starts against white: a colour typed gets its ratio at once', async ({ page }) => {
    await page.goto('/color-converter');
    await expect(page.getByTestId('contrast-input')).toHaveValue('#ffffff');
    await page.getByTestId('input').fill('#767676');
    await expect(page.getByTestId('contrast-ratio')).toHaveText('4.54:1');
    await expect(page.getByTestId('contrast-sample')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });

  test('names the bad channel and shows no result for an invalid colour', async ({ page }) => {
    await page.goto('/color-converter');
    const input = page.getByTestId('input');
    await input.fill('rgb(256, 0, 0)');
    await expect(page.getByTestId('error')).toContainText('red');
    await expect(page.getByTestId('error')).toContainText('256');
    await expect(page.getByTestId('hex')).toHaveCount(0);
    await expect(page.getByTestId('swatch')).toHaveCount(0);

    await input.fill('not-a-color');
    await expect(page.getByTestId('error')).toContainText('not-a-color');
    await input.fill('#abc');
    await expect(page.getByTestId('error')).toHaveCount(0);
    await expect(page.getByTestId('hex')).toHaveText('#aabbcc');
  });

  test('the native picker fills in the colour', async ({ page }) => {
    await page.goto('/color-converter');
    await page.getByLabel('Picker', { exact: true }).fill('#00ff00');
    await expect(page.getByTestId('input')).toHaveValue('#00ff00');
    await expect(page.getByTestId('rgb')).toHaveText('rgb(0, 255, 0)');
    await expect(page.getByTestId('hsl')).toHaveText('hsl(120, 100%, 50%)');
    await expect(page.getByTestId('hsv')).toHaveText('hsv(120, 100%, 100%)');
  });

  test('works from the keyboard: type, tab past the picker to copy', async ({ page }) => {
    await page.goto('/color-converter');
    await page.getByTestId('input').focus();
    await page.keyboard.type('0,0,255');
    await expect(page.getByTestId('hex')).toHaveText('#0000ff');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('picker')).toBeFocused();
    await page.keyboard.press('Tab');
    const copyHex = page.getByRole('button', { name: /copy hex/i });
    await expect(copyHex).toBeFocused();
    await page.keyboard.press('Enter');
    // The name stays "Copy HEX"; the button shows a check and the live region says it copied.
    await expect(copyHex).toHaveText(/✓/);
    await expect(page.getByText('Copied to clipboard')).toBeAttached();
    expect(await clipboardText(page)).toBe('#0000ff');
  });

  test('keeps the colour in the URL fragment and restores it from a shared link', async ({ page }) => {
    await page.goto('/color-converter');
    await page.getByTestId('input').fill('hsl(9, 100%, 64%)');
    await expect(page.getByTestId('hex')).toHaveText('#ff6347');
    await expect(page).toHaveURL(/#.*hsl/);
    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('input')).toHaveValue('hsl(9, 100%, 64%)');
    await expect(page.getByTestId('hex')).toHaveText('#ff6347');
  });
});
