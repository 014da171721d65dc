// The service worker: answers the API inside the browser with the same `handle()` as the Node
// server (so fetch('/api/…') works offline), then serves the precached app.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handle, isApiPath } from '../core/http';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// Registered before Workbox's routes, so the API is answered here first.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === self.location.origin && isApiPath(url.pathname)) event.respondWith(handle(event.request));
});

precacheAndRoute(self.__WB_MANIFEST);
// Take control of open pages on first install, so their fetch('/api/…') works at once. An update
// still waits for the user's go-ahead (SKIP_WAITING below) before it activates.
clientsClaim();
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/, /^\/mcp/, /\.(json|txt)$/] }));

// The page asks for the update when the user agrees (never a forced reload).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
