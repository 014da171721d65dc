// A small history router: the path is state; same-origin links navigate without a reload.
class Router {
  path = $state(location.pathname);

  constructor() {
    addEventListener('popstate', () => (this.path = location.pathname));
    document.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a');
      if (!link || link.target || link.hasAttribute('download') || link.origin !== location.origin) return;
      // Documents the app does not render itself are left to the browser.
      if (/\.(json|txt)$/.test(link.pathname) || link.pathname.startsWith('/api')) return;
      event.preventDefault();
      this.go(link.pathname + link.search + link.hash);
    });
  }

  go(url: string): void {
    if (url === location.pathname + location.search + location.hash) return;
    history.pushState(null, '', url);
    this.path = location.pathname;
    scrollTo(0, 0);
  }
}

export const router = new Router();
