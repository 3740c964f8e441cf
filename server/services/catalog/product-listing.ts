import { computePrice } from "../../../shared/domain/pricing";
import type { PricingFailure, PricingOption, PricingTier, SizeLimits } from "../../../shared/domain/pricing";
import { productNameSortKey } from "../../db/sort-key";

/*
 * The columns a product row keeps for the listings beside what the shop enters: the А–Я sort key
 * of its name and its «от» price. One rule for every writer — the seed, the back office's product
 * editor and the CSV import — so a product is listed alike whichever of them wrote it.
 */

/** What the listing columns are computed from (kopecks; options and tiers as the pricing reads them). */
export interface ProductListingSource {
  name: string;
  sheetsPerUnit: number;
  options: readonly PricingOption[];
  tiers: readonly PricingTier[];
  /** A per-m² product's sizes: its «от» price is then that of the default size, 1 m² where the limits allow. */
  sizeLimits?: SizeLimits | null;
}

export interface ProductListingFields {
  nameSortKey: string;
  /** The «от» price: the smallest run at the default options, before the discount and without urgency. */
  priceFromKopecks: number;
}

export type ProductListingResult = { ok: true; fields: ProductListingFields } | { ok: false; failure: PricingFailure };

/** The product's listing columns, or why it cannot be priced (no tier, no default option …). */
export function productListingFields(source: ProductListingSource): ProductListingResult {
  // With no tier at all the pricing answers PRODUCT_NOT_PRICED before it reads the quantity.
  const smallest = Math.min(...source.tiers.map((tier) => tier.minQuantity));
  const result = computePrice(
    {
      discountPct: 0,
      // The production time and urgency change the deadline, never the «от» price.
      productionTimeDay: 1,
      urgentProductionTimeDay: null,
      urgentSurchargePct: 0,
      sheetsPerUnit: source.sheetsPerUnit,
      options: source.options,
      tiers: source.tiers,
      sizeLimits: source.sizeLimits ?? null,
      details: [],
    },
    { options: {}, quantity: smallest, isUrgent: false },
  );
  if (!result.ok) return result;
  return { ok: true, fields: { nameSortKey: productNameSortKey(source.name), priceFromKopecks: result.price.priceBeforeDiscountKopecks } };
}
