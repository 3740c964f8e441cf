import { and, asc, eq } from "drizzle-orm";
import type { DesignMessage } from "../../../shared/contracts/index";
import type { Database } from "../../db/client";
import { account, designMessage, designOrder } from "../../db/schema";
import type { DesignOrderRow } from "../../db/files.schema";
import { actingClientId } from "../accounts/acting-client";
import { recordNotification } from "../mail/notification-record";
import { tellClient } from "../mail/order-letters";
import { designNewsLetter } from "../mail/order-mail";
import { auditActorOf, recordAudit } from "../backoffice/audit";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";

/*
 * The messages of a design order between the customer and the shop's designer. The customer (or an
 * employee acting for them in client mode) reaches only their own design orders; any employee
 * reaches every design order, in client mode or not (the designer answers from the employee panel).
 * A message written by staff is the shop's: it tells the client in «Уведомления» (and by letter)
 * and is recorded in the back office's audit (objectType "design-order", action "message").
 */

export interface DesignMessageService {
  list(viewer: Viewer, designId: number): Promise<DesignMessage[]>;
  /** Staff's message is also a letter to the client (through the outbox) when `publicOrigin` is given for its link. */
  post(viewer: Viewer, designId: number, text: string, publicOrigin?: string): Promise<DesignMessage>;
}

const designNotFound = () =>
  new ShopError({ statusCode: 404, code: "DESIGN_NOT_FOUND", messageUI: "Заказ дизайна не найден", message: "No such design order for this caller" });

/** How a notification quotes a message: its start, on one line. */
function excerpt(text: string, max = 200): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function createDesignMessageService(db: Database): DesignMessageService {
  /** The design order the viewer may talk about: staff any, a client (or staff for them) their own. */
  async function reachable(viewer: Viewer, designId: number): Promise<DesignOrderRow> {
    const staff = viewer.account.typeUser === "employee";
    const where = staff ? eq(designOrder.id, designId) : and(eq(designOrder.id, designId), eq(designOrder.accountId, actingClientId(viewer)));
    const [row] = await db.select().from(designOrder).where(where).limit(1);
    if (!row) throw designNotFound();
    return row;
  }

  function present(
    viewer: Viewer,
    row: { id: number; designOrderId: number; text: string; createdAt: Date; authorId: number | null },
    author: { typeUser: "client" | "employee"; name: string; surname: string } | null,
  ): DesignMessage {
    const fromShop = author?.typeUser === "employee";
    const fullName = author ? `${author.name} ${author.surname}`.trim() : "";
    return {
      id: row.id,
      designOrderId: row.designOrderId,
      text: row.text,
      fromShop,
      authorName: author === null ? "Аккаунт удалён" : fromShop ? `${fullName || "Дизайнер"}, типография «Оттиск»` : fullName || "Клиент",
      mine: row.authorId === viewer.account.id,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async list(viewer, designId) {
      await reachable(viewer, designId);
      const rows = await db
        .select({ message: designMessage, author: { typeUser: account.typeUser, name: account.name, surname: account.surname } })
        .from(designMessage)
        .leftJoin(account, eq(account.id, designMessage.authorId))
        .where(eq(designMessage.designOrderId, designId))
        .orderBy(asc(designMessage.createdAt), asc(designMessage.id));
      return rows.map((row) => present(viewer, row.message, row.author));
    },

    async post(viewer, designId, text, publicOrigin) {
      const design = await reachable(viewer, designId);
      const fromShop = viewer.account.typeUser === "employee";
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(designMessage).values({ designOrderId: design.id, authorId: viewer.account.id, text }).returning();
        if (!created) throw new Error("design_message insert returned nothing");
        if (fromShop) {
          // The shop's message is a back-office write of the design order: audited with it (the text is the change).
          await recordAudit(tx, auditActorOf(viewer), { objectType: "design-order", objectId: design.id, action: "message", before: null, after: { messageId: created.id, text } });
          const title = `Новое сообщение дизайнера по заказу дизайна № ${design.id}`;
          // A copy of the designer's message: news the client may turn off (server/docs/letters.md).
          const target = { accountId: design.accountId, companyId: design.companyId, orderId: design.orderId, designOrderId: design.id, kind: "design_message" } as const;
          if (publicOrigin === undefined) await recordNotification(tx, { ...target, title, body: excerpt(text) });
          else await tellClient(tx, target, (to) => designNewsLetter(to, publicOrigin, design.id, title, excerpt(text), false));
        }
        return created;
      });
      return present(viewer, row, { typeUser: viewer.account.typeUser, name: viewer.account.name, surname: viewer.account.surname });
    },
  };
}
