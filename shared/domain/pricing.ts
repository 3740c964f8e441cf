import type { PreflightProfile } from "../contracts/preflight-profile";
import { formatNumberRu } from "./counts";

/**
 * The price of a print order line, computed from a product's price tiers and its chosen options.
 * Pure arithmetic: no database, no I/O. The server's pricing service loads the rows and calls
 * `computePrice`; the cart, the product page's live price and the catalogue card all agree because
 * they all come from here.
 *
 * Rules (server/docs/prices-and-orders.md, "Print options and prices"):
 * - the tier is the one with the largest `minQuantity` not above the quantity;
 * - unit = tier unit price × the product of the chosen options' `pricePct / 100`
 *   + the sum of their `unitPriceKopecks`;
 * - line = unit × quantity + the sum of the chosen options' `setupPriceKopecks`, rounded to whole kopecks;
 * - then the product's discount: line × (100 − discountPct) / 100, rounded;
 * - then, for an urgent line, the surcharge: × (100 + urgentSurchargePct) / 100, rounded.
 * Every rounding is to whole kopecks, half a kopeck rounding up — the same rule the database uses
 * for `price_after_discount_kopecks`, so the card's «от» price equals the quote of its smallest run.
 * The arithmetic is exact (BigInt), so no floating-point drift creeps in between steps.
 */

/** The option groups; `finishing` may hold several choices, the others exactly one. */
export const PRICING_OPTION_GROUPS = ["format", "paper", "colors", "finishing"] as const;
export type PricingOptionGroup = (typeof PRICING_OPTION_GROUPS)[number];
export type SingleChoiceGroup = Exclude<PricingOptionGroup, "finishing">;
export const SINGLE_CHOICE_GROUPS: readonly SingleChoiceGroup[] = ["format", "paper", "colors"];

/** The largest run one line may order. */
export const MAX_QUANTITY = 1_000_000;

/** The dearest line the site takes (20 million roubles): beyond it a manager quotes, and kopecks stay within a 32-bit column. */
export const MAX_LINE_PRICE_KOPECKS = 2_000_000_000;

/**
 * Finishing choices that exclude each other: one lamination per surface (matte, gloss and soft-touch
 * of the same surface are alternatives, not layers). The shop's option codes name the surface and
 * the kind — `lamination-matte`, `cover-lamination-gloss`, `cover-softtouch` — so the key is read
 * from the code: null for a finishing that combines with anything (round corners, foil, eyelets).
 * The product page unchecks the other choice of the same key; the server refuses both at once.
 */
export function finishingExclusionKey(code: string): string | null {
  const match = /^(cover-)?(?:lamination|softtouch)(?:-|$)/.exec(code);
  return match ? `${match[1] ?? ""}lamination` : null;
}

/** Russian names of the groups, for messages. */
export const OPTION_GROUP_LABELS: Record<PricingOptionGroup, string> = {
  format: "Формат",
  paper: "Бумага",
  colors: "Красочность",
  finishing: "Отделка",
};

/**
 * The options of a line once normalised: the same shape the cart keeps (`ChosenOptions`). A product
 * priced per square metre adds the line's own size, `widthMm` × `heightMm` (trim, millimetres).
 */
export type NormalisedOptions = Partial<Record<SingleChoiceGroup, string>> & { finishing?: string[]; widthMm?: number; heightMm?: number };

/**
 * What a caller may send: a group → a code (or, wrongly, several), finishing → codes; and for a
 * product priced per square metre `widthMm` and `heightMm` (numbers).
 */
export type RequestedOptions = { readonly [group: string]: string | readonly string[] | number | undefined };

/** The keys of a line's own size among its options. */
export const SIZE_OPTION_KEYS = ["widthMm", "heightMm"] as const;

/**
 * The sizes a product priced per square metre takes (banners, canvas, roll stickers): width and
 * height in millimetres, each from its minimum to its maximum in steps of `stepMm` counted from
 * the minimum. A product without them is sold in its format options only.
 */
