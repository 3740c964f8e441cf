import { and, count, eq } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { PricingOption, SizeLimits } from "../../shared/domain/pricing";
import { readCityCsv, writeCities } from "../services/geo/city-import";
import type { CityImportReport } from "../services/geo/city-import";
import type { FileStorage } from "../storage/file-storage";
import { pagePlainText } from "../services/pages/pages.mapper";
import { websiteBlockKeys } from "../services/pages/pages.service";
import { hashPassword } from "../services/accounts/password";
import type { Database } from "../db/client";
import { DEMO_ACCOUNTS, DEMO_PROMOCODES, readDemoAccounts, readDemoCatalog, readDemoPricing, readDemoSite, SITE_FOLDER, sitePictures } from "./demo-data";
import type { DemoPage, DemoPricing, DemoSite } from "./demo-data";
import { seedGeography } from "../services/geo/geo-seed";
import { city } from "../db/geo.schema";
import { rekeyProductNames } from "../db/product-sort-keys";
import {
  account,
  address,
  balanceEntry,
  company,
  product,
  productCategory,
  productDetail,
  productOption,
  productPriceTier,
  productService,
  promocode,
  recipient,
  websiteBlock,
  websitePage,
} from "../db/schema";
import type { NewProductCategoryRow, NewProductRow } from "../db/schema";
import { loadDocumentFonts, renderDocument } from "./seed-documents";
import { drawMockup } from "./seed-photos";
import type { Mockup } from "./seed-photos";
import { productListingFields } from "../services/catalog/product-listing";
import { loadTemplateFiles } from "../services/layout-designs/layout-design-template.service";
import type { TemplateFilesReport } from "../services/layout-designs/layout-design-template.service";

/*
 * The one seeder: what a fresh install starts with, so the storefront has something to show, and
 * what every start checks is still there. The data is in data/*.json, read and checked by
 * demo-data.ts; this writes it — the cities, the demo accounts with their balance, the promocodes,
 * the website with its documents and pictures, and the catalogue with its photos, options and
 * services. Each part checks for itself, so the seed is safe on every start (of every node: the
 * caller keeps two from running it at once) and never overwrites what the shop has edited.
 */

/** Where the seed's pictures go in the public storage; the database keeps their keys (paths under /files/). */
const PHOTO_FOLDER = "catalog";

// ——— Cities ————————————————————————————————————————————————————————————————————————————

/*
 * Every Russian city with a population, shipped with the shop: `data/cities.csv` is the HFLabs city
 * data set (CC BY-SA 4.0, see data/README.md) cut to the columns the import reads. A database whose
 * `city` table holds nothing beyond the preset cities gets it on start, through the same parser and
 * upsert as `npm run geo:import`, so a later import of the full HFLabs file finds every city
 * unchanged. A database that already has other cities (an operator's import) is left alone.
 */

/** The shipped city list, in the layout `readCityCsv` reads. */
export const BUNDLED_CITIES_CSV = fileURLToPath(new URL("./data/cities.csv", import.meta.url));

/** Loads the shipped cities unless the table already has a city that is not a preset; null when it did nothing. */
export async function seedBundledCities(db: Database): Promise<CityImportReport | null> {
  const [other] = await db.select({ kladrId: city.kladrId }).from(city).where(eq(city.preset, false)).limit(1);
  if (other) return null;
  const parsed = readCityCsv(await readFile(BUNDLED_CITIES_CSV, "utf8"));
  if (parsed.skipped.length > 0) {
    // The file ships with the code: a bad row is a packaging mistake, not something to skip quietly.
    const first = parsed.skipped[0];
    throw new Error(`${BUNDLED_CITIES_CSV}: ${parsed.skipped.length} unreadable rows, first on line ${first?.line}: ${first?.message}`);
  }
  return writeCities(db, parsed);
}

// ——— Accounts, balance, promocodes ————————————————————————————————————————————————————————

