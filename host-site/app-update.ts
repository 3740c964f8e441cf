import { UPDATE_CHECK_INTERVAL_MS } from "../shared/domain/index";

/*
 * Keeping an open storefront tab on the current version (spec §4, §8, §9):
 * - the service worker (sw.ts, served at /sw.js) is registered in production builds only; every
 *   30 minutes the page asks the browser to look for a new one. A new build changes /sw.js's bytes;
 *   the new worker caches the new files and takes over, and the page reloads;
 * - a dynamic import that fails (a chunk of an older build is gone after a deploy) reloads the page:
 *   boot.ts sets that up, before the first import.
 * Only the host site calls this (entry-client.tsx); the widgets on partner pages never do.
 */

export const SERVICE_WORKER_URL = "/sw.js";

async function registerServiceWorker(container: ServiceWorkerContainer): Promise<void> {
  // A page that loaded without a worker is taken over by the first one quietly; any later change of
  // the controlling worker is a new version, ready, and the page reloads to use it.
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  const registration = await container.register(SERVICE_WORKER_URL, { scope: "/", updateViaCache: "none" });
  window.setInterval(() => {
    registration.update().catch(() => {
      // Offline or the server is restarting: the next check tries again.
    });
  }, UPDATE_CHECK_INTERVAL_MS);
}

/** Registers the service worker: called once by the host site's browser entry. */
export function startAppUpdates(): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  registerServiceWorker(navigator.serviceWorker).catch(() => {
    // No service worker (an insecure origin, a browser setting): the site works without it.
  });
}
