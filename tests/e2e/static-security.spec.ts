// The app served by a static host that sends no security headers: what protects a visitor there
// is the page's own <meta> Content-Security-Policy, the service worker's headers on what it
// answers, and pages that never give attacker bytes an active type. The attack this guards
// against: a share link to the Base64 page whose input decodes to HTML (or SVG) with a script; its
// "Download" link was a blob: URL typed as sniffed, which rendered in the app's origin when opened
// in a tab, read localStorage and rewrote the precached index.html.
// Plain Playwright: this host is another origin than the fixtures' server.
import { expect, test, type BrowserContext } from '@playwright/test';
import { tools } from '../../src/tools/index';
import {
  API_HEADERS,
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
  PAGE_HEADERS,
} from '../../src/core/security-headers';
import { startStaticHost } from './static-host';

let host: Awaited<ReturnType<typeof startStaticHost>>;
test.beforeAll(async () => {
  host = await startStaticHost();
});
test.afterAll(async () => host.close());

/** Opening `href` in a new tab starts a download: the browser does not render it as a document. */
async function expectSavedNotShown(context: BrowserContext, href: string): Promise<void> {
  const tab = await context.newPage();
  const [download] = await Promise.all([
    tab.waitForEvent('download', { timeout: 10_000 }),
    tab.goto(href).catch(() => undefined),
  ]);
  await download.cancel();
  await tab.close();
}

const b64 = (text: string) => Buffer.from(text).toString('base64');
const ATTACK =
  '<!doctype html><html><body><script>localStorage.setItem("devtoolbox:pwned", "yes"); document.title = "pwned"</script></body></html>';
const SVG_ATTACK =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="localStorage.setItem(\'devtoolbox:pwned\', \'svg\')"><script>localStorage.setItem("devtoolbox:pwned", "svg")</script><rect width="10" height="10"/></svg>';

test('index.html carries the server’s policy as a <meta>, less frame-ancestors, and it blocks inline script', async ({
  page,
}) => {
  await page.goto(`${host.origin}/base64`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tools.find((tool) => tool.slug === 'base64')!.name);
  const meta = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(meta).toBe(META_CONTENT_SECURITY_POLICY);
  expect(CONTENT_SECURITY_POLICY.replace(/; frame-ancestors 'none'/, '')).toBe(meta);
  // Before every script in <head>: a <meta> policy governs only what comes after it.
  expect(
    await page.evaluate(
      () =>
        document.querySelector('head > meta[http-equiv="Content-Security-Policy"] ~ script[src="./theme.js"]') !== null,
    ),
  ).toBe(true);
  const ranInline = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
  });
  expect(ranInline).toBe(false);
});

test('decoded HTML from a link is offered as octet-stream and never renders in the app’s origin', async ({
  page,
  context,
}) => {
  await page.goto(
    `${host.origin}/base64#${encodeURIComponent(JSON.stringify({ input: b64(ATTACK), mode: 'decode' }))}`,
  );
  const download = page.getByTestId('download');
  await expect(download).toBeVisible();
  await expect(download).toHaveAttribute('download', 'decoded.html');
  const href = (await download.getAttribute('href'))!;
  expect(href.startsWith('blob:')).toBe(true);
  // Opened in a tab, as "Open link in new tab" would: octet-stream, so saved, never rendered.
  await expectSavedNotShown(context, href);
  expect(await page.evaluate(() => localStorage.getItem('devtoolbox:pwned'))).toBeNull();
});

test('decoded SVG is previewed from a data: URL and downloaded as octet-stream', async ({ page, context }) => {
  await page.goto(
    `${host.origin}/base64#${encodeURIComponent(JSON.stringify({ input: b64(SVG_ATTACK), mode: 'decode' }))}`,
  );
  const preview = page.getByTestId('preview').locator('img');
  await expect(preview).toBeVisible();
  expect(await preview.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
  await expectSavedNotShown(context, (await page.getByTestId('download').getAttribute('href'))!);
  expect(await page.evaluate(() => localStorage.getItem('devtoolbox:pwned'))).toBeNull();
});

test('the service worker gives its own answers the Node server’s security headers', async ({ page }) => {
  await page.goto(`${host.origin}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
  });
  const headersOf = (path: string, init?: { method: string; headers: Record<string, string>; body: string }) =>
    page.evaluate(
      async ({ path, init }) =>
        Object.fromEntries((await fetch(path, init as RequestInit | undefined)).headers.entries()),
      { path, init },
    );
  for (const [path, init] of [
    ['/api', undefined],
    ['/api/base64', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"input":"hi"}' }],
    ['/api/base64', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"input":1}' }],
    ['/openapi.json', undefined],
    ['/llms.txt', undefined],
  ] as const) {
    const headers = await headersOf(path, init);
    for (const [name, value] of Object.entries(API_HEADERS))
      expect(headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
  }
  // A page, served from the precache: the pages' headers (this host sent none).
  const response = await page.goto(`${host.origin}/json-formatter`);
  expect(response?.fromServiceWorker()).toBe(true);
  const headers = await response!.allHeaders();
  for (const [name, value] of Object.entries(PAGE_HEADERS))
    expect(headers[name.toLowerCase()], `page: ${name}`).toBe(value);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
});
