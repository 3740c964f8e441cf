/*
 * The host site's service worker (registered by app-update.ts, never on partner pages). The client
 * build writes it to dist/host-site/client/sw.js; the server answers GET /sw.js with it, prefixed
 * with the build it belongs to (`self.__OTTISK_BUILD__`: the entry script's hashed name and every
 * file the pages link). A new build therefore changes the script's bytes, which is how the browser's
 * update check (every 30 minutes, app-update.ts) finds a new version.
 *
 * Caching: hashed files under /assets/ are cache-first (precached on install, so a version is
 * "ready" once its files are here); pages are network-first, with the last copy of each page as
 * the offline fallback; the API, files, widgets and anything not GET are never touched.
 */

interface OttiskBuild {
  version: string;
  assets: string[];
}

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ServiceWorkerScope {
  __OTTISK_BUILD__?: OttiskBuild;
  readonly location: { readonly origin: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
}

const worker = self as unknown as ServiceWorkerScope;
const build: OttiskBuild = worker.__OTTISK_BUILD__ ?? { version: "unversioned", assets: [] };

const ASSET_CACHE_PREFIX = "ottisk-assets-";
const ASSET_CACHE = `${ASSET_CACHE_PREFIX}${build.version.replace(/[^a-zA-Z0-9_-]/g, "_")}`;
const PAGE_CACHE = "ottisk-pages";
/** Addresses that are not pages of the storefront: the API, uploaded files, the widgets, demos. */
const NOT_PAGES = /^\/(api|files|widgets|demo)(\/|$)/;

worker.addEventListener("install", (event) => {
  // The new version is ready once its files are cached; it then takes over at once (the pages reload).
  event.waitUntil(
    caches
      .open(ASSET_CACHE)
      .then((cache) => cache.addAll(build.assets))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names.filter((name) => (name.startsWith(ASSET_CACHE_PREFIX) && name !== ASSET_CACHE) || name === PAGE_CACHE).map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function cacheFirst(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic") {
    const cache = await caches.open(ASSET_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") {
      const cache = await caches.open(PAGE_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request, { cacheName: PAGE_CACHE });
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || NOT_PAGES.test(url.pathname)) return;
  if (url.pathname.startsWith("/assets/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate") event.respondWith(networkFirst(request));
});
