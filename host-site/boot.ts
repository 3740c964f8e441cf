/*
 * The host site's first script: content first, code second (host-site/docs/performance.md, "Loading order").
 *
 * The server draws every page whole, so the code only makes it interactive (hydration). This tiny
 * module (no imports) waits until the page has been painted and its main images (those marked
 * fetchpriority="high": the banner, the first product photo) have arrived, and only then asks for
 * the entry and the chunks it needs. On a slow mobile link those ~90 KB of code would otherwise
 * share the bandwidth with the picture the shopper is waiting for. Links and forms of the drawn
 * page work before that as plain HTML.
 *
 * The document names the files on this script's element (documentHtml in document.ts): data-modules,
 * space-separated, each after the files it imports — the chunks the entry imports, the entry, then
 * the route's page chunk and what it needs.
 *
 * Until the page starts hydrating it also holds the shopper's last action that needs the code (a
 * button's click, a form's submission): early-input.ts makes it again once the page is hydrated.
 */

/** Marks the held action's element; early-input.ts (EARLY_ACTION_ATTRIBUTE) reads and clears it. */
const EARLY_ACTION_ATTRIBUTE = "data-ottisk-early-action";
/** Set on the app's element by early-input.ts when hydration starts: React handles input from then on. */
const HYDRATING_ATTRIBUTE = "data-hydrating";

function hydrationStarted(): boolean {
  return document.getElementById("ottisk-app")?.hasAttribute(HYDRATING_ATTRIBUTE) ?? true;
}

/** Holds this action instead of any held before: the last one is what the shopper wants. */
function holdAction(element: Element): void {
  document.querySelector(`[${EARLY_ACTION_ATTRIBUTE}]`)?.removeAttribute(EARLY_ACTION_ATTRIBUTE);
  element.setAttribute(EARLY_ACTION_ATTRIBUTE, "");
}

/**
 * A click on a button before hydration: a plain button does nothing without the code, and a
 * submit button of a form without an `action` would send the form to the page's own address and
 * reload it, losing what was typed. Both are held. A form with an `action` (the header's search)
 * works as plain HTML and is left alone, as are links.
 */
function onEarlyClick(event: MouseEvent): void {
  if (hydrationStarted() || !(event.target instanceof Element)) return;
  const button = event.target.closest("button");
  if (!button || button.disabled || button.type === "reset") return;
  if (button.type === "submit" && button.form?.hasAttribute("action")) return;
  event.preventDefault();
  holdAction(button);
}

/** Enter in a form without a submit button submits it directly: held the same way. */
function onEarlySubmit(event: SubmitEvent): void {
  if (hydrationStarted() || !(event.target instanceof HTMLFormElement) || event.target.hasAttribute("action")) return;
  event.preventDefault();
  holdAction(event.submitter ?? event.target);
}

/**
 * Resolves once the browser has painted the page's first content (its first-contentful-paint
 * entry). Where paint timing is missing, two animation frames stand in for it; so they do when a
 * tab that was hidden (opened in the background) is shown, since a hidden page may never report
 * its first paint. Animation frames wait while a tab is hidden: its code loads when it is seen.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | null = null;
    const done = () => {
      observer?.disconnect();
      document.removeEventListener("visibilitychange", shown);
      resolve();
    };
    const afterTwoFrames = () => requestAnimationFrame(() => requestAnimationFrame(done));
    const shown = () => {
      if (document.visibilityState === "visible") afterTwoFrames();
    };
    document.addEventListener("visibilitychange", shown);
    if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      afterTwoFrames();
      return;
    }
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) done();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

/** Resolves when the image has loaded or failed (a broken picture must not hold the code back). */
function settled(image: HTMLImageElement): Promise<void> {
  if (image.complete) return Promise.resolve();
  return new Promise((resolve) => {
    image.addEventListener("load", () => resolve(), { once: true });
    image.addEventListener("error", () => resolve(), { once: true });
  });
}

/** A reload for a failed import is not repeated within this long (a chunk that is really missing would loop). */
const RELOAD_GUARD_MS = 10_000;
const RELOAD_GUARD_KEY = "ottisk-import-reload-at";

/** Whether an error is the browser's "could not load a module" (Chromium, Firefox and Safari wordings). */
function isFailedImport(reason: unknown): boolean {
  if (!(reason instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    reason.message,
  );
}

/**
 * Spec §8: a failed dynamic import (a chunk of an older build gone after a deploy) reloads the
 * page, unless it was reloaded for the same reason moments ago (tab-local sessionStorage).
 */
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

/** Lets the browser handle input and paint between two pieces of start-up work. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(modules: string[]): Promise<void> {
  await afterFirstPaint();
  await Promise.all(Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'), settled));
  // All files are fetched at once…
  for (const href of modules) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  // …and evaluated one by one, each after what it imports, so react-dom, zod and the app's code
  // each take a task of their own instead of one long task that would hold up a tap.
  for (const href of modules) {
    await import(/* @vite-ignore */ href);
    await yieldToBrowser();
  }
}

document.addEventListener("click", onEarlyClick, true);
document.addEventListener("submit", onEarlySubmit, true);

// For the page's whole life: the start-up imports below and the chunks loaded later (the checker,
// the filter panel, the contracts). Vite reports a failed preload as vite:preloadError.
window.addEventListener("vite:preloadError", reloadForFailedImport);
window.addEventListener("unhandledrejection", (event) => {
  if (isFailedImport(event.reason)) reloadForFailedImport();
});

const modules = document.querySelector<HTMLScriptElement>("script[data-modules]")?.dataset.modules?.split(" ").filter(Boolean) ?? [];
if (modules.length > 0) {
  start(modules).catch((error: unknown) => {
    // The page stays readable and its links work; only the interactive parts are missing.
    console.error("Ottisk: the page's code did not load", error);
    if (isFailedImport(error)) reloadForFailedImport();
  });
}
