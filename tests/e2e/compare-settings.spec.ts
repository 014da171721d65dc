// Comparing two settings on one image (the converter's compare view, Squoosh's model): the left
// half is setting A, encoded for this image only, the right half setting B, the page's own
// settings; both sizes are shown, and zoom and position stay where the user left them while
// either side is encoded again.
import sharp from 'sharp';
import { expect, test } from './fixtures';

/** An 800×600 noisy photo-like JPEG: lossy settings give clearly different sizes. */
async function photo(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < data.length; i += 3) {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const p = i / 3;
    data[i] = ((p % width) * 255) / width + (seed & 31);
    data[i + 1] = (Math.floor(p / width) * 255) / height;
    data[i + 2] = (seed >>> 24) & 127;
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The bytes a caption names ("… · 41.2 KB (80.1 % saved)"). */
function bytesOf(caption: string): number {
  const found = /([\d.,]+) (bytes?|KB|MB)/.exec(caption);
  if (!found) throw new Error(`no size in "${caption}"`);
  const value = Number(found[1]!.replace(/,/g, ''));
  return found[2] === 'MB' ? value * 1048576 : found[2] === 'KB' ? value * 1024 : value;
}

test('two settings side by side: both sizes, zoom and position kept across re-encodes', async ({ page }) => {
  test.setTimeout(120_000); // four encodes in the page's worker, on a shared machine
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/image-converter');
  const original = await photo();
  await page.getByTestId('file-input').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: original });
  await expect(page.getByTestId('summary')).toContainText('1 of 1 converted to WebP');
  await page.getByTestId('compare-toggle').click();

  const before = page.getByTestId('compare-before');
  const after = page.getByTestId('compare-after');
  const beforeCaption = page.getByTestId('compare-before-caption');
  const afterCaption = page.getByTestId('compare-after-caption');
  // A starts as the original (the slider as it was), B as the page's settings.
  await expect(beforeCaption).toContainText('Original · JPEG');
  await expect(afterCaption).toContainText(/B · WebP q\d+ · [\d.]+ KB/);

  // A: WebP q40; B: JPEG q80 (B is the page's setting: the main controls follow).
  await page.getByTestId('a-to').selectOption('webp');
  await page.getByTestId('a-quality').fill('40');
  await page.getByTestId('b-to').selectOption('jpeg');
  await page.getByTestId('b-quality').fill('80');
  await expect(page.getByTestId('to')).toHaveValue('jpeg');
  await expect(page.getByTestId('quality-value')).toHaveText('80');
  await expect(beforeCaption).toContainText(/A · WebP q40 · [\d.]+ KB \([\d.]+ % saved\)/, { timeout: 20_000 });
  await expect(afterCaption).toContainText(/B · JPEG q80 · [\d.]+ KB/, { timeout: 20_000 });
  await expect(page.getByTestId('compare-before-busy')).toHaveCount(0);
  await expect(page.getByTestId('compare-after-busy')).toHaveCount(0);
  const sizeA = bytesOf((await beforeCaption.textContent())!);
  const sizeB = bytesOf((await afterCaption.textContent())!);
  expect(sizeA).not.toBe(sizeB);
  // The halves are those two encodes at full size: their pixels differ (the page's policy keeps
  // blob: URLs from fetch, so they are read back through a canvas).
  const compared = await page.evaluate(() => {
    const read = (img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.naturalWidth, img.naturalHeight];
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return context.getImageData(0, 0, canvas.width, canvas.height).data;
    };
    const [left, right] = ['compare-before', 'compare-after'].map((id) =>
      document.querySelector<HTMLImageElement>(`[data-testid="${id}"]`)!,
    );
    const [a, b] = [read(left!), read(right!)];
    let sum = 0;
    for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
    return { widths: [left!.naturalWidth, right!.naturalWidth], difference: sum / a.length };
  });
  expect(compared.widths).toEqual([800, 800]);
  expect(compared.difference).toBeGreaterThan(0.5);

  // Zoom in and pan by keys.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const viewport = page.getByTestId('compare').locator('.viewport');
  await viewport.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  const zoom = await page.getByTestId('zoom').textContent();
  const placed = await before.boundingBox();
  const rightSrc = await after.getAttribute('src');

  // Change B's quality: a new JPEG on the right, the view where it was.
  await page.getByTestId('b-quality').fill('30');
  await expect(afterCaption).toContainText(/B · JPEG q30 · [\d.]+ KB/, { timeout: 20_000 });
  await expect(page.getByTestId('compare-after-busy')).toHaveCount(0);
  await expect(after).not.toHaveAttribute('src', rightSrc!);
  expect(bytesOf((await afterCaption.textContent())!)).toBeLessThan(sizeB);
  await expect(page.getByTestId('zoom')).toHaveText(zoom!);
  expect(await before.boundingBox()).toEqual(placed);
  expect(await after.boundingBox()).toEqual(placed);

  // And A's: the same.
  await page.getByTestId('a-quality').fill('70');
  await expect(beforeCaption).toContainText(/A · WebP q70 · [\d.]+ KB/, { timeout: 20_000 });
  await expect(page.getByTestId('compare-before-busy')).toHaveCount(0);
  expect(bytesOf((await beforeCaption.textContent())!)).toBeGreaterThan(sizeA);
  await expect(page.getByTestId('zoom')).toHaveText(zoom!);
  expect(await before.boundingBox()).toEqual(placed);
});

