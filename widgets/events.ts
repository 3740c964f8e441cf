/*
 * The events Ottisk elements fire. All bubble and are composed, so a partner page hears them on the
 * element or on document, across the shadow boundary. `detail` is typed by OttiskEventMap.
 */

export interface OttiskEventMap {
  /** 'Заказать' was clicked on a product card; cancel it to handle the order on the partner's side. */
  "ottisk-order": { productId: number; categorySlug: string; href: string };
  /** The server confirmed a favourite change. */
  "ottisk-favourite-change": { productId: number; inFavorite: boolean };
  /** A product line was added to the cart. */
  "ottisk-add-to-cart": { productId: number; orderProductId: number; quantity: number; itemCount: number };
  /** The cart changed (a line added, removed or changed, a delivery, a promocode…). */
  "ottisk-cart-change": { itemCount: number; total: number; readyToOrder: boolean };
  /** Someone signed in. */
  "ottisk-login": { name: string; typeUser: "client" | "employee" };
  /** The shopper signed out. */
  "ottisk-logout": Record<string, never>;
  /** The shopper chose another company or the personal profile (null). */
  "ottisk-company-change": { companyId: number | null };
  /** The shopper chose a city. */
  "ottisk-city-change": { kladrId: string; city: string; region: string };
  /** An order was placed from the cart. Cancel it to stay on the page instead of going to the payment. */
  "ottisk-checkout": { orderId: number; number: string; paymentType: "Invoice" | "Yookassa" | "InternalBalance"; total: number; href: string | null };
  /** A search was submitted; cancel it to show the results on the partner's side. */
  "ottisk-search": { query: string; href: string };
  /** The cookie banner was accepted or closed. */
  "ottisk-cookie-accept": Record<string, never>;
  /** The feedback form was sent. */
  "ottisk-feedback-sent": { id: number };
  /** A link inside an element is about to navigate (header, menu, teasers); cancel it to route on the page yourself. */
  "ottisk-navigate": { href: string };
  /** A layout was checked: by the engine in the browser (at once) or by the server (after the upload). */
  "ottisk-layout-checked": { detailName: string | null; fileName: string; ok: boolean; codes: number[]; source: "browser" | "server" };
  /** A layout was uploaded for a detail of a cart line (it replaces the detail's previous one). */
  "ottisk-layout-uploaded": { orderProductId: number; detailName: string; layoutId: number };
  /** The shopper approved a layout's proof (or took the approval back). */
  "ottisk-layout-approved": { orderProductId: number; detailName: string; layoutId: number; approved: boolean };
  /** A design order of a detail was created, changed or cancelled. */
  "ottisk-design-order": { orderProductId: number; detailName: string; designId: number; status: "new" | "in_work" | "waiting_client" | "done" | "cancelled" };
  /** The PDF viewer saved the annotated PDF: uploaded and attached to the design order (designId), or offered for download (all null). */
  "ottisk-pdf-saved": { fileId: number | null; url: string | null; designId: number | null };
  /** The PDF viewer could not open its PDF ("open") or save the annotations ("save"); messageUI is what it shows. */
  "ottisk-pdf-error": { stage: "open" | "save"; messageUI: string };
  /** «Повторить заказ» put every line of an order back into the cart (itemCount: the cart's lines now). */
  "ottisk-order-repeat": { orderId: number; number: string; itemCount: number };
  /** The layout designer made a PDF and the engine checked it (findings: how many it reported). */
  "ottisk-design-export": { pages: number; bytes: number; fileName: string; findings: number };
  /** The layout designer's file was uploaded as the layout of each detail of a cart line. */
  "ottisk-design-add-to-cart": { productId: number; orderProductId: number; layoutIds: number[] };
}

export type OttiskEventName = keyof OttiskEventMap;

/** Fires an Ottisk event from `host`; returns false when a listener cancelled it. */
export function fireOttiskEvent<N extends OttiskEventName>(
  host: Element,
  name: N,
  detail: OttiskEventMap[N],
  options: { cancelable?: boolean } = {},
): boolean {
  return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: options.cancelable ?? false }));
}

declare global {
  interface HTMLElementEventMap {
    "ottisk-order": CustomEvent<OttiskEventMap["ottisk-order"]>;
    "ottisk-favourite-change": CustomEvent<OttiskEventMap["ottisk-favourite-change"]>;
    "ottisk-add-to-cart": CustomEvent<OttiskEventMap["ottisk-add-to-cart"]>;
    "ottisk-cart-change": CustomEvent<OttiskEventMap["ottisk-cart-change"]>;
    "ottisk-login": CustomEvent<OttiskEventMap["ottisk-login"]>;
    "ottisk-logout": CustomEvent<OttiskEventMap["ottisk-logout"]>;
    "ottisk-company-change": CustomEvent<OttiskEventMap["ottisk-company-change"]>;
    "ottisk-city-change": CustomEvent<OttiskEventMap["ottisk-city-change"]>;
    "ottisk-checkout": CustomEvent<OttiskEventMap["ottisk-checkout"]>;
    "ottisk-search": CustomEvent<OttiskEventMap["ottisk-search"]>;
    "ottisk-cookie-accept": CustomEvent<OttiskEventMap["ottisk-cookie-accept"]>;
    "ottisk-feedback-sent": CustomEvent<OttiskEventMap["ottisk-feedback-sent"]>;
    "ottisk-navigate": CustomEvent<OttiskEventMap["ottisk-navigate"]>;
    "ottisk-layout-checked": CustomEvent<OttiskEventMap["ottisk-layout-checked"]>;
    "ottisk-layout-uploaded": CustomEvent<OttiskEventMap["ottisk-layout-uploaded"]>;
    "ottisk-layout-approved": CustomEvent<OttiskEventMap["ottisk-layout-approved"]>;
    "ottisk-design-order": CustomEvent<OttiskEventMap["ottisk-design-order"]>;
    "ottisk-pdf-saved": CustomEvent<OttiskEventMap["ottisk-pdf-saved"]>;
    "ottisk-pdf-error": CustomEvent<OttiskEventMap["ottisk-pdf-error"]>;
    "ottisk-order-repeat": CustomEvent<OttiskEventMap["ottisk-order-repeat"]>;
    "ottisk-design-export": CustomEvent<OttiskEventMap["ottisk-design-export"]>;
    "ottisk-design-add-to-cart": CustomEvent<OttiskEventMap["ottisk-design-add-to-cart"]>;
  }
  interface DocumentEventMap {
    "ottisk-cart-change": CustomEvent<OttiskEventMap["ottisk-cart-change"]>;
    "ottisk-add-to-cart": CustomEvent<OttiskEventMap["ottisk-add-to-cart"]>;
    "ottisk-login": CustomEvent<OttiskEventMap["ottisk-login"]>;
    "ottisk-logout": CustomEvent<OttiskEventMap["ottisk-logout"]>;
    "ottisk-checkout": CustomEvent<OttiskEventMap["ottisk-checkout"]>;
  }
}
