import type * as PdfjsModule from "pdfjs-dist";
import type { PDFDocumentProxy, PDFWorker } from "pdfjs-dist";
import { startModuleWorker } from "../preflight/runtime/module-worker";
import workerUrl from "./pdf-worker.ts?worker&url";

/*
 * pdf.js for the layout checker and the PDF viewer, loaded on first use only: importing this module
 * loads none of it. One worker serves every document of the page.
 */

export type Pdfjs = typeof PdfjsModule;

let loading: Promise<Pdfjs> | null = null;
/**
 * The one PDFWorker over the worker's port, handed to every getDocument: a document given its
 * worker does not own it, so closing one document neither ends the worker for the others nor makes
 * pdf.js refuse to open the next one while the close is under way ("the worker is being destroyed").
 */
let sharedWorker: PDFWorker | null = null;

/** pdf.js's display layer, with its worker started once. A failed load is retried by the next call. */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import("pdfjs-dist")
    .then((pdfjs) => {
      if (!pdfjs.GlobalWorkerOptions.workerPort) {
        pdfjs.GlobalWorkerOptions.workerPort = startModuleWorker(workerUrl, "ottisk-pdfjs");
      }
      return pdfjs;
    })
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * Opens a PDF for display. pdf.js takes its own copy of the bytes (the caller's stay usable).
 * No eval (strict CSP pages), and fonts the file does not embed come from the system.
 */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  sharedWorker ??= pdfjs.PDFWorker.create({ port: pdfjs.GlobalWorkerOptions.workerPort ?? undefined });
  return pdfjs.getDocument({ data: bytes.slice(), worker: sharedWorker, isEvalSupported: false, useSystemFonts: true, enableXfa: false }).promise;
}