export interface SizeLimits {
  minWidthMm: number;
  maxWidthMm: number;
  minHeightMm: number;
  maxHeightMm: number;
  stepMm: number;
}

/** A line's own trim size in millimetres. */
export interface LineSize {
  widthMm: number;
  heightMm: number;
}

/** The side a per-m² line takes when none is given: 1 m (so the tiers and the «от» price are per square metre), brought onto the step grid and into the range. */
const DEFAULT_SIDE_MM = 1000;

function sideOnGrid(min: number, max: number, step: number): number {
  const steps = Math.round((DEFAULT_SIDE_MM - min) / step);
  const value = min + Math.max(0, steps) * step;
  return value > max ? min + Math.floor((max - min) / step) * step : value;
}

/** The size a per-m² line starts with: 1000 × 1000 mm (1 m²) where the limits allow it, else the nearest size they take. */
export function defaultLineSize(limits: SizeLimits): LineSize {
  return { widthMm: sideOnGrid(limits.minWidthMm, limits.maxWidthMm, limits.stepMm), heightMm: sideOnGrid(limits.minHeightMm, limits.maxHeightMm, limits.stepMm) };
}

/** Millimetres as the shop writes them: «5000», no thousands separator (a size, not an amount). */
function formatMm(value: number): string {
  return String(value);
}

/** «Ширина должна быть от 300 до 5000 мм с шагом 10 мм» — the one wording of the rule, for the server and the form. */
export function sizeRuleText(side: "width" | "height", limits: SizeLimits): string {
  const [name, min, max] = side === "width" ? ["Ширина", limits.minWidthMm, limits.maxWidthMm] : ["Высота", limits.minHeightMm, limits.maxHeightMm];
  return `${name} должна быть от ${formatMm(min)} до ${formatMm(max)} мм с шагом ${formatMm(limits.stepMm)} мм`;
}

/** Whether a side fits its range and the step grid (counted from the minimum). */
export function sideFits(value: number, min: number, max: number, step: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max && (value - min) % step === 0;
}

/** Why a size does not fit the limits (the Russian message of the first side that does not), or null when it fits. */
export function sizeProblem(limits: SizeLimits, size: LineSize): string | null {
  if (!sideFits(size.widthMm, limits.minWidthMm, limits.maxWidthMm, limits.stepMm)) return sizeRuleText("width", limits);
  if (!sideFits(size.heightMm, limits.minHeightMm, limits.maxHeightMm, limits.stepMm)) return sizeRuleText("height", limits);
  return null;
}

/** A line's own size from its options, null for a line sold in a format. */
export function lineSizeOf(options: { widthMm?: number | undefined; heightMm?: number | undefined }): LineSize | null {
  return options.widthMm !== undefined && options.heightMm !== undefined ? { widthMm: options.widthMm, heightMm: options.heightMm } : null;
}

/** «1500 × 800 мм», the size as a line and a template name it. */
export function sizeLabel(size: LineSize): string {
  return `${formatMm(size.widthMm)} × ${formatMm(size.heightMm)} мм`;
}

export interface PricingOption {
  group: PricingOptionGroup;
  code: string;
  label: string;
  sortOrder: number;
  isDefault: boolean;
  pricePct: number;
  unitPriceKopecks: number;
  setupPriceKopecks: number;
  widthMm: number | null;
  heightMm: number | null;
  paperGsm: number | null;
}

export interface PricingTier {
  minQuantity: number;
  unitPriceKopecks: number;
}

export interface PricingDetail {
  name: string;
  sortOrder: number;
  /** Needed only when this option code is chosen; null: always. */
  requiresOptionCode: string | null;
}

/** The option codes a line names: its single choices and every finishing. */
export function chosenOptionCodes(options: { format?: string; paper?: string; colors?: string; finishing?: readonly string[] }): Set<string> {
  const codes = new Set<string>();
  for (const code of [options.format, options.paper, options.colors, ...(options.finishing ?? [])]) if (code !== undefined) codes.add(code);
  return codes;
}

