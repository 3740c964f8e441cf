import { and, eq } from "drizzle-orm";
import type { Database } from "./client";
import { account, balanceEntry, company } from "./schema";
import { DEMO_ACCOUNTS } from "./seed-accounts";

/*
 * The demo internal balance listed in the README: the demo client's «ООО «Ромашка»» starts with a
 * top-up of 50 000 ₽, so paying from the balance can be tried at once. Written only while that
 * ledger is empty, so the seed is safe on every start and never tops up twice.
 */

export const DEMO_BALANCE = { companyName: "ООО «Ромашка»", amountKopecks: 5_000_000, reason: "Пополнение баланса (демо)" } as const;

/** Tops up the demo company's ledger unless it has entries; answers whether it wrote. */
export async function seedDemoBalance(db: Database): Promise<boolean> {
  const [owner] = await db
    .select({ clientId: account.id, companyId: company.id })
    .from(account)
    .innerJoin(company, and(eq(company.accountId, account.id), eq(company.name, DEMO_BALANCE.companyName)))
    .where(eq(account.email, DEMO_ACCOUNTS.client.email))
    .limit(1);
  if (!owner) return false;
  return db.transaction(async (tx) => {
    // The account row is the ledger's lock (services/balance.service.ts): two starts at once write once.
    await tx.select({ id: account.id }).from(account).where(eq(account.id, owner.clientId)).for("update");
    const [existing] = await tx
      .select({ id: balanceEntry.id })
      .from(balanceEntry)
      .where(and(eq(balanceEntry.accountId, owner.clientId), eq(balanceEntry.companyId, owner.companyId)))
      .limit(1);
    if (existing) return false;
    await tx.insert(balanceEntry).values({ accountId: owner.clientId, companyId: owner.companyId, amountKopecks: DEMO_BALANCE.amountKopecks, reason: DEMO_BALANCE.reason });
    return true;
  });
}
