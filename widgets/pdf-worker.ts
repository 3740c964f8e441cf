/*
 * pdf.js's worker as a module of ours, so that Vite emits it as its own chunk (the
 * `new Worker(new URL(…), { type: "module" })` form in pdfjs.ts). Evaluated inside a worker, pdf.js's
 * worker script wires itself to the worker's message port.
 */
import "pdfjs-dist/build/pdf.worker.min.mjs";