/**
 * The details that need a layout with these option codes, in the shop's order (a business card's
 * back side only with 4+4). The one rule for the price quote, the cart and the layout uploads.
 */
export function detailsNeedingLayout<T extends PricingDetail>(details: readonly T[], codes: ReadonlySet<string>): T[] {
  return [...details].sort((a, b) => a.sortOrder - b.sortOrder).filter((detail) => detail.requiresOptionCode === null || codes.has(detail.requiresOptionCode));
}

/** A format option's own size, as far as the layout profile needs it. */
export interface LayoutFormat {
  isDefault: boolean;
  widthMm: number | null;
  heightMm: number | null;
}

/**
 * The profile a detail's layout is checked against: the detail's own, whose trim size is the
 * product's default format; a line that chose another format with its own size is checked at that
 * size. The one rule for the server's check and the browser's (the cart hands the profile out).
 */
export function layoutProfile(profile: PreflightProfile, format: LayoutFormat | undefined, size?: Partial<LineSize>): PreflightProfile {
  // A line of its own size (a per-m² banner) is checked at that size.
  if (size?.widthMm !== undefined && size.heightMm !== undefined) return { ...profile, trimMm: [size.widthMm, size.heightMm] };
  if (!format || format.isDefault || !format.widthMm || !format.heightMm) return profile;
  return { ...profile, trimMm: [format.widthMm, format.heightMm] };
}

export interface PricingProduct {
  discountPct: number;
  productionTimeDay: number;
  /** Null: the product cannot be made urgently. */
  urgentProductionTimeDay: number | null;
  urgentSurchargePct: number;
  sheetsPerUnit: number;
  options: readonly PricingOption[];
  tiers: readonly PricingTier[];
  details: readonly PricingDetail[];
  /** Priced per square metre, taking these sizes; null or absent: sold in its formats. */
  sizeLimits?: SizeLimits | null;
}

export interface PriceRequest {
  options: RequestedOptions;
  quantity: number;
  isUrgent: boolean;
}

export interface PriceBreakdown {
  options: NormalisedOptions;
  quantity: number;
  isUrgent: boolean;
  /** The tier that applied. */
  tierMinQuantity: number;
  /** Per piece, after the discount and the urgency surcharge, rounded to whole kopecks (for display). */
  unitPriceKopecks: number;
  /** The whole line before the discount and the surcharge. */
  priceBeforeDiscountKopecks: number;
  /** The whole line after the discount, before the urgency surcharge. */
  priceAfterDiscountKopecks: number;
  /** The whole line the shopper pays. */
  priceKopecks: number;
  weightGrams: number;
  productionTimeDay: number;
  layoutDetails: string[];
}

export type PricingFailureCode =
  | "UNKNOWN_OPTION_GROUP"
  | "UNKNOWN_OPTION"
  | "OPTION_NOT_SINGLE"
  | "OPTIONS_EXCLUSIVE"
  | "QUANTITY_INVALID"
  | "QUANTITY_TOO_SMALL"
  | "QUANTITY_TOO_LARGE"
  | "URGENCY_UNAVAILABLE"
  | "PRICE_TOO_LARGE"
  | "SIZE_INVALID"
  | "SIZE_NOT_OFFERED"
  | "PRODUCT_NOT_PRICED";

export interface PricingFailure {
  code: PricingFailureCode;
  /** Russian, may be shown to the shopper as it is. */
  messageUI: string;
  message: string;
}

export type PricingResult = { ok: true; price: PriceBreakdown } | { ok: false; failure: PricingFailure };

function fail(code: PricingFailureCode, messageUI: string, message: string): PricingResult {
  return { ok: false, failure: { code, messageUI, message } };
}

/** `numerator / denominator` rounded to a whole number, half up; both non-negative. */
function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function isPricingGroup(group: string): group is PricingOptionGroup {
  return (PRICING_OPTION_GROUPS as readonly string[]).includes(group);
}

