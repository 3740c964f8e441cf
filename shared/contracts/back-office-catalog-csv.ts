import { z } from "zod/mini";
import { queryBoolean } from "./query";

/*
 * The catalogue's CSV import and export (issue 29; the file's shape: server/docs/back-office-catalog-csv.md).
 * The import answers what it did (or, on a dry run, would do): counts, the products that change
 * with their changed fields (a capped list and the total), and every row's error with its line.
 */

/** `POST /api/employee/catalog/import?dryRun=true`: true (or absent) checks the file and writes nothing. */
export const catalogImportQuerySchema = z.object({
  dryRun: queryBoolean({ messageUI: "dryRun — «true» (только проверить) или «false» (загрузить)" }),
});
export type CatalogImportQuery = z.infer<typeof catalogImportQuerySchema>;

/** One field of a product (or category) that the file changes; values as the file writes them. */
export const catalogImportFieldChangeSchema = z.object({
  field: z.string(),
  before: z.nullable(z.string()),
  after: z.nullable(z.string()),
});
export type CatalogImportFieldChange = z.infer<typeof catalogImportFieldChangeSchema>;

/** A category or product the file creates or changes, with its key («визитки/standartnye»). */
export const catalogImportChangeSchema = z.object({
  kind: z.enum(["category", "product"]),
  action: z.enum(["create", "update"]),
  /** The category's slug, or «category slug/product slug». */
  key: z.string(),
  name: z.string(),
  /** The line of the category's or product's row. */
  line: z.number().check(z.int(), z.positive()),
  /** Empty for a new one. */
  fields: z.array(catalogImportFieldChangeSchema),
});
export type CatalogImportChange = z.infer<typeof catalogImportChangeSchema>;

/** A row the import refuses: its line in the file (1 is the header) and why, in Russian. */
export const catalogImportErrorSchema = z.object({
  line: z.number().check(z.int(), z.positive()),
  messageUI: z.string(),
});
export type CatalogImportError = z.infer<typeof catalogImportErrorSchema>;

export const catalogImportCountsSchema = z.object({
  /** Records read after the header. */
  rows: z.number().check(z.int(), z.gte(0)),
  productsCreated: z.number().check(z.int(), z.gte(0)),
  productsUpdated: z.number().check(z.int(), z.gte(0)),
  productsUnchanged: z.number().check(z.int(), z.gte(0)),
  categoriesCreated: z.number().check(z.int(), z.gte(0)),
  categoriesUpdated: z.number().check(z.int(), z.gte(0)),
});
export type CatalogImportCounts = z.infer<typeof catalogImportCountsSchema>;

/** The import's answer: `applied` is true when the catalogue was written (not a dry run, no errors). */
export const catalogImportResultSchema = z.object({
  dryRun: z.boolean(),
  applied: z.boolean(),
  counts: catalogImportCountsSchema,
  /** The first changes (up to 200); `changesTotal` counts them all. */
  changes: z.array(catalogImportChangeSchema),
  changesTotal: z.number().check(z.int(), z.gte(0)),
  /** The first errors (up to 500); `errorsTotal` counts them all. Any error: nothing was written. */
  errors: z.array(catalogImportErrorSchema),
  errorsTotal: z.number().check(z.int(), z.gte(0)),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;
