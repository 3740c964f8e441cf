/*
 * widgets/orders — <ottisk-orders>: the client's orders, one order and the documents. The folder's
 * one public face (widgets/README.md, "Faces"): the React feature that the host site or another
 * widget may draw, and the element's type. The element itself is defined by its `*.element.ts`, the
 * bundle's entry that the loader's registry (widgets/registry.ts) imports when the tag first
 * appears; importing this face defines nothing.
 */
export { ClientOrders } from "./ClientOrders";
export { ClientOrder } from "./ClientOrder";
export { ClientDocuments } from "./ClientDocuments";
export { canPayAgain } from "./order-labels";
export { OrdersElement } from "./OrdersElement";
export type { ClientOrdersProps } from "./ClientOrders";
export type { ClientOrderProps } from "./ClientOrder";
export type { ClientDocumentsProps } from "./ClientDocuments";
export type { OrdersElementProps } from "./OrdersElement";
export type { OttiskOrdersElement } from "./orders.element";
