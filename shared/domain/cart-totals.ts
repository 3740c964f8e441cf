import { formatRoubles } from "./money";
import { VAT_PERCENT } from "./tax";

/*
 * The money of a cart, in whole kopecks: the items marked for the order, the promocode's discount,
 * the deliveries, the total and the VAT inside it. The server's cart, the order it becomes and the
 * storefront all take their figures from here, so they can never disagree by a kopeck.
 */

/** What a promocode promises, as the cart keeps it. */
export interface PromocodeTerms {
  kind: "percent" | "fixed";
  /** Percent (1–100) or kopecks off the items' sum. */
  value: number;
  minSumKopecks: number;
  /** Null: the code never expires. */
  expiresAt: Date | null;
  active: boolean;
}

/** Why a promocode gives nothing to this cart now. */
export type PromocodeProblem =
  | { code: "PROMOCODE_INACTIVE"; messageUI: string }
  | { code: "PROMOCODE_EXPIRED"; messageUI: string }
  | { code: "PROMOCODE_MIN_SUM"; messageUI: string; minSumKopecks: number };

export interface PromocodeOutcome {
  discountKopecks: number;
  problem: PromocodeProblem | null;
}

export interface CartTotalsInput {
  lines: readonly { priceKopecks: number; inOrder: boolean }[];
  deliveries: readonly { priceKopecks: number }[];
  promocode: PromocodeTerms | null;
  now: Date;
  /** Defaults to the shop's rate, VAT_PERCENT. */
  vatPercent?: number;
}

export interface CartTotals {
  /** The in-order lines' prices. */
  itemsKopecks: number;
  discountKopecks: number;
  deliveryKopecks: number;
  /** items − discount + deliveries. */
  totalKopecks: number;
  /** The VAT included in the total. */
  vatKopecks: number;
  promocodeProblem: PromocodeProblem | null;
}

export const promocodeNotFoundMessage = "Промокод не найден";
export const promocodeExpiredMessage = "Срок действия промокода истёк";

export function promocodeMinSumMessage(minSumKopecks: number): string {
  return `Промокод действует для заказов от ${formatRoubles(minSumKopecks / 100)}`;
}

/**
 * The discount a promocode gives on `itemsKopecks` at `now`. A percentage is rounded down to the
 * kopeck; a fixed amount is never more than the items' sum; deliveries are never discounted.
 */
export function promocodeDiscount(itemsKopecks: number, terms: PromocodeTerms, now: Date): PromocodeOutcome {
  if (!terms.active) return { discountKopecks: 0, problem: { code: "PROMOCODE_INACTIVE", messageUI: promocodeNotFoundMessage } };
  if (terms.expiresAt !== null && terms.expiresAt.getTime() <= now.getTime()) {
    return { discountKopecks: 0, problem: { code: "PROMOCODE_EXPIRED", messageUI: promocodeExpiredMessage } };
  }
  if (itemsKopecks < terms.minSumKopecks) {
    return {
      discountKopecks: 0,
      problem: { code: "PROMOCODE_MIN_SUM", messageUI: promocodeMinSumMessage(terms.minSumKopecks), minSumKopecks: terms.minSumKopecks },
    };
  }
  const raw = terms.kind === "percent" ? Math.floor((itemsKopecks * Math.min(terms.value, 100)) / 100) : terms.value;
  return { discountKopecks: Math.max(0, Math.min(raw, itemsKopecks)), problem: null };
}

/** The VAT inside a price that includes it: total × rate / (100 + rate), to the nearest kopeck. */
export function vatIncludedKopecks(totalKopecks: number, vatPercent: number = VAT_PERCENT): number {
  return Math.round((totalKopecks * vatPercent) / (100 + vatPercent));
}

export function cartTotals(input: CartTotalsInput): CartTotals {
  const itemsKopecks = input.lines.reduce((sum, line) => (line.inOrder ? sum + line.priceKopecks : sum), 0);
  const deliveryKopecks = input.deliveries.reduce((sum, item) => sum + item.priceKopecks, 0);
  const outcome: PromocodeOutcome = input.promocode
    ? promocodeDiscount(itemsKopecks, input.promocode, input.now)
    : { discountKopecks: 0, problem: null };
  const totalKopecks = itemsKopecks - outcome.discountKopecks + deliveryKopecks;
  return {
    itemsKopecks,
    discountKopecks: outcome.discountKopecks,
    deliveryKopecks,
    totalKopecks,
    vatKopecks: vatIncludedKopecks(totalKopecks, input.vatPercent ?? VAT_PERCENT),
    promocodeProblem: outcome.problem,
  };
}