/** Creates the demo accounts (data/demo-accounts.json) unless the demo client exists; safe on every start. */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const [existing] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email)).limit(1);
  if (existing) return false;

  const data = readDemoAccounts();
  const hashes = await Promise.all(data.accounts.map((item) => hashPassword(item.password)));

  await db.transaction(async (tx) => {
    const accountIds = new Map<string, number>();
    // One by one, in the file's order: a client's manager is listed (and so created) before the client.
    for (const [index, item] of data.accounts.entries()) {
      const [created] = await tx
        .insert(account)
        .values({
          email: item.email,
          passwordHash: hashes[index] ?? "",
          typeUser: item.typeUser,
          roles: item.roles ?? [],
          name: item.name,
          surname: item.surname,
          phone: item.phone,
          emailConfirmedAt: new Date(),
          managerId: item.manager === undefined ? undefined : (accountIds.get(item.manager) ?? null),
          selectedCityKladrId: item.selectedCityKladrId,
        })
        .returning({ id: account.id });
      if (!created) throw new Error(`The demo account ${item.email} was not created`);
      accountIds.set(item.key, created.id);
    }
    const accountId = (key: string): number => {
      const id = accountIds.get(key);
      if (id === undefined) throw new Error(`The demo account '${key}' was not created`);
      return id;
    };
    const companies = await tx
      .insert(company)
      .values(data.companies.map(({ account: key, ...item }) => ({ ...item, accountId: accountId(key) })))
      .returning({ id: company.id, accountId: company.accountId, name: company.name });
    const companyId = (key: string, name: string): number | null =>
      companies.find((item) => item.accountId === accountId(key) && item.name === name)?.id ?? null;
    await tx.insert(recipient).values(
      data.recipients.map(({ account: key, company: name, ...item }) => ({ ...item, accountId: accountId(key), companyId: name === null ? null : companyId(key, name) })),
    );
    await tx.insert(address).values(data.addresses.map(({ account: key, ...item }) => ({ ...item, accountId: accountId(key) })));
  });
  return true;
}

/*
 * The demo internal balance listed in the README: the demo client's «ООО «Ромашка»» starts with a
 * top-up of 50 000 ₽, so paying from the balance can be tried at once. Written only while that
 * ledger is empty, so the seed is safe on every start and never tops up twice.
 */

/** Tops up the demo company's ledger unless it has entries; answers whether it wrote. */
export async function seedDemoBalance(db: Database): Promise<boolean> {
  const data = readDemoAccounts();
  const [owner] = await db
    .select({ clientId: account.id, companyId: company.id })
    .from(account)
    .innerJoin(company, and(eq(company.accountId, account.id), eq(company.name, data.balance.companyName)))
    .where(eq(account.email, DEMO_ACCOUNTS[data.balance.account].email))
    .limit(1);
  if (!owner) return false;
  return db.transaction(async (tx) => {
    // The account row is the ledger's lock (services/orders/balance.service.ts): two starts at once write once.
    await tx.select({ id: account.id }).from(account).where(eq(account.id, owner.clientId)).for("update");
    const [existing] = await tx
      .select({ id: balanceEntry.id })
      .from(balanceEntry)
      .where(and(eq(balanceEntry.accountId, owner.clientId), eq(balanceEntry.companyId, owner.companyId)))
      .limit(1);
    if (existing) return false;
    await tx.insert(balanceEntry).values({ accountId: owner.clientId, companyId: owner.companyId, amountKopecks: data.balance.amountKopecks, reason: data.balance.reason });
    return true;
  });
}

/**
 * Writes the demo promocodes (data/demo-promocodes.json) that are missing; answers how many it
 * wrote. Each is written unless its code exists, so a code the shop has edited is never overwritten.
 */
export async function seedDemoPromocodes(db: Database): Promise<number> {
  const written = await db
    .insert(promocode)
    .values(Object.values(DEMO_PROMOCODES).map((item) => ({ ...item })))
    .onConflictDoNothing({ target: promocode.code })
    .returning({ id: promocode.id });
  return written.length;
}

// ——— Website ————————————————————————————————————————————————————————————————————————————

const documentPath = (file: string) => `${SITE_FOLDER}/${file}`;
const picturePath = (name: string) => `${SITE_FOLDER}/${name}.svg`;

/** Writes the site's PDFs and pictures to the public storage; rows are inserted only after their files are there. */
async function writeSiteFiles(site: DemoSite, publicFiles: FileStorage): Promise<void> {
  const fonts = await loadDocumentFonts();
  await Promise.all([
    ...site.documents.map(async (document) => publicFiles.put(documentPath(document.file), await renderDocument(document, fonts), "application/pdf")),
    ...[...sitePictures(site.pages), site.popupPicture].map((picture) =>
      publicFiles.put(picturePath(picture.name), new TextEncoder().encode(drawMockup(picture.mockup)), "image/svg+xml"),
    ),
  ]);
}

