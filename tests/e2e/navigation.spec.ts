// The app's shell as a person uses it: the command palette, smart paste, the sidebar and the
// mobile drawer, favourites, the theme switch, focus after navigation, and a home page that
// fits one desktop screen.
import { JWT_IO_HS256 } from '../../src/tools/jwt-decoder/vectors';
import { tools } from '../../src/tools/index';
import { expect, test, type Page } from './fixtures';

const focusedHeading = (page: Page) =>
  page.evaluate(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent);

test.describe('navigation', () => {
  test('the palette opens with Ctrl-K and with /; "sha256" + Enter opens the hash generator, focus on its heading', async ({
    page,
  }) => {
    await page.goto('/');
    const palette = page.getByTestId('palette');
    const input = page.getByTestId('palette-input');

    await page.keyboard.press('Control+k');
    await expect(palette).toBeVisible();
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press('/');
    await expect(palette).toBeVisible();
    await expect(input).toBeFocused();
    await expect(input).toHaveValue('');

    await input.fill('sha256');
    const first = page.getByTestId('palette').getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(first).toContainText('Hash Generator');
    await expect(input).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hash-generator(#|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hash Generator');
    await expect.poll(() => focusedHeading(page)).toBe('Hash Generator');
    await expect(palette).toBeHidden();
  });

  test('arrows move through the palette; "/" typed in a field stays a slash', async ({ page }) => {
    await page.goto('/url-encoder');
    await page.getByRole('textbox').first().fill('a/b');
    await expect(page.getByTestId('palette')).toBeHidden();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('palette-input');
    await input.fill('json');
    const options = page.getByTestId('palette').getByRole('option');
    await expect(options.first()).toContainText('JSON Formatter');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  });

  test('text handed over by smart paste stays out of the URL on a page that shares its input in the fragment', async ({
    page,
  }) => {
    // An opaque token, not a JWT: the Base64 page writes typed input to the fragment, never a hand-over.
    const pasted = 'dG9rZW4tMWY4YTI5YzQtc2VjcmV0LXZhbHVl';
    await page.goto('/');
    await page.getByTestId('smart-paste').fill(pasted);
    const proposal = page.getByTestId('proposal').and(page.locator('[data-slug="base64"]'));
    await proposal.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Base64 Encoder / Decoder');
    await expect(page.getByTestId('input')).toHaveValue(pasted);
    await expect(page.getByTestId('output')).toHaveValue('token-1f8a29c4-secret-value');
    // The options the page writes to the fragment are there; the pasted text is not.
    await expect(page).toHaveURL(/#/);
    expect(decodeURIComponent(page.url())).not.toContain(pasted);
  });

  test('smart paste of a JWT on the home page opens the JWT decoder with the token, never in the URL', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(async (token) => {
      const data = new DataTransfer();
      data.setData('text/plain', `Bearer ${token}`);
      document.body.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, JWT_IO_HS256);
    const proposal = page.getByTestId('proposal').first();
    await expect(proposal).toHaveText('JWT Decoder');
    await proposal.click();
    await expect(page).toHaveURL(/\/jwt-decoder(#|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('JWT Decoder');
    await expect(page.locator('textarea').first()).toHaveValue(JWT_IO_HS256);
    // The token decodes: the page ran with it.
    await expect(page.getByRole('textbox', { name: 'Payload' })).toHaveValue(/"John Doe"/);
    expect(page.url()).not.toContain(JWT_IO_HS256.slice(0, 20));
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(1);
  });

  test('pasting JSON into the palette proposes the JSON tools', async ({ page }) => {
    await page.goto('/base64');
    await page.keyboard.press('Control+k');
    await page.getByTestId('palette-input').evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', '[{"name":"Ada"},{"name":"Alan"}]');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(page.getByTestId('palette').getByRole('option').first()).toContainText('JSON Formatter');
    await expect(page.getByTestId('palette').getByRole('option').nth(1)).toContainText('JSON ⇄ CSV Converter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/json-to-csv/);
    await expect(page.locator('textarea').first()).toHaveValue('[{"name":"Ada"},{"name":"Alan"}]');
  });

  test('a sidebar link marks the current page and moves focus to its heading', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.locator('#sidebar');
    await sidebar.getByRole('link', { name: 'Color Converter' }).click();
    await expect(page).toHaveURL(/\/color-converter(#|$)/);
    await expect.poll(() => focusedHeading(page)).toBe('Color Converter');
    await expect(sidebar.getByRole('link', { name: 'Color Converter' })).toHaveAttribute('aria-current', 'page');
    // Back to the home page: its heading takes focus too.
    await page.goBack();
    await expect.poll(() => focusedHeading(page)).toBe('Developer Toolbox');
    // …and the tool is now among the recent ones.
    await expect(page.getByRole('group', { name: 'Recent' })).toContainText('Color Converter');
  });

  test('a pinned tool stays pinned after a reload, at the top of the sidebar and the home page', async ({ page }) => {
    await page.goto('/');
    const sidebar = page.locator('#sidebar');
    const pin = sidebar.getByRole('list', { name: 'Crypto & IDs' }).getByRole('button', { name: 'Pin UUID Generator' });
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(sidebar.getByRole('list', { name: 'Pinned' }).getByRole('link')).toHaveText(['UUID Generator']);
    await expect(page.getByRole('group', { name: 'Pinned' })).toContainText('UUID Generator');
    await sidebar.getByRole('list', { name: 'Pinned' }).getByRole('button', { name: 'Pin UUID Generator' }).click();
    await expect(sidebar.getByRole('list', { name: 'Pinned' })).toHaveCount(0);
  });

  test("a tool page's own Pin button pins it to the sidebar, and unpins it", async ({ page }) => {
    await page.goto('/base64');
    const pin = page.getByTestId('page-pin');
    await expect(pin).toHaveText('Pin');
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    const pinned = page.locator('#sidebar').getByRole('list', { name: 'Pinned' });
    await expect(pinned.getByRole('link')).toHaveText(['Base64 Encoder / Decoder']);
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'false');
    await expect(pinned).toHaveCount(0);
  });

  test('the home page fits one desktop screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('tool-card')).toHaveCount(tools.length);
    const { scrollHeight, viewport } = await page.evaluate(() => ({
      scrollHeight: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
    }));
    expect(scrollHeight).toBeLessThanOrEqual(viewport);
  });

  test('the home search filters as you type; Enter opens the best match', async ({ page }) => {
    await page.goto('/');
    const search = page.getByTestId('search');
    await search.fill('epoch');
    await expect(page.getByTestId('tool-card').first()).toContainText('Timestamp Converter');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/timestamp-converter(#|$)/);
    await expect.poll(() => focusedHeading(page)).toBe('Timestamp Converter');
  });
});

test.describe('theme', () => {
  // No service worker, so that the test can hold back the app's script and see the first paint.
  test.use({ serviceWorkers: 'block' });

  test('the theme choice is kept across a reload, and applied before the app runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const light = await background();
    const toggle = page.getByTestId('theme-switch');
    await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
    await toggle.click(); // light
    await toggle.click(); // dark
    await expect(toggle).toHaveAttribute('data-theme-choice', 'dark');
    const dark = await background();
    expect(dark).not.toBe(light);
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute('content', '#1b1d21');

    // After a reload, before any module script runs, the page is already dark (static/theme.js).
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await background()).toBe(dark);
    await page.unroute('**/assets/index-*.js');
    await page.reload();
    await expect(page.getByTestId('theme-switch')).toHaveAttribute('data-theme-choice', 'dark');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer opens from the menu button, closes on Escape and on navigation, and gives focus back', async ({
    page,
  }) => {
    await page.goto('/base64');
    await expect(page.locator('#sidebar')).toBeHidden();
    const menu = page.getByTestId('menu');
    const drawer = page.getByTestId('drawer');
    await menu.click();
    await expect(drawer).toBeVisible();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('link', { name: 'Base64 Encoder / Decoder' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Modal: Tab stays inside the drawer.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="drawer"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: 'Number Base Converter' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/number-base-converter(#|$)/);
    await expect.poll(() => focusedHeading(page)).toBe('Number Base Converter');
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });
});
