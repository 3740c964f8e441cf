import type { AccountProfile } from "../../../shared/contracts/index";

/* The employee's panel, orders, and client search (the profile is in ProfilePages.tsx) (issue 15). PLACEHOLDERS. */

export function EmployeeHomePage(_props: { profile: AccountProfile }) {
  return <p>Панель управления</p>;
}

export function EmployeeOrdersPage(_props: { status: string | null; clientId: number | null; page: number; profile: AccountProfile }) {
  return <p>Заказы</p>;
}

export function EmployeeOrderPage(_props: { orderId: number; profile: AccountProfile }) {
  return <p>Заказ</p>;
}

export function ClientSearchPage(_props: { query: string; profile: AccountProfile }) {
  return <p>Клиенты</p>;
}
