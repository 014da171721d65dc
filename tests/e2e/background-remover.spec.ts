// The background remover as a person uses it, in a cross-origin isolated page: the model is
// downloaded from this origin with progress in MB and kept; then, with the network off, the
// page cuts out a picked image and fetch('/api/background-remover') is answered by the service
// worker (relayed to the page's worker). The page works on batches (one row per file, a ZIP of
// them all). The results are read with sharp, an independent decoder: the background's corners
// transparent, the object opaque.
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { expect, test, waitForServiceWorker, type Page } from './fixtures';
import { NOT_AN_IMAGE, SAMPLE, download, expectNoSidewaysScroll, pixel } from './image-helpers';

/** A 256×256 PNG: a blue disc on white, the "object on a plain contrasting background". */
async function discOnWhite(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#ffffff"/><circle cx="128" cy="128" r="70" fill="#1f4fb4"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 240×180 JPEG: a yellow card on dark grey. */
async function cardOnGrey(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180"><rect width="240" height="180" fill="#303030"/><rect x="70" y="40" width="100" height="100" rx="16" fill="#f0d040"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

/** Checks a cut-out: PNG of the given size, all four corners alpha 0, the given points alpha 255. */
async function expectCutout(png: Uint8Array, width: number, height: number, inside: [number, number][]) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect((await sharp(png).metadata()).format).toBe('png');
  expect([info.width, info.height]).toEqual([width, height]);
  const alpha = (x: number, y: number) => data[(y * width + x) * 4 + 3];
  expect([alpha(0, 0), alpha(width - 1, 0), alpha(0, height - 1), alpha(width - 1, height - 1)], 'corners').toEqual([
    0, 0, 0, 0,
  ]);
  expect(
    inside.map(([x, y]) => alpha(x, y)),
    'object',
  ).toEqual(inside.map(() => 255));
}

/** Every text the model status showed while downloading (Svelte updates it per progress event). */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressTexts: string[] }).progressTexts = seen;
    const status = document.querySelector('[data-testid="model-status"]')!;
    new MutationObserver(() => {
      const text = status.textContent ?? '';
      if (text.includes('Downloading') && seen.at(-1) !== text) seen.push(text.trim());
    }).observe(status, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { progressTexts: string[] }).progressTexts);
}

