// The image resizer as a person uses it: pick a real image, resize, crop (by dragging on the
// image and by typing), rotate and flip, then download; the downloaded bytes are checked with an
// independent decoder (sharp) against the four-quadrant fixture.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { BLUE, LIME, NOT_AN_IMAGE, RED, SAMPLE, YELLOW, download, expectColour, expectNoSidewaysScroll, fixture, pixel } from './image-helpers';
import type { Locator } from '@playwright/test';


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
    await page.getByRole('main').getByRole('link', { name: /^Image Resizer/ }).click();
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
    for (const [x, y] of [[0, 0], [19, 0], [0, 11], [19, 11]]) expectColour(await pixel(out.bytes, x!, y!), LIME);

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
    const shown = await page.getByRole('img', { name: 'Original: exif-6.jpeg' }).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(shown).toEqual([24, 40]);
    await page.getByTestId('crop-width').fill('12');
    await page.getByTestId('crop-height').fill('20');
    const out = await result(page, 'PNG · 12 × 20 px');
    const upright = await sharp(await readFile(fixture('exif-6.jpeg'))).rotate().png().toBuffer();
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
    await expect(page.getByTestId('error')).toHaveText('The image is 30000×30000 pixels; each side may be at most 16,384 pixels.');
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
    expect(hash).toEqual({ width: 30, fit: 'inside', rotate: 90, flipHorizontal: false, flipVertical: false, format: 'webp', quality: 85 });

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
});