test('a phone stacks the two settings above the shared view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/image-converter');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(page.getByTestId('summary')).toContainText('1 of 1 converted to WebP');
  await page.getByTestId('compare-toggle').click();
  await page.getByTestId('a-to').selectOption('jpeg');
  await expect(page.getByTestId('compare-before-caption')).toContainText(/A · JPEG q\d+ · [\d.]+ KB/, {
    timeout: 20_000,
  });
  const [a, b] = [await page.getByTestId('a-to').boundingBox(), await page.getByTestId('b-to').boundingBox()];
  expect(b!.y).toBeGreaterThan(a!.y + a!.height);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the resizer keeps the comparison where it was across a new quality and a new size', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/image-resizer');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await page.getByTestId('width').fill('600');
  const status = page.getByTestId('status');
  await expect(page.getByTestId('after')).toContainText('600 × 450 px', { timeout: 20_000 });
  await expect(status).toHaveText('Done');
  await page.getByTestId('compare-toggle').click();
  const after = page.getByTestId('compare-after');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByTestId('compare').locator('.viewport').focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  const zoom = await page.getByTestId('zoom').textContent();
  const placed = await after.boundingBox();
  const src = await after.getAttribute('src');

  // Another quality: a new file, the same view.
  await page.getByTestId('quality').fill('30');
  await expect(after).not.toHaveAttribute('src', src!, { timeout: 20_000 });
  await expect(status).toHaveText('Done');
  await expect(page.getByTestId('zoom')).toHaveText(zoom!);
  expect(await after.boundingBox()).toEqual(placed);

  // Another size: the picture stays where it was on screen (the same part of the photo at the
  // same place and size), the zoom now counting the new, smaller image's pixels.
  await page.getByTestId('width').fill('400');
  await expect(page.getByTestId('after')).toContainText('400 × 300 px', { timeout: 20_000 });
  await expect(status).toHaveText('Done');
  await expect(page.getByTestId('compare')).toContainText('400 × 300 px');
  const moved = (await after.boundingBox())!;
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(moved[key] - placed![key])).toBeLessThan(1.5);
  await expect(page.getByTestId('zoom')).not.toHaveText(zoom!);

  // Two settings here too: A a PNG of the same resize, B the page's JPEG; both sizes, and they differ.
  await page.getByTestId('a-to').selectOption('png');
  await expect(page.getByTestId('compare-before-caption')).toContainText(/A · PNG · [\d.]+ KB/, { timeout: 20_000 });
  await expect(page.getByTestId('compare-after-caption')).toContainText(/B · JPEG q30 · [\d.]+ KB/);
  expect(bytesOf((await page.getByTestId('compare-before-caption').textContent())!)).toBeGreaterThan(
    bytesOf((await page.getByTestId('compare-after-caption').textContent())!),
  );
  await expect(page.getByTestId('compare-before')).toHaveJSProperty('naturalWidth', 400);
});
