// The document's one description, kept in step with the route (link previews, search results).

export const SITE_DESCRIPTION = 'Developer utilities that work offline, on your own device, with one JSON API.';

export function describePage(description: string = SITE_DESCRIPTION): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}
