import { formatRoubles } from "./money";
import { shopDay } from "./dates";
import { VAT_PERCENT } from "./tax";

/*
 * The money of a cart, in whole kopecks: the items marked for the order, the promocode's discount,
 * the deliveries, the total and the VAT inside it. The server's cart, the order it becomes and the
 * storefront all take their figures from here, so they can never disagree by a kopeck.
 */

/** What a promocode promises, as the cart keeps it (the promocode table's fields, issue 29). */
export interface PromocodeTerms {
  kind: "percent" | "fixed";
  /** Percent (1–100) or kopecks off the eligible lines' sum. */
  value: number;
  /** The in-order items (all of them, whatever their category) must add up to this. */
  minSumKopecks: number;
  /** Null or absent: valid at once. */
  validFrom?: Date | null;
  /** Null: the code never expires. */
  expiresAt: Date | null;
  active: boolean;
  /** The categories whose lines the code lowers; empty or absent: every line. */
  categoryIds?: readonly number[];
  /** Orders (not cancelled) that may use it in all, and per client; null or absent: no limit. */
  usageLimitTotal?: number | null;
  usageLimitPerClient?: number | null;
}

/** How often the code was used by orders that are not cancelled: in all, and by the cart's client. */
export interface PromocodeUse {
  total: number;
  byClient: number;
}

/** What the rules read besides the code itself: its use so far and the names of its categories (for the message). */
export interface PromocodeContext {
  use?: PromocodeUse;
  /** The names of `categoryIds`, in the shop's order: «Визитки», «Листовки». */
  categoryNames?: readonly string[];
}

/** A cart line as the promocode sees it; `categoryId` absent: the line is in no category the code names. */
export interface PromocodeLine {
  priceKopecks: number;
  inOrder: boolean;
  categoryId?: number;
}

/** Why a promocode gives nothing to this cart now. */
export type PromocodeProblem =
  | { code: "PROMOCODE_INACTIVE"; messageUI: string }
  | { code: "PROMOCODE_NOT_STARTED"; messageUI: string }
  | { code: "PROMOCODE_EXPIRED"; messageUI: string }
  | { code: "PROMOCODE_USED_UP"; messageUI: string }
  | { code: "PROMOCODE_USED_BY_CLIENT"; messageUI: string }
  | { code: "PROMOCODE_MIN_SUM"; messageUI: string; minSumKopecks: number }
  | { code: "PROMOCODE_CATEGORIES"; messageUI: string };

export interface PromocodeOutcome {
  discountKopecks: number;
  problem: PromocodeProblem | null;
}

