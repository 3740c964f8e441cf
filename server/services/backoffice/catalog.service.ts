import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type {
  CatalogPhoto,
  EmployeeCategoryInput,
  EmployeeCategoryRecord,
  EmployeeProductInput,
  EmployeeProductListPage,
  EmployeeProductListQuery,
  EmployeeProductOptionGroup,
  EmployeeProductRecord,
} from "../../../shared/contracts/index";
import { PRICING_OPTION_GROUPS } from "../../../shared/domain/pricing";
import type { Database, DatabaseTransaction } from "../../db/client";
import { product, productCategory, productDetail, productOption, productPriceTier } from "../../db/schema";
import type { ProductCategoryRow, ProductRow } from "../../db/schema";
import { productListingFields } from "../catalog/product-listing";
import type { ProductListingFields } from "../catalog/product-listing";
import type { Viewer } from "../accounts/session.service";
import { publicFileUrl } from "../catalog/catalog.mapper";
import { ShopError } from "../shop-error";
import { auditActorOf, recordAudit } from "./audit";

/*
 * The back office's catalogue (issue 29): categories and whole products as the `catalog` role
 * edits them. Every write is one transaction with its audit entry; the route drops the
 * storefront's caches after the commit. Money: roubles in the API, kopecks in the database.
 */

export interface BackOfficeCatalogService {
  listCategories(publicOrigin: string): Promise<EmployeeCategoryRecord[]>;
  getCategory(id: number, publicOrigin: string): Promise<EmployeeCategoryRecord>;
  createCategory(viewer: Viewer, input: EmployeeCategoryInput, publicOrigin: string): Promise<EmployeeCategoryRecord>;
  /** Answers the category and whether anything changed. */
  updateCategory(viewer: Viewer, id: number, input: EmployeeCategoryInput, publicOrigin: string): Promise<{ category: EmployeeCategoryRecord; changed: boolean }>;
  /** Sets the category's picture (from the upload); the old one stays in storage (other objects may show it). */
  setCategoryPhoto(viewer: Viewer, id: number, path: string): Promise<void>;
  listProducts(query: EmployeeProductListQuery, publicOrigin: string): Promise<EmployeeProductListPage>;
  getProduct(id: number, publicOrigin: string): Promise<EmployeeProductRecord>;
  createProduct(viewer: Viewer, input: EmployeeProductInput, publicOrigin: string): Promise<EmployeeProductRecord>;
  /** `updatedAt`, when given, must be the stored one (409 otherwise). */
  updateProduct(
    viewer: Viewer,
    id: number,
    input: EmployeeProductInput & { updatedAt?: string | undefined },
    publicOrigin: string,
  ): Promise<{ product: EmployeeProductRecord; changed: boolean }>;
  archiveProduct(viewer: Viewer, id: number, archived: boolean, publicOrigin: string): Promise<{ product: EmployeeProductRecord; changed: boolean }>;
  /** Appends an uploaded photo to the product's photos. */
  addProductPhoto(viewer: Viewer, id: number, path: string): Promise<void>;
}

const kopecks = (roubles: number): number => Math.round(roubles * 100);
const roubles = (value: number): number => value / 100;

function categoryNotFound(id: number): ShopError {
  return new ShopError({ statusCode: 404, code: "CATEGORY_NOT_FOUND", messageUI: "Категория не найдена", message: `Category ${id} does not exist` });
}

function productNotFound(id: number): ShopError {
  return new ShopError({ statusCode: 404, code: "PRODUCT_NOT_FOUND", messageUI: "Товар не найден", message: `Product ${id} does not exist` });
}

function slugTaken(what: "category" | "product", slug: string): ShopError {
  const messageUI =
    what === "category" ? `Адрес «${slug}» уже занят другой категорией: выберите другой` : `Адрес «${slug}» уже занят другим товаром этой категории: выберите другой`;
  return new ShopError({ statusCode: 409, code: "SLUG_TAKEN", messageUI, message: `The ${what} slug ${slug} is taken`, issues: [{ field: "slug", messageUI }] });
}

