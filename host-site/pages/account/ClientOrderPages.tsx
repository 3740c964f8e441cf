import type { AccountProfile } from "../../../shared/contracts/index";

/* The client's orders, one order and the documents (issue 15). PLACEHOLDERS. */

export function ClientOrdersPage(_props: { page: number; profile: AccountProfile }) {
  return <p>Мои заказы</p>;
}

export function ClientOrderPage(_props: { orderId: number; profile: AccountProfile }) {
  return <p>Заказ</p>;
}

export function DocumentsPage(_props: { profile: AccountProfile }) {
  return <p>Документы</p>;
}