test.describe('background-remover page', () => {
  test('downloads the model with progress, then works offline: the page and fetch("/api/background-remover")', async ({
    page,
    context,
  }) => {
    test.setTimeout(600_000); // three model runs on a shared 2-core machine, in WebAssembly
    await page.goto('/');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Background Remover/ })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Background Remover');
    // COOP + COEP from the server: SharedArrayBuffer, so the model runs on threads.
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await waitForServiceWorker(page);

    // Not on this device yet: "Make available offline" downloads it, with progress in MB.
    const status = page.getByTestId('model-status');
    await expect(status).toContainText('Not on this device yet');
    const progressTexts = await recordProgress(page);
    await page.getByTestId('make-offline').click();
    await expect(status).toContainText(/On this device \(\d+\.\d MB\): works offline/, { timeout: 60_000 });
    const texts = await progressTexts();
    const steps = texts
      .map((text) => /Downloading the model: (\d+\.\d) MB of (\d+\.\d) MB/.exec(text))
      .filter((m) => m !== null);
    expect(steps.length, texts.join('\n')).toBeGreaterThan(2);
    const total = Number(steps[0]![2]);
    expect(total).toBeGreaterThan(80); // the model (84 MB) and one WASM build (10 MB)
    const loaded = steps.map((m) => Number(m[1]));
    expect(loaded).toEqual([...loaded].sort((a, b) => a - b));
    expect(loaded.at(-1)).toBeLessThanOrEqual(total);
    // Kept in Cache Storage, not in the service worker's precache.
    const cached = await page.evaluate(
      async () => (await (await caches.open('background-removal-model')).keys()).length,
    );
    expect(cached).toBeGreaterThan(20);

    // Offline from here on: the page reloads from the service worker, still isolated.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Background Remover');
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    await expect(status).toContainText('On this device');

    // With the model on this device, the example is cut out at once: no click but "Load example".
    const item = page.getByTestId('item');
    await page.getByTestId('load-example').click();
    await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 240_000 });
    await expect(item.getByRole('img', { name: 'Cut-out: coffee-no-background.png' })).toBeVisible();
    await expect(item.getByTestId('after')).toContainText(`PNG · ${SAMPLE.width} × ${SAMPLE.height} px`);
    await expect(page.getByTestId('remove-background')).toHaveCount(0);
    const example = await download(page, item.getByTestId('download'));
    expect(example.name).toBe('coffee-no-background.png');
    // The wooden table is gone at the corners, the cup (centre of its rim) is kept.
    await expectCutout(example.bytes, SAMPLE.width, SAMPLE.height, [
      [290, 140],
      [200, 250],
      [450, 250],
    ]);

    // The page: pick an image, see before/after (the cut-out on a checkerboard), download it.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: await discOnWhite() });
    await expect(item.getByRole('img', { name: 'Original: disc.png' })).toBeVisible();
    await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 240_000 });
    const result = item.getByTestId('result-preview');
    await expect(result.getByRole('img', { name: 'Cut-out: disc-no-background.png' })).toBeVisible();
    expect(await result.evaluate((frame) => getComputedStyle(frame).backgroundImage)).toContain('conic-gradient');
    await expect(item.getByTestId('after')).toContainText('PNG · 256 × 256 px');
    const disc = await download(page, item.getByTestId('download'));
    expect(disc.name).toBe('disc-no-background.png');
    await expectCutout(disc.bytes, 256, 256, [
      [128, 128],
      [90, 128],
      [128, 170],
    ]);
    // Compare: right of the divider, the cut-out's transparent corner shows the checkerboard (two
    // shades), not the original's plain white beneath it.
    await item.getByTestId('compare-toggle').click();
    // The element's own screenshot: it may sit inside the scrolling results pane, below the fold.
    const cut = await item.getByTestId('compare-after').screenshot();
    const size = await sharp(cut).metadata();
    const corner = { left: size.width! - 40, top: size.height! - 40, width: 32, height: 32 };
    const { data } = await sharp(cut).extract(corner).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const shades = new Set<number>();
    for (let i = 0; i < data.length; i += 3) shades.add(data[i]! + data[i + 1]! + data[i + 2]!);
    expect(shades.size, 'the checkerboard behind the cut-out').toBeGreaterThan(1);

    // The API, answered by the service worker with the network off.
    const jpeg = await cardOnGrey();
    const answer = await page.evaluate(async (image) => {
      const response = await fetch('/api/background-remover', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ image }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }, jpeg.toString('base64'));
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(['height', 'image', 'size_bytes', 'width']);
    expect([answer.body.width, answer.body.height]).toEqual([240, 180]);
    const png = Buffer.from(answer.body.image as string, 'base64');
    expect(answer.body.size_bytes).toBe(png.length);
    await expectCutout(png, 240, 180, [
      [120, 90],
      [80, 50],
      [160, 130],
    ]);
    await context.setOffline(false);
  });

  test('offline without the model: a 503 that says what to do, and bad input still gets its 400', async ({
    page,
    context,
  }) => {
    await page.goto('/background-remover');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const ask = (body: unknown) =>
      page.evaluate(async (text) => {
        const response = await fetch('/api/background-remover', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: text,
        });
        return { status: response.status, body: (await response.json()) as { error: string } };
      }, JSON.stringify(body));
    const unavailable = await ask({ image: (await discOnWhite()).toString('base64') });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body.error).toMatch(/model \(\d+\.\d MB\) is not on this device yet .*Make available offline/);
    expect(await ask({ image: 'SGVsbG8sIFdvcmxkIQ==' })).toEqual({
      status: 400,
      body: { error: "'image' is not an image in a supported format (PNG, JPEG, WebP, AVIF, TIFF, GIF, SVG or HEIC)." },
    });

    // The page says the same on the row of a dropped image (once the user said yes to the download).
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: await discOnWhite() });
    await page.getByTestId('consent-download').click();
    await expect(page.getByTestId('item').getByTestId('error')).toContainText('not on this device yet');
    await expect(page.getByTestId('item').getByTestId('status')).toHaveText('Failed');
    await context.setOffline(false);
  });

  test('refuses a file over the device’s 50 MB before reading it (the API keeps 10 MB)', async ({ page }, testInfo) => {
    await page.goto('/background-remover');
    // A path, not a buffer: Playwright caps buffers at 50 MB.
    const big = testInfo.outputPath('big.png');
    await writeFile(big, Buffer.alloc(50 * 1048576 + 60_000));
    await page.getByTestId('file-input').setInputFiles(big);
    await expect(page.getByTestId('item').getByTestId('error')).toHaveText(
      'Input image is 50.1 MB — maximum is 50 MB.',
    );
    await expect(page.getByTestId('model-status')).toContainText('Not on this device yet');
  });

  test('Load example shows the sample and waits for a click before downloading the model; the request panel elides the image', async ({
    page,
  }) => {
    const modelRequests: string[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname.startsWith('/models/') && modelRequests.push(request.url()),
    );
    await page.goto('/background-remover');
    await expect(page.getByTestId('model-status')).toContainText('Not on this device yet');
    await page.getByTestId('load-example').click();
    const waiting = page.getByTestId('waiting');
    await expect(waiting.getByRole('img', { name: 'The original' })).toBeVisible();
    expect(
      await waiting.getByRole('img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
    ).toEqual([SAMPLE.width, SAMPLE.height]);
    await expect(page.getByTestId('load-example')).toHaveCount(0);
    await expect(waiting.getByRole('button', { name: 'Remove background' })).toBeVisible();
    await expect(waiting).toContainText(/Downloads the model once \(\d+\.\d MB\)/);
    await expect(page.getByTestId('item')).toHaveCount(0);
    expect(modelRequests).toEqual([]);

    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText(`curl -s http://localhost:`);
    await expect(page.getByTestId('snippet')).toContainText(`/api/background-remover`);
    await expect(page.getByTestId('snippet')).toContainText(`'{"image":"<base64 of ${SAMPLE.name}>"}'`);
  });

  test('a file that is no image is refused before the model is downloaded', async ({ page }) => {
    await page.goto('/background-remover');
    await page.getByTestId('file-input').setInputFiles(NOT_AN_IMAGE);
    await expect(page.getByTestId('item').getByTestId('error')).toContainText('not an image in a supported format');
    await expect(page.getByTestId('model-status')).toContainText('Not on this device yet');
    // Nothing to draw: the row is its error alone, no empty before/after frames.
    await expect(page.getByTestId('item').getByTestId('before')).toHaveCount(0);
  });

  test('at 360 px nothing scrolls sideways: empty, example loaded, and a refused file', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/background-remover');
    await expect(page.getByTestId('model-status')).toContainText('Not on this device yet');
    await expectNoSidewaysScroll(page, 'empty');
    await page.getByTestId('load-example').click();
    await expect(page.getByTestId('remove-background')).toBeVisible();
    await expectNoSidewaysScroll(page, 'example');
    await page.getByTestId('file-input').setInputFiles(NOT_AN_IMAGE);
    await expect(page.getByTestId('error')).toBeVisible();
    await expectNoSidewaysScroll(page, 'error');
  });
});

