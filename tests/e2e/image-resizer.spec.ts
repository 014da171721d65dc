// The image resizer as a person uses it: pick a real image, resize, crop (by dragging on the
// image and by typing), rotate and flip, then download; the downloaded bytes are checked with an
// independent decoder (sharp) against the four-quadrant fixture.
import { readFile, writeFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
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

/** Waits for the result of the current settings and downloads it. */
async function result(page: Page, size: string) {
  await expect(page.getByTestId('after')).toContainText(size);
  await expect(page.getByTestId('status')).toHaveText('Done');
  const file = await download(page, page.getByTestId('download'));
  const meta = await sharp(file.bytes).metadata();
  return { ...file, format: meta.format, width: meta.width, height: meta.height };
}

async function open(page: Page, name = 'quadrants.png') {
  await page.goto('/image-resizer');
  await page.getByTestId('file-input').setInputFiles(fixture(name));
  await expect(page.getByTestId('status')).toHaveText('Done');
}

test.describe('image-resizer page', () => {
  test('resizes to a width only: the height follows the aspect ratio', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Image Resizer/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Resizer');
    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.png'));
    await expect(page.getByTestId('before')).toHaveText('PNG · 40 × 24 px · 140 bytes');
    await expect(page.getByRole('img', { name: 'Original: quadrants.png' })).toBeVisible();

    await page.getByLabel('Width (px)').fill('20');
    const out = await result(page, 'PNG · 20 × 12 px');
    expect([out.name, out.format, out.width, out.height]).toEqual(['quadrants-20x12.png', 'png', 20, 12]);
    await expect(page.getByTestId('after')).toContainText(`${out.bytes.length} bytes`);
    await expect(page.getByTestId('saved')).toHaveText(/^\d+\.\d % (saved|larger)$/);
    expectColour(await pixel(out.bytes, 2, 2), RED);
    expectColour(await pixel(out.bytes, 17, 2), LIME);
    expectColour(await pixel(out.bytes, 2, 9), BLUE);
    expectColour(await pixel(out.bytes, 17, 9), YELLOW);

    // The request snippet has the settings and a placeholder, never the image's base64.
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"image":"<base64 of quadrants.png>","width":20');
    expect(page.url()).not.toContain('iVBOR');
  });

  test('an animated GIF: as PNG the page says only the first frame was kept; as WebP every frame is resized', async ({
    page,
  }) => {
    await open(page, 'animated.gif');
    await expect(page.getByTestId('notice')).toHaveText(
      'PNG cannot hold an animation: only the first of its 3 frames was kept. Choose WebP to keep them all.',
    );
    await page.getByTestId('format').selectOption('webp');
    await page.getByLabel('Width (px)').fill('3');
    const out = await result(page, 'WebP · 3 × 2 px');
    await expect(page.getByTestId('notice')).toHaveCount(0);
    const meta = await sharp(out.bytes, { animated: true }).metadata();
    expect([meta.format, meta.width, meta.pageHeight, meta.pages, meta.loop]).toEqual(['webp', 3, 2, 3, 0]);
  });

  test('fit cover fills a 20×20 box and crops the overflow; JPEG output with a quality slider', async ({ page }) => {
    await open(page);
    await page.getByLabel('Width (px)').fill('20');
    await page.getByLabel('Height (px)').fill('20');
    await page.getByTestId('fit').selectOption('cover');
    await page.getByTestId('format').selectOption('jpeg');
    await expect(page.getByRole('slider', { name: /Quality/ })).toHaveValue('85');
    const out = await result(page, 'JPEG · 20 × 20 px');
    expect([out.name, out.format, out.width, out.height]).toEqual(['quadrants-20x20.jpg', 'jpeg', 20, 20]);
    // 40×24 scaled to 33×20, then the centre 20×20: still the four quadrants.
    expectColour(await pixel(out.bytes, 1, 1), RED, 40);
    expectColour(await pixel(out.bytes, 18, 1), LIME, 40);
    expectColour(await pixel(out.bytes, 1, 18), BLUE, 40);
    expectColour(await pixel(out.bytes, 18, 18), YELLOW, 40);

    await page.getByTestId('fit').selectOption('contain');
    await page.getByTestId('format').selectOption('png');
    const padded = await result(page, 'PNG · 20 × 20 px');
    // 40×24 fits as 20×12, centred: transparent padding above and below.
    expect((await pixel(padded.bytes, 10, 1))[3]).toBe(0);
    expectColour(await pixel(padded.bytes, 2, 6), RED);
  });

  test('crops with the numeric fields, from the keyboard', async ({ page }) => {
    await open(page);
    await page.getByTestId('crop-x').focus();
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0');
    await page.keyboard.press('Tab');
    await page.keyboard.type('20');
    await page.keyboard.press('Tab');
    await page.keyboard.type('12');
    await expect(page.getByTestId('crop-height')).toBeFocused();
    await expect(page.getByTestId('crop-box')).toContainText('20 × 12');
    const out = await result(page, 'PNG · 20 × 12 px');
    expect([out.name, out.width, out.height]).toEqual(['quadrants-20x12.png', 20, 12]);
    for (const [x, y] of [
      [0, 0],
      [19, 0],
      [0, 11],
      [19, 11],
    ])
      expectColour(await pixel(out.bytes, x!, y!), LIME);

    // An area outside the image: the tool's sentence, no result.
    await page.getByTestId('crop-x').fill('30');
    await expect(page.getByTestId('error')).toHaveText('Crop area 20×12 at (30, 0) exceeds the image bounds (40×24).');
    await expect(page.getByTestId('download')).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear crop' }).press('Enter');
    await expect(page.getByTestId('crop-x')).toHaveValue('');
    await expect(page.getByTestId('crop-box')).toHaveCount(0);
    await result(page, 'PNG · 40 × 24 px');
  });

  test('crops by dragging on the image, and moves the area by dragging inside it', async ({ page }) => {
    await open(page);
    const stage = page.getByTestId('stage');
    const box = (await stage.boundingBox())!;
    // From the top edge's middle to the right edge's middle: the top-right quadrant.
    await page.mouse.move(box.x + box.width / 2 + 0.5, box.y + 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.3, { steps: 4 });
    await page.mouse.move(box.x + box.width - 0.5, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('crop-x')).toHaveValue('20');
    await expect(page.getByTestId('crop-y')).toHaveValue('0');
    await expect(page.getByTestId('crop-width')).toHaveValue('20');
    await expect(page.getByTestId('crop-height')).toHaveValue('12');
    const top = await result(page, 'PNG · 20 × 12 px');
    expectColour(await pixel(top.bytes, 10, 6), LIME);

    // Drag the area down by half the image: the bottom-right quadrant.
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByTestId('crop-y')).toHaveValue('12');
    await expect(page.getByTestId('crop-x')).toHaveValue('20');
    await expect(page.getByTestId('after')).toContainText('PNG · 20 × 12 px');
    await expect(page.getByTestId('status')).toHaveText('Done');
    const bottom = await download(page, page.getByTestId('download'));
    expectColour(await pixel(bottom.bytes, 10, 6), YELLOW);
  });

  test('rotates a quarter turn and flips, with buttons', async ({ page }) => {
    await open(page);
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await expect(page.getByTestId('rotation')).toHaveText('Rotation: 90° clockwise');
    const turned = await result(page, 'PNG · 24 × 40 px');
    expect([turned.name, turned.width, turned.height]).toEqual(['quadrants-24x40.png', 24, 40]);
    // Clockwise: the bottom-left (blue) comes to the top-left, the top-left (red) to the top-right.
    expectColour(await pixel(turned.bytes, 2, 2), BLUE);
    expectColour(await pixel(turned.bytes, 21, 2), RED);
    expectColour(await pixel(turned.bytes, 2, 37), YELLOW);
    expectColour(await pixel(turned.bytes, 21, 37), LIME);

    const flip = page.getByRole('button', { name: 'Flip horizontal' });
    await flip.click();
    await expect(flip).toHaveAttribute('aria-pressed', 'true');
    const mirrored = await result(page, 'PNG · 24 × 40 px');
    expectColour(await pixel(mirrored.bytes, 2, 2), RED);
    expectColour(await pixel(mirrored.bytes, 21, 2), BLUE);

    // Back to upright, flipped top-bottom only, using the keyboard.
    await page.getByRole('button', { name: 'Rotate left' }).focus();
    await page.keyboard.press('Enter');
    await flip.press('Space');
    await expect(flip).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: 'Flip vertical' }).press('Enter');
    await expect(page.getByTestId('rotation')).toHaveText('Rotation: 0° clockwise');
    const flipped = await result(page, 'PNG · 40 × 24 px');
    expectColour(await pixel(flipped.bytes, 2, 2), BLUE);
    expectColour(await pixel(flipped.bytes, 37, 21), LIME);
  });

  test('an EXIF-rotated photo is shown upright and cropped in the coordinates shown', async ({ page }) => {
    await open(page, 'exif-6.jpeg');
    // Stored 40×24 with orientation 6: shown, and read by the tool, as 24×40.
    await expect(page.getByTestId('before')).toHaveText('JPEG · 24 × 40 px · 1.2 KB');
    const shown = await page
      .getByRole('img', { name: 'Original: exif-6.jpeg' })
      .evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(shown).toEqual([24, 40]);
    await page.getByTestId('format').selectOption('png');
    await page.getByTestId('crop-width').fill('12');
    await page.getByTestId('crop-height').fill('20');
    const out = await result(page, 'PNG · 12 × 20 px');
    const upright = await sharp(await readFile(fixture('exif-6.jpeg')))
      .rotate()
      .png()
      .toBuffer();
    expectColour(await pixel(out.bytes, 6, 10), (await pixel(upright, 6, 10)).slice(0, 3));
    expectColour(await pixel(out.bytes, 6, 10), (await pixel(out.bytes, 1, 1)).slice(0, 3));
  });

  test('a TIFF, which browsers cannot draw, is previewed through the converter and cropped', async ({ page }) => {
    await open(page, 'quadrants.tiff');
    await expect(page.getByRole('img', { name: 'Original: quadrants.tiff' })).toBeVisible();
    await expect(page.getByTestId('before')).toHaveText('TIFF · 40 × 24 px · 404 bytes');
    await page.getByTestId('crop-y').fill('12');
    await page.getByTestId('crop-height').fill('12');
    await page.getByTestId('crop-width').fill('20');
    const out = await result(page, 'PNG · 20 × 12 px');
    expectColour(await pixel(out.bytes, 10, 6), BLUE);
  });

  test('oversized and undecodable images get the tool’s sentence', async ({ page }, testInfo) => {
    await page.goto('/image-resizer');
    await page.getByTestId('file-input').setInputFiles(fixture('bomb-30000.png'));
    await expect(page.getByTestId('error')).toHaveText(
      'The image is 30000×30000 pixels; each side may be at most 16,384 pixels.',
    );
    await expect(page.getByTestId('download')).toHaveCount(0);

    await page.getByTestId('file-input').setInputFiles(fixture('truncated-quadrants.jpeg'));
    await expect(page.getByTestId('error')).toContainText('JPEG');

    // A path, not a buffer: Playwright caps buffers at 50 MB.
    const huge = testInfo.outputPath('huge.webp');
    await writeFile(huge, Buffer.alloc(50 * 1048576 + 200_000));
    await page.getByTestId('file-input').setInputFiles(huge);
    await expect(page.getByTestId('error')).toHaveText('Input image is 50.2 MB — maximum is 50 MB.');

    // A good image clears the error.
    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.webp'));
    await expect(page.getByTestId('status')).toHaveText('Done');
    await expect(page.getByTestId('error')).toHaveCount(0);
  });

  test('a shared link restores the settings, never the image or the crop', async ({ page }) => {
    await open(page);
    await page.getByTestId('width').fill('30');
    await page.getByTestId('format').selectOption('webp');
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await page.getByTestId('crop-x').fill('5');
    await expect(page.getByTestId('after')).toContainText('WebP · 30 × 44 px');
    const hash = JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1)));
    expect(hash).toEqual({
      width: 30,
      fit: 'inside',
      rotate: 90,
      flipHorizontal: false,
      flipVertical: false,
      format: 'webp',
      quality: 85,
    });

    const url = page.url();
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('width')).toHaveValue('30');
    await expect(page.getByTestId('format')).toHaveValue('webp');
    await expect(page.getByTestId('rotation')).toHaveText('Rotation: 90° clockwise');
    await expect(page.getByTestId('stage')).toHaveCount(0);
    // The settings apply to the next image picked.
    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.gif'));
    const out = await result(page, 'WebP · 30 × 50 px');
    expect([out.name, out.format, out.width, out.height]).toEqual(['quadrants-30x50.webp', 'webp', 30, 50]);
  });

  test('Load example resizes the sample photo at once: half as wide, as a JPEG', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('before')).toContainText(`JPEG · ${SAMPLE.width} × ${SAMPLE.height} px`);
    await expect(page.getByRole('img', { name: `Original: ${SAMPLE.name}` })).toBeVisible();
    await expect(page.getByTestId('load-example')).toHaveCount(0);
    await expect(page.getByLabel('Width (px)')).toHaveValue('300');
    const out = await result(page, 'JPEG · 300 × 200 px');
    expect([out.name, out.format, out.width, out.height]).toEqual(['coffee-300x200.jpg', 'jpeg', 300, 200]);
    await expect(page.getByTestId('download')).toHaveAccessibleName('Download coffee-300x200.jpg');
    await expect(page.getByTestId('saved')).toHaveText(/% saved$/);
  });

  test('Load example keeps the settings the user chose', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByLabel('Height (px)').fill('100');
    await page.getByTestId('format').selectOption('webp');
    await page.getByTestId('load-example').click();
    const out = await result(page, 'WebP · 150 × 100 px');
    expect([out.format, out.width, out.height]).toEqual(['webp', 150, 100]);
    await expect(page.getByLabel('Width (px)')).toHaveValue('');
  });

  test('at 360 px nothing scrolls sideways: empty, example loaded, and a file that is no image', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/image-resizer');
    await expect(page.getByTestId('load-example')).toBeVisible();
    await expectNoSidewaysScroll(page, 'empty');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('status')).toHaveText('Done');
    await expectNoSidewaysScroll(page, 'example');
    await page.getByTestId('file-input').setInputFiles(NOT_AN_IMAGE);
    await expect(page.getByTestId('error')).toBeVisible();
    await expectNoSidewaysScroll(page, 'error');
  });

  test("keeps the input's format by default: a JPEG comes out a JPEG, a GIF as PNG", async ({ page }) => {
    await open(page, 'exif-6.jpeg');
    await expect(page.getByTestId('format')).toHaveValue('same');
    await expect(page.getByTestId('format').locator('option:checked')).toHaveText('Same as input — JPEG');
    await page.getByLabel('Width (px)').fill('12');
    const out = await result(page, 'JPEG · 12 × 20 px');
    // The download is a JPEG by its bytes, not only by its name.
    expect([...out.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([out.name, out.format]).toEqual(['exif-6-12x20.jpg', 'jpeg']);
    await expect(page.getByRole('slider', { name: /Quality/ })).toBeVisible();

    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.webp'));
    const webp = await result(page, 'WebP · 12 × 7 px');
    expect([...webp.bytes.subarray(8, 12)].map((c) => String.fromCharCode(c)).join('')).toBe('WEBP');

    await page.getByTestId('file-input').setInputFiles(fixture('quadrants.gif'));
    await expect(page.getByTestId('format-hint')).toContainText('GIF comes out as PNG');
    const gif = await result(page, 'PNG · 12 × 7 px');
    expect([...gif.bytes.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });

  test('an aspect preset crops the largest centred area of its shape; handles resize it in shape', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('status')).toHaveText('Done');
    await page.getByLabel('Width (px)').fill('');
    await page.getByTestId('aspect-16:9').click();
    await expect(page.getByTestId('aspect-16:9')).toHaveAttribute('aria-checked', 'true');
    // 600×400 → 600×338 (337.5 rounded), centred.
    await expect(page.getByTestId('crop-box')).toContainText('600 × 338');
    await expect(page.getByTestId('crop-y')).toHaveValue('31');
    const wide = await result(page, 'JPEG · 600 × 338 px');
    expect(Math.abs(wide.width! / wide.height! - 16 / 9)).toBeLessThan(0.01);

    await page.getByTestId('aspect-1:1').click();
    await expect(page.getByTestId('crop-box')).toContainText('400 × 400');
    await expect(page.getByTestId('crop-x')).toHaveValue('100');

    // The bottom-right corner dragged up and left: still a square, grown from the top-left corner.
    const handle = (await page.getByTestId('handle-se').boundingBox())!;
    const stage = (await page.getByTestId('stage').boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(stage.x + stage.width * 0.5, stage.y + stage.height * 0.6, { steps: 5 });
    await page.mouse.up();
    const side = Number(await page.getByTestId('crop-width').inputValue());
    expect(side).toBeGreaterThan(100);
    expect(side).toBeLessThan(400);
    await expect(page.getByTestId('crop-height')).toHaveValue(String(side));
    await expect(page.getByTestId('crop-x')).toHaveValue('100');
    await expect(page.getByTestId('crop-y')).toHaveValue('0');
    const square = await result(page, `JPEG · ${side} × ${side} px`);
    expect([square.width, square.height]).toEqual([side, side]);

    // Free again, from the keyboard: the right edge's handle moves that edge alone.
    await page.getByTestId('aspect-free').click();
    await page.getByTestId('handle-e').focus();
    await page.keyboard.press('ArrowLeft');
    const narrower = Number(await page.getByTestId('crop-width').inputValue());
    expect(narrower).toBeLessThan(side);
    await expect(page.getByTestId('crop-height')).toHaveValue(String(side));
    // The area itself moves with the arrow keys.
    await page.getByTestId('crop-mover').focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('crop-x')).not.toHaveValue('100');
  });

  test('percentage sizing: 50 % of the image, and of the crop', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('status')).toHaveText('Done');
    await page.getByTestId('unit-percent').click();
    await expect(page.getByTestId('percent')).toHaveValue('50');
    await expect(page.getByTestId('percent-hint')).toContainText('= 300 × 200 px');
    const half = await result(page, 'JPEG · 300 × 200 px');
    expect([half.width, half.height]).toEqual([300, 200]);

    await page.getByTestId('percent').fill('25');
    await page.getByTestId('crop-width').fill('400');
    await page.getByTestId('crop-height').fill('300');
    const quarter = await result(page, 'JPEG · 100 × 75 px');
    expect([quarter.width, quarter.height]).toEqual([100, 75]);
    const hash = JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1)));
    expect(hash.percent).toBe(25);
    // The tool is asked for pixels, never a percentage.
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"width":100,"height":75,"fit":"fill"');
    await expect(page.getByTestId('snippet')).not.toContainText('percent');

    await page.getByTestId('unit-px').click();
    // Back to pixels: the example's width of 300 applies again, to the crop.
    await expect(page.getByLabel('Width (px)')).toHaveValue('300');
    await result(page, 'JPEG · 300 × 225 px');
  });

  test('a batch of three: the same settings for all, one ZIP with three distinct names', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('unit-percent').click();
    await page.getByTestId('format').selectOption('webp');
    await page
      .getByTestId('file-input')
      .setInputFiles([fixture('quadrants.png'), fixture('quadrants.gif'), fixture('exif-6.jpeg')]);
    await expect(page.getByTestId('item')).toHaveCount(3);
    await expect(page.getByTestId('summary')).toContainText('3 of 3 resized to WebP');
    // No crop in a batch: it belongs to one image.
    await expect(page.getByTestId('crop-x')).toHaveCount(0);
    await expect(page.getByTestId('item').nth(2).getByTestId('after')).toContainText('WebP · 12 × 20 px');
    await expect(page.getByTestId('item').first().getByTestId('saved')).toHaveText(/% (saved|larger)$/);

    const zip = await download(page, page.getByTestId('zip'));
    expect(zip.name).toBe('resized.zip');
    const entries = unzipSync(new Uint8Array(zip.bytes));
    const names = Object.keys(entries);
    expect(names).toEqual(['quadrants-20x12.webp', 'quadrants-20x12-2.webp', 'exif-6-12x20.webp']);
    for (const [name, bytes] of Object.entries(entries)) {
      const meta = await sharp(bytes).metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([
        name,
        'webp',
        ...(name.startsWith('exif') ? [12, 20] : [20, 12]),
      ]);
    }
    // Each row's download carries the same unique name.
    await expect(page.getByTestId('item').nth(1).getByTestId('download')).toHaveAttribute(
      'download',
      'quadrants-20x12-2.webp',
    );

    // Back to "Same as input": the batch is redone, each in its own format where the resizer writes it.
    await page.getByTestId('format').selectOption('same');
    await expect(page.getByTestId('summary')).toContainText('3 of 3 resized');
    await expect(page.getByTestId('item').nth(2).getByTestId('after')).toContainText('JPEG · 12 × 20 px');
    await expect(page.getByTestId('item').nth(1).getByTestId('after')).toContainText('PNG · 20 × 12 px');
  });

  test('the before/after slider draws both images at full resolution', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('after')).toContainText('JPEG · 300 × 200 px');
    await page.getByTestId('compare-toggle').click();
    const before = page.getByTestId('compare-before');
    const after = page.getByTestId('compare-after');
    await expect(before).toBeVisible();
    await expect
      .poll(() => before.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, SAMPLE.width, SAMPLE.height]);
    await expect
      .poll(() => after.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, 300, 200]);
    // A crop is not the same picture: no comparison is offered.
    await page.getByTestId('aspect-1:1').click();
    await expect(page.getByTestId('compare-toggle')).toHaveCount(0);
    await expect(page.getByTestId('compare')).toHaveCount(0);
  });

  test('Resampling "Nearest" enlarges 2× into exact duplicated pixels; the default blends them', async ({ page }) => {
    // 8×6, every pixel a different opaque colour: any blending shows.
    const [w, h] = [8, 6];
    const source = Buffer.alloc(w * h * 3);
    for (let i = 0; i < w * h; i++) source.set([(i * 37) % 256, (i * 91 + 40) % 256, (i * 53 + 200) % 256], i * 3);
    const png = await sharp(source, { raw: { width: w, height: h, channels: 3 } })
      .png()
      .toBuffer();
    await page.goto('/image-resizer');
    await page.getByTestId('file-input').setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('kernel')).toHaveValue('lanczos3');
    await expect(page.getByTestId('kernel').locator('option:checked')).toHaveText('Lanczos 3 — sharpest (default)');
    await page.getByLabel('Width (px)').fill('16');

    /** How many output pixels differ from the source pixel they are a copy of under 2× nearest. */
    const notCopies = async (bytes: Buffer) => {
      const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([16, 12]);
      let differ = 0;
      for (let y = 0; y < 12; y++)
        for (let x = 0; x < 16; x++) {
          const at = (y * 16 + x) * 3;
          const from = (Math.floor(y / 2) * w + Math.floor(x / 2)) * 3;
          if (data.compare(source, from, from + 3, at, at + 3) !== 0) differ++;
        }
      return differ;
    };
    const smooth = await result(page, 'PNG · 16 × 12 px');
    expect(await notCopies(smooth.bytes)).toBeGreaterThan(50);

    // The request shown is the one being made: once it has the kernel, "Done" is its answer.
    await page.getByText('Use this as an API request').click();
    await page.getByTestId('kernel').selectOption('nearest');
    await expect(page.getByTestId('snippet')).toContainText('"width":16,"fit":"inside","kernel":"nearest"');
    const hard = await result(page, 'PNG · 16 × 12 px');
    expect(await notCopies(hard.bytes)).toBe(0);
    expect(JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1))).kernel).toBe('nearest');

    // Back to the default: it leaves the request and the link, as before the field existed.
    await page.getByTestId('kernel').selectOption('lanczos3');
    await expect(page.getByTestId('snippet')).not.toContainText('kernel');
    expect(JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1)))).not.toHaveProperty('kernel');
  });

  test('fit contain pads with the chosen colour; the colour shows and is sent only for contain', async ({ page }) => {
    await open(page);
    await page.getByLabel('Width (px)').fill('20');
    await page.getByLabel('Height (px)').fill('20');
    await expect(page.getByTestId('pad-colour')).toHaveCount(0);
    await page.getByTestId('fit').selectOption('contain');
    // Off by default: transparent padding, as before.
    await expect(page.getByTestId('pad-colour')).not.toBeChecked();
    const clear = await result(page, 'PNG · 20 × 20 px');
    expect((await pixel(clear.bytes, 10, 1))[3]).toBe(0);

    await page.getByText('Use this as an API request').click();
    await page.getByTestId('pad-colour').check();
    await page.getByTestId('background').fill('#1e90ff');
    await expect(page.getByTestId('snippet')).toContainText('"fit":"contain","background":"#1e90ff"');
    const padded = await result(page, 'PNG · 20 × 20 px');
    // 40×24 fits as 20×12, centred: four rows of padding above and below, the image between.
    for (const [x, y] of [
      [0, 0],
      [10, 3],
      [19, 16],
      [5, 19],
    ])
      expect(await pixel(padded.bytes, x!, y!)).toEqual([30, 144, 255, 255]);
    expect(await pixel(padded.bytes, 2, 6)).toEqual([255, 0, 0, 255]);
    expect(await pixel(padded.bytes, 17, 13)).toEqual([255, 255, 0, 255]);

    // A JPEG: an opaque colour stays that colour (within JPEG's loss).
    await page.getByTestId('format').selectOption('jpeg');
    const jpeg = await result(page, 'JPEG · 20 × 20 px');
    expectColour(await pixel(jpeg.bytes, 10, 1), [30, 144, 255], 12);

    // Another fit pads nothing: the colour is kept for later but not sent.
    await page.getByTestId('fit').selectOption('cover');
    await expect(page.getByTestId('background')).toHaveCount(0);
    await expect(page.getByTestId('snippet')).not.toContainText('background');
    await page.getByTestId('fit').selectOption('contain');
    await expect(page.getByTestId('background')).toHaveValue('#1e90ff');
    // The new controls fit a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoSidewaysScroll(page, 'padding colour and resampling');
  });

  test('a batch gets the kernel and the padding colour too', async ({ page }) => {
    await page.goto('/image-resizer');
    await page.getByLabel('Width (px)').fill('20');
    await page.getByLabel('Height (px)').fill('20');
    await page.getByTestId('fit').selectOption('contain');
    await page.getByTestId('pad-colour').check();
    await page.getByTestId('background').fill('#ff00ff80');
    await page.getByTestId('kernel').selectOption('nearest');
    await page.getByTestId('file-input').setInputFiles([fixture('quadrants.png'), fixture('quadrants.gif')]);
    await expect(page.getByTestId('summary')).toContainText('2 of 2 resized');
    const zip = await download(page, page.getByTestId('zip'));
    const entries = Object.values(unzipSync(new Uint8Array(zip.bytes)));
    expect(entries).toHaveLength(2);
    for (const bytes of entries) {
      expect(await pixel(bytes, 10, 1)).toEqual([255, 0, 255, 128]);
      // Nearest: the edge between red and lime stays a hard edge, no blend.
      expect(await pixel(bytes, 9, 8)).toEqual([255, 0, 0, 255]);
      expect(await pixel(bytes, 10, 8)).toEqual([0, 255, 0, 255]);
    }
  });

  test('an aspect preset applies before the rotation: a 16:9 crop turned a quarter comes out 9:16', async ({
    page,
  }) => {
    await page.goto('/image-resizer');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('status')).toHaveText('Done');
    await page.getByLabel('Width (px)').fill('');
    await page.getByTestId('aspect-16:9').click();
    await expect(page.getByTestId('aspect-note')).toHaveCount(0);
    await page.getByRole('button', { name: 'Rotate right' }).click();
    await expect(page.getByTestId('aspect-note')).toHaveText(
      'The crop is taken before the rotation: this 16:9 area comes out 9:16.',
    );
    await result(page, 'JPEG · 338 × 600 px');
  });
});
