import { ORDER_STATUS_LABELS, ORDER_STATUS_NEWS } from "../../../shared/contracts/index";
import type { OrderStatus, PaymentType } from "../../../shared/contracts/index";
import { ACCOUNT_PATHS, backOfficePath, clientOrderPath, formatDateLong, formatDateTime, formatDayMonth, formatRoubles } from "../../../shared/domain/index";
import type { MailDraft } from "./mail-outbox";
import { greeting, letterHtml, letterText } from "./mail-frame";
import type { LetterContent, LetterFact } from "./mail-frame";

/*
 * The order letters (issue 30), one template module: each function takes what the event knows and
 * answers the letter (HTML and plain text in the frame of mail-frame.ts) together with the
 * notification of «Уведомления» in the same words, so the letter and the account area never
 * disagree. Which letters a client may turn off is `essential` (server/docs/letters.md lists all).
 * Links are on the shop's public address (OTTISK_PUBLIC_URL); sums and dates are ru-RU, Moscow time.
 */

/** Every order letter the shop sends; `essential` ones go whatever the client's settings. */
export const ORDER_LETTERS = {
  order_placed: { essential: true },
  payment_received: { essential: true },
  status_changed: { essential: false },
  order_cancelled: { essential: true },
  ready_for_pickup: { essential: true },
  handed_to_delivery: { essential: true },
  layout_returned: { essential: true },
  design_result: { essential: true },
  design_news: { essential: false },
} as const satisfies Record<string, { essential: boolean }>;

export type OrderLetterKind = keyof typeof ORDER_LETTERS;

/** A letter and the notification that says the same. */
export interface OrderLetter {
  kind: OrderLetterKind;
  mail: MailDraft;
  notification: { title: string; body: string };
}

export interface LetterRecipient {
  email: string;
  name: string;
}

/** An order as its letters describe it (money in kopecks). */
export interface OrderLetterOrder {
  id: number;
  number: string;
  createdAt: Date;
  paymentType: PaymentType;
  itemsKopecks: number;
  discountKopecks: number;
  deliveryKopecks: number;
  totalKopecks: number;
  vatKopecks: number;
  promocode: string | null;
  /** «Будет готово …» as the order was placed (`YYYY-MM-DD`); null for orders older than the field. */
  readyDate: string | null;
  lines: readonly { title: string; details: string; quantity: number; priceKopecks: number; urgent: boolean }[];
  deliveries: readonly { method: string; place: string; priceKopecks: number; deliveryDate: string | null }[];
}

const PAYMENT_WORDS: Readonly<Record<PaymentType, string>> = {
  Invoice: "По счёту для юрлица (счёт во вложении)",
  Yookassa: "Картой онлайн (ЮKassa)",
  InternalBalance: "С баланса личного кабинета",
};

/** «1 290 ₽» with ordinary spaces (mail programs break lines at narrow ones). */
export function letterRoubles(kopecks: number): string {
  return formatRoubles(kopecks / 100).replace(/\u00a0|\u202f/g, " ");
}

/** The order's page in the account area on the shop's public address. */
export function orderPageUrl(publicOrigin: string, orderId: number): string {
  return `${publicOrigin}${clientOrderPath(orderId)}`;
}

function orderLink(publicOrigin: string, order: Pick<OrderLetterOrder, "id" | "number">) {
  return { href: orderPageUrl(publicOrigin, order.id), label: `Открыть заказ № ${order.number}` };
}

function draft(to: string, subject: string, content: LetterContent): MailDraft {
  return { to, subject: `${subject} — «Оттиск»`, text: letterText(content), html: letterHtml(content) };
}

function deliveryText(order: OrderLetterOrder): string {
  if (order.deliveries.length === 0) return "Без доставки";
  return order.deliveries
    .map((item) => [item.method, item.place, item.deliveryDate ? `ожидаемая дата ${formatDateLong(item.deliveryDate)}` : "", letterRoubles(item.priceKopecks)].filter((part) => part !== "").join(", "))
    .join("; ");
}