export interface SeedPagesResult {
  pages: number;
  blocks: number;
}

/**
 * Fills an empty website with the demo pages and adds any missing Header, SideMenu, Footer or Popup
 * block. Does nothing when pages and all four blocks exist, so it is safe on every start.
 */
export async function seedDemoPages(db: Database, publicFiles: FileStorage): Promise<SeedPagesResult> {
  const site = readDemoSite();
  const [existing] = await db.select({ pages: count() }).from(websitePage);
  const blockRows = await db.select({ key: websiteBlock.key }).from(websiteBlock);
  const blocks: { key: string; content: Record<string, unknown> }[] = [
    { key: websiteBlockKeys.header, content: { ...site.header } },
    { key: websiteBlockKeys.sideMenu, content: { ...site.sideMenu } },
    { key: websiteBlockKeys.footer, content: { ...site.footer } },
    { key: websiteBlockKeys.popup, content: { ...site.popup } },
  ];
  const missingBlocks = blocks.filter((block) => !blockRows.some((row) => row.key === block.key));
  const needPages = (existing?.pages ?? 0) === 0;
  if (!needPages && missingBlocks.length === 0) return { pages: 0, blocks: 0 };

  await writeSiteFiles(site, publicFiles);

  let inserted = 0;
  await db.transaction(async (tx) => {
    if (missingBlocks.length > 0) await tx.insert(websiteBlock).values(missingBlocks).onConflictDoNothing();
    if (!needPages) return;
    const insertTree = async (list: readonly DemoPage[], parentId: number | null): Promise<void> => {
      for (const [index, demo] of list.entries()) {
        const [row] = await tx
          .insert(websitePage)
          .values({
            slug: demo.slug,
            kind: demo.kind,
            parentId,
            name: demo.name,
            summary: demo.summary,
            bodyText: pagePlainText(demo.components),
            components: demo.components,
            padBannerPath: demo.cover ? picturePath(demo.cover.name) : null,
            sortOrder: demo.sortOrder ?? (index + 1) * 10,
            showInMenu: demo.showInMenu,
            published: demo.published,
            seoName: demo.name,
            seoTitle: demo.seoTitle,
            seoDescription: demo.summary,
            seoKeywords: demo.seoKeywords,
            createdAt: demo.createdAt,
            updatedAt: demo.createdAt,
          })
          .returning({ id: websitePage.id });
        if (!row) throw new Error(`The demo page '${demo.slug}' was not saved`);
        inserted += 1;
        await insertTree(demo.children, row.id);
      }
    };
    await insertTree(site.pages, null);
  });
  return { pages: inserted, blocks: missingBlocks.length };
}

// ——— Catalogue ——————————————————————————————————————————————————————————————————————————

/** The option rows of a demo product in the pure price function's shape (sort order = position). */
function pricingOptions(pricing: DemoPricing): PricingOption[] {
  return pricing.options.map((option, index) => ({
    group: option.group,
    code: option.code,
    label: option.label,
    sortOrder: (index + 1) * 10,
    isDefault: option.isDefault ?? false,
    pricePct: option.pricePct ?? 100,
    unitPriceKopecks: option.unitPriceKopecks ?? 0,
    setupPriceKopecks: option.setupPriceKopecks ?? 0,
    widthMm: option.widthMm ?? null,
    heightMm: option.heightMm ?? null,
    paperGsm: option.paperGsm ?? null,
  }));
}

