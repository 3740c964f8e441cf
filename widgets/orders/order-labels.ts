import type { Layout, OrderDocumentKind, OrderLineDesign, OrderPaymentStatus, OrderStatus, PaymentType } from "../../shared/contracts/index";

/* The Russian words the order views use for the API's states. */

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  new: "Новый",
  paid: "Оплачен",
  in_production: "В производстве",
  shipped: "Отправлен",
  done: "Выполнен",
  cancelled: "Отменён",
};

export const PAYMENT_STATUS_LABELS: Readonly<Record<OrderPaymentStatus, string>> = {
  pending: "Ожидает оплаты",
  paid: "Оплачен",
  cancelled: "Оплата отменена",
};

/** How the order is paid, as the order pages say it (the cart's words, shorter). */
export const ORDER_PAYMENT_TYPE_LABELS: Readonly<Record<PaymentType, string>> = {
  Invoice: "По счёту",
  Yookassa: "Картой онлайн (ЮKassa)",
  InternalBalance: "С баланса",
};

export const DESIGN_STATUS_LABELS: Readonly<Record<OrderLineDesign["status"], string>> = {
  new: "Новый",
  in_work: "В работе",
  waiting_client: "Ждёт утверждения",
  done: "Готов",
  cancelled: "Отменён",
};

export const DOCUMENT_KIND_LABELS: Readonly<Record<OrderDocumentKind, string>> = {
  invoice: "Счёт на оплату",
  act: "Акт выполненных работ",
  upd: "УПД",
  receipt: "Кассовый чек",
};

/** What the server's check found in a layout, in one phrase. */
export function checkSummary(layout: Layout): string {
  switch (layout.status) {
    case "uploaded":
      return "Загружен, ждёт проверки";
    case "checking":
      return "Проверяется";
    case "error":
      return "Автопроверка не завершилась: макет посмотрит специалист";
    case "passed":
      return "Проверен: замечаний нет";
    case "failed": {
      const findings = layout.findings ?? [];
      if (findings.length === 0) return "Проверка нашла проблемы";
      const messages = [...new Set(findings.map((finding) => finding.message))];
      return `Замечания проверки: ${messages.join("; ")}`;
    }
  }
}

/** Whether an unpaid order can be paid by card now (the server has the last word: 409 otherwise). */
export function canPayAgain(order: { paymentType: PaymentType; paymentStatus: OrderPaymentStatus; status: OrderStatus; payment: { type: PaymentType; status?: string } }): boolean {
  if (order.paymentType !== "Yookassa" || order.paymentStatus === "paid" || order.status === "cancelled") return false;
  return order.payment.status === "pending" || order.payment.status === "canceled";
}

/** Whether an act closes the order (shipped or done). */
export function hasAct(order: { status: OrderStatus }): boolean {
  return order.status === "shipped" || order.status === "done";
}
