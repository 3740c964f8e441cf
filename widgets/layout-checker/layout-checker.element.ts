import baseCss from "../../shared/ui/base.css?inline";
import dialogCss from "../../shared/ui/dialog.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import { LayoutCheckerElement } from "./LayoutCheckerElement";
import type { LayoutCheckerElementProps } from "./LayoutCheckerElement";

const ReactLayoutCheckerElement = reactElement<LayoutCheckerElementProps>(LayoutCheckerElement, {
  attributes: { orderProductId: "number", productId: "number", detail: "string", profile: "string" },
  // The checker adopts its own stylesheets wherever it is shown (here, or inside the cart's dialog).
  styles: [baseCss, dialogCss],
});

/**
 * The layout checker: PDFs dropped or picked (several at once, each removable) are checked at once
 * in the browser by the print-readiness engine (in a Web Worker, loaded only now) against the
 * detail's profile; the report lists each finding with its code, the Russian message, the measured
 * figure and what to do, over a proof drawn by pdf.js with the offending objects outlined and the
 * trim, bleed and safe-zone lines. Fix-ups (PDF 1.3, no OutputIntent profile, layers flattened,
 * RGB vectors to CMYK) are applied in the browser and checked again.
 *
 * For a cart line (`order-product-id`) the files are assigned to the line's details and uploaded;
 * the server's check follows and its result stands. Each detail shows its current layout with the
 * server's findings and the proof, to approve explicitly, or a design order instead.
 * Standalone (`profile`, or `product-id` with `detail`) it never uploads: the file stays on the
 * shopper's computer.
 *
 * @summary The Ottisk layout checker: check, fix, upload and approve print layouts.
 * @tag ottisk-layout-checker
 *
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 * @attr {number} order-product-id - Cart mode: the id of the cart line (orderProduct) whose layouts are checked, uploaded and approved; the line comes from the page's cart (loaded if needed), and a line not in the cart says so.
 * @attr {number} product-id - Standalone: the product whose detail's profile the files are checked against.
 * @attr {string} detail - Standalone: the product's detail («Лицевая сторона»); without it the shopper chooses among the product's details (the first by default); an unknown one is named with the ones there are.
 * @attr {string} profile - Standalone: the preflight profile as JSON (`{"pdfVersion":"1.3","pages":1,"trimMm":[90,50],…}`); wins over `product-id`. Bad JSON or a bad profile shows a Russian message naming the problem.
 *
 * @fires {CustomEvent<{detailName: string | null, fileName: string, ok: boolean, codes: number[], source: string}>} ottisk-layout-checked - A file was checked: `source` "browser" (the instant check, also after a fix-up) or "server" (after the upload); `codes` without repeats; `detailName` null standalone with `profile`.
 * @fires {CustomEvent<{orderProductId: number, detailName: string, layoutId: number}>} ottisk-layout-uploaded - A layout was uploaded for a detail (it replaced the detail's previous one); the server's check follows.
 * @fires {CustomEvent<{orderProductId: number, detailName: string, layoutId: number, approved: boolean}>} ottisk-layout-approved - The shopper approved a layout's proof, or took the approval back (`approved: false`).
 * @fires {CustomEvent<{orderProductId: number, detailName: string, designId: number, status: string}>} ottisk-design-order - A design order of a detail was created, its comment changed, or it was cancelled.
 *
 * @csspart checker - The whole checker.
 * @csspart drop-zone - Where files are dropped or picked.
 * @csspart local-note - Standalone: «Проверка без загрузки: файл не покидает ваш компьютер».
 * @csspart file - One chosen file with its check, report and proof.
 * @csspart progress - A progress bar (the check in the browser, the upload).
 * @csspart upload - Cart mode: a file's upload controls.
 * @csspart detail - Cart mode: one detail's current layout.
 * @csspart status - Cart mode: a detail's layout status.
 * @csspart approval - Cart mode: the approval of a detail's proof.
 * @csspart all-approved - Cart mode: «Все макеты утверждены».
 * @csspart design - Cart mode: a detail's design order.
 * @csspart design-form - Cart mode: the design order's comment form.
 * @csspart error - An error message.
 * @csspart dialog - The annotation viewer's dialog.
 * @csspart findings - The check's report.
 * @csspart finding - One finding of the report.
 * @csspart findings-clean - The clean report's «Макет готов к печати».
 * @csspart findings-fixups - The report's fix-up offers.
 * @csspart findings-outcome - What the last fix-up cleared.
 * @csspart fixup-button - A fix-up's button.
 * @csspart proof - The proof (the page drawn by pdf.js with the lines over it).
 * @csspart proof-page - The proof's page.
 * @csspart proof-pages - The proof's page turning.
 * @csspart proof-legend - The legend of the proof's lines.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, the drop zone's border while a file is dragged over it, progress bars.
 * @cssprop --ottisk-color-accent-hover - Buttons under the pointer.
 * @cssprop --ottisk-color-surface - Background of the blocks.
 * @cssprop --ottisk-color-background - Background of the drop zone.
 * @cssprop --ottisk-color-border - Borders of the blocks and fields.
 * @cssprop --ottisk-color-positive - The ready-to-print and approved states.
 * @cssprop --ottisk-color-negative - Errors and failed checks.
 * @cssprop --ottisk-color-focus - Keyboard focus ring.
 * @cssprop --ottisk-radius - Corner radius of the blocks.
 * @cssprop --ottisk-proof-trim - The proof's trim line (solid).
 * @cssprop --ottisk-proof-bleed - The proof's bleed line (dashed).
 * @cssprop --ottisk-proof-safe - The proof's safe-zone line (dotted).
 * @cssprop --ottisk-proof-finding - A finding's outline on the proof.
 * @cssprop --ottisk-proof-highlight - The highlighted finding's outline.
 * @cssprop --ottisk-proof-max-height - How tall the proof's page may be drawn (70vh).
 */
export class OttiskLayoutCheckerElement extends ReactLayoutCheckerElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-layout-checker": OttiskLayoutCheckerElement;
  }
}

defineElement("ottisk-layout-checker", OttiskLayoutCheckerElement);