/** The product columns the pricing decides: the listing's sort key and «от» price (product-listing.ts), urgency, sheets. */
function pricingColumns(
  key: string,
  name: string,
  pricing: DemoPricing,
): {
  nameSortKey: string;
  priceFromKopecks: number;
  urgentProductionTimeDay: number | null;
  urgentSurchargePct: number;
  sheetsPerUnit: number;
  sizeLimits: SizeLimits | null;
} {
  const listing = productListingFields({
    name,
    sheetsPerUnit: pricing.sheetsPerUnit ?? 1,
    sizeLimits: pricing.sizeLimits ?? null,
    options: pricingOptions(pricing),
    tiers: pricing.tiers.map(([minQuantity, unitPriceKopecks]) => ({ minQuantity, unitPriceKopecks })),
  });
  if (!listing.ok) throw new Error(`The demo product ${key} cannot be priced: ${listing.failure.message}`);
  return {
    ...listing.fields,
    urgentProductionTimeDay: pricing.urgent?.days ?? null,
    urgentSurchargePct: pricing.urgent?.surchargePct ?? 0,
    sheetsPerUnit: pricing.sheetsPerUnit ?? 1,
    sizeLimits: pricing.sizeLimits ?? null,
  };
}

function pricingOf(pricings: ReadonlyMap<string, DemoPricing>, key: string): DemoPricing {
  const pricing = pricings.get(key);
  if (!pricing) throw new Error(`The demo product ${key} has no pricing in data/demo-pricing.json`);
  return pricing;
}

/**
 * Gives each demo product found by its category and slug its options, tiers and details (with the
 * pricing columns of its row), unless it already has tiers; fills the services when there are none.
 * Safe on every start and on a catalogue seeded before options existed.
 */
export async function seedCatalogOptions(db: Database): Promise<void> {
  const { products: pricings, services } = readDemoPricing();
  await db.transaction(async (tx) => {
    for (const [key, pricing] of pricings) {
      const [categorySlug, productSlug] = key.split("/");
      if (categorySlug === undefined || productSlug === undefined) throw new Error(`Bad demo pricing key ${key}`);
      const [row] = await tx
        .select({ id: product.id, name: product.name })
        .from(product)
        .innerJoin(productCategory, eq(productCategory.id, product.categoryId))
        .where(and(eq(productCategory.slug, categorySlug), eq(product.slug, productSlug)))
        .limit(1);
      if (!row) continue;
      const [tiers] = await tx.select({ n: count() }).from(productPriceTier).where(eq(productPriceTier.productId, row.id));
      if ((tiers?.n ?? 0) > 0) continue;

      // Options and details already there (the shop's own, or a half-filled product) are kept as they are.
      await tx.insert(productPriceTier).values(pricing.tiers.map(([minQuantity, unitPriceKopecks]) => ({ productId: row.id, minQuantity, unitPriceKopecks })));
      await tx.insert(productOption).values(
        pricingOptions(pricing).map((option, index) => ({
          productId: row.id,
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
          sides: pricing.options[index]?.sides ?? null,
        })),
      ).onConflictDoNothing();
      await tx.insert(productDetail).values(
        pricing.details.map((detail, index) => ({
          productId: row.id,
          name: detail.name,
          sortOrder: (index + 1) * 10,
          profile: detail.profile,
          requiresOptionCode: detail.requiresOptionCode ?? null,
        })),
      ).onConflictDoNothing();
      await tx.update(product).set(pricingColumns(key, row.name, pricing)).where(eq(product.id, row.id));
    }

    const [existingServices] = await tx.select({ n: count() }).from(productService);
    if ((existingServices?.n ?? 0) === 0) {
      const categories = await tx.select({ id: productCategory.id, slug: productCategory.slug }).from(productCategory);
      const categoryIds = new Map(categories.map((row) => [row.slug, row.id]));
      await tx.insert(productService).values(
        services.map(({ categorySlug, productionDays, ...service }, index) => ({
          ...service,
          photoPath: null,
          sortOrder: (index + 1) * 10,
          categoryId: categorySlug ? (categoryIds.get(categorySlug) ?? null) : null,
          productionDays: productionDays ?? 1,
        })),
      );
    }
  });
}

// ——— The layout designer's templates ————————————————————————————————————————————————————

/** The shipped templates of the layout designer (issue 32): one JSON document per template. */
export const LAYOUT_DESIGN_TEMPLATES_FOLDER = fileURLToPath(new URL("./layout-design-templates/", import.meta.url));

/**
 * Loads the shipped templates on every start: missing ones are inserted, ones still as their file
 * made them follow the file, and the back office's are never overwritten
 * (services/layout-designs/layout-design-template.service.ts).
 */
export async function seedLayoutDesignTemplates(db: Database, folder: string = LAYOUT_DESIGN_TEMPLATES_FOLDER): Promise<TemplateFilesReport> {
  return loadTemplateFiles(db, folder);
}

