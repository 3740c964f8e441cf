import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/server/support/test-database";
import type { TestDatabase } from "../../tests/server/support/test-database";
import { rekeyProductNames } from "./product-sort-keys";
import { product } from "./schema";
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

/** What the key was before Latin moved after Cyrillic: Latin letters kept their code points. */
const oldKey = (name: string) => name.trim().toLocaleLowerCase("ru").replaceAll("ё", "е");

async function namesInOrder(): Promise<string[]> {
  const rows = await database.db
    .select({ name: product.name })
    .from(product)
    .orderBy(sql`${product.nameSortKey} COLLATE "C"`, asc(product.id));
  return rows.map((row) => row.name);
}

describe("rekeyProductNames", () => {
  it("remakes keys written by the old Latin-first key, so «Roll-up стенд» sorts after «Афиши», and is idempotent", async () => {
    const { db } = database;
    const [rollUp] = await db.select({ id: product.id, name: product.name }).from(product).where(eq(product.name, "Roll-up стенд 85×200"));
    if (!rollUp) throw new Error("the demo catalogue has no Roll-up stand");
    await db.update(product).set({ nameSortKey: oldKey(rollUp.name) }).where(eq(product.id, rollUp.id));
    let names = await namesInOrder();
    expect(names.indexOf(rollUp.name)).toBeLessThan(names.indexOf("Афиши A3 и A2"));

    expect(await rekeyProductNames(db)).toBe(1);
    names = await namesInOrder();
    expect(names.indexOf(rollUp.name)).toBeGreaterThan(names.indexOf("Афиши A3 и A2"));
    expect(names.at(-1)).toBe(rollUp.name);
    expect(await rekeyProductNames(db)).toBe(0);
  });

  it("runs on every start as part of the seed", async () => {
    const { db } = database;
    await db.update(product).set({ nameSortKey: "stale" });
    await seedDemoData(db, createFileStorages({ filesDir: database.filesDir }).publicFiles);
    const rows = await db.select({ name: product.name, key: product.nameSortKey }).from(product);
    for (const row of rows) expect(row.key).toBe(productNameSortKey(row.name));
  });
});
