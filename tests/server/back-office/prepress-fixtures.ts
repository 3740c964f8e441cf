import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { clientOrder, layout, orderProduct, storedFile } from "../../../server/db/schema";
import { orderNumber } from "../../../server/services/orders/order-placing";
import type { PreflightFinding } from "../../../shared/contracts/index";

/* A placed order with one line and a layout of its detail, written as placing and the check write them (prepress tests). */

/** A finding of spec §5 as the server's check stores it: the trim size does not match (no bleed). */
export const SIZE_FINDING: PreflightFinding = { code: 1198, message: "Размер не соответствует типу макета", page: 1, bbox: null, measured: "90×50 мм без вылетов" };

let made = 0;

export interface PlacedLayout {
  orderId: number;
  orderNumber: string;
  lineId: number;
  layoutId: number;
}

export async function placedOrderWithLayout(
  db: Database,
  options: { clientId: number; productId: number; detailName: string; status?: string; layoutStatus?: string; findings?: PreflightFinding[]; approved?: boolean },
): Promise<PlacedLayout> {
  made += 1;
  const at = new Date();
  const [order] = await db
    .insert(clientOrder)
    .values({
      number: `prepress-${made}-${randomUUID()}`,
      accountId: options.clientId,
      status: options.status ?? "new",
      paymentType: "Invoice",
      paymentStatus: "pending",
      itemsKopecks: 150_000,
      totalKopecks: 150_000,
      vatKopecks: 27_049,
      idempotencyKey: `prepress-${randomUUID()}`,
      createdAt: at,
    })
    .returning();
  if (!order) throw new Error("No order");
  const number = orderNumber(at, order.id);
  await db.update(clientOrder).set({ number }).where(eq(clientOrder.id, order.id));
  const [line] = await db
    .insert(orderProduct)
    .values({ orderId: order.id, productId: options.productId, quantity: 100, unitPriceKopecks: 1_500, priceKopecks: 150_000, productionTimeDay: 3 })
    .returning({ id: orderProduct.id });
  if (!line) throw new Error("No line");
  const [file] = await db
    .insert(storedFile)
    .values({ ownerAccountId: options.clientId, kind: "layout", storageKey: `layout/test/${randomUUID()}.pdf`, originalName: "визитка.pdf", contentType: "application/pdf", sizeBytes: 10, sha256: "0".repeat(64) })
    .returning({ id: storedFile.id });
  if (!file) throw new Error("No file");
  const findings = options.findings ?? [SIZE_FINDING];
  const [row] = await db
    .insert(layout)
    .values({
      orderProductId: line.id,
      detailName: options.detailName,
      fileId: file.id,
      status: options.layoutStatus ?? (findings.length > 0 ? "failed" : "passed"),
      findings,
      approvedAt: options.approved ? at : null,
    })
    .returning({ id: layout.id });
  if (!row) throw new Error("No layout");
  return { orderId: order.id, orderNumber: number, lineId: line.id, layoutId: row.id };
}
