import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { BALANCE_ENTRIES_SHOWN } from "../../../shared/contracts/index";
import type { Balance } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account, balanceEntry, clientOrder } from "../../db/schema";
import { formatRoubles } from "../../../shared/domain/index";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import { ShopError } from "../shop-error";

/*
 * The internal balance: a ledger of entries per client and company (null = the personal profile),
 * top-ups positive, payments negative; the balance is their sum. Every debit locks the client's
 * account row first, so two payments from one ledger run one after the other and the balance can
 * never go below zero, however many come at once.
 */

/** Whose ledger: a client and one of their companies, or null for the personal profile. */
export interface LedgerRef {
  clientId: number;
  companyId: number | null;
}

export interface BalanceService {
  /** The balance in kopecks, read with `executor` (a transaction, to see its own writes). */
  balanceKopecks(ledger: LedgerRef, executor?: Database): Promise<number>;
  /**
   * Takes `amountKopecks` for an order inside the caller's transaction: locks the client's ledger,
   * refuses with 402 when the balance is short, writes the negative entry; answers the new balance.
   */
  debitForOrder(tx: Database, ledger: LedgerRef, input: { amountKopecks: number; orderId: number; orderNumber: string }): Promise<number>;
  /** A top-up (a bank transfer the shop received, a refund, the demo's starting money). */
  topUp(ledger: LedgerRef, amountKopecks: number, reason: string): Promise<number>;
  /** `GET /client-account/balance`: the balance and the latest entries. */
  statement(ledger: LedgerRef): Promise<Balance>;
}

const ledgerCondition = (ledger: LedgerRef) =>
  and(eq(balanceEntry.accountId, ledger.clientId), ledger.companyId === null ? isNull(balanceEntry.companyId) : eq(balanceEntry.companyId, ledger.companyId));

/** «50 000 ₽», «400,50 ₽»: how a balance reads in a message (formatRoubles with plain spaces). */
export function formatBalance(kopecks: number): string {
  return formatRoubles(kopecksToRoubles(kopecks)).replace(/\u00a0|\u202f/g, " ");
}

export function createBalanceService(db: Database): BalanceService {
  async function balanceKopecks(ledger: LedgerRef, executor: Database = db): Promise<number> {
    const [row] = await executor
      .select({ total: sql<string>`coalesce(sum(${balanceEntry.amountKopecks}), 0)` })
      .from(balanceEntry)
      .where(ledgerCondition(ledger));
    return Number(row?.total ?? 0);
  }

  /** Serialises every write to one client's ledgers: the account row is the lock. */
  async function lockLedger(tx: Database, clientId: number): Promise<void> {
    const [locked] = await tx.select({ id: account.id }).from(account).where(eq(account.id, clientId)).for("update");
    if (!locked) throw new Error(`No account ${clientId} to lock the ledger of`);
  }

  return {
    balanceKopecks,

    async debitForOrder(tx, ledger, input) {
      if (!Number.isSafeInteger(input.amountKopecks) || input.amountKopecks < 0) throw new Error(`Bad debit ${input.amountKopecks}`);
      await lockLedger(tx, ledger.clientId);
      const available = await balanceKopecks(ledger, tx);
      if (available < input.amountKopecks) {
        throw new ShopError({
          statusCode: 402,
          code: "INSUFFICIENT_BALANCE",
          messageUI: `Недостаточно средств на балансе: доступно ${formatBalance(Math.max(available, 0))}`,
          message: `Balance ${available} < ${input.amountKopecks} kopecks`,
        });
      }
      await tx.insert(balanceEntry).values({
        accountId: ledger.clientId,
        companyId: ledger.companyId,
        amountKopecks: -input.amountKopecks,
        reason: `Оплата заказа № ${input.orderNumber}`,
        orderId: input.orderId,
      });
      return available - input.amountKopecks;
    },

    async topUp(ledger, amountKopecks, reason) {
      if (!Number.isSafeInteger(amountKopecks) || amountKopecks <= 0) throw new Error(`Bad top-up ${amountKopecks}`);
      return db.transaction(async (tx) => {
        await lockLedger(tx, ledger.clientId);
        await tx.insert(balanceEntry).values({ accountId: ledger.clientId, companyId: ledger.companyId, amountKopecks, reason });
        return balanceKopecks(ledger, tx);
      });
    },

    async statement(ledger) {
      const [total, entries] = await Promise.all([
        balanceKopecks(ledger),
        db
          .select({ entry: balanceEntry, orderNumber: clientOrder.number })
          .from(balanceEntry)
          .leftJoin(clientOrder, eq(clientOrder.id, balanceEntry.orderId))
          .where(ledgerCondition(ledger))
          .orderBy(desc(balanceEntry.createdAt), desc(balanceEntry.id))
          .limit(BALANCE_ENTRIES_SHOWN),
      ]);
      return {
        companyId: ledger.companyId,
        balance: kopecksToRoubles(total),
        entries: entries.map(({ entry, orderNumber }) => ({
          id: entry.id,
          amount: kopecksToRoubles(entry.amountKopecks),
          reason: entry.reason,
          orderId: entry.orderId,
          orderNumber,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },
  };
}