/** Order placed: the lines, the totals, the delivery, the payment method and the link to the order. */
export function orderPlacedLetter(to: LetterRecipient, publicOrigin: string, order: OrderLetterOrder): OrderLetter {
  const title = `Заказ № ${order.number} принят`;
  const facts: LetterFact[] = [
    ["Дата заказа", formatDateTime(order.createdAt.toISOString())],
    ["Товары", letterRoubles(order.itemsKopecks)],
    ...(order.discountKopecks > 0 ? [[`Скидка${order.promocode ? ` по промокоду ${order.promocode}` : ""}`, `−${letterRoubles(order.discountKopecks)}`] as const] : []),
    ["Доставка", deliveryText(order)],
    ["Итого", `${letterRoubles(order.totalKopecks)}, в том числе НДС ${letterRoubles(order.vatKopecks)}`],
    ["Оплата", PAYMENT_WORDS[order.paymentType]],
    ...(order.readyDate ? [["Будет готово", formatDayMonth(order.readyDate)] as const] : []),
  ];
  const next =
    order.paymentType === "Invoice"
      ? "Счёт на оплату — во вложении к этому письму. Заказ уйдёт в работу после поступления оплаты или по договорённости с менеджером."
      : order.paymentType === "Yookassa"
        ? "Если вы ещё не оплатили заказ, это можно сделать на странице заказа кнопкой «Оплатить»."
        : "Заказ оплачен с баланса личного кабинета.";
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [`Спасибо за заказ! Мы приняли заказ № ${order.number}.`],
    table: order.lines.map((line) => ({
      title: line.urgent ? `${line.title}, срочно` : line.title,
      details: line.details,
      quantity: `${line.quantity.toLocaleString("ru-RU").replace(/\u00a0/g, " ")} шт`,
      price: letterRoubles(line.priceKopecks),
    })),
    facts,
    link: orderLink(publicOrigin, order),
    after: [next, "Мы напишем, когда заказ будет оплачен, передан в производство и в доставку."],
  };
  return { kind: "order_placed", mail: draft(to.email, title, content), notification: { title, body: `Сумма ${letterRoubles(order.totalKopecks)}. Оплата: ${PAYMENT_WORDS[order.paymentType]}.` } };
}

type OrderRef = Pick<OrderLetterOrder, "id" | "number" | "totalKopecks">;

/** Payment received (a card, the test page, a bank transfer marked by an employee). */
export function paymentReceivedLetter(to: LetterRecipient, publicOrigin: string, order: OrderRef, how: string): OrderLetter {
  const title = `Заказ № ${order.number} оплачен`;
  const body = `${how}: ${letterRoubles(order.totalKopecks)}.`;
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [`Мы получили оплату заказа № ${order.number}. ${body}`, "Заказ передаётся в работу; о следующих шагах мы напишем."],
    link: orderLink(publicOrigin, order),
  };
  return { kind: "payment_received", mail: draft(to.email, title, content), notification: { title, body } };
}

/**
 * A status an employee set that has no letter of its own (in production, done) or a cancellation.
 * `moneyBack`: for a paid order cancelled, what happens to the money (a card refund, the balance, the accounting).
 */
export function statusChangedLetter(to: LetterRecipient, publicOrigin: string, order: OrderRef, status: OrderStatus, moneyBack: string | null): OrderLetter {
  const title = `Заказ № ${order.number}: ${ORDER_STATUS_NEWS[status]}`;
  const body = status === "cancelled" && moneyBack !== null ? moneyBack : `Статус заказа: «${ORDER_STATUS_LABELS[status]}».`;
  const content: LetterContent = { greeting: greeting(to.name), paragraphs: [`${title}.`, body], link: orderLink(publicOrigin, order) };
  return { kind: status === "cancelled" ? "order_cancelled" : "status_changed", mail: draft(to.email, title, content), notification: { title, body } };
}

export interface PickupPlace {
  name: string;
  address: string;
  hours: string;
  phone: string;
}

