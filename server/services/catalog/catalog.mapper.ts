import { productOptionGroupValues } from "../../../shared/contracts/index";
import type {
  Category,
  CategoryRef,
  CategoryTreeNode,
  Product,
  ProductCard,
  ProductDetail,
  ProductOptionGroup,
  ProductPriceQuote,
  ProductServiceItem,
  ProductUrgency,
} from "../../../shared/contracts/index";
import { OPTION_GROUP_LABELS } from "../../../shared/domain/pricing";
import type { ProductCategoryRow, ProductDetailRow, ProductOptionRow, ProductRow, ProductServiceRow } from "../../db/schema";
import type { PriceQuote } from "./pricing.service";

/*
 * The one place where catalogue rows become contract objects: kopecks become roubles, file paths
 * become absolute URLs, column names become the API's names. Nothing else in the server builds
 * a Category or a Product by hand.
 */

/** Files under the files folder are served at `/files/`; each path segment is URL-encoded. */
export function publicFileUrl(publicOrigin: string, path: string): string {
  return `${publicOrigin}/files/${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The API speaks roubles; the database keeps whole kopecks so sums never drift. */
export function kopecksToRoubles(kopecks: number): number {
  return kopecks / 100;
}

export function toCategory(row: ProductCategoryRow, productCount: number, publicOrigin: string): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    photoUrl: row.photoPath === null ? null : publicFileUrl(publicOrigin, row.photoPath),
    productCount,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

export type CategoryRefRow = Pick<ProductCategoryRow, "id" | "slug" | "name">;

export function toCategoryRef(row: CategoryRefRow): CategoryRef {
  return { id: row.id, slug: row.slug, name: row.name };
}

/** The product columns a card shows: what the listings select (the full row has the SEO texts and the search vector too). */
export type ProductCardRow = Pick<ProductRow, "id" | "name" | "photoPaths" | "priceAfterDiscountKopecks" | "discountPct" | "productionTimeDay" | "timesOrdered">;

export function toProductCard(row: ProductCardRow, category: CategoryRefRow, publicOrigin: string, inFavorite: boolean): ProductCard {
  const firstPhoto = row.photoPaths[0];
  return {
    id: row.id,
    productName: row.name,
    photoUrl: firstPhoto === undefined ? null : publicFileUrl(publicOrigin, firstPhoto),
    inFavorite,
    category: toCategoryRef(category),
    priceFrom: kopecksToRoubles(row.priceAfterDiscountKopecks),
    discountPct: row.discountPct,
    productionTimeDay: row.productionTimeDay,
    timesOrdered: row.timesOrdered,
  };
}

/** The option rows (in the shop's order) as groups in the fixed group order; empty groups are left out. */
export function toOptionGroups(rows: readonly ProductOptionRow[]): ProductOptionGroup[] {
  return productOptionGroupValues.flatMap((group) => {
    const choices = rows
      .filter((row) => row.group === group)
      .map((row) => ({
        code: row.code,
        label: row.label,
        isDefault: row.isDefault,
        widthMm: row.widthMm,
        heightMm: row.heightMm,
        paperGsm: row.paperGsm,
        sides: row.sides,
      }));
    return choices.length === 0 ? [] : [{ group, label: OPTION_GROUP_LABELS[group], multiple: group === "finishing", choices }];
  });
}

export function toProductDetail(row: ProductDetailRow): ProductDetail {
  const { profile } = row;
  // The contract's key order (jsonb keeps its own): the server render's snapshot holds this object
  // as it is, and must read as the API's answer does (plugins/render-reads.ts).
  return {
    name: row.name,
    profile: {
      pdfVersion: profile.pdfVersion,
      pages: profile.pages,
      trimMm: profile.trimMm,
      bleedMm: profile.bleedMm,
      sizeToleranceMm: profile.sizeToleranceMm,
      minPpi: profile.minPpi,
      ppiTolerancePct: profile.ppiTolerancePct,
      compression: profile.compression,
      maxTacPct: profile.maxTacPct,
      tacTolerancePct: profile.tacTolerancePct,
      tacMinAreaMm2: profile.tacMinAreaMm2,
    },
    requiresOptionCode: row.requiresOptionCode,
  };
}

export function toUrgency(row: ProductRow): ProductUrgency {
  return {
    available: row.urgentProductionTimeDay !== null,
    productionTimeDay: row.urgentProductionTimeDay,
    surchargePct: row.urgentSurchargePct,
  };
}

/** A run's price at the default options, computed by the pricing function. */
export interface TierPrice {
  minQuantity: number;
  unitPriceKopecks: number;
  priceKopecks: number;
}

/** What a product page adds to the card: its options, tiers and details, urgent or not. */
export interface ProductMakeup {
  isUrgent: boolean;
  options: readonly ProductOptionRow[];
  details: readonly ProductDetailRow[];
  tiers: readonly TierPrice[];
  /** «Будет готово …» of an order placed now with the page's production time (shared/domain/production-calendar.ts). */
  readyDate: string;
}

/**
 * The product page. Asked urgently, the «от» price is the smallest tier's urgent price and the
 * production time the urgent one; otherwise the card's own numbers, so the list and the page agree.
 */
export function toProduct(row: ProductRow, category: CategoryRefRow, publicOrigin: string, inFavorite: boolean, makeup: ProductMakeup): Product {
  const card = toProductCard(row, category, publicOrigin, inFavorite);
  const smallest = makeup.tiers[0];
  return {
    ...card,
    ...(makeup.isUrgent && row.urgentProductionTimeDay !== null
      ? { productionTimeDay: row.urgentProductionTimeDay, priceFrom: smallest ? kopecksToRoubles(smallest.priceKopecks) : card.priceFrom }
      : {}),
    description: row.description,
    photos: row.photoPaths.map((path) => publicFileUrl(publicOrigin, path)),
    isUrgent: makeup.isUrgent,
    options: toOptionGroups(makeup.options),
    priceTiers: makeup.tiers.map((tier) => ({
      minQuantity: tier.minQuantity,
      unitPrice: kopecksToRoubles(tier.unitPriceKopecks),
      price: kopecksToRoubles(tier.priceKopecks),
    })),
    details: makeup.details.map(toProductDetail),
    urgency: toUrgency(row),
    readyDate: makeup.readyDate,
    sizeLimits: row.sizeLimits,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

/** `readyDate`: «Будет готово …» of this choice ordered now. */
export function toPriceQuote(quote: PriceQuote, readyDate: string): ProductPriceQuote {
  return {
    productId: quote.productId,
    options: quote.options,
    quantity: quote.quantity,
    isUrgent: quote.isUrgent,
    unitPrice: kopecksToRoubles(quote.unitPriceKopecks),
    price: kopecksToRoubles(quote.priceKopecks),
    priceBeforeDiscount: kopecksToRoubles(quote.priceBeforeDiscountKopecks),
    discountPct: quote.discountPct,
    tierMinQuantity: quote.tierMinQuantity,
    productionTimeDay: quote.productionTimeDay,
    readyDate,
    weightGrams: quote.weightGrams,
    layoutDetails: quote.layoutDetails,
  };
}

export function toCategoryTreeNode(
  row: Pick<ProductCategoryRow, "id" | "slug" | "name" | "photoPath">,
  products: readonly Pick<ProductRow, "id" | "name" | "slug">[],
  productCount: number,
  publicOrigin: string,
): CategoryTreeNode {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    photoUrl: row.photoPath === null ? null : publicFileUrl(publicOrigin, row.photoPath),
    productCount,
    products: products.map((product) => ({ id: product.id, name: product.name, slug: product.slug })),
  };
}

export function toProductService(row: ProductServiceRow, publicOrigin: string): ProductServiceItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    price: kopecksToRoubles(row.priceKopecks),
    unit: row.unit,
    photoUrl: row.photoPath === null ? null : publicFileUrl(publicOrigin, row.photoPath),
  };
}