/** Every status text the rows and the summary showed while the batch worked. */
async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { statusTexts: Set<string> }).statusTexts = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="status"], [data-testid="summary"]'))
        seen.add((node.textContent ?? '').trim());
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { statusTexts: Set<string> }).statusTexts]);
}

/** How many times the page ran the model (its User Timing entries, one per run). */
const modelRuns = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('background-remover: model run').length);

/** The page's download, in MB as the page writes it: the model's chunks (dist/models/resources.json) and the WebAssembly build. */
async function modelMegabytes(): Promise<string> {
  const dir = new URL('../../dist/models/', import.meta.url);
  const resources = JSON.parse(await readFile(new URL('resources.json', dir), 'utf8')) as Record<
    string,
    { size: number }
  >;
  const wasm = (await readdir(dir)).find((name) => /^ort-wasm-simd-threaded-[0-9a-f]+\.wasm$/.test(name))!;
  const bytes = Object.values(resources)[0]!.size + (await stat(new URL(wasm, dir))).size;
  return `${(bytes / 1048576).toFixed(1)} MB`;
}

test.describe('background-remover page: consent, progress and the kept mask', () => {
  test('asks before the download with the size, Cancel leaves the page usable; then one model run serves every background', async ({
    page,
  }) => {
    test.setTimeout(480_000); // one model download and run on a shared 2-core machine, in WebAssembly
    const modelRequests: string[] = [];
    page.on(
      'request',
      (request) => new URL(request.url()).pathname.startsWith('/models/') && modelRequests.push(request.url()),
    );
    await page.goto('/background-remover');
    await expect(page.getByTestId('model-status')).toContainText('Not on this device yet');
    const size = await modelMegabytes();
    const disc = { name: 'disc.png', mimeType: 'image/png', buffer: await discOnWhite() };

    // A dropped image asks first, with the size; Cancel downloads nothing and says why.
    await page.getByTestId('file-input').setInputFiles(disc);
    const consent = page.getByTestId('consent');
    await expect(consent).toBeVisible();
    await expect(consent.getByTestId('consent-size')).toHaveText(size);
    await expect(consent.getByRole('button', { name: `Download (${size})` })).toBeVisible();
    await consent.getByTestId('consent-cancel').click();
    await expect(consent).toBeHidden();
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Failed');
    await expect(item.getByTestId('error')).toContainText(`needs its model (${size})`);
    await expect(page.getByTestId('model-declined')).toBeVisible();
    expect(modelRequests).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('devtoolbox:background-remover:model-consent'))).toBeNull();
    // Still usable: the settings and the list answer.
    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect(item).toHaveCount(0);

    // Again, and yes: the download's percent, then the model's stage with its seconds.
    const statuses = await recordStatuses(page);
    await page.getByTestId('file-input').setInputFiles(disc);
    await consent.getByTestId('consent-download').click();
    await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 300_000 });
    expect(await page.evaluate(() => localStorage.getItem('devtoolbox:background-remover:model-consent'))).toBe('true');
    const seen = await statuses();
    expect(
      seen.some((text) => /^Downloading the model \(\d+%\)…$/.test(text)),
      seen.join('\n'),
    ).toBe(true);
    expect(
      seen.some((text) => /^Removing background \((starting|running) the model, \d+ s\)…$/.test(text)),
      seen.join('\n'),
    ).toBe(true);
    expect(await modelRuns(page)).toBe(1);
    const transparent = await download(page, item.getByTestId('download'));
    await expectCutout(transparent.bytes, 256, 256, [[128, 128]]);

    // Two background colours and the mask: composed from the kept mask, the model not run again,
    // and each answer's pixels are the new setting's.
    await page.getByTestId('background-colour').check();
    for (const [hex, rgb] of [
      ['#ff0000', [255, 0, 0]],
      ['#00ff00', [0, 255, 0]],
    ] as const) {
      await page.getByTestId('background-picker').fill(hex);
      await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 60_000 });
      await expect(page.getByTestId('summary')).toContainText(`cut out on ${hex}`);
      const { bytes } = await download(page, item.getByTestId('download'));
      expect(await pixel(bytes, 2, 2)).toEqual([...rgb, 255]);
      expect((await pixel(bytes, 128, 128)).slice(0, 3), 'the disc is kept').toEqual([31, 79, 180]);
    }
    await page.getByTestId('output-mask').check();
    await expect(page.getByTestId('summary')).toContainText('made into masks', { timeout: 60_000 });
    expect(await modelRuns(page)).toBe(1);
    // Another image does run it.
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'card.jpg', mimeType: 'image/jpeg', buffer: await cardOnGrey() });
    await expect(item.nth(1).getByTestId('status')).toHaveText('Done', { timeout: 300_000 });
    await expect(consent).toBeHidden();
    expect(await modelRuns(page)).toBe(2);
  });
});

