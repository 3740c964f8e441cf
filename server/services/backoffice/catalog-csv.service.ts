import { createReadStream } from "node:fs";
import { and, asc, eq, gt, inArray } from "drizzle-orm";
import type { CatalogImportChange, CatalogImportCounts, CatalogImportError, CatalogImportResult } from "../../../shared/contracts/index";
import { auditEntry } from "../../db/backoffice.schema";
import type { Database, DatabaseTransaction } from "../../db/client";
import { isStorageFault } from "../../db/storage-fault";
import { product, productCategory } from "../../db/catalog.schema";
import type { ProductRow } from "../../db/catalog.schema";
import { productDetail, productOption, productPriceTier } from "../../db/catalog-options.schema";
import { productListingFields } from "../catalog/product-listing";
import type { Viewer } from "../accounts/session.service";
import type { CacheInvalidation } from "../cache-invalidation";
import { ShopError, isShopError } from "../shop-error";
import { auditActorOf, changedFields, recordAudit } from "./audit";
import type { AuditActor, AuditRecord } from "./audit";
import { CSV_BOM, CsvReader, CsvSyntaxError, csvLine } from "./catalog-csv-format";
import type { CsvRecord } from "./catalog-csv-format";
import type { CsvCategory, CsvProduct } from "./catalog-csv-model";
import {
  CSV_COLUMNS,
  CsvRow,
  RowError,
  categoryRow,
  flatCategory,
  flatProduct,
  keyOf,
  kindOf,
  productProblems,
  productRows,
  readCategory,
  readDetail,
  readHeader,
  readOption,
  readProduct,
  readTier,
} from "./catalog-csv-rows";

/*
 * The whole catalogue as one CSV file, out and in (issue 29; docs: server/docs/back-office-catalog-csv.md).
 *
 * Export streams categories, then products page by page (each with its options, tiers, details),
 * never the whole catalogue in memory. Import reads a file already on disk (the route streams the
 * upload there) twice: a checking pass that reads every row, finds every error and works out
 * what would change, writing nothing — a dry run stops there, and so does any file with an error;
 * then, for a clean file, a writing pass that writes the products in batches with one audit entry
 * per changed product and at the end one `catalog-import` entry with the counts — the whole pass
 * one transaction, so a database that fails part-way leaves the catalogue exactly as it was.
 * Products and categories missing from the file are left as they are.
 */

/** Products read, compared and written together (the writing pass's statements stay a few per batch). */
const BATCH_PRODUCTS = 200;
/** Rows per INSERT (the parameters of one statement stay far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 1000;
const MAX_CHANGES_LISTED = 200;
const MAX_ERRORS_LISTED = 500;
const EXPORT_PAGE = 500;

export interface CatalogCsvService {
  /** The file's text piece by piece: a BOM and the header first. */
  exportCatalog(): AsyncGenerator<string>;
  /** Checks (and, unless `dryRun` or an error, writes) the file at `path`. */
  importCatalog(viewer: Viewer, path: string, options: { dryRun: boolean }): Promise<CatalogImportResult>;
}

// ——— Reading the catalogue ————————————————————————————————————————————————————————————————

type Executor = Database | DatabaseTransaction;

