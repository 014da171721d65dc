// `node scripts/manifest-screenshots.mjs`: the images the web app manifest names, made from the
// built app (run `npm run build` first, and again afterwards to ship them): the install dialog's
// screenshots (the home page at 1280×800, the first shortcut's tool with its example at 390×844,
// light scheme) and a 96×96 icon per shortcut. What to make is read from the built manifest
// (dist/manifest.webmanifest, written from src/build/web-manifest.ts), so the two cannot disagree.
// Written into static/ (committed) and dist/. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.SCREENSHOT_PORT ?? 4390);
const base = `http://127.0.0.1:${port}`;
const manifest = JSON.parse(readFileSync(join(root, 'dist/manifest.webmanifest'), 'utf8'));
const css = readFileSync(join(root, 'src/ui/theme.css'), 'utf8');
const accent = /--accent:\s*(?:light-dark\(\s*)?(#[0-9a-f]+)/i.exec(css)?.[1] ?? '#2457c5';

/** Writes `bytes` at the manifest path `src`, in static/ and in dist/. */
function save(src, bytes) {
  for (const dir of ['static', 'dist']) {
    const path = join(root, dir, src);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  console.log(`wrote static${src} (${bytes.length} bytes)`);
}

const server = spawn(process.execPath, [join(root, 'dist-server/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT: 'off',
    ACCESS_LOG: 'off',
    HEAVY_WORKERS: '1',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/api`)).ok) break;
    } catch {
      // not listening yet: try again
    }
    if (tries > 100) throw new Error('the built server did not start');
    await new Promise((done) => setTimeout(done, 100));
  }

  for (const shot of manifest.screenshots) {
    const [width, height] = shot.sizes.split('x').map(Number);
    // No service worker: its "ready to work offline" note is no part of the picture.
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      colorScheme: 'light',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    if (shot.form_factor === 'wide') await page.goto(`${base}/`, { waitUntil: 'networkidle' });
    else await openWithExample(page, manifest.shortcuts[0].url);
    await page.waitForTimeout(300); // let transitions and the first result settle
    save(shot.src, await page.screenshot({ type: 'png' }));
    await context.close();
  }

  const context = await browser.newContext({ viewport: { width: 96, height: 96 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const shortcut of manifest.shortcuts) {
    for (const icon of shortcut.icons) {
      const size = Number(icon.sizes.split('x')[0]);
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(iconHtml(glyphOf(shortcut), size));
      save(icon.src, await page.screenshot({ type: 'png', omitBackground: true }));
    }
  }
  await context.close();
} finally {
  await browser.close();
  server.kill();
}

/** A tool page with its first worked example: "Load example" when the page offers it, else the
 * example's input in the fragment (the pages' share links). */
async function openWithExample(page, path) {
  await page.goto(base + path, { waitUntil: 'networkidle' });
  const load = page.getByTestId('load-example');
  if (await load.isVisible()) await load.click();
  else {
    const { examples } = await (await fetch(`${base}/api${path}`)).json();
    await page.goto('about:blank'); // a new document, which reads its fragment as it starts
    await page.goto(`${base}${path}#${encodeURIComponent(JSON.stringify(examples[0].request))}`, {
      waitUntil: 'networkidle',
    });
  }
  await page.waitForLoadState('networkidle');
}

/** The letters on a shortcut's icon: a tool's usual short sign, else its initials. */
function glyphOf(shortcut) {
  const signs = {
    '/json-formatter': '{ }',
    '/jwt-decoder': 'JWT',
    '/base64': '64',
    '/timestamp-converter': '1970',
    '/hash-generator': '#',
    '/uuid-generator': 'ID',
  };
  return (
    signs[shortcut.url] ??
    shortcut.name
      .split(/\s+/)
      .map((word) => word[0])
      .join('')
      .slice(0, 3)
  );
}

function iconHtml(glyph, size) {
  const font = Math.round(size * (glyph.length > 3 ? 0.28 : glyph.length > 2 ? 0.34 : 0.44));
  return `<!doctype html><html><body style="margin:0;background:transparent">
<div style="width:${size}px;height:${size}px;border-radius:${size * 0.22}px;background:${accent};color:#fff;display:grid;place-items:center;
font:700 ${font}px/1 ui-monospace,'DejaVu Sans Mono',monospace;letter-spacing:-0.02em">${glyph}</div></body></html>`;
}