test.describe('background-remover page: result and background settings', () => {
  test('the settings are the API fields: Mask turns the background off, the request panel shows what is sent', async ({
    page,
  }) => {
    await page.goto('/background-remover');
    await expect(page.getByTestId('output-cutout')).toBeChecked();
    await expect(page.getByTestId('background-transparent')).toBeChecked();
    await page.getByTestId('background-colour').check();
    await page.getByTestId('background-picker').fill('#336699');
    await page.getByText('Use this as an API request').click();
    await expect(page.getByTestId('snippet')).toContainText('"background":"#336699"');
    await page.getByTestId('output-mask').check();
    await expect(page.getByTestId('background-colour')).toBeDisabled();
    await expect(page.getByTestId('snippet')).toContainText('"output":"mask"');
    await expect(page.getByTestId('snippet')).not.toContainText('"background"');
  });

  test('while the model downloads, the row says so and the result’s frame has the original’s size and place (wide and narrow)', async ({
    page,
  }) => {
    await page.route('**/models/**', () => new Promise(() => {})); // held: the download never ends
    await page.goto('/background-remover');
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: await discOnWhite() });
    await page.getByTestId('consent-download').click();
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText(/^Downloading the model \(\d+%\)…$/);
    await expect(item.getByTestId('result-preview')).toContainText('Downloading the model');
    await expect(page.getByTestId('model-progress')).toBeVisible();
    // The pictures' frames (a caption may wrap to two lines in a narrow column; the frames match).
    const frames = item.locator('figure > .frame');
    const boxes = async () => [(await frames.nth(0).boundingBox())!, (await frames.nth(1).boundingBox())!] as const;
    const [before, after] = await boxes();
    expect([after.y, after.height]).toEqual([before.y, before.height]);
    // A phone keeps them side by side (its Download stays on the screen with the pictures)...
    await page.setViewportSize({ width: 390, height: 844 });
    const [phoneBefore, phoneAfter] = await boxes();
    expect([phoneAfter.y, phoneAfter.height]).toEqual([phoneBefore.y, phoneBefore.height]);
    // ...and only a very narrow screen stacks them.
    await page.setViewportSize({ width: 320, height: 640 });
    const [narrowBefore, narrowAfter] = await boxes();
    expect(narrowAfter.height).toBe(narrowBefore.height);
    expect(narrowAfter.y).toBeGreaterThan(narrowBefore.y); // stacked below it
  });

  test('Mask downloads a grayscale PNG; Colour fills the background (composed from the kept mask)', async ({
    page,
  }) => {
    test.setTimeout(600_000); // the model's download and two runs on a shared 2-core machine
    await page.goto('/background-remover');
    await page.getByTestId('output-mask').check();
    await page
      .getByTestId('file-input')
      .setInputFiles({ name: 'disc.png', mimeType: 'image/png', buffer: await discOnWhite() });
    await page.getByTestId('consent-download').click();
    const item = page.getByTestId('item');
    await expect(item.getByTestId('status')).toHaveText('Done', { timeout: 300_000 });
    await expect(item.getByRole('img', { name: 'Mask: disc-mask.png' })).toBeVisible();
    await expect(item.getByTestId('after')).toContainText('PNG · 256 × 256 px');
    await expect(page.getByTestId('summary')).toContainText('1 of 1 made into masks (grayscale)');
    const mask = await download(page, item.getByTestId('download'));
    expect(mask.name).toBe('disc-mask.png');
    const meta = await sharp(mask.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 256, 256, 1]);
    const gray = await sharp(mask.bytes).extractChannel(0).raw().toBuffer();
    expect([gray[0], gray[255], gray[128 * 256 + 128], gray[128 * 256 + 90]]).toEqual([0, 0, 255, 255]);
    // Compare: the original and the mask, both from their own files at full size, in the slider.
    await item.getByTestId('compare-toggle').click();
    const sizes = await item
      .getByTestId('compare')
      .locator('img')
      .evaluateAll((images) =>
        images.map((img) => [(img as HTMLImageElement).naturalWidth, (img as HTMLImageElement).naturalHeight]),
      );
    expect(sizes).toEqual([
      [256, 256],
      [256, 256],
    ]);

    // Cut-out on a colour: composed from the kept mask, the corners take the colour.
    await page.getByTestId('output-cutout').check();
    await page.getByTestId('background-colour').check();
    await page.getByTestId('background-picker').fill('#ff8800');
    await expect(page.getByTestId('summary')).toContainText('1 of 1 cut out on #ff8800', { timeout: 300_000 });
    const filled = await download(page, item.getByTestId('download'));
    expect(filled.name).toBe('disc-no-background.png');
    const { data, info } = await sharp(filled.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    expect([...data.subarray(0, 4)]).toEqual([255, 136, 0, 255]);
    const centre = (128 * 256 + 128) * 4;
    expect([...data.subarray(centre, centre + 4)]).toEqual([0x1f, 0x4f, 0xb4, 255]);
  });
});

