// A small history router: the path is state; same-origin links navigate without a reload, and
// after every client-side navigation focus moves to the new page's <h1> (tabindex=-1), so a
// keyboard or screen-reader user starts at the top of what just appeared. Paths are the app's
// routes (`/<slug>`), below the base path the app is served under (lib/app-base.ts).
import { appHref, appRoute } from '../lib/app-base';

const here = () => appRoute(location.pathname) ?? location.pathname;

class Router {
  path = $state(here());
  /** Bumped by a forced visit: the page is mounted afresh (input handed over to the page it shows). */
  visit = $state(0);

  constructor() {
    addEventListener('popstate', () => {
      const previous = currentHeading();
      this.path = here();
      focusHeading(previous);
    });
    document.addEventListener('click', (event) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = (event.target as Element | null)?.closest?.('a');
      if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
      // Documents the app does not render itself, and paths outside it, are left to the browser.
      const route = appRoute(link.pathname);
      if (route === undefined || /\.(json|txt)$/.test(route) || route.startsWith('/api')) return;
      // A link within the page (the skip link) is the browser's: it moves focus there.
      if (link.pathname === location.pathname && link.hash && !link.search) return;
      event.preventDefault();
      this.go(route + link.search + link.hash);
    });
  }

  /** Shows `route` (`/<slug>?…#…`). `fresh`: mount its page again even when it is the one shown. */
  go(route: string, { fresh = false } = {}): void {
    const url = appHref(route);
    if (url === location.pathname + location.search + location.hash && !fresh) return;
    const previous = currentHeading();
    if (url !== location.pathname + location.search + location.hash) history.pushState(null, '', url);
    this.path = here();
    if (fresh) this.visit++;
    scrollTo(0, 0);
    focusHeading(previous);
  }
}

function currentHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/** Focuses the page's <h1> once it is a new one (pages are loaded on demand, so it may come later). */
function focusHeading(previous: HTMLElement | null): void {
  const main = document.querySelector('main');
  if (!main) return;
  const found = (): boolean => {
    const heading = currentHeading();
    if (!heading || heading === previous || !heading.isConnected) return false;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (found()) stop();
  });
  // A page that never comes (a chunk that failed offline) must not leave the observer behind.
  const timer = setTimeout(() => stop(), 15_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  queueMicrotask(() => {
    if (found()) stop();
  });
}

export const router = new Router();
