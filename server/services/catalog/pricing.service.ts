import { asc, eq } from "drizzle-orm";
import { computePrice } from "../../../shared/domain/pricing";
import type { PriceRequest, PricingProduct } from "../../../shared/domain/pricing";
import type { Database } from "../../db/client";
import { product, productDetail, productOption, productPriceTier } from "../../db/schema";
import type { ChosenOptions, ProductDetailRow, ProductOptionRow, ProductPriceTierRow, ProductRow } from "../../db/schema";
import { ShopError } from "../shop-error";

/*
 * The server's one source of prices: the cart, the product page's live price and the checks of the
 * demo catalogue all ask `quote`. The arithmetic lives in shared/domain/pricing.ts (pure,
 * unit-tested); this service only loads the product's rows and turns rule breaks into ShopErrors.
 */

export interface PriceQuoteInput {
  productId: number;
  options: ChosenOptions;
  quantity: number;
  isUrgent: boolean;
}

export interface PriceQuote {
  productId: number;
  /** Normalised: every single-choice group filled (defaults), finishing sorted and unique; a per-m² line's size. */
  options: ChosenOptions;
  quantity: number;
  isUrgent: boolean;
  /** Per piece, after the product discount and the urgency surcharge (rounded to whole kopecks, for display). */
  unitPriceKopecks: number;
  /** The whole line: unit × quantity + setup fees, then discount and urgency, rounded to whole kopecks. */
  priceKopecks: number;
  /** The parcel weight of the line (format area × paper gsm × sheetsPerUnit × quantity), for delivery. */
  weightGrams: number;
  /** urgentProductionTimeDay when urgent. */
  productionTimeDay: number;
  /** Names of the product's details that need a layout with these options, in order. */
  layoutDetails: string[];
  /** The whole line before the product's discount and the urgency surcharge. */
  priceBeforeDiscountKopecks: number;
  /** The minQuantity of the tier that applied. */
  tierMinQuantity: number;
  /** The product's discount that applied, in percent. */
  discountPct: number;
}

export interface PricingService {
  quote(input: PriceQuoteInput): Promise<PriceQuote>;
}

/** A product with everything its price depends on, as the database holds it. */
export interface PricedProductRows {
  product: ProductRow;
  options: ProductOptionRow[];
  tiers: ProductPriceTierRow[];
  details: ProductDetailRow[];
}

export function productNotFound(id: number): ShopError {
  return new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: `Product ${id} does not exist` });
}

/** Loads a product with its options (shop order), tiers (by run) and details (shop order); null when there is none. */
export async function loadPricedProduct(db: Database, productId: number): Promise<PricedProductRows | null> {
  const [row] = await db.select().from(product).where(eq(product.id, productId)).limit(1);
  if (!row) return null;
  const [options, tiers, details] = await Promise.all([
    db.select().from(productOption).where(eq(productOption.productId, productId)).orderBy(asc(productOption.sortOrder), asc(productOption.id)),
    db.select().from(productPriceTier).where(eq(productPriceTier.productId, productId)).orderBy(asc(productPriceTier.minQuantity)),
    db.select().from(productDetail).where(eq(productDetail.productId, productId)).orderBy(asc(productDetail.sortOrder), asc(productDetail.id)),
  ]);
  return { product: row, options, tiers, details };
}

/** The rows in the shape the pure price function takes. */
export function toPricingProduct(rows: PricedProductRows): PricingProduct {
  return {
    discountPct: rows.product.discountPct,
    productionTimeDay: rows.product.productionTimeDay,
    urgentProductionTimeDay: rows.product.urgentProductionTimeDay,
    urgentSurchargePct: rows.product.urgentSurchargePct,
    sheetsPerUnit: rows.product.sheetsPerUnit,
    sizeLimits: rows.product.sizeLimits,
    options: rows.options,
    tiers: rows.tiers,
    details: rows.details,
  };
}

/**
 * Prices already-loaded rows; rule breaks become 400 ShopErrors (409 for a product without prices).
 * The options may be looser than ChosenOptions (several codes for one group, straight from a query
 * string): the price function refuses those with a 400 of its own.
 */
export function quoteRows(rows: PricedProductRows, input: PriceRequest): PriceQuote {
  const result = computePrice(toPricingProduct(rows), input);
  if (!result.ok) {
    const { code, messageUI, message } = result.failure;
    throw new ShopError({ statusCode: code === "PRODUCT_NOT_PRICED" ? 409 : 400, code, messageUI, message });
  }
  const { price } = result;
  return {
    productId: rows.product.id,
    options: price.options,
    quantity: price.quantity,
    isUrgent: price.isUrgent,
    unitPriceKopecks: price.unitPriceKopecks,
    priceKopecks: price.priceKopecks,
    weightGrams: price.weightGrams,
    productionTimeDay: price.productionTimeDay,
    layoutDetails: price.layoutDetails,
    priceBeforeDiscountKopecks: price.priceBeforeDiscountKopecks,
    tierMinQuantity: price.tierMinQuantity,
    discountPct: rows.product.discountPct,
  };
}

export function createPricingService(db: Database): PricingService {
  return {
    async quote(input) {
      const rows = await loadPricedProduct(db, input.productId);
      if (!rows) throw productNotFound(input.productId);
      return quoteRows(rows, input);
    },
  };
}