/** PostgreSQL's unique_violation, however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: unknown }).code === "23505") return true;
  }
  return false;
}

function photoOf(path: string, publicOrigin: string): CatalogPhoto & { url: string } {
  return { path, url: publicFileUrl(publicOrigin, path) };
}

function toCategoryRecord(row: ProductCategoryRow, productCount: number, publicOrigin: string): EmployeeCategoryRecord {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    hidden: row.hidden,
    photo: row.photoPath === null ? null : photoOf(row.photoPath, publicOrigin),
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
    productCount,
  };
}

/** The category's stored fields, as the audit compares them. */
function categoryFields(input: EmployeeCategoryInput) {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    sortOrder: input.sortOrder,
    hidden: input.hidden,
    photoPath: input.photo?.path ?? null,
    seoName: input.seoName,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    seoKeywords: input.seoKeywords,
  };
}

function categoryAuditOf(row: ProductCategoryRow): Record<string, unknown> {
  return {
    slug: row.slug,
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    hidden: row.hidden,
    photoPath: row.photoPath,
    seoName: row.seoName,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    seoKeywords: row.seoKeywords,
  };
}

/** Options in the storefront's group order, each group's values in the shop's order. */
function sortedOptions(options: readonly EmployeeProductOptionGroup[]): EmployeeProductOptionGroup[] {
  return PRICING_OPTION_GROUPS.flatMap((group) => options.filter((each) => each.group === group));
}

/** The whole product as the audit compares it (and as the record answers, minus the read-only fields). */
function productContent(input: EmployeeProductInput): Omit<EmployeeProductInput, "photos"> & { photos: string[] } {
  return {
    categoryId: input.categoryId,
    slug: input.slug,
    name: input.name,
    description: input.description,
    photos: input.photos.map((photo) => photo.path),
    seoName: input.seoName,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
    seoKeywords: input.seoKeywords,
    productionTimeDay: input.productionTimeDay,
    urgentProductionTimeDay: input.urgentProductionTimeDay,
    urgentSurchargePct: input.urgentSurchargePct,
    discountPct: input.discountPct,
    sheetsPerUnit: input.sheetsPerUnit,
    sizeLimits: input.sizeLimits,
    hidden: input.hidden,
    options: sortedOptions(input.options).map((group) => ({
      group: group.group,
      values: [...group.values].sort((a, b) => a.sortOrder - b.sortOrder).map((value) => ({ ...value })),
    })),
    tiers: [...input.tiers].sort((a, b) => a.minQuantity - b.minQuantity).map((tier) => ({ ...tier })),
    details: [...input.details].sort((a, b) => a.sortOrder - b.sortOrder).map((detail) => ({ ...detail })),
  };
}

/** The listing columns (sort key, «от» price) of the product as entered: the one rule of services/catalog/product-listing.ts. */
function listingFieldsOf(input: EmployeeProductInput): ProductListingFields {
  const listing = productListingFields({
    name: input.name,
    sheetsPerUnit: input.sheetsPerUnit,
    sizeLimits: input.sizeLimits,
    options: input.options.flatMap((group) =>
      group.values.map((value) => ({ group: group.group, ...value, unitPriceKopecks: kopecks(value.unitPrice), setupPriceKopecks: kopecks(value.setupPrice) })),
    ),
    tiers: input.tiers.map((tier) => ({ minQuantity: tier.minQuantity, unitPriceKopecks: kopecks(tier.unitPrice) })),
  });
  if (!listing.ok) {
    throw new ShopError({
      statusCode: 400,
      code: "PRODUCT_NOT_PRICEABLE",
      messageUI: `Цену товара нельзя посчитать: ${listing.failure.messageUI}`,
      message: `The product cannot be priced: ${listing.failure.message}`,
    });
  }
  return listing.fields;
}