function byOrder(a: PricingOption, b: PricingOption): number {
  return a.sortOrder - b.sortOrder || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
}

/** The choice a group starts with: the one marked default, else the first in the shop's order. */
export function defaultOption(options: readonly PricingOption[], group: SingleChoiceGroup): PricingOption | undefined {
  const inGroup = options.filter((option) => option.group === group).sort(byOrder);
  return inGroup.find((option) => option.isDefault) ?? inGroup[0];
}

/** The tier a run of `quantity` pays: the largest `minQuantity` not above it. */
export function tierFor(tiers: readonly PricingTier[], quantity: number): PricingTier | undefined {
  let chosen: PricingTier | undefined;
  for (const tier of tiers) {
    if (tier.minQuantity <= quantity && (chosen === undefined || tier.minQuantity > chosen.minQuantity)) chosen = tier;
  }
  return chosen;
}

function formatQuantity(quantity: number): string {
  return formatNumberRu(quantity).replace(/\s/g, " ");
}

type ResolvedOptions = { ok: true; chosen: PricingOption[]; normalised: NormalisedOptions } | { ok: false; result: PricingResult };

/** Checks the requested codes against the product's options and fills the defaults. */
function resolveOptions(product: PricingProduct, requested: RequestedOptions): ResolvedOptions {
  const chosen: PricingOption[] = [];
  const normalised: NormalisedOptions = {};
  for (const group of Object.keys(requested)) {
    if ((SIZE_OPTION_KEYS as readonly string[]).includes(group)) continue;
    if (!isPricingGroup(group) && requested[group] !== undefined) {
      return { ok: false, result: fail("UNKNOWN_OPTION_GROUP", `Неизвестный параметр товара: «${group}»`, `Unknown option group ${group}`) };
    }
  }
  const unknownCode = (group: PricingOptionGroup, code: string): ResolvedOptions => ({
    ok: false,
    result: fail("UNKNOWN_OPTION", `Вариант «${code}» для параметра «${OPTION_GROUP_LABELS[group]}» не найден у этого товара`, `Unknown ${group} option ${code}`),
  });
  const find = (group: PricingOptionGroup, code: string) => product.options.find((option) => option.group === group && option.code === code);

  for (const group of SINGLE_CHOICE_GROUPS) {
    const value = requested[group];
    const codes = (typeof value === "string" ? [value] : typeof value === "number" ? [String(value)] : (value ?? [])).filter((code) => code !== "");
    if (new Set(codes).size > 1) {
      return {
        ok: false,
        result: fail("OPTION_NOT_SINGLE", `Для параметра «${OPTION_GROUP_LABELS[group]}» можно выбрать только один вариант`, `Several ${group} options: ${codes.join(", ")}`),
      };
    }
    const code = codes[0];
    const option = code === undefined ? defaultOption(product.options, group) : find(group, code);
    if (code !== undefined && option === undefined) return unknownCode(group, code);
    if (option !== undefined) {
      chosen.push(option);
      normalised[group] = option.code;
    }
  }

  const finishingValue = requested.finishing;
  let finishing: PricingOption[];
  if (finishingValue === undefined) {
    finishing = product.options.filter((option) => option.group === "finishing" && option.isDefault);
  } else {
    finishing = [];
    const codes = typeof finishingValue === "string" ? [finishingValue] : typeof finishingValue === "number" ? [String(finishingValue)] : finishingValue;
    for (const code of new Set(codes.filter((each) => each !== ""))) {
      const option = find("finishing", code);
      if (option === undefined) return unknownCode("finishing", code);
      finishing.push(option);
    }
  }
  const byKey = new Map<string, PricingOption>();
  for (const option of finishing) {
    const key = finishingExclusionKey(option.code);
    if (key === null) continue;
    const other = byKey.get(key);
    if (other !== undefined) {
      return {
        ok: false,
        result: fail(
          "OPTIONS_EXCLUSIVE",
          `«${other.label}» и «${option.label}» не сочетаются: выберите что-то одно`,
          `Finishing options ${other.code} and ${option.code} exclude each other`,
        ),
      };
    }
    byKey.set(key, option);
  }
  chosen.push(...finishing);
  normalised.finishing = finishing.map((option) => option.code).sort();
  return { ok: true, chosen, normalised };
}

