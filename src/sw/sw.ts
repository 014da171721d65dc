// The service worker: answers the API inside the browser with the same `handle()` as the Node
// server (so fetch('/api/…') works offline), then serves the precached app.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import examples from 'virtual:examples';
import { handle, isApiPath, isAppPage, MAX_BODY_BYTES, type ApiDoor } from '../core/http';
import { localInvoker } from '../core/local';
import { assetUrlsFromManifest, createBrowserImages } from '../platform/browser';
import { MODEL_CACHE, MODELS_PATH } from '../platform/model';
import { unavailableSegmentation } from '../platform/segmentation';
import { doorContext } from '../tools/define';
import { tools } from '../tools/index';
import { relayToPage } from './relay';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Background removal cannot run here (onnxruntime-web needs import() and workers): calls of the
// tools that use the model are relayed to an open page of the app (relay.ts). With no page
// open, the tool still runs here up to the model, so bad input gets its 400, and then answers
// 503 with what to do.
const relayed = new Set<string>(tools.filter((tool) => tool.usesModel).map((tool) => tool.slug));
const modelPage = `${self.location.origin}/${[...relayed][0] ?? ''}`;

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
  invoke: async (slug, body) => (relayed.has(slug) && (await relayToPage(self.clients, requester, slug, body))) || local(slug, body),
});

// Registered before Workbox's routes, so the API is answered here first.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (isApiPath(url.pathname)) {
    const requester = event.clientId || event.resultingClientId;
    event.respondWith(handle(event.request, door(requester), MAX_BODY_BYTES));
  } else if (url.pathname.startsWith(MODELS_PATH) && event.request.method === 'GET') {
    // The background-removal files, once downloaded (src/platform/model-cache.ts), offline too.
    event.respondWith(caches.open(MODEL_CACHE).then(async (cache) => (await cache.match(event.request)) ?? fetch(event.request)));
  }
});

// Cross-origin isolation (COOP + COEP) lets pages use SharedArrayBuffer, so the model runs on
// threads. The Node server sends the headers; pages served from here get them too, also when
// the app is hosted by a static server that sends none.
const ISOLATION: Readonly<Record<string, string>> = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
addPlugins([
  {
    handlerWillRespond: async ({ response }) => {
      if (response.type === 'opaque' || Object.keys(ISOLATION).every((name) => response.headers.has(name))) return response;
      const headers = new Headers(response.headers);
      for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  },
]);

precacheAndRoute(manifest);
// Take control of open pages on first install, so their fetch('/api/…') works at once. An update
// still waits for the user's go-ahead (SKIP_WAITING below) before it activates.
clientsClaim();
cleanupOutdatedCaches();
// Every navigation gets the app shell, which renders the page or the not-found page; a path that
// is no page of the app is answered 404, as the Node server does.
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const shell = await appShell(options);
      return isAppPage(options.url.pathname) ? shell : new Response(shell.body, { status: 404, statusText: 'Not Found', headers: shell.headers });
    },
    { denylist: [/^\/api(\/|$)/, /^\/mcp/, /\.(json|txt)$/] },
  ),
);

// The page asks for the update when the user agrees (never a forced reload).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