test.describe('background-remover page: batches', () => {
  test('three files, two with the same stem: three rows, then one ZIP with three distinct names', async ({ page }) => {
    test.setTimeout(900_000); // the model's download and three runs on a shared 2-core machine
    await page.goto('/background-remover');
    const disc = await discOnWhite();
    await page.getByTestId('file-input').setInputFiles([
      { name: 'disc.png', mimeType: 'image/png', buffer: disc },
      { name: 'disc.jpg', mimeType: 'image/jpeg', buffer: await sharp(disc).jpeg({ quality: 92 }).toBuffer() },
      { name: 'card.jpg', mimeType: 'image/jpeg', buffer: await cardOnGrey() },
    ]);
    await page.getByTestId('consent-download').click();
    const items = page.getByTestId('item');
    await expect(items).toHaveCount(3);
    await expect(page.getByTestId('summary')).toContainText('3 of 3 cut out (transparent background)', {
      timeout: 840_000,
    });
    await expect(items.getByTestId('status')).toHaveText(['Done', 'Done', 'Done']);
    // Each row's link has the name its file has in the ZIP.
    const linkNames = await items
      .getByTestId('download')
      .evaluateAll((links) => links.map((link) => link.getAttribute('download')));
    expect(linkNames).toEqual(['disc-no-background.png', 'disc-no-background-2.png', 'card-no-background.png']);

    const { name, bytes } = await download(page, page.getByRole('button', { name: 'Download all (.zip)' }));
    expect(name).toBe('no-background.zip');
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries).sort()).toEqual([
      'card-no-background.png',
      'disc-no-background-2.png',
      'disc-no-background.png',
    ]);
    await expectCutout(entries['disc-no-background.png']!, 256, 256, [
      [128, 128],
      [90, 128],
    ]);
    await expectCutout(entries['disc-no-background-2.png']!, 256, 256, [
      [128, 128],
      [90, 128],
    ]);
    await expectCutout(entries['card-no-background.png']!, 240, 180, [
      [120, 90],
      [80, 50],
    ]);
  });
});