type ResolvedSize = { ok: true; size: LineSize | null } | { ok: false; result: PricingResult };

/** The line's own size: checked against the product's limits, the default one when none is sent; null for a product sold in formats. */
function resolveSize(product: PricingProduct, requested: RequestedOptions): ResolvedSize {
  const width = requested.widthMm;
  const height = requested.heightMm;
  const limits = product.sizeLimits ?? null;
  if (limits === null) {
    if (width === undefined && height === undefined) return { ok: true, size: null };
    return {
      ok: false,
      result: fail("SIZE_NOT_OFFERED", "Этот товар печатается только в форматах из списка — свой размер указать нельзя", "The product takes no size of its own"),
    };
  }
  if (width === undefined && height === undefined) return { ok: true, size: defaultLineSize(limits) };
  if (typeof width !== "number") return { ok: false, result: fail("SIZE_INVALID", `Укажите ширину числом: ${sizeRuleText("width", limits).toLowerCase()}`, `Bad width ${String(width)}`) };
  if (typeof height !== "number") return { ok: false, result: fail("SIZE_INVALID", `Укажите высоту числом: ${sizeRuleText("height", limits).toLowerCase()}`, `Bad height ${String(height)}`) };
  const size = { widthMm: width, heightMm: height };
  const problem = sizeProblem(limits, size);
  if (problem !== null) return { ok: false, result: fail("SIZE_INVALID", problem, `Size ${width}×${height} mm outside the limits`) };
  return { ok: true, size };
}

/**
 * The price, weight, production time and layouts of a line of `product`, or why it cannot be
 * ordered that way (an unknown option, a second choice in a single-choice group, a run outside
 * the tiers or above MAX_QUANTITY, urgency the product does not offer).
 */
