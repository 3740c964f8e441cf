import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import type { SizeLimits } from "../../../shared/domain/pricing";
import type { productOptionGroupValues } from "../../db/catalog-options.schema";

/*
 * A category and a whole product as the catalogue file carries them (import and export alike):
 * the product with its print options, price tiers and details; money in kopecks. Two products are
 * the same when their flat forms (catalog-csv-rows.ts `flatProduct`) are equal.
 */

export type ProductOptionGroup = (typeof productOptionGroupValues)[number];

export interface CsvCategory {
  slug: string;
  name: string;
  description: string;
  photoPath: string | null;
  sortOrder: number;
  hidden: boolean;
  seoName: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
}

export interface CsvOption {
  group: ProductOptionGroup;
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
  sides: number | null;
}

export interface CsvTier {
  minQuantity: number;
  unitPriceKopecks: number;
}

export interface CsvDetail {
  name: string;
  sortOrder: number;
  requiresOptionCode: string | null;
  profile: PreflightProfile;
}

export interface CsvProduct {
  categorySlug: string;
  slug: string;
  name: string;
  description: string;
  photoPaths: string[];
  hidden: boolean;
  archived: boolean;
  productionTimeDay: number;
  urgentProductionTimeDay: number | null;
  urgentSurchargePct: number;
  discountPct: number;
  sheetsPerUnit: number;
  /** Priced per m² in the shopper's own size within these limits; null: sold in its formats. */
  sizeLimits: SizeLimits | null;
  seoName: string;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
  options: CsvOption[];
  tiers: CsvTier[];
  details: CsvDetail[];
}
