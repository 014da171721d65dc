// Shared Playwright fixtures: every page records its requests, and a test fails if any request
// leaves the app's origin (privacy: nothing the user types is sent anywhere).
import { test as base, expect, type Page } from '@playwright/test';

export const test = base.extend<{ offOrigin: string[]; policyErrors: string[] }>({
  // The server's Content-Security-Policy and Permissions-Policy (src/core/security-headers.ts)
  // must not block anything the app does: Chromium reports every refusal on the console.
  policyErrors: [
    async ({ context }, use) => {
      const seen: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy|Permissions-Policy/i.test(message.text())) seen.push(message.text());
      });
      await use(seen);
      expect(seen, 'Content-Security-Policy or Permissions-Policy errors').toEqual([]);
    },
    { auto: true },
  ],
  offOrigin: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const seen: string[] = [];
      context.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) seen.push(url);
      });
      await use(seen);
      expect(seen, 'requests that left the origin').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect, type Page };

/** An answer to a POST made from the page. */
export interface PageAnswer {
  status: number;
  type: string | null;
  body: unknown;
}

/**
 * POSTs each JSON body to `/api/<slug>` with the page's own fetch, all at once, and lists the
 * URLs of the answers the service worker gave (the list keeps filling as Playwright reports them).
 */
export async function postFromPage(
  page: Page,
  slug: string,
  bodies: string[],
): Promise<{ answers: PageAnswer[]; servedBySw: string[] }> {
  const servedBySw: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.fromServiceWorker()) servedBySw.push(response.url());
  });
  const answers = await page.evaluate(
    ({ slug, bodies }) =>
      Promise.all(
        bodies.map(async (body) => {
          const response = await fetch(`/api/${slug}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body,
          });
          return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
        }),
      ),
    { slug, bodies },
  );
  return { answers, servedBySw };
}

/** Waits until the service worker controls the page, so fetch('/api/…') is answered by it. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

/** Reads what the page copied to the clipboard. */
export function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * Presses `key` on the focused element and waits until that opens a file picker. The native
 * dialog itself is suppressed: Chromium shows one chooser at a time, so two tests opening one
 * at once in parallel workers would block each other. The test then sets the files directly.
 */
export async function keyOpensFilePicker(page: Page, key = 'Enter'): Promise<void> {
  await page.evaluate(() => {
    const flag = window as unknown as { filePickerOpened?: boolean };
    flag.filePickerOpened = false;
    document.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === 'file') {
          flag.filePickerOpened = true;
          event.preventDefault();
        }
      },
      { capture: true },
    );
  });
  await page.keyboard.press(key);
  await page.waitForFunction(() => (window as unknown as { filePickerOpened?: boolean }).filePickerOpened === true);
}