function categoryOf(row: typeof productCategory.$inferSelect): CsvCategory {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    photoPath: row.photoPath,
    sortOrder: row.sortOrder,
    hidden: row.hidden,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

/** The products of `rows` whole, in the order of `rows`. */
async function wholeProducts(db: Executor, rows: readonly ProductRow[], slugOfCategory: (id: number) => string): Promise<CsvProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // One after another: `db` may be a transaction (one connection), where node-postgres does not queue parallel queries.
  const options = await db.select().from(productOption).where(inArray(productOption.productId, ids)).orderBy(asc(productOption.productId), asc(productOption.sortOrder), asc(productOption.id));
  const tiers = await db.select().from(productPriceTier).where(inArray(productPriceTier.productId, ids)).orderBy(asc(productPriceTier.productId), asc(productPriceTier.minQuantity));
  const details = await db.select().from(productDetail).where(inArray(productDetail.productId, ids)).orderBy(asc(productDetail.productId), asc(productDetail.sortOrder), asc(productDetail.id));
  const byProduct = new Map<number, CsvProduct>();
  const result = rows.map((row) => {
    const whole: CsvProduct = {
      categorySlug: slugOfCategory(row.categoryId),
      slug: row.slug,
      name: row.name,
      description: row.description,
      photoPaths: row.photoPaths,
      hidden: row.hidden,
      archived: row.archivedAt !== null,
      productionTimeDay: row.productionTimeDay,
      urgentProductionTimeDay: row.urgentProductionTimeDay,
      urgentSurchargePct: row.urgentSurchargePct,
      discountPct: row.discountPct,
      sheetsPerUnit: row.sheetsPerUnit,
      sizeLimits: row.sizeLimits,
      seoName: row.seoName,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      seoKeywords: row.seoKeywords,
      options: [],
      tiers: [],
      details: [],
    };
    byProduct.set(row.id, whole);
    return whole;
  });
  for (const option of options) {
    byProduct.get(option.productId)?.options.push({
      group: option.group,
      code: option.code,
      label: option.label,
      sortOrder: option.sortOrder,
      isDefault: option.isDefault,
      pricePct: option.pricePct,
      unitPriceKopecks: option.unitPriceKopecks,
      setupPriceKopecks: option.setupPriceKopecks,
      widthMm: option.widthMm,
      heightMm: option.heightMm,
      paperGsm: option.paperGsm,
      sides: option.sides,
    });
  }
  for (const tier of tiers) byProduct.get(tier.productId)?.tiers.push({ minQuantity: tier.minQuantity, unitPriceKopecks: tier.unitPriceKopecks });
  for (const detail of details) {
    byProduct.get(detail.productId)?.details.push({ name: detail.name, sortOrder: detail.sortOrder, requiresOptionCode: detail.requiresOptionCode, profile: detail.profile });
  }
  return result;
}

/** The writing pass's transaction and the employee it writes as. */
interface ImportWriter {
  tx: DatabaseTransaction;
  actor: AuditActor;
  /** The file's lines being written (updated in place): what a failure names. */
  readonly lines: { from: number; to: number };
}

/** The database failed in the writing pass: everything rolled back; a 409 the employee may simply retry. */
function importRolledBack(lines: { from: number; to: number }, error: unknown): ShopError {
  const where = lines.from === lines.to ? `строки ${lines.from}` : `строк ${lines.from}–${lines.to}`;
  const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
  return new ShopError({
    statusCode: 409,
    code: "CATALOG_IMPORT_ROLLED_BACK",
    messageUI: `Каталог не изменён: база данных не приняла запись ${where}, и весь импорт отменён. Попробуйте загрузить файл ещё раз; если ошибка повторится, сообщите администратору.`,
    message: `The import's writing pass failed at lines ${lines.from}-${lines.to} and was rolled back: ${reason}`,
  });
}

// ——— Reading the file ———————————————————————————————————————————————————————————————————

type FileItem =
  | { type: "category"; line: number; value: CsvCategory }
  | { type: "product"; line: number; value: CsvProduct }
  | { type: "error"; line: number; messageUI: string };

const KIND_NAMES = { option: "варианта", tier: "ступени цены", detail: "детали" } as const;

