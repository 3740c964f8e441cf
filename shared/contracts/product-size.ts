import { z } from "zod/mini";
import { queryInt } from "./query";

/*
 * Sizes and templates (issue 30): a product priced per square metre takes the shopper's own width
 * and height in millimetres within its limits; every product offers a layout template (PDF, SVG)
 * for the chosen format or size. The arithmetic and the rule's wording are in shared/domain/pricing.ts.
 */

/** The largest side any limit may name: 100 m, beyond any roll the shop prints. */
export const PRODUCT_SIZE_MAX_MM = 100_000;

const sideMm = (what: string) =>
  z
    .number({ error: `${what}: целое число миллиметров` })
    .check(
      z.int({ error: `${what}: целое число миллиметров` }),
      z.gte(1, { error: `${what}: не меньше 1 мм` }),
      z.lte(PRODUCT_SIZE_MAX_MM, { error: `${what}: не больше ${PRODUCT_SIZE_MAX_MM.toLocaleString("ru-RU")} мм` }),
    );

/**
 * The sizes a per-m² product takes: each side from its minimum to its maximum in steps of `stepMm`
 * counted from the minimum (300–5000 step 10: 300, 310 … 5000).
 */
export const productSizeLimitsSchema = z
  .object({
    minWidthMm: sideMm("Наименьшая ширина"),
    maxWidthMm: sideMm("Наибольшая ширина"),
    minHeightMm: sideMm("Наименьшая высота"),
    maxHeightMm: sideMm("Наибольшая высота"),
    stepMm: sideMm("Шаг размера"),
  })
  .check(
    z.refine((limits) => limits.minWidthMm <= limits.maxWidthMm, { error: "Наименьшая ширина не может быть больше наибольшей", path: ["maxWidthMm"] }),
    z.refine((limits) => limits.minHeightMm <= limits.maxHeightMm, { error: "Наименьшая высота не может быть больше наибольшей", path: ["maxHeightMm"] }),
  );
export type ProductSizeLimits = z.infer<typeof productSizeLimitsSchema>;

/** A side of the line's own size in a query string (`width=1500`): checked against the product's limits by the service. */
export const sizeQueryParam = (side: "Ширина" | "Высота") =>
  queryInt({ min: 1, max: PRODUCT_SIZE_MAX_MM, messageUI: `${side} — целое число миллиметров от 1 до ${PRODUCT_SIZE_MAX_MM.toLocaleString("ru-RU")}` });

export const templateKindValues = ["pdf", "svg"] as const;
export type TemplateKind = (typeof templateKindValues)[number];

/**
 * `GET /public/product/{id}/template.pdf|svg`: the layout template for a format (`format=a4`, the
 * default format when absent) or, for a per-m² product, a size (`width=1500&height=800`, the
 * default size when absent).
 */
export const productTemplateQuerySchema = z.object({
  format: z.optional(z.string({ error: "Код формата указан неверно" }).check(z.trim(), z.maxLength(100, { error: "Код формата указан неверно" }))),
  width: sizeQueryParam("Ширина"),
  height: sizeQueryParam("Высота"),
});
export type ProductTemplateQuery = z.infer<typeof productTemplateQuerySchema>;

/** The path of a product's template for a choice, below the API base (`…/api`): the one rule for the server-rendered link and the product page. */
export function productTemplatePath(productId: number, kind: TemplateKind, choice: { format?: string | undefined; widthMm?: number | undefined; heightMm?: number | undefined }): string {
  const query = new URLSearchParams();
  if (choice.widthMm !== undefined && choice.heightMm !== undefined) {
    query.set("width", String(choice.widthMm));
    query.set("height", String(choice.heightMm));
  } else if (choice.format !== undefined) {
    query.set("format", choice.format);
  }
  const text = query.toString();
  return `/public/product/${productId}/template.${kind}${text === "" ? "" : `?${text}`}`;
}