export interface SeedResult {
  /** False when the catalogue already had categories and nothing was written. */
  seeded: boolean;
  categories: number;
  products: number;
}

/**
 * Fills an empty catalogue with the demo categories and products and writes their SVG photos to
 * the public storage under `catalog/` (served at /files/catalog/). Does nothing when any category
 * exists, so it is safe on every start (of every node: the caller keeps two from running it at once).
 */
export async function seedDemoData(db: Database, publicFiles: FileStorage): Promise<SeedResult> {
  // The preset cities must exist on every install, so geography is seeded before the catalogue's early return.
  await seedGeography(db);
  // Every Russian city with a population (the shipped HFLabs list) on an install that has no cities beyond the presets.
  await seedBundledCities(db);
  // The demo accounts check for themselves too: a catalogue seeded before accounts existed still gets them.
  await seedDemoAccounts(db);
  // The demo client's company starts with money on its internal balance (written while its ledger is empty).
  await seedDemoBalance(db);
  // Promocodes need nothing else: seeded on every start where they are missing.
  await seedDemoPromocodes(db);
  // The website's pages and blocks need no products (categories are named by slug); they check for themselves.
  await seedDemoPages(db, publicFiles);
  // Sort keys made by an older productNameSortKey are remade (product-sort-keys.ts).
  await rekeyProductNames(db);
  // The layout designer's templates need no products: they check for themselves.
  await seedLayoutDesignTemplates(db);
  const [existing] = await db.select({ categories: count() }).from(productCategory);
  if ((existing?.categories ?? 0) > 0) {
    // A catalogue seeded before print options existed still gets them (looked up by slug, idempotent).
    await seedCatalogOptions(db);
    return { seeded: false, categories: 0, products: 0 };
  }

  const { categories, products } = readDemoCatalog();
  // Photos first: a row must never point at a file that is not there.
  const writePhoto = async (name: string, mockup: Mockup): Promise<string> => {
    const key = `${PHOTO_FOLDER}/${name}.svg`;
    await publicFiles.put(key, new TextEncoder().encode(drawMockup(mockup)), "image/svg+xml");
    return key;
  };

  const categoryRows: NewProductCategoryRow[] = await Promise.all(
    categories.map(async (category, index) => ({
      slug: category.slug,
      name: category.name,
      description: category.description,
      photoPath: await writePhoto(`category-${category.slug}`, category.cover),
      sortOrder: (index + 1) * 10,
      seoName: category.name,
      seoTitle: `${category.name} — печать на заказ в типографии «Оттиск»`,
      seoDescription: category.description,
      seoKeywords: category.seoKeywords,
    })),
  );

  const photoPaths = await Promise.all(
    products.map((demo) =>
      Promise.all(demo.photos.map((mockup, index) => writePhoto(`${demo.categorySlug}-${demo.slug}-${index + 1}`, mockup))),
    ),
  );

  await db.transaction(async (tx) => {
    const inserted = await tx.insert(productCategory).values(categoryRows).returning({ id: productCategory.id, slug: productCategory.slug });
    const categoryIds = new Map(inserted.map((row) => [row.slug, row.id]));
    const pricings = readDemoPricing().products;
    const productRows: NewProductRow[] = products.map((demo, index) => {
      const categoryId = categoryIds.get(demo.categorySlug);
      if (categoryId === undefined) throw new Error(`Demo product ${demo.slug} names an unknown category ${demo.categorySlug}`);
      return {
        categoryId,
        slug: demo.slug,
        name: demo.name,
        description: demo.description,
        photoPaths: photoPaths[index] ?? [],
        ...pricingColumns(`${demo.categorySlug}/${demo.slug}`, demo.name, pricingOf(pricings, `${demo.categorySlug}/${demo.slug}`)),
        discountPct: demo.discountPct,
        productionTimeDay: demo.productionTimeDay,
        timesOrdered: demo.timesOrdered,
        seoName: demo.name,
        seoTitle: `${demo.name} — заказать печать | Типография «Оттиск»`,
        seoDescription: demo.description,
        seoKeywords: demo.seoKeywords,
      };
    });
    await tx.insert(product).values(productRows);
  });
  await seedCatalogOptions(db);

  return { seeded: true, categories: categories.length, products: products.length };
}
