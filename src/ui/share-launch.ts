// Images shared to the installed app (manifest `share_target`): the service worker kept them
// and sent the browser to the converter's page with `?shared` (src/lib/share-target.ts); they are
// handed to that page's batch in memory, as files opened with the app are (launch.ts).
import { SHARED_QUERY, SHARE_OPENS, takeShared } from '../lib/share-target';
import { openTool } from './open-tool';

async function openShared(): Promise<void> {
  const url = new URL(location.href);
  if (url.pathname !== `/${SHARE_OPENS}` || !url.searchParams.has(SHARED_QUERY)) return;
  // The query is dropped first, so a reload or a bookmark does not look again.
  url.searchParams.delete(SHARED_QUERY);
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  const files = await takeShared();
  if (files.length) openTool(SHARE_OPENS, { files });
}

openShared().catch((error: unknown) => console.error('could not open the shared files:', error));
