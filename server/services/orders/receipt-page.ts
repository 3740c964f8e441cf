import type { FiscalReceipt } from "../../../shared/contracts/index";
import { formatDocumentDate } from "../../../shared/domain/dates";
import { SHOP_REQUISITES, VAT_PERCENT } from "../../../shared/domain/index";
import { escapeHtml, PLAIN_PAGE_CSP, renderPlainPage } from "../plain-page";
import { receiptTotalKopecks, receiptVatKopecks } from "./fiscal-receipt";
import { formatKopecks } from "./pdf-document";

/*
 * The shop's copy of a card payment's receipt (`GET /client-order/{id}/receipt`): a plain HTML page
 * rendered from the receipt the shop sent with the payment (payment.request_json) — what was paid
 * for, item by item, with the VAT and the payment's sign. The fiscal receipt itself (with the ФН's
 * number and fiscal sign) comes from ЮKassa's cash register to the customer's e-mail or phone;
 * this page says so. Printable, no script (the plain pages' CSP).
 */

export const RECEIPT_PAGE_CSP = PLAIN_PAGE_CSP;

const MODE_TEXT: Record<string, string> = { full_prepayment: "Предоплата 100%", full_payment: "Полный расчёт" };
const SUBJECT_TEXT: Record<string, string> = { commodity: "Товар", service: "Услуга" };

export interface ReceiptPageInput {
  orderNumber: string;
  paidAt: Date;
  receipt: FiscalReceipt;
  /** A refund's receipt follows the payment's, when the order was cancelled. */
  refundedAt: Date | null;
}

export function renderReceiptPage(input: ReceiptPageInput): string {
  const total = receiptTotalKopecks(input.receipt);
  const rows = input.receipt.items
    .map(
      (item, index) => `      <tr><td>${index + 1}</td><td>${escapeHtml(item.description)}</td><td>${escapeHtml(SUBJECT_TEXT[item.payment_subject] ?? item.payment_subject)}, ${escapeHtml(MODE_TEXT[item.payment_mode] ?? item.payment_mode)}</td><td class="n">${item.quantity}</td><td class="n">${escapeHtml(item.amount.value.replace(".", ","))}</td><td class="n">НДС ${VAT_PERCENT}/${100 + VAT_PERCENT}</td></tr>`,
    )
    .join("\n");
  const customer = input.receipt.customer.email ?? input.receipt.customer.phone ?? "";
  const refund = input.refundedAt
    ? `    <p class="refund">Возврат прихода на ${escapeHtml(formatKopecks(total))} ₽ оформлен ${escapeHtml(formatDocumentDate(input.refundedAt))}: чек возврата с теми же позициями.</p>\n`
    : "";
  return renderPlainPage({
    title: `Кассовый чек: заказ № ${input.orderNumber}`,
    width: 760,
    style: `    table { border-collapse: collapse; width: 100%; font-size: 14px; margin: 16px 0; }
    th, td { border-bottom: 1px solid #dfe3ec; padding: 6px 4px; text-align: left; vertical-align: top; }
    .n { text-align: right; white-space: nowrap; }
    .total { font-size: 18px; font-weight: 700; }
    .note { color: #4d5366; font-size: 14px; }
    .refund { font-weight: 700; }`,
    main: `    <h1>Кассовый чек — приход</h1>
    <p>${escapeHtml(SHOP_REQUISITES.name)}, ИНН ${escapeHtml(SHOP_REQUISITES.inn)}. ${escapeHtml(SHOP_REQUISITES.address)}</p>
    <p>Заказ № ${escapeHtml(input.orderNumber)}, оплачен картой ${escapeHtml(formatDocumentDate(input.paidAt))}. Система налогообложения: ОСН.</p>
    <table>
      <thead><tr><th>№</th><th>Предмет расчёта</th><th>Признак</th><th class="n">Кол-во</th><th class="n">Цена, ₽</th><th class="n">Ставка</th></tr></thead>
      <tbody>
${rows}
      </tbody>
    </table>
    <p class="total">Итого: ${escapeHtml(formatKopecks(total))} ₽, в т.ч. НДС ${VAT_PERCENT}/${100 + VAT_PERCENT}: ${escapeHtml(formatKopecks(receiptVatKopecks(total)))} ₽. Безналичными.</p>
${refund}    <p class="note">Фискальный чек с номером фискального накопителя и фискальным признаком отправлен ЮKassa${customer ? ` на ${escapeHtml(customer)}` : ""}. Эта страница — копия для вашего учёта.</p>`,
  });
}
