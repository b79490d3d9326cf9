import { listenForPushes } from './push-events';
import { worker } from './scope';

/** Shown for a page address while the network is gone (public/offline.html). */
const OFFLINE_PAGE = '/offline.html';
const PRECACHED = [...__PRECACHE__, OFFLINE_PAGE];
const CACHE_PREFIX = 'devplay-';

worker.addEventListener('install', (event) => {
  // A fresh copy of the offline page; the hashed files never change under their names.
  event.waitUntil(
    caches
      .open(__CACHE_NAME__)
      .then((cache) =>
        cache.addAll(PRECACHED.map((url) => new Request(url, { cache: 'no-cache' }))),
      ),
  );
  // No skipWaiting here: a new build waits until the member chooses to reload (the app's
  // "A new version is available" banner), so an open tab never mixes two builds' chunks.
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(CACHE_PREFIX) && name !== __CACHE_NAME__) await caches.delete(name);
      }
      // The page's request leaves while the worker starts, instead of after.
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'skip-waiting') void worker.skipWaiting();
});

/** A page address, answered from the network; the offline page only when there is none. */
async function openPage(event: FetchEvent): Promise<Response> {
  try {
    return ((await event.preloadResponse) as Response | undefined) ?? (await fetch(event.request));
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    if (offline) return offline;
    throw error;
  }
}

/** A hashed file of the build: the precached copy, else the network (a file of another build). */
async function buildFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: __CACHE_NAME__ })) ?? fetch(request);
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(openPage(event));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(buildFile(request));
  // Everything else, /api and /uploads above all, goes to the network untouched: the browser's
  // HTTP cache applies its own rules, and this worker keeps no copy.
});

listenForPushes();
