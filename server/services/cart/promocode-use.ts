import { and, asc, count, eq, inArray, ne } from "drizzle-orm";
import type { PromocodeContext, PromocodeUse } from "../../../shared/domain/index";
import type { Database, DatabaseTransaction } from "../../db/client";
import { clientOrder, productCategory, promocode } from "../../db/schema";
import type { PromocodeRow } from "../../db/schema";

/*
 * What the cart's promocode rules read besides the code (issue 29): how often orders that are not
 * cancelled used it — in all, and by the cart's client (the account, whatever company it ordered
 * for) — and the names of the categories it is limited to, for the message. Read on every cart
 * answer, when a code is applied, and again under the code's row lock when an order is placed.
 */

/** Orders not cancelled that used the code: in all and by `clientId`. */
export async function promocodeUse(db: Database, promocodeId: number, clientId: number): Promise<PromocodeUse> {
  const live = and(eq(clientOrder.promocodeId, promocodeId), ne(clientOrder.status, "cancelled"));
  const [all] = await db.select({ total: count() }).from(clientOrder).where(live);
  const [own] = await db.select({ total: count() }).from(clientOrder).where(and(live, eq(clientOrder.accountId, clientId)));
  return { total: all?.total ?? 0, byClient: own?.total ?? 0 };
}

/** The rules' context for `code` in a cart of `clientId`. */
export async function promocodeContext(db: Database, code: PromocodeRow, clientId: number): Promise<PromocodeContext> {
  const use = await promocodeUse(db, code.id, clientId);
  const categoryNames =
    code.categoryIds.length === 0
      ? []
      : (
          await db
            .select({ name: productCategory.name })
            .from(productCategory)
            .where(inArray(productCategory.id, code.categoryIds))
            .orderBy(asc(productCategory.sortOrder), asc(productCategory.id))
        ).map((row) => row.name);
  return { use, categoryNames };
}

/**
 * Locks the code's row until `tx` ends (SELECT … FOR UPDATE) and answers it as it is now: two
 * orders placing one code at once are serialised here, and the second counts the first's use.
 */
export async function lockPromocode(tx: DatabaseTransaction, promocodeId: number): Promise<PromocodeRow | null> {
  const [row] = await tx.select().from(promocode).where(eq(promocode.id, promocodeId)).for("update");
  return row ?? null;
}
