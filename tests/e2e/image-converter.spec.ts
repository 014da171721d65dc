// The image converter as a person uses it: pick or drop real image files, watch them convert,
// download the results, and check the downloaded bytes with an independent decoder (sharp).
import { readFile, writeFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test, waitForServiceWorker } from './fixtures';
import {
  BLUE,
  LIME,
  NOT_AN_IMAGE,
  RED,
  SAMPLE,
  YELLOW,
  download,
  expectColour,
  expectNoSidewaysScroll,
  fixture,
  pixel,
} from './image-helpers';

test.describe('image-converter page', () => {
  test('converts a picked PNG to WebP: before/after sizes, % saved, a download of the right format', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Image Converter/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Converter');
    await expect(page.getByTestId('to')).toHaveValue('webp');

    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.png'));
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');
    await expect(item.getByTestId('before')).toHaveText('Original: PNG · 40 × 24 px · 140 bytes');
    await expect(item.getByTestId('after')).toContainText(/^WebP · 40 × 24 px · \d+ bytes/);
    await expect(item.getByTestId('saved')).toHaveText(/^\d+\.\d % (saved|larger)$/);
    await expect(page.getByTestId('summary')).toContainText('1 of 1 converted to WebP');
    await expect(item.getByRole('img', { name: 'Converted: quadrants.webp' })).toBeVisible();

    const { name, bytes } = await download(page, item.getByTestId('download'));
    expect(name).toBe('quadrants.webp');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 40, 24]);
    // The size shown is the size of the file downloaded.
    await expect(item.getByTestId('after')).toContainText(`${bytes.length} bytes`);
    expectColour(await pixel(bytes, 5, 5), RED);
    expectColour(await pixel(bytes, 34, 5), LIME);
    expectColour(await pixel(bytes, 5, 18), BLUE);
    expectColour(await pixel(bytes, 34, 18), YELLOW);

    // The image never goes to the URL, and the request snippet shows a placeholder for it.
    expect(page.url()).not.toContain('iVBOR');
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"image":"<base64 of quadrants.png>"');
    await expect(page.getByTestId('snippet')).toContainText('"from":"png","to":"webp","quality":80');
  });

  test('an animated GIF keeps its frames as WebP; as PNG the page says only the first frame was kept', async ({
    page,
  }) => {
    await page.goto('/image-converter');
    await page.getByTestId('file-input').setInputFiles(fixture('animated.gif'));
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');
    await expect(item.getByTestId('notice')).toHaveCount(0);
    const webp = await download(page, item.getByTestId('download'));
    const meta = await sharp(webp.bytes, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.loop, meta.delay]).toEqual(['webp', 3, 0, [0, 0, 0]]);

    await page.getByTestId('to').selectOption('png');
    await expect(item.getByTestId('status')).toHaveText('Done');
    await expect(item.getByTestId('notice')).toHaveText(
      'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose GIF or WebP to keep them all.',
    );
    const png = await download(page, item.getByTestId('download'));
    expect((await sharp(png.bytes).metadata()).format).toBe('png');
  });

  test('PNG to JPEG with the quality slider moved by keyboard; smaller at quality 1 than at 100', async ({ page }) => {
    await page.goto('/image-converter');
    await page.getByTestId('to').selectOption('jpeg');
    await page.getByTestId('file-input').setInputFiles(fixture('alpha.png'));
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');

    const slider = page.getByRole('slider', { name: /Quality/ });
    await slider.focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('quality-value')).toHaveText('100');
    await expect(item.getByTestId('status')).toHaveText('Done');
    const best = await download(page, item.getByTestId('download'));

    await slider.focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('quality-value')).toHaveText('1');
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(item.getByTestId('status')).toHaveText('Done');
    const worst = await download(page, item.getByTestId('download'));

    expect(best.name).toBe('alpha.jpg');
    expect(worst.name).toBe('alpha.jpg');
    for (const { bytes } of [best, worst]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 32, 32, false]);
    }
    expect(worst.bytes.length).toBeLessThan(best.bytes.length);
    // JPEG has no alpha: the transparent right half becomes white, the left half stays red.
    expectColour(await pixel(best.bytes, 24, 8), [255, 255, 255]);
    expectColour(await pixel(best.bytes, 6, 8), RED);

    // PNG output has no quality setting: the slider goes away and a note says why.
    await page.getByTestId('to').selectOption('png');
    await expect(page.getByRole('slider')).toHaveCount(0);
    await expect(page.getByTestId('lossless-note')).toContainText('PNG has no quality setting');
  });

  test('a batch of three becomes a ZIP of three converted images, with per-file status', async ({ page }) => {
    await page.goto('/image-converter');
    await page
      .getByTestId('file-input')
      .setInputFiles([fixture('quadrants.png'), fixture('quadrants.tiff'), fixture('exif-6.jpeg')]);
    await expect(page.getByTestId('summary')).toContainText('3 of 3 converted to WebP');
    await expect(page.getByTestId('status')).toHaveText(['Done', 'Done', 'Done']);
    await expect(page.getByRole('progressbar', { name: 'Images converted' })).toHaveAttribute('value', '3');
    // Browsers do not draw TIFF: the converter draws it (as PNG), upright and at its size.
    await expect(page.getByTestId('item').nth(1).getByRole('img', { name: 'Original: quadrants.tiff' })).toBeVisible();
    await expect(page.getByTestId('item').nth(1).getByTestId('before')).toContainText('TIFF · 40 × 24 px');
    // The EXIF-rotated JPEG is shown upright, as the tool converts it.
    await expect(page.getByTestId('item').nth(2).getByTestId('before')).toContainText('JPEG · 24 × 40 px');

    const { name, bytes } = await download(page, page.getByRole('button', { name: 'Download all (.zip)' }));
    expect(name).toBe('converted-webp.zip');
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries)).toEqual(['quadrants.webp', 'quadrants-2.webp', 'exif-6.webp']);
    const sizes = await Promise.all(
      Object.values(entries).map(async (entry) => {
        const meta = await sharp(entry).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      ['webp', 40, 24],
      ['webp', 40, 24],
      ['webp', 24, 40],
    ]);
    expectColour(await pixel(entries['quadrants-2.webp']!, 34, 18), YELLOW);
    // exif-6 holds the quadrants stored sideways; upright, its top-left is red again.
    const upright = entries['exif-6.webp']!;
    expectColour(
      await pixel(upright, 3, 3),
      (
        await pixel(
          await sharp(await readFile(fixture('exif-6.jpeg')))
            .rotate()
            .png()
            .toBuffer(),
          3,
          3,
        )
      ).slice(0, 3),
    );

    // Removing a file keeps the others; clearing empties the list.
    await page.getByRole('button', { name: 'Remove quadrants.tiff' }).click();
    await expect(page.getByTestId('item')).toHaveCount(2);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByTestId('item')).toHaveCount(0);
  });

  test('a new target format converts the whole batch again', async ({ page }) => {
    await page.goto('/image-converter');
    await page.getByTestId('file-input').setInputFiles([fixture('quadrants.gif'), fixture('quadrants.svg')]);
    await expect(page.getByTestId('summary')).toContainText('2 of 2 converted to WebP');
    await page.getByTestId('to').selectOption('avif');
    await expect(page.getByTestId('summary')).toContainText('2 of 2 converted to AVIF');
    const gif = await download(page, page.getByTestId('item').nth(0).getByTestId('download'));
    const svg = await download(page, page.getByTestId('item').nth(1).getByTestId('download'));
    // Two files of the same stem get distinct download names, as in the ZIP.
    expect([gif.name, svg.name]).toEqual(['quadrants.avif', 'quadrants-2.avif']);
    for (const { bytes } of [gif, svg]) {
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['heif', 40, 24]);
    }
  });

  test('oversized and undecodable files get the tool’s sentence; the rest of the batch still converts', async ({
    page,
  }, testInfo) => {
    await page.goto('/image-converter');
    // Over the page's 50 MB: a real PNG padded past it (given as a path: Playwright caps buffers at 50 MB).
    const big = Buffer.alloc(Math.round(50.5 * 1048576));
    big.set(await readFile(fixture('quadrants.png')));
    const huge = testInfo.outputPath('huge.png');
    const notes = testInfo.outputPath('notes.png');
    await writeFile(huge, big);
    await writeFile(notes, 'just some text');
    await page
      .getByTestId('file-input')
      .setInputFiles([
        fixture('bomb-30000.png'),
        fixture('truncated-quadrants.png'),
        huge,
        notes,
        fixture('quadrants.jpeg'),
      ]);
    await expect(page.getByTestId('summary')).toContainText('1 of 5 converted to WebP · 4 failed');
    const items = page.getByTestId('item');
    await expect(items.getByTestId('status')).toHaveText(['Failed', 'Failed', 'Failed', 'Failed', 'Done']);
    await expect(items.nth(0).getByTestId('error')).toHaveText(
      'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.',
    );
    await expect(items.nth(1).getByTestId('error')).toContainText(/PNG/);
    await expect(items.nth(2).getByTestId('error')).toHaveText('Input image is 50.5 MB — maximum is 50 MB.');
    await expect(items.nth(3).getByTestId('error')).toContainText('is not a PNG image');
    await expect(items.nth(4).getByTestId('download')).toHaveText('Download');
    await expect(items.nth(4).getByTestId('download')).toHaveAccessibleName('Download quadrants.webp');
    await expect(items.nth(0).getByTestId('download')).toHaveCount(0);
  });

  test('works from the keyboard, and a shared link restores the settings but never the image', async ({ page }) => {
    await page.goto('/image-converter');
    await page.getByTestId('to').focus();
    await page.getByTestId('to').selectOption('avif');
    await page.getByRole('slider', { name: /Quality/ }).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('quality-value')).toHaveText('75');

    // The drop zone is a button: Tab reaches it, Enter opens the file chooser.
    const chosen = page.waitForEvent('filechooser');
    await page.getByTestId('drop').focus();
    await expect(page.getByTestId('drop')).toBeFocused();
    await page.keyboard.press('Enter');
    const chooser = await chosen;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(fixture('quadrants.webp'));
    await expect(page.getByTestId('status')).toHaveText('Done');
    await expect(page.getByTestId('after')).toContainText('AVIF · 40 × 24 px');

    await expect(page).toHaveURL(/#.*avif/);
    const url = page.url();
    expect(JSON.parse(decodeURIComponent(new URL(url).hash.slice(1)))).toEqual({
      to: 'avif',
      quality: 75,
      lossless: false,
    });
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('to')).toHaveValue('avif');
    await expect(page.getByTestId('quality-value')).toHaveText('75');
    await expect(page.getByTestId('item')).toHaveCount(0);
  });

  test('Load example converts the sample photo at once, offline too (it is precached)', async ({ page, context }) => {
    await page.goto('/image-converter');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('load-example').click();
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');
    await expect(page.getByTestId('load-example')).toHaveCount(0);
    await expect(item.getByTestId('before')).toContainText(`Original: JPEG · ${SAMPLE.width} × ${SAMPLE.height} px`);
    await expect(item.getByTestId('saved')).toHaveText(/% saved$/);
    const { name, bytes } = await download(page, item.getByTestId('download'));
    expect(name).toBe('coffee.webp');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', SAMPLE.width, SAMPLE.height]);
    await context.setOffline(false);
  });

  test('after Remove the focus goes to the next item, else the previous, else the drop area', async ({ page }) => {
    await page.goto('/image-converter');
    await page
      .getByTestId('file-input')
      .setInputFiles([fixture('quadrants.png'), fixture('quadrants.gif'), fixture('quadrants.webp')]);
    await expect(page.getByTestId('summary')).toContainText('3 of 3 converted');
    await page.getByRole('button', { name: 'Remove quadrants.gif' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('item')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Remove quadrants.webp' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove quadrants.png' })).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByTestId('item')).toHaveCount(0);
    await expect(page.getByTestId('drop')).toBeFocused();

    // "Clear all" also leaves the keyboard on the drop area.
    await page.getByTestId('file-input').setInputFiles([fixture('quadrants.png'), fixture('quadrants.gif')]);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(page.getByTestId('drop')).toBeFocused();
  });

  test("a 24-megapixel, 6 MB JPEG photo converts in the page (over the API's 3 MB)", async ({ page }) => {
    test.slow(); // 24 MP decoded and encoded in WebAssembly on a shared machine
    const photo = await noisyJpeg(6000, 4000);
    expect(photo.length).toBeGreaterThanOrEqual(6 * 1048576);
    await page.goto('/image-converter');
    await page.getByTestId('to').selectOption('jpeg');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'big-photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 150_000 });
    await expect(item.getByTestId('before')).toContainText('Original: JPEG · 6000 × 4000 px');
    await expect(item.getByTestId('after')).toContainText(/^JPEG · 6000 × 4000 px · /);
    const { name, bytes } = await download(page, item.getByTestId('download'));
    expect(name).toBe('big-photo.jpg');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 6000, 4000]);
    // Quality 80 of a quality-95 noisy photo: smaller, and the same picture (a mean difference
    // of a few levels per channel, against sharp's decode of the original).
    expect(bytes.length).toBeLessThan(photo.length);
    const [ours, original] = await Promise.all(
      [bytes, photo].map((jpeg) => sharp(jpeg).resize(600, 400).raw().toBuffer()),
    );
    let sum = 0;
    for (let i = 0; i < ours!.length; i++) sum += Math.abs(ours![i]! - original![i]!);
    expect(sum / ours!.length).toBeLessThan(4);
  });

  test('three files at once: one ZIP with three distinct names (photo.png and photo.jpg both become WebP)', async ({
    page,
  }) => {
    await page.goto('/image-converter');
    await page.getByTestId('file-input').setInputFiles([
      { name: 'photo.png', mimeType: 'image/png', buffer: await readFile(fixture('quadrants.png')) },
      { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await readFile(fixture('exif-6.jpeg')) },
      { name: 'logo.gif', mimeType: 'image/gif', buffer: await readFile(fixture('alpha.gif')) },
    ]);
    await expect(page.getByTestId('summary')).toContainText('3 of 3 converted to WebP');
    // Each row its own download name, as in the ZIP.
    const rows = page.getByTestId('download');
    for (const [i, file] of ['photo.webp', 'photo-2.webp', 'logo.webp'].entries())
      await expect(rows.nth(i)).toHaveAccessibleName(`Download ${file}`);
    expect((await download(page, rows.nth(1))).name).toBe('photo-2.webp');
    const { name, bytes } = await download(page, page.getByRole('button', { name: 'Download all (.zip)' }));
    expect(name).toBe('converted-webp.zip');
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries)).toEqual(['photo.webp', 'photo-2.webp', 'logo.webp']);
    const metas = await Promise.all(
      Object.values(entries).map(async (entry) => {
        const meta = await sharp(entry).metadata();
        return [meta.format, meta.width, meta.height];
      }),
    );
    expect(metas).toEqual([
      ['webp', 40, 24],
      ['webp', 24, 40],
      ['webp', 32, 32],
    ]);
    expectColour(await pixel(entries['photo.webp']!, 34, 18), YELLOW);
  });

  test('Lossless WebP: exact pixels, no quality slider; the snippet and the link say lossless', async ({ page }) => {
    await page.goto('/image-converter');
    const lossless = page.getByRole('checkbox', { name: 'Lossless' });
    await expect(lossless).not.toBeChecked();
    await lossless.check();
    await expect(page.getByRole('slider', { name: /Quality/ })).toHaveCount(0);
    await expect(page.getByTestId('lossless-note')).toHaveText(
      'Lossless WebP: no quality setting, every pixel is kept.',
    );

    const source = await noisyPng(48, 32);
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: source.png });
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');
    const { name, bytes } = await download(page, item.getByTestId('download'));
    expect(name).toBe('noise.webp');
    const decoded = await sharp(bytes).ensureAlpha().raw().toBuffer();
    expect(decoded.equals(source.raw)).toBe(true);

    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"from":"png","to":"webp","lossless":true}');
    expect(JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1)))).toEqual({
      to: 'webp',
      quality: 80,
      lossless: true,
    });

    // JPEG has no lossless mode: the box goes, the quality slider comes back.
    await page.getByTestId('to').selectOption('jpeg');
    await expect(page.getByRole('checkbox', { name: 'Lossless' })).toHaveCount(0);
    await expect(page.getByRole('slider', { name: /Quality/ })).toBeVisible();
    await expect(item.getByTestId('status')).toHaveText('Done');
  });

  test('transparency: JPEG on a chosen colour; PNG keeps it until "Fill transparency" is ticked', async ({ page }) => {
    await page.goto('/image-converter');
    await page.getByTestId('to').selectOption('jpeg');
    const colour = page.getByRole('textbox', { name: 'Background', exact: true });
    await expect(colour).toHaveValue('#ffffff');
    await page.getByTestId('file-input').setInputFiles(fixture('alpha.png'));
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done');
    expectColour(await pixel((await download(page, item.getByTestId('download'))).bytes, 28, 4), [255, 255, 255]);

    // Something that is no colour is said so and not sent; a name is.
    await colour.fill('blurple');
    await expect(page.getByTestId('background-hint')).toHaveText(/^Not a colour/);
    await expect(colour).toHaveAttribute('aria-invalid', 'true');
    await expect(item.getByTestId('status')).toHaveText('Done');
    await colour.fill('navy');
    await expect(page.getByTestId('background-hint')).not.toHaveText(/^Not a colour/);
    await expect(page.getByTestId('background-swatch')).toHaveValue('#000080');
    await expect(item.getByTestId('status')).toHaveText('Done');
    const navy = (await download(page, item.getByTestId('download'))).bytes;
    expectColour(await pixel(navy, 28, 4), [0, 0, 128]);
    expectColour(await pixel(navy, 4, 4), [255, 0, 0]);
    // Any colour the colour converter reads: rgb(), and oklch() (its swatch once the full parser has loaded).
    await colour.fill('rgb(255 200 0)');
    await expect(page.getByTestId('background-swatch')).toHaveValue('#ffc800');
    await colour.fill('oklch(45.2% 0.313 264.05)');
    await expect(page.getByTestId('background-hint')).not.toHaveText(/^Not a colour/);
    await expect(page.getByTestId('background-swatch')).toHaveValue('#0000ff');
    await expect(item.getByTestId('status')).toHaveText('Done');
    expectColour(await pixel((await download(page, item.getByTestId('download'))).bytes, 28, 4), [0, 0, 255]);
    await colour.fill('navy');
    await expect(item.getByTestId('status')).toHaveText('Done');

    // PNG: transparent by default, then on the colour chosen before.
    await page.getByTestId('to').selectOption('png');
    const fill = page.getByRole('checkbox', { name: 'Fill transparency with a colour' });
    await expect(fill).not.toBeChecked();
    await expect(item.getByTestId('status')).toHaveText('Done');
    expect(await pixel((await download(page, item.getByTestId('download'))).bytes, 28, 4)).toEqual([0, 0, 0, 0]);
    await fill.check();
    await expect(colour).toHaveValue('navy');
    await expect(page.getByTestId('summary')).toContainText('1 of 1 converted to PNG');
    await expect(item.getByTestId('status')).toHaveText('Done');
    const png = (await download(page, item.getByTestId('download'))).bytes;
    expect(await pixel(png, 28, 4)).toEqual([0, 0, 128, 255]);
    expect(await pixel(png, 4, 4)).toEqual([255, 0, 0, 255]);
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"to":"png","background":"navy"}');
  });

  test('a .svgz and an <svg:svg> file convert like any SVG; the picker offers .svgz', async ({ page }) => {
    await page.goto('/image-converter');
    await expect(page.getByTestId('file-input')).toHaveAttribute('accept', /\.svgz(,|$)/);
    await page.getByTestId('file-input').setInputFiles([fixture('quadrants.svgz'), fixture('namespaced.svg')]);
    const items = page.getByTestId('item');
    await expect(items).toHaveCount(2);
    for (const i of [0, 1]) {
      await expect(items.nth(i).getByTestId('status')).toHaveText('Done');
      const bytes = (await download(page, items.nth(i).getByTestId('download'))).bytes;
      expectColour(await pixel(bytes, 30, 18), [255, 255, 0]);
    }
  });

  test('at 360 px nothing scrolls sideways: empty, example loaded, and a file that is no image', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/image-converter');
    await expect(page.getByTestId('load-example')).toBeVisible();
    await expectNoSidewaysScroll(page, 'empty');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('status')).toHaveText('Done');
    await expectNoSidewaysScroll(page, 'example');
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByTestId('file-input').setInputFiles(NOT_AN_IMAGE);
    await expect(page.getByTestId('error')).toBeVisible();
    await expectNoSidewaysScroll(page, 'error');
  });
});

/** A noisy photo-like JPEG written by libvips at quality 95 (noise keeps it large). */
async function noisyJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const n = (seed >>> 24) % 40;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 215) / width + n) | 0;
      raw[i + 1] = ((y * 215) / height + n) | 0;
      raw[i + 2] = 100 + n;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** RGBA noise with every alpha from 0 to 255 (transparent pixels keep colours), and its PNG. */
async function noisyPng(width: number, height: number): Promise<{ raw: Buffer; png: Buffer }> {
  const raw = Buffer.alloc(width * height * 4);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    raw[i] = seed >>> 24;
  }
  return {
    raw,
    png: await sharp(raw, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  };
}