export function createBackOfficeCatalogService(db: Database): BackOfficeCatalogService {
  /** Products per category that are not archived (hidden ones included). */
  async function productCounts(categoryId?: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ categoryId: product.categoryId, products: count() })
      .from(product)
      .where(and(isNull(product.archivedAt), categoryId === undefined ? undefined : eq(product.categoryId, categoryId)))
      .groupBy(product.categoryId);
    return new Map(rows.map((row) => [row.categoryId, row.products]));
  }

  async function categoryRow(executor: Database | DatabaseTransaction, id: number, lock = false): Promise<ProductCategoryRow> {
    const query = executor.select().from(productCategory).where(eq(productCategory.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw categoryNotFound(id);
    return row;
  }

  async function ensureCategorySlugFree(tx: DatabaseTransaction, slug: string, exceptId: number | null): Promise<void> {
    const [taken] = await tx
      .select({ id: productCategory.id })
      .from(productCategory)
      .where(and(eq(productCategory.slug, slug), exceptId === null ? undefined : ne(productCategory.id, exceptId)))
      .limit(1);
    if (taken) throw slugTaken("category", slug);
  }

  async function ensureProductSlugFree(tx: DatabaseTransaction, categoryId: number, slug: string, exceptId: number | null): Promise<void> {
    const [taken] = await tx
      .select({ id: product.id })
      .from(product)
      .where(and(eq(product.categoryId, categoryId), eq(product.slug, slug), exceptId === null ? undefined : ne(product.id, exceptId)))
      .limit(1);
    if (taken) throw slugTaken("product", slug);
  }

  async function ensureCategoryExists(tx: DatabaseTransaction, categoryId: number): Promise<void> {
    const [found] = await tx.select({ id: productCategory.id }).from(productCategory).where(eq(productCategory.id, categoryId)).limit(1);
    if (!found) {
      const messageUI = "Такой категории нет: выберите категорию из списка";
      throw new ShopError({ statusCode: 400, code: "CATEGORY_NOT_FOUND", messageUI, message: `Category ${categoryId} does not exist`, issues: [{ field: "categoryId", messageUI }] });
    }
  }

  /** The product's content as stored (the shape `productContent` makes of an input). */
  async function storedContent(executor: Database | DatabaseTransaction, row: ProductRow): Promise<ReturnType<typeof productContent>> {
    // One after another: inside a transaction the executor is one connection, and node-postgres does not queue parallel queries on it.
    const options = await executor.select().from(productOption).where(eq(productOption.productId, row.id)).orderBy(asc(productOption.sortOrder), asc(productOption.id));
    const tiers = await executor.select().from(productPriceTier).where(eq(productPriceTier.productId, row.id)).orderBy(asc(productPriceTier.minQuantity));
    const details = await executor.select().from(productDetail).where(eq(productDetail.productId, row.id)).orderBy(asc(productDetail.sortOrder), asc(productDetail.id));
    return {
      categoryId: row.categoryId,
      slug: row.slug,
      name: row.name,
      description: row.description,
      photos: row.photoPaths,
      seoName: row.seoName,
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      seoKeywords: row.seoKeywords,
      productionTimeDay: row.productionTimeDay,
      urgentProductionTimeDay: row.urgentProductionTimeDay,
      urgentSurchargePct: row.urgentSurchargePct,
      discountPct: row.discountPct,
      sheetsPerUnit: row.sheetsPerUnit,
      sizeLimits: row.sizeLimits,
      hidden: row.hidden,
      options: PRICING_OPTION_GROUPS.flatMap((group) => {
        const values = options.filter((option) => option.group === group);
        return values.length === 0
          ? []
          : [
              {
                group,
                values: values.map((option) => ({
                  code: option.code,
                  label: option.label,
                  sortOrder: option.sortOrder,
                  isDefault: option.isDefault,
                  pricePct: option.pricePct,
                  unitPrice: roubles(option.unitPriceKopecks),
                  setupPrice: roubles(option.setupPriceKopecks),
                  widthMm: option.widthMm,
                  heightMm: option.heightMm,
                  paperGsm: option.paperGsm,
                  sides: option.sides,
                })),
              },
            ];
      }),
      tiers: tiers.map((tier) => ({ minQuantity: tier.minQuantity, unitPrice: roubles(tier.unitPriceKopecks) })),
      details: details.map((detail) => ({ name: detail.name, sortOrder: detail.sortOrder, profile: detail.profile, requiresOptionCode: detail.requiresOptionCode })),
    };
  }

  function toProductRecord(row: ProductRow, content: ReturnType<typeof productContent>, publicOrigin: string): EmployeeProductRecord {
    return {
      id: row.id,
      ...content,
      photos: content.photos.map((path) => photoOf(path, publicOrigin)),
      archivedAt: row.archivedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function productRow(executor: Database | DatabaseTransaction, id: number, lock = false): Promise<ProductRow> {
    const query = executor.select().from(product).where(eq(product.id, id)).limit(1);
    const [row] = lock ? await query.for("update") : await query;
    if (!row) throw productNotFound(id);
    return row;
  }

  /** Replaces the product's options, tiers and details with the input's. */
  async function writeParts(tx: DatabaseTransaction, productId: number, content: ReturnType<typeof productContent>): Promise<void> {
    await tx.delete(productOption).where(eq(productOption.productId, productId));
    await tx.delete(productPriceTier).where(eq(productPriceTier.productId, productId));
    await tx.delete(productDetail).where(eq(productDetail.productId, productId));
    const options = content.options.flatMap((group) =>
      group.values.map((value) => ({
        productId,
        group: group.group,
        code: value.code,
        label: value.label,
        sortOrder: value.sortOrder,
        isDefault: value.isDefault,
        pricePct: value.pricePct,
        unitPriceKopecks: kopecks(value.unitPrice),
        setupPriceKopecks: kopecks(value.setupPrice),
        widthMm: value.widthMm,
        heightMm: value.heightMm,
        paperGsm: value.paperGsm,
        sides: value.sides,
      })),
    );
    if (options.length > 0) await tx.insert(productOption).values(options);
    if (content.tiers.length > 0) {
      await tx.insert(productPriceTier).values(content.tiers.map((tier) => ({ productId, minQuantity: tier.minQuantity, unitPriceKopecks: kopecks(tier.unitPrice) })));
    }
    if (content.details.length > 0) {
      await tx.insert(productDetail).values(
        content.details.map((detail) => ({ productId, name: detail.name, sortOrder: detail.sortOrder, profile: detail.profile, requiresOptionCode: detail.requiresOptionCode })),
      );
    }
  }

  function productColumns(input: EmployeeProductInput, content: ReturnType<typeof productContent>) {
    return {
      categoryId: input.categoryId,
      slug: input.slug,
      name: input.name,
      ...listingFieldsOf(input),
      description: input.description,
      photoPaths: content.photos,
      discountPct: input.discountPct,
      productionTimeDay: input.productionTimeDay,
      urgentProductionTimeDay: input.urgentProductionTimeDay,
      urgentSurchargePct: input.urgentSurchargePct,
      sheetsPerUnit: input.sheetsPerUnit,
      sizeLimits: input.sizeLimits,
      seoName: input.seoName,
      seoTitle: input.seoTitle,
      seoDescription: input.seoDescription,
      seoKeywords: input.seoKeywords,
      hidden: input.hidden,
    };
  }

  /** Runs a write; a unique violation that slipped past the checks (a concurrent save) is the slug's 409. */
  async function writing<T>(what: "category" | "product", slug: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(what, slug);
      throw error;
    }
  }

  return {
    async listCategories(publicOrigin) {
      const [rows, counts] = await Promise.all([
        db.select().from(productCategory).orderBy(asc(productCategory.sortOrder), asc(productCategory.id)),
        productCounts(),
      ]);
      return rows.map((row) => toCategoryRecord(row, counts.get(row.id) ?? 0, publicOrigin));
    },

    async getCategory(id, publicOrigin) {
      const [row, counts] = await Promise.all([categoryRow(db, id), productCounts(id)]);
      return toCategoryRecord(row, counts.get(id) ?? 0, publicOrigin);
    },

    async createCategory(viewer, input, publicOrigin) {
      const row = await writing("category", input.slug, () =>
        db.transaction(async (tx) => {
          await ensureCategorySlugFree(tx, input.slug, null);
          const [created] = await tx.insert(productCategory).values(categoryFields(input)).returning();
          if (!created) throw new Error("The category was not inserted");
          await recordAudit(tx, auditActorOf(viewer), { objectType: "category", objectId: created.id, action: "create", before: null, after: categoryAuditOf(created) });
          return created;
        }),
      );
      return toCategoryRecord(row, 0, publicOrigin);
    },

    async updateCategory(viewer, id, input, publicOrigin) {
      const { row, changed } = await writing("category", input.slug, () =>
        db.transaction(async (tx) => {
          const before = await categoryRow(tx, id, true);
          const after = { ...before, ...categoryFields(input) };
          const changes = recordAudit(tx, auditActorOf(viewer), { objectType: "category", objectId: id, action: "update", before: categoryAuditOf(before), after: categoryAuditOf(after) });
          if (!(await changes)) return { row: before, changed: false };
          if (after.slug !== before.slug) await ensureCategorySlugFree(tx, after.slug, id);
          const [updated] = await tx.update(productCategory).set(categoryFields(input)).where(eq(productCategory.id, id)).returning();
          return { row: updated ?? after, changed: true };
        }),
      );
      const counts = await productCounts(id);
      return { category: toCategoryRecord(row, counts.get(id) ?? 0, publicOrigin), changed };
    },

    async setCategoryPhoto(viewer, id, path) {
      await db.transaction(async (tx) => {
        const before = await categoryRow(tx, id, true);
        await tx.update(productCategory).set({ photoPath: path }).where(eq(productCategory.id, id));
        await recordAudit(tx, auditActorOf(viewer), { objectType: "category", objectId: id, action: "photo", before: { photoPath: before.photoPath }, after: { photoPath: path } });
      });
    },

    async listProducts(query, publicOrigin) {
      const offset = query.offset ?? 0;
      const limit = query.limit ?? EMPLOYEE_PRODUCT_LIST_DEFAULT_LIMIT;
      const conditions: (SQL | undefined)[] = [];
      if (query.categoryId !== undefined) conditions.push(eq(product.categoryId, query.categoryId));
      const state = query.state ?? "all";
      if (state === "active") conditions.push(isNull(product.archivedAt), eq(product.hidden, false), eq(productCategory.hidden, false));
      if (state === "hidden") conditions.push(isNull(product.archivedAt), or(eq(product.hidden, true), eq(productCategory.hidden, true)));
      if (state === "archived") conditions.push(isNotNull(product.archivedAt));
      if (query.q !== undefined) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        const asId = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
        conditions.push(or(ilike(product.name, pattern), ilike(product.slug, pattern), asId === null ? undefined : eq(product.id, asId)));
      }
      const where = and(...conditions);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ product, categoryName: productCategory.name, categoryHidden: productCategory.hidden })
          .from(product)
          .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
          .where(where)
          .orderBy(desc(product.updatedAt), desc(product.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(product).innerJoin(productCategory, eq(productCategory.id, product.categoryId)).where(where),
      ]);
      return {
        items: rows.map(({ product: row, categoryName, categoryHidden }) => {
          const [firstPhoto] = row.photoPaths;
          return {
            id: row.id,
            categoryId: row.categoryId,
            categoryName,
            slug: row.slug,
            name: row.name,
            photoUrl: firstPhoto === undefined ? null : publicFileUrl(publicOrigin, firstPhoto),
            priceFrom: roubles(row.priceFromKopecks),
            discountPct: row.discountPct,
            hidden: row.hidden,
            categoryHidden,
            archivedAt: row.archivedAt?.toISOString() ?? null,
            updatedAt: row.updatedAt.toISOString(),
          };
        }),
        total: counted?.total ?? 0,
        offset,
        limit,
      };
    },

    async getProduct(id, publicOrigin) {
      const row = await productRow(db, id);
      return toProductRecord(row, await storedContent(db, row), publicOrigin);
    },

    async createProduct(viewer, input, publicOrigin) {
      const content = productContent(input);
      const columns = productColumns(input, content);
      const row = await writing("product", input.slug, () =>
        db.transaction(async (tx) => {
          await ensureCategoryExists(tx, input.categoryId);
          await ensureProductSlugFree(tx, input.categoryId, input.slug, null);
          const [created] = await tx.insert(product).values(columns).returning();
          if (!created) throw new Error("The product was not inserted");
          await writeParts(tx, created.id, content);
          await recordAudit(tx, auditActorOf(viewer), { objectType: "product", objectId: created.id, action: "create", before: null, after: content });
          return created;
        }),
      );
      return toProductRecord(row, content, publicOrigin);
    },

    async updateProduct(viewer, id, input, publicOrigin) {
      const content = productContent(input);
      const { row, changed } = await writing("product", input.slug, () =>
        db.transaction(async (tx) => {
          const before = await productRow(tx, id, true);
          if (input.updatedAt !== undefined && Date.parse(input.updatedAt) !== before.updatedAt.getTime()) {
            throw new ShopError({
              statusCode: 409,
              code: "PRODUCT_CHANGED",
              messageUI: "Товар уже изменил кто-то другой: откройте его заново и повторите правку",
              message: `Product ${id} was changed at ${before.updatedAt.toISOString()}, not ${input.updatedAt}`,
            });
          }
          const was = await storedContent(tx, before);
          if (!(await recordAudit(tx, auditActorOf(viewer), { objectType: "product", objectId: id, action: "update", before: was, after: content }))) {
            return { row: before, changed: false };
          }
          if (input.categoryId !== before.categoryId) await ensureCategoryExists(tx, input.categoryId);
          if (input.categoryId !== before.categoryId || input.slug !== before.slug) await ensureProductSlugFree(tx, input.categoryId, input.slug, id);
          const [updated] = await tx
            .update(product)
            .set({ ...productColumns(input, content), updatedAt: sql`now()` })
            .where(eq(product.id, id))
            .returning();
          await writeParts(tx, id, content);
          return { row: updated ?? before, changed: true };
        }),
      );
      return { product: toProductRecord(row, changed ? content : await storedContent(db, row), publicOrigin), changed };
    },

    async archiveProduct(viewer, id, archived, publicOrigin) {
      const { row, changed } = await db.transaction(async (tx) => {
        const before = await productRow(tx, id, true);
        if ((before.archivedAt !== null) === archived) return { row: before, changed: false };
        const [updated] = await tx
          .update(product)
          .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
          .where(eq(product.id, id))
          .returning();
        const after = updated ?? before;
        await recordAudit(tx, auditActorOf(viewer), {
          objectType: "product",
          objectId: id,
          action: archived ? "archive" : "unarchive",
          before: { archivedAt: before.archivedAt },
          after: { archivedAt: after.archivedAt },
        });
        return { row: after, changed: true };
      });
      return { product: toProductRecord(row, await storedContent(db, row), publicOrigin), changed };
    },

    async addProductPhoto(viewer, id, path) {
      await db.transaction(async (tx) => {
        const before = await productRow(tx, id, true);
        const photos = [...before.photoPaths, path];
        await tx.update(product).set({ photoPaths: photos, updatedAt: sql`now()` }).where(eq(product.id, id));
        await recordAudit(tx, auditActorOf(viewer), { objectType: "product", objectId: id, action: "photo", before: { photos: before.photoPaths }, after: { photos } });
      });
    },
  };
}
