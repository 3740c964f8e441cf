import type { Database } from "../../db/client";
import { notification } from "../../db/mail.schema";
import type { notificationKindValues } from "../../db/mail.schema";

/*
 * Writing a notification for a client («Уведомления» in the account area). Called where the news
 * happens — an order's status changed, a payment went through, a design order moved or got a
 * message — inside the same transaction, so the news and the change are kept together or not at all.
 */

export interface NotificationDraft {
  /** The client the news is for (the order's or design order's account). */
  accountId: number;
  /** The company it concerns; null: the personal profile. */
  companyId: number | null;
  kind: (typeof notificationKindValues)[number];
  orderId?: number | null;
  designOrderId?: number | null;
  /** Russian, one line: «Заказ № 2026-000042 передан в печать». */
  title: string;
  /** Russian, optional details. */
  body?: string;
}

/** Database or transaction: anything drizzle can insert with. */
type Writer = Pick<Database, "insert">;

export async function recordNotification(db: Writer, draft: NotificationDraft): Promise<void> {
  await db.insert(notification).values({
    accountId: draft.accountId,
    companyId: draft.companyId,
    kind: draft.kind,
    orderId: draft.orderId ?? null,
    designOrderId: draft.designOrderId ?? null,
    title: draft.title,
    body: draft.body ?? "",
  });
}
