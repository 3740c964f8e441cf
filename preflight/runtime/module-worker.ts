/*
 * Starts a module Web Worker from a script URL, also when the script lives on another origin than
 * the page (an embedded widget's bundle on the shop's address, the page on a partner's): browsers
 * refuse `new Worker(url)` across origins, so the worker then starts from a one-line blob module
 * that imports the script (which the shop serves with CORS, as it serves the bundle). A page whose
 * CSP forbids blob: workers (worker-src) cannot run workers from another origin at all.
 */
export function startModuleWorker(scriptUrl: string, name: string): Worker {
  const url = new URL(scriptUrl, import.meta.url);
  if (typeof location === "undefined" || url.origin === location.origin) return new Worker(url, { type: "module", name });
  const shim = URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};\n`], { type: "text/javascript" }));
  try {
    return new Worker(shim, { type: "module", name });
  } finally {
    // The worker has its own reference to the script once created; the blob is not needed again.
    setTimeout(() => URL.revokeObjectURL(shim), 60_000);
  }
}
