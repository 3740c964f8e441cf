/*
 * widgets/orders — <ottisk-orders>: the client's orders, one order and the documents. The folder's
 * one public face (widgets/README.md, "Faces"): the React feature that the host site or another
 * widget may draw, and the element's type. The element: `elements` names its tag and loads the
 * `*.element.ts` that defines it, which the loader's registry (widgets/registry.ts) calls when the
 * tag first appears; importing this face defines nothing.
 */
// The stylesheet the feature needs where it is drawn in a page (the host site): whoever imports the face gets it.
import "./orders.css";
export { ClientOrders } from "./ClientOrders";
export { ClientOrder } from "./ClientOrder";
export { ClientDocuments } from "./ClientDocuments";
export { PlacedOrder } from "./PlacedOrder";
export { signedInAccountTarget } from "./account-target";
export { OrdersElement } from "./OrdersElement";
export type { ClientOrdersProps } from "./ClientOrders";
export type { ClientOrderProps } from "./ClientOrder";
export type { ClientDocumentsProps } from "./ClientDocuments";
export type { PlacedOrderProps } from "./PlacedOrder";
export type { OrdersElementProps } from "./OrdersElement";
export type { OttiskOrdersElement } from "./orders.element";

/** The tags of this widget and the code that defines each, loaded the first time the tag appears. */
export const elements: Readonly<Record<string, () => Promise<unknown>>> = {
  "ottisk-orders": () => import("./orders.element"),
};
