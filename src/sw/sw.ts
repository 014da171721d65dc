// The service worker: answers the API inside the browser with the same `handle()` as the Node
// server (so fetch('/api/…') works offline), then serves the precached app.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  addPlugins,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import examples from 'virtual:examples';
import { belowBase, handle, isApiPath, isAppPage, MAX_BODY_BYTES, type ApiDoor } from '../core/http';
import { climbed, pageDepth } from '../core/page-depth';
import { API_HEADERS, PAGE_HEADERS } from '../core/security-headers';
import { localInvoker } from '../core/local';
import { assetUrlsFromManifest, createBrowserImages } from '../platform/browser';
import { MODEL_CACHE, MODELS_PATH } from '../platform/model';
import { unavailableSegmentation } from '../platform/segmentation';
import { doorContext } from '../tools/define';
import { tools } from '../tools/index';
import { relayToPage } from './relay';
import { SHARE_ACTION, SHARED_QUERY, keepShared, shareOpener } from '../lib/share-target';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Background removal cannot run here (onnxruntime-web needs import() and workers): calls of the
// tools that use the model are relayed to an open page of the app (relay.ts). With no page
// open, the tool still runs here up to the model, so bad input gets its 400, and then answers
// 503 with what to do.
const relayed = new Set<string>(tools.filter((tool) => tool.usesModel).map((tool) => tool.slug));
// The path the app is served under (`/`, or `/tools/`): this worker's scope, registered with a
// relative URL beside the pages. Every path below is read as the app's route under it.
const BASE = new URL(self.registration.scope).pathname;
const modelPage = `${self.location.origin}${BASE}${[...relayed][0] ?? ''}`;

// The image codecs are bundled into this script (a service worker cannot import() them) and
// run here; their WASM and font come from the precache, because a service worker's own
// fetch() bypasses its routes and would fail offline.
const manifest = self.__WB_MANIFEST; // Workbox replaces exactly one occurrence with the list
const context = doorContext({
  images: createBrowserImages(assetUrlsFromManifest(manifest), async (url) => (await matchPrecache(url)) ?? fetch(url)),
  segmentation: unavailableSegmentation(
    `Background removal runs in a page of this app: open ${modelPage} in a browser tab (it works offline once the model is downloaded) and send the request again.`,
  ),
});
const local = localInvoker(context);

// The worked examples come with this script (virtual:examples, computed at build time), so
// /openapi.json and GET /api/<slug> answer what the Node server answers, model included.
const door = (requester: string): ApiDoor => ({
  examples,
  invoke: async (slug, body) =>
    (relayed.has(slug) && (await relayToPage(self.clients, requester, slug, body))) || local(slug, body),
});

// Registered before Workbox's routes, so the API is answered here first.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  // Only the app's own paths: under a base path, the rest of the origin is another site's.
  if (url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  const route = belowBase(url.pathname, BASE);
  if (route === SHARE_ACTION && event.request.method === 'POST') {
    // Images shared from another app (manifest share_target): kept, then the converter opens them.
    const opens = `${BASE}${shareOpener(tools).slug}`;
    event.respondWith(
      event.request
        .formData()
        .then(keepShared)
        .then(
          () => Response.redirect(`${opens}?${SHARED_QUERY}`, 303),
          () => Response.redirect(opens, 303), // not a form: the page opens empty
        ),
    );
  } else if (isApiPath(route)) {
    const requester = event.clientId || event.resultingClientId;
    event.respondWith(
      handle(event.request, door(requester), MAX_BODY_BYTES, BASE).then((response) =>
        withHeaders(response, API_HEADERS),
      ),
    );
  } else if (route.startsWith(MODELS_PATH) && event.request.method === 'GET') {
    // The background-removal files, once downloaded (src/platform/model-cache.ts), offline too.
    event.respondWith(
      caches
        .open(MODEL_CACHE)
        .then(async (cache) =>
          withHeaders((await cache.match(event.request)) ?? (await fetch(event.request)), PAGE_HEADERS),
        ),
    );
  }
});

/**
 * The security headers the Node server sends on the same path (src/core/security-headers.ts):
 * API answers (also /openapi.json and /llms.txt) get the API's, everything else the pages'.
 * What this worker answers never reaches a server, and a static host sends no headers at all,
 * so without this a page or an answer opened from here would run under no policy; the pages'
 * set also brings cross-origin isolation (COOP + COEP: SharedArrayBuffer, so the model runs on
 * threads). Headers a response already has are replaced by the same values.
 */
function withHeaders(response: Response, wanted: Readonly<Record<string, string>>): Response {
  if (
    response.type === 'opaque' ||
    Object.entries(wanted).every(([name, value]) => response.headers.get(name) === value)
  )
    return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(wanted)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
// Every precached file (pages, scripts, workers, styles) as the Node server serves static files.
addPlugins([{ handlerWillRespond: async ({ response }) => withHeaders(response, PAGE_HEADERS) }]);

precacheAndRoute(manifest);
// Take control of open pages on first install, so their fetch('/api/…') works at once. An update
// still waits for the user's go-ahead (SKIP_WAITING below) before it activates.
clientsClaim();
cleanupOutdatedCaches();
// Every navigation gets the app shell, which renders the page or the not-found page; a path that
// is no page of the app is answered 404, as the Node server does.
// The shell's URLs are relative to the base (core/page-depth.ts): a document deeper than a page
// (`/<slug>/`) gets them climbed back up, as from the Node server.
const appShell = createHandlerBoundToURL('index.html');
/** The shell's headers for other bytes: its length no longer holds. */
const reframed = (shell: Response) => {
  const headers = new Headers(shell.headers);
  headers.delete('Content-Length');
  return headers;
};
const under = BASE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const shell = await appShell(options);
      const route = belowBase(options.url.pathname, BASE);
      const depth = pageDepth(route);
      const body = depth ? climbed(await shell.text(), depth) : shell.body;
      const status = isAppPage(route) ? 200 : 404;
      return status === 200 && !depth
        ? shell
        : new Response(body, { status, statusText: status === 200 ? 'OK' : 'Not Found', headers: reframed(shell) });
    },
    { denylist: [new RegExp(`^${under}api(/|$)`), new RegExp(`^${under}mcp`), /\.(json|txt)$/] },
  ),
);

// The page asks for the update when the user agrees (never a forced reload).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
