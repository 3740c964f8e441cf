/*
 * Where an element finds the API: its own `api-base` attribute, else the `data-api-base` of the
 * script tag that loaded Ottisk, else `/api` beside the script (the shop's own origin).
 * Module scripts have no document.currentScript, so the tag is found by its src.
 */

function stripQuery(url: string): string {
  return url.split(/[?#]/, 1)[0] ?? url;
}

export function scriptApiBase(moduleUrl: string): string {
  const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>("script[src]"));
  const own = scripts.find((script) => stripQuery(script.src) === stripQuery(moduleUrl));
  const declared = own?.dataset.apiBase ?? document.querySelector<HTMLScriptElement>("script[data-api-base]")?.dataset.apiBase;
  return resolveApiBase(declared, moduleUrl);
}

export function resolveApiBase(declared: string | undefined, moduleUrl: string): string {
  const base = declared ? new URL(declared, document.baseURI) : new URL("/api", moduleUrl);
  return base.href.replace(/\/+$/, "");
}

/** The storefront's origin: where the script came from. Product pages live there. */
export function storefrontOrigin(moduleUrl: string): string {
  return new URL(moduleUrl).origin;
}
