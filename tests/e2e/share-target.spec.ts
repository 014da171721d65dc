// Images shared to the installed app (manifest share_target): the browser POSTs them as
// multipart/form-data to /share-target; the service worker keeps them and answers 303 to the
// converter, whose page converts them in its batch — online and offline. Headless Chromium has
// no share sheet, so the page submits the same form the browser would. A HEIC among them (an
// iPhone photo's format) is decoded by the page worker's lazily loaded libheif.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, waitForServiceWorker, type Page } from './fixtures';
import { BLUE, LIME, RED, YELLOW, download, expectColour, fixture, pixel } from './image-helpers';

/** Submits a share of `names` (fixtures) as the browser does: a form POST, multipart, field `images`. */
async function share(page: Page, names: string[]) {
  const files = names.map((name) => ({
    name,
    type: name.endsWith('.heic') ? 'image/heic' : 'image/png',
    data: readFileSync(fixture(name)).toString('base64'),
  }));
  await page.evaluate((shared) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'images';
    input.multiple = true;
    const transfer = new DataTransfer();
    for (const file of shared)
      transfer.items.add(
        new File([Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0))], file.name, { type: file.type }),
      );
    input.files = transfer.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }, files);
}

async function expectConverted(page: Page) {
  // The `?shared` marker is gone once the files are taken (the page may add its settings' fragment).
  await expect(page).toHaveURL(/\/image-converter(#.*)?$/);
  const items = page.getByTestId('item');
  await expect(items).toHaveCount(2);
  await expect(items.getByTestId('status')).toHaveText(['Done', 'Done']);
  const heic = items.filter({ hasText: 'quadrants.heic' });
  await expect(heic.getByTestId('before')).toHaveText(/^Original: HEIC · 40 × 24 px · 618 bytes/);
  const { name, bytes } = await download(page, heic.getByTestId('download'));
  expect(name).toBe('quadrants.webp');
  expect((await sharp(bytes).metadata()).format).toBe('webp');
  expectColour(await pixel(bytes, 5, 5), RED);
  expectColour(await pixel(bytes, 34, 5), LIME);
  expectColour(await pixel(bytes, 5, 18), BLUE);
  expectColour(await pixel(bytes, 34, 18), YELLOW);
}

test('the manifest names the share target: POST, multipart, images incl. HEIC', async ({ request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  // Relative to the manifest (so under a base path too): `/share-target` at the root.
  expect(new URL(manifest.share_target.action, 'http://app.test/manifest.webmanifest').pathname).toBe('/share-target');
  expect(manifest.share_target).toMatchObject({
    method: 'POST',
    enctype: 'multipart/form-data',
  });
  expect(manifest.share_target.params.files[0].name).toBe('images');
  expect(manifest.share_target.params.files[0].accept).toEqual(
    expect.arrayContaining(['image/*', 'image/heic', '.heic', '.heif']),
  );
});

test('shared images open in the converter and convert', async ({ page }) => {
  await page.goto('/');
  await waitForServiceWorker(page);
  await share(page, ['quadrants.heic', 'quadrants.png']);
  await expectConverted(page);
});

test('shared images open in the converter offline too', async ({ page, context }) => {
  await page.goto('/image-converter');
  await waitForServiceWorker(page);
  // Once with the network, so the page worker's codecs are in the cache as an installed app's are.
  await page.reload();
  await context.setOffline(true);
  await share(page, ['quadrants.heic', 'quadrants.png']);
  await expectConverted(page);
  // Taken once: a reload opens the page empty.
  await page.reload();
  await expect(page.getByTestId('item')).toHaveCount(0);
});
