import { UPDATE_CHECK_INTERVAL_MS } from "../shared/domain/index";

/*
 * Keeping an open storefront tab on the current version (spec §4, §8, §9):
 * - the service worker (sw.ts, served at /sw.js) is registered in production builds only; every
 *   30 minutes the page asks the browser to look for a new one. A new build changes /sw.js's bytes;
 *   the new worker caches the new files and takes over, and the page reloads;
 * - a dynamic import that fails (a chunk of an older build is gone after a deploy) reloads the page.
 * Only the host site calls this (entry-client.tsx); the widgets on partner pages never do.
 */

export const SERVICE_WORKER_URL = "/sw.js";

/** A reload for a failed import is not repeated within this long (a chunk that is really missing would loop). */
const RELOAD_GUARD_MS = 10_000;
const RELOAD_GUARD_KEY = "ottisk-import-reload-at";

/** Whether an error is the browser's "could not load a module" (Chromium, Firefox and Safari wordings). */
export function isFailedImport(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    reason.message,
  );
}

/** Reloads the page unless it was reloaded for the same reason moments ago (tab-local sessionStorage). */
function reloadForFailedImport(): void {
  const now = Date.now();
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(RELOAD_GUARD_KEY)) || 0;
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, String(now));
  } catch {
    // Storage is off (private mode, a sandbox): reload anyway, as the spec says.
  }
  if (now - last < RELOAD_GUARD_MS) return;
  window.location.reload();
}

function reloadOnFailedImports(): void {
  window.addEventListener("vite:preloadError", reloadForFailedImport);
  window.addEventListener("unhandledrejection", (event) => {
    if (isFailedImport(event.reason)) reloadForFailedImport();
  });
}

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

/** Starts both: called once by the host site's browser entry. */
export function startAppUpdates(): void {
  reloadOnFailedImports();
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  registerServiceWorker(navigator.serviceWorker).catch(() => {
    // No service worker (an insecure origin, a browser setting): the site works without it.
  });
}
