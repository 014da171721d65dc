// The before/after comparison (src/ui/CompareSlider.svelte), as a person uses it on a converted
// image: both images drawn from their own full-size files, 1:1 shows one image pixel per screen
// pixel, the divider moves by keys and pointer, and zooming keeps the point under the cursor.
import sharp from 'sharp';
import { expect, test } from './fixtures';

/** A 1600×1200 noisy photo-like JPEG (larger than the viewport, so 1:1 must pan). */
async function photo(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const data = Buffer.alloc(width * height * 3);
  let seed = 11;
  for (let i = 0; i < data.length; i += 3) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const p = i / 3;
    data[i] = ((p % width) * 255) / width + (seed & 15);
    data[i + 1] = (Math.floor(p / width) * 255) / height;
    data[i + 2] = (seed >>> 24) & 255;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test('compare a converted photo at full resolution: 1:1, zoom, divider', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/image-converter');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByTestId('summary')).toContainText('1 of 1 converted to WebP');
  await page.getByTestId('compare-toggle').click();

  const before = page.getByTestId('compare-before');
  const after = page.getByTestId('compare-after');
  // Both are the full-size files, not thumbnails.
  for (const image of [before, after]) {
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]))
      .toEqual([true, 1600, 1200]);
  }
  // Fit: the whole image in the viewport.
  const viewport = page.getByTestId('compare').locator('.viewport');
  await viewport.scrollIntoViewIfNeeded(); // the mouse must reach it
  const box = (await viewport.boundingBox())!;
  const fitted = (await before.boundingBox())!;
  expect(fitted.width).toBeLessThanOrEqual(box.width + 1);
  expect(fitted.height).toBeLessThanOrEqual(box.height + 1);

  // 1:1: one image pixel per CSS pixel (device scale 1 here), centred on the same point.
  await page.getByTestId('zoom-actual').click();
  await expect(page.getByTestId('zoom')).toHaveText('100 %');
  const actual = (await before.boundingBox())!;
  expect(Math.round(actual.width)).toBe(1600);
  expect(Math.round((await after.boundingBox())!.width)).toBe(1600);

  // Dragging pans; the image never leaves the viewport's edges. Three drags of half the viewport,
  // inside it (moves outside the window are not all delivered): more than the (1600 − width) / 2
  // px the centred 1:1 image can go before its left edge meets the viewport's.
  expect((1600 - box.width) / 2).toBeLessThan((3 * box.width) / 2);
  for (let drag = 0; drag < 3; drag++) {
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + (3 * box.width) / 4, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();
  }
  expect(Math.round((await before.boundingBox())!.x)).toBe(Math.round(box.x + 1)); // the left edge, inside the 1px border

  // The divider: keys move it, and it clips the after image.
  const divider = page.getByTestId('compare-divider');
  await expect(divider).toHaveAttribute('aria-valuenow', '50');
  await divider.focus();
  await page.keyboard.press('Home');
  await expect(divider).toHaveAttribute('aria-valuenow', '0');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '10');

  // Zoom in by the button and back to fit.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByTestId('zoom')).toHaveText('150 %');
  await page.getByTestId('zoom-fit').click();
  expect(Math.round((await before.boundingBox())!.width)).toBe(Math.round(fitted.width));

  // Back to the side-by-side view.
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare')).toHaveCount(0);
});
