import type { FiscalReceipt, FiscalReceiptItem } from "../../../shared/contracts/index";
import { VAT_PERCENT } from "../../../shared/domain/index";

/*
 * The fiscal receipt (54-ФЗ) of a card payment or its refund, as ЮKassa's `receipt` object: one
 * item per order line and one per paid delivery, their amounts summing EXACTLY to the payment.
 * Pure: the ЮKassa adapter sends it, the offline test payment records it (payment.request_json).
 * server/docs/receipts.md explains each value.
 */

/** ЮKassa's limit on an item's description. */
export const RECEIPT_DESCRIPTION_MAX = 128;

/** ЮKassa's `vat_code` 12: the calculated rate 22/122 — an advance (full_prepayment) carries the calculated rate. */
export const VAT_CODE_22_122 = 12;
/** ЮKassa's `vat_code` 11: 22 %, for a receipt of goods handed over (full_payment). */
export const VAT_CODE_22 = 11;
/** ЮKassa's `tax_system_code` 1: the general system (ОСН), the shop pays VAT. */
export const TAX_SYSTEM_OSN = 1;

export interface ReceiptLineInput {
  /** What the order line is, e.g. «Визитки, 90×50 мм, 100 шт». */
  name: string;
  /** The line's sum before the order's discount, kopecks. */
  sumKopecks: number;
}

export interface ReceiptInput {
  /** Where the receipt goes: the e-mail when there is one, else the phone. */
  email: string | null;
  phone: string | null;
  lines: ReceiptLineInput[];
  deliveries: ReceiptLineInput[];
  /** What the card pays: the order's total (the discount already off). */
  totalKopecks: number;
  /** full_prepayment when paid before the goods are handed over (every card payment of the shop). */
  paymentMode?: FiscalReceiptItem["payment_mode"];
}

/** 123450 → "1234.50". */
function value(kopecks: number): string {
  return `${Math.floor(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;
}

/** A phone as ЮKassa takes it: digits only, Russian numbers from 7 (ITU-T E.164 without «+»). */
export function receiptPhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
  if (digits.length === 10) digits = `7${digits}`;
  return digits.length >= 11 && digits.length <= 15 ? digits : null;
}

/**
 * Takes `reduction` kopecks off `amounts` in proportion to each amount: every share rounded down,
 * then the kopecks left over go one each to the amounts with the largest remainders (the earlier
 * amount first on a tie). The shares sum to `reduction` exactly and no share exceeds its amount
 * (given 0 ≤ reduction ≤ the amounts' sum).
 */
export function spreadReduction(amounts: readonly number[], reduction: number): number[] {
  const base = amounts.reduce((sum, amount) => sum + amount, 0);
  if (reduction <= 0 || base <= 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => Math.floor((reduction * amount) / base));
  const remainders = amounts.map((amount, index) => ({ index, rest: (reduction * amount) % base }));
  let left = reduction - shares.reduce((sum, share) => sum + share, 0);
  for (const { index } of remainders.sort((a, b) => b.rest - a.rest || a.index - b.index)) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

function description(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return clean.length <= RECEIPT_DESCRIPTION_MAX ? clean : `${clean.slice(0, RECEIPT_DESCRIPTION_MAX - 1)}…`;
}

/**
 * The receipt of a payment of `totalKopecks`. The lines and deliveries come at their full prices;
 * whatever they exceed the total by (the promocode's discount) is spread over the order lines
 * (spreadReduction), over the deliveries only if the lines cannot take it all. Each order line is
 * one item of quantity 1 (the line's whole print run is one made-to-order article, its quantity
 * named in the description), so a discounted line never needs a fractional unit price. Items of
 * 0 ₽ (a free pickup) are left out. Throws when the total is more than the lines and deliveries
 * (an order the shop never makes).
 */
export function buildFiscalReceipt(input: ReceiptInput): FiscalReceipt {
  const mode = input.paymentMode ?? "full_prepayment";
  const vatCode = mode === "full_prepayment" ? VAT_CODE_22_122 : VAT_CODE_22;
  const lineAmounts = input.lines.map((line) => line.sumKopecks);
  const deliveryAmounts = input.deliveries.map((item) => item.sumKopecks);
  const linesSum = lineAmounts.reduce((sum, amount) => sum + amount, 0);
  const deliveriesSum = deliveryAmounts.reduce((sum, amount) => sum + amount, 0);
  const reduction = linesSum + deliveriesSum - input.totalKopecks;
  if (reduction < 0 || input.totalKopecks < 0) {
    throw new Error(`The receipt's total ${input.totalKopecks} is more than its lines (${linesSum}) and deliveries (${deliveriesSum})`);
  }
  const fromLines = Math.min(reduction, linesSum);
  const lineShares = spreadReduction(lineAmounts, fromLines);
  const deliveryShares = spreadReduction(deliveryAmounts, reduction - fromLines);
  const item = (name: string, kopecks: number, subject: FiscalReceiptItem["payment_subject"]): FiscalReceiptItem => ({
    description: description(name),
    quantity: 1,
    amount: { value: value(kopecks), currency: "RUB" },
    vat_code: vatCode,
    payment_subject: subject,
    payment_mode: mode,
    measure: "piece",
  });
  const items = [
    ...input.lines.map((line, index) => ({ name: line.name, kopecks: line.sumKopecks - (lineShares[index] ?? 0), subject: "commodity" as const })),
    ...input.deliveries.map((delivery, index) => ({ name: delivery.name, kopecks: delivery.sumKopecks - (deliveryShares[index] ?? 0), subject: "service" as const })),
  ]
    .filter((entry) => entry.kopecks > 0)
    .map((entry) => item(entry.name, entry.kopecks, entry.subject));
  const phone = input.phone === null ? null : receiptPhone(input.phone);
  const customer = input.email ? { email: input.email } : phone ? { phone } : {};
  return { customer, items, tax_system_code: TAX_SYSTEM_OSN };
}

/** The receipt's items summed, kopecks (quantity × amount). */
export function receiptTotalKopecks(receipt: FiscalReceipt): number {
  return receipt.items.reduce((sum, item) => {
    const [roubles = "0", kopecks = "0"] = item.amount.value.split(".");
    return sum + Math.round(item.quantity * (Number(roubles) * 100 + Number(kopecks.padEnd(2, "0"))));
  }, 0);
}

/** The VAT the receipt's sum includes at 22/122, kopecks (what a receipt page prints). */
export function receiptVatKopecks(totalKopecks: number): number {
  return Math.round((totalKopecks * VAT_PERCENT) / (100 + VAT_PERCENT));
}