/** The file's categories and whole products in order, and every error with its line; `counter.rows` counts the records after the header. */
async function* readCatalogFile(path: string, counter: { rows: number }): AsyncGenerator<FileItem> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const reader = new CsvReader();
  let columns: Map<(typeof CSV_COLUMNS)[number], number> | null = null;
  // The product being read, with the lines of its option, tier and detail rows (a whole-product problem names its row).
  let current: { line: number; value: CsvProduct | null; key: string; lines: Record<"option" | "tier" | "detail", number[]> } | null = null;
  const productLines = new Map<string, number>();
  const categoryLines = new Map<string, number>();

  function* finishProduct(): Generator<FileItem> {
    if (current?.value) {
      const problems = productProblems(current.value);
      for (const problem of problems) {
        const line = problem.row === null ? current.line : (current.lines[problem.row.kind][problem.row.index] ?? current.line);
        yield { type: "error", line, messageUI: `Строка ${line}: товар ${current.key}: ${problem.messageUI}` };
      }
      if (problems.length === 0) yield { type: "product", line: current.line, value: current.value };
    }
    current = null;
  }

  function* take(record: CsvRecord): Generator<FileItem> {
    if (columns === null) {
      const header = readHeader(record.fields);
      if ("messageUI" in header) {
        yield { type: "error", line: record.line, messageUI: header.messageUI };
        throw new StopReading();
      }
      columns = header.columns;
      return;
    }
    counter.rows += 1;
    const row = new CsvRow(record.line, record.fields, columns);
    try {
      if (record.fields.length > CSV_COLUMNS.length) throw new RowError(`в строке ${record.fields.length} полей, а столбцов ${CSV_COLUMNS.length} — проверьте кавычки и точки с запятой`);
      const kind = kindOf(row);
      if (kind === "category") {
        yield* finishProduct();
        const category = readCategory(row);
        const earlier = categoryLines.get(category.slug);
        if (earlier !== undefined) throw new RowError(`категория ${category.slug} уже есть в строке ${earlier}`);
        categoryLines.set(category.slug, row.line);
        yield { type: "category", line: row.line, value: category };
        return;
      }
      if (kind === "product") {
        yield* finishProduct();
        const { categorySlug, slug } = keyOf(row);
        const key = `${categorySlug}/${slug}`;
        current = { line: row.line, value: null, key, lines: { option: [], tier: [], detail: [] } };
        const earlier = productLines.get(key);
        if (earlier !== undefined) throw new RowError(`товар ${key} уже есть в строке ${earlier}`);
        productLines.set(key, row.line);
        current.value = readProduct(row);
        return;
      }
      const { categorySlug, slug } = keyOf(row);
      const key = `${categorySlug}/${slug}`;
      if (current?.key !== key) throw new RowError(`строка ${KIND_NAMES[kind]} товара ${key} должна идти сразу после строки этого товара (kind = product) и его других строк`);
      const whole: CsvProduct | null = current.value;
      current.lines[kind].push(row.line);
      if (kind === "option") {
        const option = readOption(row, whole?.options.length ?? 0);
        whole?.options.push(option);
      } else if (kind === "tier") {
        const tier = readTier(row);
        whole?.tiers.push(tier);
      } else {
        const detail = readDetail(row, whole?.details.length ?? 0);
        whole?.details.push(detail);
      }
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      // A product with a bad row is not written (nor compared): its other rows are still checked.
      if (current) current.value = null;
      yield { type: "error", line: row.line, messageUI: `Строка ${row.line}: ${error.messageUI}` };
    }
  }

  const syntaxError = (failure: CsvSyntaxError): FileItem => ({ type: "error", line: failure.line, messageUI: `Строка ${failure.line}: ${failure.messageUI}; дальше файл не читается` });
  try {
    for await (const chunk of createReadStream(path)) {
      let text: string;
      try {
        text = decoder.decode(chunk as Buffer, { stream: true });
      } catch {
        // The rows before the bad bytes are read, so the error names the line the bad bytes are on.
        const lenient = new TextDecoder("utf-8").decode(chunk as Buffer);
        for (const record of reader.push(lenient.slice(0, Math.max(0, lenient.indexOf("\uFFFD"))))) yield* take(record);
        yield encodingError(reader.currentLine);
        return;
      }
      for (const record of reader.push(text)) yield* take(record);
      if (reader.failure) {
        yield syntaxError(reader.failure);
        return;
      }
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      yield encodingError(reader.currentLine);
      return;
    }
    for (const record of [...reader.push(rest), ...reader.end()]) yield* take(record);
    if (reader.failure) {
      yield syntaxError(reader.failure);
      return;
    }
    if (columns === null) yield { type: "error", line: 1, messageUI: "Файл пуст: в нём нет даже строки заголовка" };
    yield* finishProduct();
  } catch (error) {
    if (error instanceof StopReading) return;
    throw error;
  }
}

class StopReading extends Error {}

function encodingError(line: number): FileItem {
  return { type: "error", line, messageUI: `Строка ${line}: текст не в кодировке UTF-8 — сохраните файл как «CSV UTF-8»; дальше файл не читается` };
}

