import { and, asc, eq, isNull, like } from "drizzle-orm";
import type { Database } from "../../db/client";
import { productService } from "../../db/catalog-options.schema";
import { product } from "../../db/catalog.schema";
import { deliveryDate } from "../../../shared/domain/delivery-rates";

/*
 * What a design order costs and when it is ready (issue 29): the design service of the product's
 * kind — the product_service whose category_id is the product's category — or else the general
 * design service (category_id null and a slug starting with `dizayn`, the shop's word for design:
 * other services without a category, like prepress or a colour proof, are not design). The price
 * and the working days are read when the client asks for the quote and again when the design order
 * is made, which keeps them from then on.
 */

/** The slug prefix of the general design service (a service for any product). */
export const GENERAL_DESIGN_SLUG_PREFIX = "dizayn";

/** When the catalogue has no design service at all: free, in this many working days. */
const FALLBACK_DESIGN_DAYS = 3;

export interface DesignQuoteRow {
  serviceName: string;
  priceKopecks: number;
  productionDays: number;
  /** YYYY-MM-DD. */
  dueDate: string;
}

type Reader = Pick<Database, "select">;

export async function quoteDesign(db: Reader, productId: number, now: Date): Promise<DesignQuoteRow> {
  const [owner] = await db.select({ categoryId: product.categoryId }).from(product).where(eq(product.id, productId));
  const byCategory =
    owner?.categoryId === undefined || owner.categoryId === null
      ? []
      : await db
          .select()
          .from(productService)
          .where(eq(productService.categoryId, owner.categoryId))
          .orderBy(asc(productService.sortOrder), asc(productService.id))
          .limit(1);
  const [service] = byCategory.length
    ? byCategory
    : await db
        .select()
        .from(productService)
        .where(and(isNull(productService.categoryId), like(productService.slug, `${GENERAL_DESIGN_SLUG_PREFIX}%`)))
        .orderBy(asc(productService.sortOrder), asc(productService.id))
        .limit(1);
  const productionDays = service ? Math.max(0, service.productionDays) : FALLBACK_DESIGN_DAYS;
  return {
    serviceName: service?.name ?? "Дизайн макета",
    priceKopecks: service?.priceKopecks ?? 0,
    productionDays,
    dueDate: deliveryDate(now, productionDays, 0),
  };
}
