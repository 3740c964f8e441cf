import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import { PdfViewerElement } from "./PdfViewerElement";

const ReactPdfViewerElement = reactElement(PdfViewerElement, {
  attributes: { src: "string", designId: "number", fileName: "string" },
  properties: ["file"],
  // The viewer adopts its own stylesheet wherever it is shown (here, or inside the layout checker's dialog).
  styles: [baseCss, dialogCss],
});

/**
 * A PDF viewer with editing tools (spec §1): the pages with zoom and page navigation, and pdf.js's
 * annotation editor — free text, highlight (drawn by hand), ink drawing and image stamps. «Сохранить»
 * writes the annotations into the PDF as real PDF annotations; with `design-id` the annotated PDF is
 * uploaded and attached to that design order as the customer's comments, without it it is offered
 * for download. pdf.js itself is loaded only once the element has a PDF to show.
 *
 * @summary PDF viewer with annotation tools; saves the annotated PDF to a design order.
 * @tag ottisk-pdf-viewer
 *
 * @attr {string} src - Address of the PDF: a file URL the Ottisk API gave (a layout's `fileUrl`; private files are fetched with the shopper's session). The `file` property wins over it.
 * @attr {number} design-id - The design order the annotated PDF is attached to (`annotatedFileId`). Without it «Сохранить» offers the PDF for download.
 * @attr {string} file-name - Name of the saved PDF; by default the source's name (or `maket.pdf`) with « (с пометками)».
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @prop {Blob | Uint8Array | null} file - The PDF to show (a File from an input, a Blob, or bytes); wins over `src`.
 *
 * @fires {CustomEvent<{fileId: number | null, url: string | null, designId: number | null}>} ottisk-pdf-saved - The annotated PDF was saved: uploaded and attached to the design order, or (all null, without `design-id`) offered as the «Скачать PDF с пометками» link.
 * @fires {CustomEvent<{stage: "open" | "save", messageUI: string}>} ottisk-pdf-error - The PDF could not be opened (damaged, not a PDF, password-protected, not downloadable) or the annotations could not be saved; the element shows `messageUI`.
 *
 * @csspart viewer - The whole viewer.
 * @csspart toolbar - The toolbar (wraps on narrow screens).
 * @csspart tool - A tool button («Выделить», «Текст», «Маркер», «Рисунок», «Изображение»); `aria-pressed` marks the active one.
 * @csspart zoom-out - The zoom-out button.
 * @csspart zoom - The zoom percentage.
 * @csspart zoom-in - The zoom-in button.
 * @csspart fit-width - «По ширине».
 * @csspart pages - The page navigation.
 * @csspart page-prev - The previous-page button.
 * @csspart page-input - The page number field.
 * @csspart page-count - «из N».
 * @csspart page-next - The next-page button.
 * @csspart save - «Сохранить».
 * @csspart hint - The active tool's hint and the unsaved-changes note.
 * @csspart alert - The saved or failed message (also `alert-positive` / `alert-negative`).
 * @csspart download - «Скачать PDF с пометками» (after saving without a design order).
 * @csspart frame - The scrolling area with the pages.
 * @csspart loading - The loading indicator over the frame.
 * @csspart empty - The message shown without a PDF.
 * @csspart error - The message shown when the PDF cannot be opened.
 *
 * @cssprop --ottisk-pdf-viewer-height - Height of the page area; `70vh` by default (at least 320 px).
 * @cssprop --ottisk-font-family - Font of the toolbar and messages.
 * @cssprop --ottisk-color-text - Text colour.
 * @cssprop --ottisk-color-muted - The hint's colour.
 * @cssprop --ottisk-color-accent - «Сохранить», the active tool.
 * @cssprop --ottisk-color-on-accent - Text on the accent colour.
 * @cssprop --ottisk-color-surface - Toolbar background.
 * @cssprop --ottisk-color-background - Background around the pages.
 * @cssprop --ottisk-color-border - Borders of buttons and the frame.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 * @cssprop --ottisk-color-positive - The saved message.
 * @cssprop --ottisk-color-negative - The failed message.
 * @cssprop --ottisk-radius-button - Corner radius of buttons.
 * @cssprop --ottisk-radius - Corner radius of the frame and messages.
 */
export class OttiskPdfViewerElement extends ReactPdfViewerElement {
  declare file: Blob | Uint8Array | null | undefined;
}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-pdf-viewer": OttiskPdfViewerElement;
  }
}

defineElement("ottisk-pdf-viewer", OttiskPdfViewerElement);
