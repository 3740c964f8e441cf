import { eq } from "drizzle-orm";
import type { Database } from "./client";
import { product } from "./schema";
import { productNameSortKey } from "./sort-key";

/**
 * Remakes every stored `product.name_sort_key` that differs from what `productNameSortKey` makes
 * now, so a database written by an older key (Latin before Cyrillic) sorts the new way after an
 * upgrade. Idempotent and cheap (one read of names and keys, writes only the rows that differ):
 * the seed step calls it on every start. Returns how many rows it changed.
 */
export async function rekeyProductNames(db: Database): Promise<number> {
  const rows = await db.select({ id: product.id, name: product.name, key: product.nameSortKey }).from(product);
  const stale = rows.filter((row) => row.key !== productNameSortKey(row.name));
  if (stale.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const row of stale) {
      await tx.update(product).set({ nameSortKey: productNameSortKey(row.name) }).where(eq(product.id, row.id));
    }
  });
  return stale.length;
}
