// The document's one description, kept in step with the route (link previews, search results).

import { SITE_DESCRIPTION } from '../core/site';

export function describePage(description: string = SITE_DESCRIPTION): void {
  document.querySelector('meta[name="description"]')?.setAttribute('content', description);
}