/** Ready for pickup: an order of the shop's self-pickup reached «shipped» (it waits at the point). */
export function readyForPickupLetter(to: LetterRecipient, publicOrigin: string, order: OrderRef, place: PickupPlace): OrderLetter {
  const title = `Заказ № ${order.number} готов к выдаче`;
  const where = [place.name, place.address].filter((part) => part !== "").join(", ");
  const body = `Пункт самовывоза: ${where}.${place.hours ? ` Часы работы: ${place.hours}.` : ""}`;
  const facts: LetterFact[] = [
    ["Пункт выдачи", where],
    ...(place.hours ? [["Часы работы", place.hours] as const] : []),
    ...(place.phone ? [["Телефон", place.phone] as const] : []),
  ];
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [`Заказ № ${order.number} готов, его можно забрать.`],
    facts,
    link: orderLink(publicOrigin, order),
    after: ["Возьмите с собой номер заказа; за заказ компании — доверенность или печать."],
  };
  return { kind: "ready_for_pickup", mail: draft(to.email, title, content), notification: { title, body } };
}

export interface TrackingFacts {
  carrierLabel: string;
  number: string;
  url: string;
}

/** Handed to delivery: the carrier, the tracking number and the carrier's tracking page. */
export function handedToDeliveryLetter(to: LetterRecipient, publicOrigin: string, order: OrderRef, tracking: TrackingFacts | null): OrderLetter {
  const title = `Заказ № ${order.number} передан в доставку`;
  const body = tracking ? `${tracking.carrierLabel}, трек-номер ${tracking.number}: ${tracking.url}` : "Трек-номер появится на странице заказа, когда служба доставки его присвоит.";
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [`Заказ № ${order.number} отгружен и передан в доставку.`],
    facts: tracking ? [["Служба доставки", tracking.carrierLabel], ["Трек-номер", tracking.number], ["Отследить", tracking.url]] : [],
    link: tracking ? { href: tracking.url, label: `Отследить посылку на сайте ${tracking.carrierLabel}` } : orderLink(publicOrigin, order),
    after: tracking ? [`Заказ в личном кабинете: ${orderPageUrl(publicOrigin, order.id)}`] : [],
  };
  return { kind: "handed_to_delivery", mail: draft(to.email, title, content), notification: { title, body } };
}

/** Prepress sent a layout back: the client uploads a new file; the order waits. */
export function layoutReturnedLetter(to: LetterRecipient, publicOrigin: string, order: Pick<OrderLetterOrder, "id" | "number">, detailName: string, message: string): OrderLetter {
  const title = `Заказ № ${order.number}: загрузите макет «${detailName}» заново`;
  const body = `Специалист допечатной подготовки вернул макет: ${message}`;
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [`Специалист допечатной подготовки вернул макет «${detailName}» заказа № ${order.number}:`, message],
    link: { href: orderPageUrl(publicOrigin, order.id), label: "Загрузить исправленный макет" },
    after: ["Пока макет не заменён, заказ не уходит в производство."],
  };
  return { kind: "layout_returned", mail: draft(to.email, title, content), notification: { title, body } };
}

/**
 * A design order's news for the client: a result (the layout is ready, the order cancelled) is
 * essential, a message or «taken into work» is not; the link opens «Уведомления».
 */
export function designNewsLetter(to: LetterRecipient, publicOrigin: string, designId: number, title: string, body: string, result: boolean): OrderLetter {
  const content: LetterContent = {
    greeting: greeting(to.name),
    paragraphs: [title, ...(body ? [body] : [])],
    link: { href: `${publicOrigin}${ACCOUNT_PATHS.clientNotifications}`, label: `Заказ дизайна № ${designId} в личном кабинете` },
  };
  return { kind: result ? "design_result" : "design_news", mail: draft(to.email, title, content), notification: { title, body } };
}

/** To the designer (an employee: always sent): the client answered; the link opens the design order in the back office. */
export function designNewsForDesignerMail(to: string, publicOrigin: string, designId: number, title: string, body: string): MailDraft {
  return draft(to, title, {
    greeting: greeting(null),
    paragraphs: [title, ...(body ? [body] : [])],
    link: { href: `${publicOrigin}${backOfficePath("design", designId)}`, label: "Открыть заказ дизайна" },
  });
}