// ——— The service ——————————————————————————————————————————————————————————————————————

interface PassReport {
  counts: CatalogImportCounts;
  changes: CatalogImportChange[];
  changesTotal: number;
  errors: CatalogImportError[];
  errorsTotal: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

export function createCatalogCsvService(db: Database, cacheInvalidation: CacheInvalidation): CatalogCsvService {
  async function categoriesBySlug(reader: Executor = db): Promise<Map<string, { id: number; value: CsvCategory }>> {
    const rows = await reader.select().from(productCategory).orderBy(asc(productCategory.sortOrder), asc(productCategory.id));
    return new Map(rows.map((row) => [row.slug, { id: row.id, value: categoryOf(row) }]));
  }

  async function* exportCatalog(): AsyncGenerator<string> {
    const categories = await categoriesBySlug();
    const slugs = new Map([...categories.values()].map((category) => [category.id, category.value.slug]));
    const slugOfCategory = (id: number): string => slugs.get(id) ?? "";
    yield CSV_BOM + csvLine(CSV_COLUMNS);
    yield [...categories.values()].map((category) => csvLine(categoryRow(category.value))).join("");
    let after = 0;
    for (;;) {
      const rows = await db.select().from(product).where(gt(product.id, after)).orderBy(asc(product.id)).limit(EXPORT_PAGE);
      if (rows.length === 0) return;
      after = rows[rows.length - 1]?.id ?? after;
      const whole = await wholeProducts(db, rows, slugOfCategory);
      yield whole.flatMap((item) => productRows(item).map(csvLine)).join("");
    }
  }

  /** Inserts the children of products (by their ids). */
  async function insertChildren(tx: DatabaseTransaction, items: readonly { id: number; value: CsvProduct }[]): Promise<void> {
    const options = items.flatMap(({ id, value }) => value.options.map((option) => ({ productId: id, ...option })));
    const tiers = items.flatMap(({ id, value }) => value.tiers.map((tier) => ({ productId: id, ...tier })));
    const details = items.flatMap(({ id, value }) => value.details.map((detail) => ({ productId: id, ...detail })));
    for (const part of chunks(options, INSERT_CHUNK)) await tx.insert(productOption).values(part);
    for (const part of chunks(tiers, INSERT_CHUNK)) await tx.insert(productPriceTier).values(part);
    for (const part of chunks(details, INSERT_CHUNK)) await tx.insert(productDetail).values(part);
  }

  function productColumns(value: CsvProduct, categoryId: number, archivedAt: Date | null, now: Date) {
    // The checking pass refused every product that cannot be priced; this one is a bug, and the whole import rolls back.
    const listing = productListingFields(value);
    if (!listing.ok) throw new Error(`The checked product ${value.categorySlug}/${value.slug} cannot be priced: ${listing.failure.message}`);
    return {
      categoryId,
      slug: value.slug,
      name: value.name,
      ...listing.fields,
      description: value.description,
      photoPaths: value.photoPaths,
      discountPct: value.discountPct,
      productionTimeDay: value.productionTimeDay,
      urgentProductionTimeDay: value.urgentProductionTimeDay,
      urgentSurchargePct: value.urgentSurchargePct,
      sheetsPerUnit: value.sheetsPerUnit,
      sizeLimits: value.sizeLimits,
      seoName: value.seoName,
      seoTitle: value.seoTitle,
      seoDescription: value.seoDescription,
      seoKeywords: value.seoKeywords,
      hidden: value.hidden,
      archivedAt: value.archived ? (archivedAt ?? now) : null,
      updatedAt: now,
    };
  }

  /**
   * One pass over the file: checks and compares everything; with a `writer`, writes too, every read
   * and write inside the writer's one transaction (the caller's: the import is all or nothing).
   */
  async function pass(path: string, writer: ImportWriter | null): Promise<PassReport> {
    const reader: Executor = writer?.tx ?? db;
    const counter = { rows: 0 };
    const counts: CatalogImportCounts = { rows: 0, productsCreated: 0, productsUpdated: 0, productsUnchanged: 0, categoriesCreated: 0, categoriesUpdated: 0 };
    const report: PassReport = { counts, changes: [], changesTotal: 0, errors: [], errorsTotal: 0 };
    const categories = await categoriesBySlug(reader);
    const slugs = new Map([...categories.values()].map((category) => [category.id, category.value.slug]));
    const slugOfCategory = (id: number): string => slugs.get(id) ?? "";
    let batch: { line: number; value: CsvProduct }[] = [];

    const addChange = (change: CatalogImportChange): void => {
      report.changesTotal += 1;
      if (report.changes.length < MAX_CHANGES_LISTED) report.changes.push(change);
    };
    const addError = (line: number, messageUI: string): void => {
      report.errorsTotal += 1;
      if (report.errors.length < MAX_ERRORS_LISTED) report.errors.push({ line, messageUI });
    };

    async function takeCategory(line: number, value: CsvCategory): Promise<void> {
      const existing = categories.get(value.slug);
      const before = existing ? flatCategory(existing.value) : null;
      const after = flatCategory(value);
      const fields = changedFields(before, after).map((change) => ({ field: change.field, before: change.before as string | null, after: change.after as string | null }));
      if (existing && fields.length === 0) return;
      if (existing) counts.categoriesUpdated += 1;
      else counts.categoriesCreated += 1;
      addChange({ kind: "category", action: existing ? "update" : "create", key: value.slug, name: value.name, line, fields: existing ? fields : [] });
      // The checking pass knows a new category by its slug alone (id 0): its products are all new.
      let id = existing?.id ?? 0;
      if (writer) {
        const { tx, actor } = writer;
        Object.assign(writer.lines, { from: line, to: line });
        const columns = { ...value };
        const written = existing
          ? await tx.update(productCategory).set(columns).where(eq(productCategory.id, existing.id)).returning({ id: productCategory.id })
          : await tx.insert(productCategory).values(columns).returning({ id: productCategory.id });
        id = written[0]?.id ?? 0;
        await recordAudit(tx, actor, { objectType: "category", objectId: id, action: "import", before, after });
      }
      categories.set(value.slug, { id, value });
      slugs.set(id, value.slug);
    }

    async function flush(): Promise<void> {
      const items = batch;
      batch = [];
      if (items.length === 0) return;
      const categoryIds = [...new Set(items.map((item) => categories.get(item.value.categorySlug)?.id ?? 0))].filter((id) => id !== 0);
      const found =
        categoryIds.length === 0
          ? []
          : await reader
              .select()
              .from(product)
              .where(and(inArray(product.categoryId, categoryIds), inArray(product.slug, [...new Set(items.map((item) => item.value.slug))])));
      const wanted = new Set(items.map((item) => `${item.value.categorySlug}/${item.value.slug}`));
      const rows = found.filter((row) => wanted.has(`${slugOfCategory(row.categoryId)}/${row.slug}`));
      const existing = await wholeProducts(reader, rows, slugOfCategory);
      const byKey = new Map(rows.map((row, index) => [`${slugOfCategory(row.categoryId)}/${row.slug}`, { row, whole: existing[index] }]));

      const creates: { value: CsvProduct; after: Record<string, string> }[] = [];
      const updates: { row: ProductRow; value: CsvProduct; before: Record<string, string>; after: Record<string, string> }[] = [];
      for (const { line, value } of items) {
        const key = `${value.categorySlug}/${value.slug}`;
        const known = byKey.get(key);
        const after = flatProduct(value, value.categorySlug);
        if (!known?.whole) {
          counts.productsCreated += 1;
          creates.push({ value, after });
          addChange({ kind: "product", action: "create", key, name: value.name, line, fields: [] });
          continue;
        }
        const before = flatProduct(known.whole, known.whole.categorySlug);
        const fields = changedFields(before, after);
        if (fields.length === 0) {
          counts.productsUnchanged += 1;
          continue;
        }
        counts.productsUpdated += 1;
        updates.push({ row: known.row, value, before, after });
        addChange({
          kind: "product",
          action: "update",
          key,
          name: value.name,
          line,
          fields: fields.map((change) => ({ field: change.field, before: (change.before as string | null) ?? null, after: (change.after as string | null) ?? null })),
        });
      }
      if (!writer || (creates.length === 0 && updates.length === 0)) return;
      const { tx, actor } = writer;
      Object.assign(writer.lines, { from: items[0]?.line ?? 0, to: items[items.length - 1]?.line ?? 0 });
      const now = new Date();
      const created: { id: number; value: CsvProduct }[] = [];
      for (const part of chunks(creates, INSERT_CHUNK / 10)) {
        const ids = await tx
          .insert(product)
          .values(part.map(({ value }) => productColumns(value, categories.get(value.categorySlug)?.id ?? 0, null, now)))
          .returning({ id: product.id });
        part.forEach(({ value }, index) => {
          const id = ids[index]?.id;
          if (id !== undefined) created.push({ id, value });
        });
      }
      const entries: AuditRecord[] = created.map(({ id }, index) => ({ objectType: "product", objectId: id, action: "import", before: null, after: creates[index]?.after ?? null }));
      const updatedIds = updates.map(({ row }) => row.id);
      for (const { row, value, before, after } of updates) {
        await tx.update(product).set(productColumns(value, row.categoryId, row.archivedAt, now)).where(eq(product.id, row.id));
        entries.push({ objectType: "product", objectId: row.id, action: "import", before, after });
      }
      // The audit's entries of the batch in one statement: what recordAudit writes, one per changed product.
      for (const part of chunks(entries, INSERT_CHUNK / 4)) {
        await tx.insert(auditEntry).values(
          part.map((entry) => ({ employeeId: actor.id, employeeName: actor.name, objectType: entry.objectType, objectId: String(entry.objectId), action: entry.action, changes: changedFields(entry.before, entry.after) })),
        );
      }
      if (updatedIds.length > 0) {
        // A product's options, tiers and details are what the file says: the old rows go, the file's come (cart lines keep codes, not ids).
        await tx.delete(productOption).where(inArray(productOption.productId, updatedIds));
        await tx.delete(productPriceTier).where(inArray(productPriceTier.productId, updatedIds));
        await tx.delete(productDetail).where(inArray(productDetail.productId, updatedIds));
      }
      await insertChildren(tx, [...created, ...updates.map(({ row, value }) => ({ id: row.id, value }))]);
    }

    for await (const item of readCatalogFile(path, counter)) {
      if (item.type === "error") addError(item.line, item.messageUI);
      else if (item.type === "category") await takeCategory(item.line, item.value);
      else if (!categories.has(item.value.categorySlug)) {
        addError(item.line, `Строка ${item.line}: категории «${item.value.categorySlug}» нет ни в каталоге, ни выше в файле (строка kind = category)`);
      } else {
        batch.push(item);
        if (batch.length >= BATCH_PRODUCTS) await flush();
      }
    }
    await flush();
    counts.rows = counter.rows;
    report.errors.sort((a, b) => a.line - b.line);
    return report;
  }

  async function importCatalog(viewer: Viewer, path: string, options: { dryRun: boolean }): Promise<CatalogImportResult> {
    const checked = await pass(path, null);
    const clean = checked.errorsTotal === 0;
    if (options.dryRun || !clean) return { dryRun: options.dryRun, applied: false, ...checked };
    const actor = auditActorOf(viewer);
    // One transaction for the whole writing pass: a database that fails on any row (a constraint,
    // a lost connection) rolls every row back, and the catalogue stays as it was.
    const lines = { from: 0, to: 0 };
    let written: PassReport;
    try {
      written = await db.transaction(async (tx) => {
        const report = await pass(path, { tx, actor, lines });
        await recordAudit(tx, actor, { objectType: "catalog-import", objectId: "catalog", action: "import", before: null, after: { ...report.counts, changesTotal: report.changesTotal } });
        return report;
      });
    } catch (error) {
      // A disk that refuses writes stays the storage's 503 (rolled back all the same).
      if (isShopError(error) || isStorageFault(error)) throw error;
      throw importRolledBack(lines, error);
    }
    // Committed: on the storefront at once, on every node.
    await cacheInvalidation.invalidate("catalog");
    return { dryRun: false, applied: true, ...written };
  }

  return { exportCatalog, importCatalog };
}
