import { asc, count, eq, sql } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod/mini";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/server/support/test-database";
import type { TestDatabase } from "../../tests/server/support/test-database";
import { product, productCategory } from "./schema";
import { seedDemoData } from "../seed/seed";
import { createFileStorages } from "../storage/file-storage";
import { productNameSortKey } from "./sort-key";

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("the test database", () => {
  it("is private to this file: a copy of the PGlite template, or a fresh database on PostgreSQL", async () => {
    // Both drivers answer execute() with { rows }, but the shared Database type cannot say so.
    const result = z
      .object({ rows: z.array(z.object({ name: z.string(), version: z.string() })) })
      .parse(await database.db.execute(sql`SELECT current_database() AS name, version() AS version`));
    const [row] = result.rows;
    if (process.env.DATABASE_URL) {
      expect(database.engine).toBe("PostgreSQL");
      expect(row?.name).toMatch(/^ottisk_test_[0-9a-f]{12}$/);
    } else {
      expect(database.engine).toBe("PGlite");
      expect(row?.version).toMatch(/^PostgreSQL \d+/);
    }
  });
});

describe("the demo seed", () => {
  it("fills five categories and between 14 and 18 products", async () => {
    const [categories] = await database.db.select({ n: count() }).from(productCategory);
    const [products] = await database.db.select({ n: count() }).from(product);
    expect(categories?.n).toBe(8);
    expect(products?.n).toBeGreaterThanOrEqual(28);
    expect(products?.n).toBeLessThanOrEqual(34);
  });

  it("does nothing when the catalogue already has categories", async () => {
    const before = await database.db.select().from(product).orderBy(asc(product.id));
    expect(await seedDemoData(database.db, createFileStorages({ filesDir: database.filesDir }).publicFiles)).toEqual({ seeded: false, categories: 0, products: 0 });
    expect(await database.db.select().from(product).orderBy(asc(product.id))).toEqual(before);
  });

  it("writes an SVG for every photo a row names, leaves two products without one and gives some two", async () => {
    const rows = await database.db.select({ name: product.name, photoPaths: product.photoPaths }).from(product);
    const categories = await database.db.select({ photoPath: productCategory.photoPath }).from(productCategory);
    const paths = [...rows.flatMap((row) => row.photoPaths), ...categories.flatMap((row) => (row.photoPath ? [row.photoPath] : []))];
    for (const path of paths) {
      expect(path).toMatch(/^catalog\/[a-z0-9-]+\.svg$/);
      const svg = await readFile(join(database.filesDir, path), "utf8");
      expect(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\"")).toBe(true);
      expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    }
    expect(rows.filter((row) => row.photoPaths.length === 0)).toHaveLength(2);
    expect(rows.filter((row) => row.photoPaths.length === 2).length).toBeGreaterThanOrEqual(3);
  });

  it("has names that exercise the А–Я sort: Ё, Latin and a digit first (lowercase: sort-key.test.ts; shop names are capitalised)", async () => {
    const names = (await database.db.select({ name: product.name }).from(product)).map((row) => row.name);
    expect(names).toContain("Ёлочные открытки");
    expect(names.filter((name) => /^[а-яё]/.test(name)), "a name starts with a capital").toEqual([]);
    expect(names.some((name) => /^[A-Za-z]/.test(name))).toBe(true);
    expect(names.some((name) => /^\d/.test(name))).toBe(true);
  });

  it("stores the sort key made by productNameSortKey for every product", async () => {
    const rows = await database.db.select({ name: product.name, key: product.nameSortKey }).from(product);
    for (const row of rows) expect(row.key).toBe(productNameSortKey(row.name));
  });

  it("fills the SEO fields of every category and product", async () => {
    const rows = [...(await database.db.select().from(productCategory)), ...(await database.db.select().from(product))];
    for (const row of rows) {
      for (const field of [row.seoName, row.seoTitle, row.seoDescription, row.seoKeywords]) expect(field.length).toBeGreaterThan(0);
    }
  });
});

describe("the product table", () => {
  async function insertProduct(priceFromKopecks: number, discountPct: number) {
    const [category] = await database.db.select({ id: productCategory.id }).from(productCategory).limit(1);
    const name = `Тест ${priceFromKopecks} ${discountPct}`;
    const [row] = await database.db
      .insert(product)
      .values({
        categoryId: category?.id ?? 0,
        slug: `test-${priceFromKopecks}-${discountPct}`,
        name,
        nameSortKey: productNameSortKey(name),
        priceFromKopecks,
        discountPct,
        productionTimeDay: 1,
      })
      .returning();
    if (!row) throw new Error("insert returned nothing");
    await database.db.delete(product).where(eq(product.id, row.id));
    return row;
  }

  it("computes the price after the discount in whole kopecks, half a kopeck rounding up", async () => {
    expect((await insertProduct(12_345, 10)).priceAfterDiscountKopecks).toBe(11_111);
    expect((await insertProduct(150, 1)).priceAfterDiscountKopecks).toBe(149);
    expect((await insertProduct(99_000, 0)).priceAfterDiscountKopecks).toBe(99_000);
    expect((await insertProduct(99_000, 100)).priceAfterDiscountKopecks).toBe(0);
  });

  it("does not overflow for the dearest banner an integer column can hold", async () => {
    expect((await insertProduct(2_000_000_000, 50)).priceAfterDiscountKopecks).toBe(1_000_000_000);
  });

  it("refuses a discount above 100 % and a negative price", async () => {
    await expect(insertProduct(1000, 101)).rejects.toThrow();
    await expect(insertProduct(-1, 0)).rejects.toThrow();
  });

  it("sorts the same А–Я on every engine with COLLATE \"C\"", async () => {
    const rows = await database.db
      .select({ name: product.name })
      .from(product)
      .orderBy(sql`${product.nameSortKey} COLLATE "C"`, product.id);
    const names = rows.map((row) => row.name);
    expect(names.indexOf("Ёлочные открытки")).toBe(names.indexOf("Евро-визитки 85×55") + 1);
  });
});