export function computePrice(product: PricingProduct, request: PriceRequest): PricingResult {
  const { quantity, isUrgent } = request;
  const resolved = resolveOptions(product, request.options);
  if (!resolved.ok) return resolved.result;
  const sized = resolveSize(product, request.options);
  if (!sized.ok) return sized.result;
  const { size } = sized;

  if (product.tiers.length === 0) {
    return fail("PRODUCT_NOT_PRICED", "Цена этого товара пока не задана — свяжитесь с менеджером", "The product has no price tiers");
  }
  const smallest = Math.min(...product.tiers.map((tier) => tier.minQuantity));
  if (!Number.isSafeInteger(quantity) || quantity < 1) {
    return fail("QUANTITY_INVALID", "Тираж должен быть целым числом больше нуля", `Invalid quantity ${quantity}`);
  }
  if (quantity > MAX_QUANTITY) {
    return fail("QUANTITY_TOO_LARGE", `Тираж не может быть больше ${formatQuantity(MAX_QUANTITY)} шт.`, `Quantity ${quantity} above ${MAX_QUANTITY}`);
  }
  const tier = tierFor(product.tiers, quantity);
  if (tier === undefined) {
    return fail("QUANTITY_TOO_SMALL", `Минимальный тираж этого товара — ${formatQuantity(smallest)} шт.`, `Quantity ${quantity} below ${smallest}`);
  }
  if (isUrgent && product.urgentProductionTimeDay === null) {
    return fail("URGENCY_UNAVAILABLE", "Этот товар нельзя изготовить срочно", "The product has no urgent production");
  }

  const { chosen, normalised } = resolved;
  // unit = tier × Π(pct) / 100ⁿ + Σ added: kept as a fraction over 100ⁿ until the line is rounded.
  // Per m²: the tier and the options' added prices are per square metre, so unit × w × h / 10⁶ (mm² → m²), still exact.
  const areaMm2 = size === null ? 1n : BigInt(size.widthMm) * BigInt(size.heightMm);
  const scale = 100n ** BigInt(chosen.length) * (size === null ? 1n : 1_000_000n);
  const pctScale = 100n ** BigInt(chosen.length);
  const pctProduct = chosen.reduce((factor, option) => factor * BigInt(option.pricePct), 1n);
  const addedPerUnit = chosen.reduce((sum, option) => sum + BigInt(option.unitPriceKopecks), 0n);
  const setup = chosen.reduce((sum, option) => sum + BigInt(option.setupPriceKopecks), 0n);
  const unitScaled = (BigInt(tier.unitPriceKopecks) * pctProduct + addedPerUnit * pctScale) * areaMm2;

  const line = roundHalfUp(unitScaled * BigInt(quantity) + setup * scale, scale);
  const discountFactor = BigInt(100 - product.discountPct);
  const afterDiscount = roundHalfUp(line * discountFactor, 100n);
  const urgencyFactor = BigInt(100 + (isUrgent ? product.urgentSurchargePct : 0));
  const total = roundHalfUp(afterDiscount * urgencyFactor, 100n);
  const unit = roundHalfUp(unitScaled * discountFactor * urgencyFactor, scale * 10_000n);
  if (line > BigInt(MAX_LINE_PRICE_KOPECKS) || total > BigInt(MAX_LINE_PRICE_KOPECKS)) {
    return fail(
      "PRICE_TOO_LARGE",
      "Такой большой заказ мы рассчитаем отдельно — оставьте заявку менеджеру",
      `The line costs more than ${MAX_LINE_PRICE_KOPECKS} kopecks`,
    );
  }

  const format = chosen.find((option) => option.group === "format");
  const paper = chosen.find((option) => option.group === "paper");
  let weightGrams = 0;
  const sheet = size ?? (format?.widthMm && format.heightMm ? { widthMm: format.widthMm, heightMm: format.heightMm } : null);
  if (sheet && paper?.paperGsm) {
    // A sheet of w × h mm weighs w × h × gsm / 10⁶ grams.
    const gramsScaled = BigInt(sheet.widthMm) * BigInt(sheet.heightMm) * BigInt(paper.paperGsm) * BigInt(product.sheetsPerUnit) * BigInt(quantity);
    weightGrams = Number(roundHalfUp(gramsScaled, 1_000_000n));
  }

  const layoutDetails = detailsNeedingLayout(product.details, new Set(chosen.map((option) => option.code))).map((detail) => detail.name);

  return {
    ok: true,
    price: {
      options: size === null ? normalised : { ...normalised, widthMm: size.widthMm, heightMm: size.heightMm },
      quantity,
      isUrgent,
      tierMinQuantity: tier.minQuantity,
      unitPriceKopecks: Number(unit),
      priceBeforeDiscountKopecks: Number(line),
      priceAfterDiscountKopecks: Number(afterDiscount),
      priceKopecks: Number(total),
      weightGrams,
      productionTimeDay: isUrgent && product.urgentProductionTimeDay !== null ? product.urgentProductionTimeDay : product.productionTimeDay,
      layoutDetails,
    },
  };
}

/**
 * The profile a new detail starts from in the back office, and a layout template's rules for a product
 * with no detail: a business card's sheet (90 × 50 mm, 2 mm bleed, 300 % ink, 300 ppi).
 */
export const NEW_DETAIL_PROFILE: PreflightProfile = {
  pdfVersion: "1.3",
  pages: 1,
  trimMm: [90, 50],
  bleedMm: 2,
  sizeToleranceMm: 0.5,
  minPpi: 300,
  ppiTolerancePct: 5,
  compression: "lossy",
  maxTacPct: 300,
  tacTolerancePct: 1,
  tacMinAreaMm2: 1,
};
