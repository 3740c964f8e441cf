import type { FiscalReceipt } from "../../../shared/contracts/index";
import { formatDocumentDate } from "../../../shared/domain/dates";
import { SHOP_REQUISITES, VAT_PERCENT } from "../../../shared/domain/index";
import { escapeHtml, PLAIN_PAGE_CSP, renderPlainPage } from "../plain-page";
import { receiptTotalKopecks, receiptVatKopecks, VAT_CODE_22 } from "./fiscal-receipt";
import { formatKopecks } from "./pdf-document";

/*
 * The shop's copy of a card payment's receipt (`GET /client-order/{id}/receipt`): a plain HTML page
 * rendered from the receipt the shop sent with the payment (payment.request_json) — what was paid
 * for, item by item, with the VAT and the payment's sign. The fiscal receipt itself (with the ФН's
 * number and fiscal sign) comes from ЮKassa's cash register to the customer's e-mail or phone;
 * this page says so. When the order was handed over, the settlement receipt («полный расчёт», зачёт
 * предоплаты) follows the payment's. Printable, no script (the plain pages' CSP).
 */

export const RECEIPT_PAGE_CSP = PLAIN_PAGE_CSP;

const MODE_TEXT: Record<string, string> = { full_prepayment: "Предоплата 100%", full_payment: "Полный расчёт" };
const SUBJECT_TEXT: Record<string, string> = { commodity: "Товар", service: "Услуга" };

export interface ReceiptPageInput {
  orderNumber: string;
  paidAt: Date;
  receipt: FiscalReceipt;
  /** The settlement receipt sent when the order was handed over (its items full_payment at 22 %). */
  settlement: { at: Date; receipt: FiscalReceipt } | null;
  /** A refund's receipt follows the payment's, when the order was cancelled. */
  refundedAt: Date | null;
}

/** ЮKassa's vat_code as the receipt prints it: 11 → «НДС 22%», 12 → «НДС 22/122». */
function rateText(vatCode: number): string {
  return vatCode === VAT_CODE_22 ? `НДС ${VAT_PERCENT}%` : `НДС ${VAT_PERCENT}/${100 + VAT_PERCENT}`;
}

function itemRows(receipt: FiscalReceipt): string {
  return receipt.items
    .map(
      (item, index) =>
        `      <tr><td>${index + 1}</td><td>${escapeHtml(item.description)}</td><td>${escapeHtml(SUBJECT_TEXT[item.payment_subject] ?? item.payment_subject)}, ${escapeHtml(MODE_TEXT[item.payment_mode] ?? item.payment_mode)}</td><td class="n">${item.quantity}</td><td class="n">${escapeHtml(item.amount.value.replace(".", ","))}</td><td class="n">${escapeHtml(rateText(item.vat_code))}</td></tr>`,
    )
    .join("\n");
}

const TABLE_HEAD = `<thead><tr><th>№</th><th>Предмет расчёта</th><th>Признак</th><th class="n">Кол-во</th><th class="n">Цена, ₽</th><th class="n">Ставка</th></tr></thead>`;

function settlementSection(settlement: { at: Date; receipt: FiscalReceipt }): string {
  const total = receiptTotalKopecks(settlement.receipt);
  return `    <h2>Кассовый чек — приход, полный расчёт</h2>
    <p>Заказ передан ${escapeHtml(formatDocumentDate(settlement.at))}: предоплата зачтена в полный расчёт.</p>
    <table>
      ${TABLE_HEAD}
      <tbody>
${itemRows(settlement.receipt)}
      </tbody>
    </table>
    <p class="total">Итого: ${escapeHtml(formatKopecks(total))} ₽, в т.ч. НДС ${VAT_PERCENT}%: ${escapeHtml(formatKopecks(receiptVatKopecks(total)))} ₽. Зачёт предоплаты: ${escapeHtml(formatKopecks(total))} ₽.</p>
`;
}

export function renderReceiptPage(input: ReceiptPageInput): string {
  const total = receiptTotalKopecks(input.receipt);
  const rows = itemRows(input.receipt);
  const settled = input.settlement ? settlementSection(input.settlement) : "";
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
      ${TABLE_HEAD}
      <tbody>
${rows}
      </tbody>
    </table>
    <p class="total">Итого: ${escapeHtml(formatKopecks(total))} ₽, в т.ч. НДС ${VAT_PERCENT}/${100 + VAT_PERCENT}: ${escapeHtml(formatKopecks(receiptVatKopecks(total)))} ₽. Безналичными.</p>
${settled}${refund}    <p class="note">Фискальный чек с номером фискального накопителя и фискальным признаком отправлен ЮKassa${customer ? ` на ${escapeHtml(customer)}` : ""}. Эта страница — копия для вашего учёта.</p>`,
  });
}
