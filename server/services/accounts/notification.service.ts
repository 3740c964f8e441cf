import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import { NOTIFICATION_LIST_DEFAULT_LIMIT } from "../../../shared/contracts/index";
import type { Notification, NotificationListPage, NotificationSettings } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account } from "../../db/accounts.schema";
import { notification } from "../../db/mail.schema";
import type { NotificationRow } from "../../db/mail.schema";
import { requireOwnCompany } from "./company.service";

/*
 * The client's notifications («Уведомления»): read newest first and marked read. They are written
 * where the news happens (recordNotification in notification-record.ts); this service only reads
 * them and marks them. Every call names the client (see acting-client.ts): nobody reads another's.
 */

export interface NotificationService {
  list(clientId: number, query: { companyId?: number | undefined; offset?: number | undefined; limit?: number | undefined }): Promise<NotificationListPage>;
  /** Marks `ids` (those of the client; others are ignored), or every one with `all`; answers how many stay unread. */
  markRead(clientId: number, target: { ids?: number[] | undefined; all?: true | undefined }): Promise<{ unread: number }>;
  /** Whether non-essential order letters go (issue 30; transactional ones always do). */
  settings(clientId: number): Promise<NotificationSettings>;
  saveSettings(clientId: number, settings: NotificationSettings): Promise<NotificationSettings>;
}

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    orderId: row.orderId,
    designOrderId: row.designOrderId,
    companyId: row.companyId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createNotificationService(db: Database): NotificationService {
  async function unreadOf(where: SQL | undefined): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(notification)
      .where(and(where, isNull(notification.readAt)));
    return row?.value ?? 0;
  }

  return {
    async list(clientId, query) {
      if (query.companyId !== undefined) await requireOwnCompany(db, clientId, query.companyId);
      const where = and(eq(notification.accountId, clientId), query.companyId === undefined ? undefined : eq(notification.companyId, query.companyId));
      const offset = query.offset ?? 0;
      const limit = query.limit ?? NOTIFICATION_LIST_DEFAULT_LIMIT;
      const rows = await db
        .select()
        .from(notification)
        .where(where)
        .orderBy(desc(notification.createdAt), desc(notification.id))
        .offset(offset)
        .limit(limit);
      const [total] = await db.select({ value: count() }).from(notification).where(where);
      return { items: rows.map(toNotification), total: total?.value ?? 0, unread: await unreadOf(where), offset, limit };
    },

    async markRead(clientId, target) {
      const own = eq(notification.accountId, clientId);
      if (target.all) {
        await db.update(notification).set({ readAt: new Date() }).where(and(own, isNull(notification.readAt)));
      } else if (target.ids && target.ids.length > 0) {
        await db
          .update(notification)
          .set({ readAt: new Date() })
          .where(and(own, inArray(notification.id, target.ids), isNull(notification.readAt)));
      }
      return { unread: await unreadOf(own) };
    },

    async settings(clientId) {
      const [row] = await db.select({ orderNewsByMail: account.orderNewsByMail }).from(account).where(eq(account.id, clientId)).limit(1);
      return { orderNewsByMail: row?.orderNewsByMail ?? true };
    },

    async saveSettings(clientId, settings) {
      await db.update(account).set({ orderNewsByMail: settings.orderNewsByMail }).where(eq(account.id, clientId));
      return { orderNewsByMail: settings.orderNewsByMail };
    },
  };
}
