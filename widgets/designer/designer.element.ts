import baseCss from "../../shared/ui/base.css?inline";
import { defineElement } from "../define";
import { reactElement } from "../element";
import designerCss from "./designer.css?inline";
import { DesignerElement } from "./DesignerElement";
import type { DesignerElementProps } from "./DesignerElement";

const ReactDesignerElement = reactElement<DesignerElementProps>(DesignerElement, {
  attributes: { productId: "number", designId: "string", orderProductId: "number", templateId: "string", cartUrl: "string" },
  styles: [baseCss, designerCss],
});

/**
 * The layout designer: a print-ready business card, flyer or sticker made in the browser. The
 * product decides the size and the number of sides; the shopper picks a template (the first is
 * chosen when it opens), fills its fields («Имя», «Должность», «Компания», «Телефон», «E-mail»,
 * «Сайт», «Адрес»), uploads a logo or a photo, and edits: text in six open fonts with full
 * Cyrillic, CMYK colours (palette and values, with the total-ink warning), pictures with their
 * effective resolution, rectangles, lines and vector QR codes, layers, lock, undo and redo, guides,
 * snapping, zoom and keyboard moves; at 375 px the simple edits work by touch.
 *
 * «Скачать PDF» makes the PDF in the browser (PDF 1.3, DeviceCMYK, text as curves) and checks it
 * with the shop's engine against the product's profile before offering it; a design that cannot
 * pass says why and offers the fix. «Сохранить» keeps the design in the account («Мои макеты»);
 * «В корзину» checks each side's PDF in the browser first (a side that cannot pass says why, with
 * the fix, and the cart gets nothing), then adds the product with the file as each side's layout
 * (checked on the server again like any upload).
 *
 * @summary The Ottisk layout designer: make a print-ready layout from a template in the browser.
 * @tag ottisk-designer
 *
 * @attr {number} product-id - Required: the product whose layout is designed; its details decide the trim size, the bleed, the ink limit and the number of sides.
 * @attr {string} design-id - Reopens a design saved in the account («Мои макеты»); «Сохранить» then updates it.
 * @attr {number} order-product-id - Designs the layout of this cart line: «В корзину» uploads the file to the line's details instead of adding a new line.
 * @attr {string} template-id - Starts with this template (when it fits the product) instead of the first.
 * @attr {string} cart-url - Where «Перейти в корзину» leads after «В корзину»; defaults to the shop's cart page.
 * @attr {string} api-base - The Ottisk API's address; defaults to the script tag's `data-api-base`, then to `/api` on the script's origin.
 *
 * @fires {CustomEvent<{pages: number, bytes: number, fileName: string, findings: number}>} ottisk-design-export - «Скачать PDF» made a PDF and the engine checked it: its pages, size in bytes, file name and the number of the engine's findings.
 * @fires {CustomEvent<{productId: number, orderProductId: number, layoutIds: number[]}>} ottisk-design-add-to-cart - The designed file was uploaded as the layout of each detail of the cart line (added now, or the one given by `order-product-id`).
 *
 * @csspart designer - The whole designer.
 * @csspart canvas - The canvas's scrolling area with the side.
 * @csspart templates - The template picker.
 * @csspart fields - The template's fields and picture slots.
 * @csspart add - «Добавить»: text, image, rectangle, line, QR code.
 * @csspart properties - The selected element's properties, or the side's background.
 * @csspart layers - The layers list.
 * @csspart actions - «Скачать PDF», «Сохранить», «В корзину» and their results.
 * @csspart problems - What keeps the design from passing the check, with the fixes.
 * @csspart error - An error message.
 *
 * @cssprop --ottisk-font-family - Font of the element's text.
 * @cssprop --ottisk-color-text - Main text colour.
 * @cssprop --ottisk-color-muted - Secondary text colour.
 * @cssprop --ottisk-color-accent - Buttons, the chosen template's border.
 * @cssprop --ottisk-color-accent-hover - Buttons under the pointer.
 * @cssprop --ottisk-color-surface - Background of the panels.
 * @cssprop --ottisk-color-border - Borders of the panels, fields and layers.
 * @cssprop --ottisk-color-negative - Errors.
 * @cssprop --ottisk-color-focus - Keyboard focus ring and the selection on the canvas.
 * @cssprop --ottisk-radius - Corner radius of the panels.
 * @cssprop --ottisk-designer-pasteboard - The canvas's background around the side.
 * @cssprop --ottisk-designer-bleed - The bleed guide (dashed).
 * @cssprop --ottisk-designer-trim - The trim guide (solid).
 * @cssprop --ottisk-designer-safe - The safe-zone guide (dotted).
 * @cssprop --ottisk-designer-snap - The snap line shown while dragging.
 * @cssprop --ottisk-designer-warning - Warnings (resolution, total ink).
 * @cssprop --ottisk-designer-max-height - How tall the canvas may be (75vh).
 */
export class OttiskDesignerElement extends ReactDesignerElement {}

declare global {
  interface HTMLElementTagNameMap {
    "ottisk-designer": OttiskDesignerElement;
  }
}

defineElement("ottisk-designer", OttiskDesignerElement);