export interface CartTotalsInput {
  lines: readonly PromocodeLine[];
  deliveries: readonly { priceKopecks: number }[];
  promocode: PromocodeTerms | null;
  promocodeContext?: PromocodeContext;
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
export const promocodeUsedByClientMessage = "Промокод уже использован";
export const promocodeUsedUpMessage = "Промокод уже использован максимальное число раз";

export function promocodeMinSumMessage(minSumKopecks: number): string {
  return `Промокод действует для заказов от ${formatRoubles(minSumKopecks / 100)}`;
}

const GENITIVE_MONTHS = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября", "ноября", "декабря"];

/** «Промокод начнёт действовать 1 декабря» (the year only when it is not this one), on the shop's clock. */
export function promocodeNotStartedMessage(validFrom: Date, now: Date): string {
  const [year = "", month = "", day = ""] = shopDay(validFrom).split("-");
  const sameYear = shopDay(now).startsWith(`${year}-`);
  return `Промокод начнёт действовать ${Number(day)} ${GENITIVE_MONTHS[Number(month) - 1] ?? ""}${sameYear ? "" : ` ${year} года`}`;
}

/** «Промокод действует только на визитки и листовки». */
export function promocodeCategoriesMessage(categoryNames: readonly string[]): string {
  const names = categoryNames.map((name) => (/^[А-ЯЁ][а-яё]/u.test(name) ? name.charAt(0).toLowerCase() + name.slice(1) : name));
  if (names.length === 0) return "Промокод не действует на товары в корзине";
  const listed = names.length === 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} и ${names[names.length - 1] ?? ""}`;
  return `Промокод действует только на ${listed}`;
}

/** Whether the code's usage limits are reached: per client first («Промокод уже использован»), then in all. */
export function promocodeUseProblem(terms: Pick<PromocodeTerms, "usageLimitTotal" | "usageLimitPerClient">, use: PromocodeUse): PromocodeProblem | null {
  const perClient = terms.usageLimitPerClient ?? null;
  if (perClient !== null && use.byClient >= perClient) return { code: "PROMOCODE_USED_BY_CLIENT", messageUI: promocodeUsedByClientMessage };
  const total = terms.usageLimitTotal ?? null;
  if (total !== null && use.total >= total) return { code: "PROMOCODE_USED_UP", messageUI: promocodeUsedUpMessage };
  return null;
}

/**
 * The discount a promocode gives on the in-order `lines` at `now` (the cart's rules, issue 29):
 * active, inside its dates, not used up (in all, and by this client — orders not cancelled), the
 * items at least its minimum, and at least one line in its categories. A percentage of the eligible
 * lines is rounded down to the kopeck; a fixed amount is never more than the eligible lines' sum;
 * deliveries are never discounted.
 */
export function promocodeDiscount(lines: readonly PromocodeLine[], terms: PromocodeTerms, now: Date, context: PromocodeContext = {}): PromocodeOutcome {
  const none = (problem: PromocodeProblem): PromocodeOutcome => ({ discountKopecks: 0, problem });
  if (!terms.active) return none({ code: "PROMOCODE_INACTIVE", messageUI: promocodeNotFoundMessage });
  const validFrom = terms.validFrom ?? null;
  if (validFrom !== null && validFrom.getTime() > now.getTime()) {
    return none({ code: "PROMOCODE_NOT_STARTED", messageUI: promocodeNotStartedMessage(validFrom, now) });
  }
  if (terms.expiresAt !== null && terms.expiresAt.getTime() <= now.getTime()) {
    return none({ code: "PROMOCODE_EXPIRED", messageUI: promocodeExpiredMessage });
  }
  const usedUp = promocodeUseProblem(terms, context.use ?? { total: 0, byClient: 0 });
  if (usedUp !== null) return none(usedUp);
  const inOrder = lines.filter((line) => line.inOrder);
  const itemsKopecks = inOrder.reduce((sum, line) => sum + line.priceKopecks, 0);
  if (itemsKopecks < terms.minSumKopecks) {
    return none({ code: "PROMOCODE_MIN_SUM", messageUI: promocodeMinSumMessage(terms.minSumKopecks), minSumKopecks: terms.minSumKopecks });
  }
  const categories = terms.categoryIds ?? [];
  const eligible = categories.length === 0 ? inOrder : inOrder.filter((line) => line.categoryId !== undefined && categories.includes(line.categoryId));
  if (categories.length > 0 && inOrder.length > 0 && eligible.length === 0) {
    return none({ code: "PROMOCODE_CATEGORIES", messageUI: promocodeCategoriesMessage(context.categoryNames ?? []) });
  }
  const eligibleKopecks = eligible.reduce((sum, line) => sum + line.priceKopecks, 0);
  const raw = terms.kind === "percent" ? Math.floor((eligibleKopecks * Math.min(terms.value, 100)) / 100) : terms.value;
  return { discountKopecks: Math.max(0, Math.min(raw, eligibleKopecks)), problem: null };
}

/** The VAT inside a price that includes it: total × rate / (100 + rate), to the nearest kopeck. */
export function vatIncludedKopecks(totalKopecks: number, vatPercent: number = VAT_PERCENT): number {
  return Math.round((totalKopecks * vatPercent) / (100 + vatPercent));
}

export function cartTotals(input: CartTotalsInput): CartTotals {
  const itemsKopecks = input.lines.reduce((sum, line) => (line.inOrder ? sum + line.priceKopecks : sum), 0);
  const deliveryKopecks = input.deliveries.reduce((sum, item) => sum + item.priceKopecks, 0);
  const outcome: PromocodeOutcome = input.promocode
    ? promocodeDiscount(input.lines, input.promocode, input.now, input.promocodeContext)
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
