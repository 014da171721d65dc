// What the three image pages share (src/ui/FileDrop.svelte, src/ui/image-batch.svelte.ts): a
// drop anywhere on the page joins the batch (never the browser opening the file), and a Cancel
// stops work that would take long, after which the page goes on working.
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { fixture } from './image-helpers';
import { readFile } from 'node:fs/promises';

/** Drags `files` over the page and drops them on `selector`, as a file manager would (a real DataTransfer). */
async function dropFiles(page: Page, selector: string, files: { name: string; type: string; bytes: Buffer }[]) {
  const payload = files.map(({ name, type, bytes }) => ({ name, type, data: bytes.toString('base64') }));
  return page.evaluate(
    async ({ selector, payload }) => {
      const target = document.querySelector(selector)!;
      const data = new DataTransfer();
      for (const { name, type, data: b64 } of payload)
        data.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type }));
      const fire = (type: string) => {
        const event = new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true });
        target.dispatchEvent(event);
        return event.defaultPrevented;
      };
      const enter = fire('dragenter');
      const over = fire('dragover');
      await new Promise((resolve) => setTimeout(resolve, 50)); // the overlay is drawn on the next update
      const overlay = !!document.querySelector('[data-testid="page-drop"]');
      return { enter, over, overlay, drop: fire('drop') };
    },
    { selector, payload },
  );
}

for (const [slug, heading] of [
  ['image-converter', 'Image Converter'],
  ['image-resizer', 'Image Resizer'],
  ['background-remover', 'Background Remover'],
] as const) {
  test(`${slug}: a file dropped outside the drop zone joins the batch, the browser never opens it`, async ({
    page,
  }) => {
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const bytes = await readFile(fixture('quadrants.png'));
    // On the page's heading, well outside the zone: caught (default prevented), the overlay shown while dragging.
    const result = await page.evaluate(
      () => !document.querySelector('[data-testid="drop"]')!.contains(document.querySelector('main h1')),
    );
    expect(result).toBe(true);
    const fired = await dropFiles(page, 'main h1', [{ name: 'quadrants.png', type: 'image/png', bytes }]);
    expect(fired).toEqual({ enter: true, over: true, overlay: true, drop: true });
    await expect(page.getByTestId('page-drop')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
    if (slug === 'image-resizer') {
      // One image opens in the resizer's own editor: its original is shown, named.
      await expect(page.getByRole('img', { name: /quadrants\.png/ }).first()).toBeVisible();
    } else {
      await expect(page.getByTestId('item')).toHaveCount(1);
      await expect(page.getByTestId('item')).toContainText('quadrants.png');
    }
    // Text dragged over the page is none of its business: the browser's own behaviour is kept.
    const text = await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', 'hello');
      const event = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
      document.querySelector('main h1')!.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(text).toBe(false);
  });

  test(`${slug}: a pasted image joins the batch; pasted text is left to the browser`, async ({ page }) => {
    await page.goto(`/${slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const bytes = (await readFile(fixture('quadrants.png'))).toString('base64');
    const paste = (file: boolean) =>
      page.evaluate(
        ({ file, bytes }) => {
          const data = new DataTransfer();
          if (file)
            data.items.add(
              new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], 'pasted.png', { type: 'image/png' }),
            );
          else data.setData('text/plain', 'hello');
          const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
          document.body.dispatchEvent(event);
          return event.defaultPrevented;
        },
        { file, bytes },
      );
    expect(await paste(false)).toBe(false);
    expect(await paste(true)).toBe(true);
    if (slug === 'image-resizer') await expect(page.getByRole('img', { name: /pasted\.png/ }).first()).toBeVisible();
    else await expect(page.getByTestId('item')).toContainText('pasted.png');
  });
}

/** 16 MP of noise as a fast-written PNG: seconds of encoding for any codec in the page's worker. */
async function noisePng(side = 4000): Promise<Buffer> {
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

test('image-resizer: Cancel stops a long resize of one image, says so, and a change runs again', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/image-resizer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Resizer');
  await expect(page.getByTestId('cancel')).toHaveCount(0);
  await page.getByTestId('format').selectOption('webp');
  await page
    .getByTestId('file-input')
    .setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: await noisePng() });
  const status = page.getByTestId('status');
  await expect(status).toHaveText('Resizing…');
  await expect(page.getByTestId('cancel')).toBeVisible();
  // The worker is really at work (its chunk and codec were loaded) before the Cancel.
  await page.waitForTimeout(3000);
  await expect(status).toHaveText('Resizing…');
  await page.getByTestId('cancel').click();
  await expect(page.getByTestId('cancel')).toHaveCount(0);
  await expect(status).toHaveText('');
  await expect(page.getByRole('alert')).toContainText('Cancelled before it finished');
  await expect(page.getByTestId('result-preview')).toContainText('No result');
  await expect(page.getByTestId('download')).toHaveCount(0);

  // A change of setting runs again, in a fresh worker, and finishes.
  await page.getByTestId('width').fill('40');
  await expect(status).toHaveText('Resizing…');
  await expect(page.getByRole('alert')).toHaveCount(0); // the Cancel's sentence goes as the new run starts
  await expect(status).toHaveText('Done', { timeout: 60_000 });
  await expect(page.getByTestId('after')).toContainText('WebP · 40 × 40 px');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('image-converter: Cancel stops a long conversion, says so, and the next conversion works', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/image-converter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Image Converter');
  // 16 MP of noise into lossless AVIF: minutes of work in the page's worker.
  const big = await noisePng();
  await page.getByTestId('to').selectOption('avif');
  await page.getByTestId('lossless').check();
  await page.getByTestId('file-input').setInputFiles({ name: 'noise.png', mimeType: 'image/png', buffer: big });
  const item = page.getByTestId('item');
  await expect(item.getByTestId('status')).toHaveText('Converting…');
  // The worker is really at work (its chunk and codec were loaded) before the Cancel.
  await page.waitForTimeout(3000);
  await expect(item.getByTestId('status')).toHaveText('Converting…');
  await page.getByTestId('cancel').click();
  await expect(item.getByTestId('status')).toHaveText('Cancelled');
  await expect(item).toContainText('Cancelled before it finished');
  await expect(page.getByTestId('summary')).toContainText('0 of 1 converted to AVIF · 1 cancelled');
  await expect(page.getByTestId('cancel')).toHaveCount(0);

  // The next file is converted as usual (a fresh worker), the cancelled one stays cancelled.
  await page.getByTestId('file-input').setInputFiles(fixture('quadrants.png'));
  const next = item.nth(1);
  await expect(next.getByTestId('status')).toHaveText('Done', { timeout: 60_000 });
  await expect(next.getByTestId('after')).toContainText('AVIF · 40 × 24 px');
  await expect(item.first().getByTestId('status')).toHaveText('Cancelled');
});
