// Images shared to the installed app (manifest `share_target`): the service worker kept them
// and sent the browser to the converter's page with `?shared` (src/lib/share-target.ts); they are
// handed to that page's batch in memory, as files opened with the app are (launch.ts).
import { appRoute } from '../lib/app-base';
import { SHARED_QUERY, takeShared } from '../lib/share-target';
import { openTool } from './open-tool';

async function openShared(): Promise<void> {
  const url = new URL(location.href);
  // Only the service worker adds the query, and only on the opener's page (its registry flag), so
  // the page it is on is the one to open: the main bundle does not load the registry to know it.
  if (!url.searchParams.has(SHARED_QUERY)) return;
  const slug = (appRoute(url.pathname) ?? url.pathname).slice(1);
  // The query is dropped first, so a reload or a bookmark does not look again.
  url.searchParams.delete(SHARED_QUERY);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  const files = await takeShared();
  if (files.length) openTool(slug, { files });
}

openShared().catch((error: unknown) => console.error('could not open the shared files:', error));
