/*
 * Where an element finds the API: its own `api-base` attribute, else the `data-api-base` of the
 * script tag that loaded Ottisk, else `/api` beside the script (the shop's own origin).
 *
 * The loader (ottisk.js) records its own address here when it starts; element code lives in other
 * files (chunks) and asks this module. Module scripts have no document.currentScript, so the tag is
 * found by its src.
 */

const LOADER_KEY = Symbol.for("ottisk.loader");

interface LoaderInfo {
  /** The loader's module URL. */
  url: string;
  version: string;
  /** Whether a second copy already warned: one warning per page, however many copies. */
  warned?: boolean;
}

function holder(): typeof globalThis & { [LOADER_KEY]?: LoaderInfo } {
  return globalThis as typeof globalThis & { [LOADER_KEY]?: LoaderInfo };
}

/** Called once by the loader; returns the copy already running, if any. */
export function registerLoader(info: LoaderInfo): LoaderInfo | null {
  const existing = holder()[LOADER_KEY];
  if (existing) return existing;
  holder()[LOADER_KEY] = info;
  return null;
}

function stripQuery(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

/** The script Ottisk was loaded from: the loader's, else this module's own (tests load modules directly). */
export function scriptUrl(): string {
  return holder()[LOADER_KEY]?.url ?? import.meta.url;
}

export function resolveApiBase(declared: string): string {
  return new URL(declared, document.baseURI).href.replace(/\/+$/, "");
}

/** The API base of elements without an `api-base` attribute. */
export function defaultApiBase(): string {
  const url = scriptUrl();
  const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"));
  const own = scripts.find((script) => stripQuery(script.src) === stripQuery(url));
  const declared = own?.dataset.apiBase ?? document.querySelector<HTMLScriptElement>("script[data-api-base]")?.dataset.apiBase;
  return declared ? resolveApiBase(declared) : new URL("/api", url).href;
}

/** The storefront's origin: where the script came from. Product pages and the checkout live there. */
export function storefrontOrigin(): string {
  return new URL(scriptUrl()).origin;
}
