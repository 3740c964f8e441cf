import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { DELIVERY_METHOD_LABELS, ORDER_LIST_DEFAULT_LIMIT, paymentTypeValues } from "../../../shared/contracts/index";
import type { Cart, DocumentListPage, Order, OrderListPage, PaymentType } from "../../../shared/contracts/index";
import { VAT_PERCENT } from "../../../shared/domain/index";
import type { Database } from "../../db/client";
import { account, clientOrder, company, delivery, designOrder, layout, orderProduct, payment, paymentRefund, paymentSettlement, product, productOption, selfPickupPoint, storedFile } from "../../db/schema";
import type { ChosenOptions, ClientOrderRow, DeliveryRow } from "../../db/schema";
import { lineSizeOf, sizeLabel } from "../../../shared/domain/pricing";
import { actingClientId } from "../accounts/acting-client";
import type { BalanceService } from "./balance.service";
import type { CacheInvalidation } from "../cache-invalidation";
import type { CartService } from "../cart/cart.service";
import { renderActPdf } from "./closing-document-pdf";
import { renderReceiptPage } from "./receipt-page";
import { renderUpdPdf } from "./upd-pdf";
import { closingDates, isFinishedOrder, listOrderDocuments } from "./documents.service";
import type { FileService } from "../files/file.service";
import { OTTISK_SUPPLIER, renderInvoicePdf } from "./invoice-pdf";
import type { InvoiceBuyer, InvoiceData, InvoiceLine } from "./invoice-pdf";
import { orderLedger, placeOrderRow } from "./order-placing";
import type { PlaceOrderInput } from "./order-placing";
import { lineTitle, toOrder, toOrderSummary } from "./order.mapper";
import { clientTimeline, timelinesOf, trackingOf } from "./order-timeline";
import type { OrderLineRow, OrderPaymentSource } from "./order.mapper";
import type { PaymentService } from "./payment.service";
import type { Viewer } from "../accounts/session.service";
import { ShopError } from "../shop-error";
import type { MailOutbox } from "../mail/mail-outbox";

/*
 * The client's orders: placing (order-placing.ts: one transaction that locks the cart, writes the
 * order and moves the cart's lines to it) and what runs after its commit — the invoice PDF and the
 * call to YooKassa, which must not hold a database lock and are retried by placing again with the
 * same key — and reading orders back, their invoices, acts and documents. The invoice is made once
 * per order across every node by the database (makeInvoice), not in memory.
 */

export interface OrderListInput {
  offset?: number | undefined;
  limit?: number | undefined;
  companyId?: number | undefined;
  /** Only the personal profile's orders (no company); ignored with companyId. */
  personal?: boolean | undefined;
}

export interface DocumentListQueryInput {
  /** undefined: the personal profile's documents. */
  companyId?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export interface InvoicePdf {
  bytes: Uint8Array;
  fileName: string;
}

export interface OrderService {
  /** `POST /client-cart/place-order`: the new order, or the one placed before with the same key. */
  placeOrder(viewer: Viewer, input: PlaceOrderInput, publicOrigin: string): Promise<Order>;
  /** `GET /client-order`: the client's orders, newest first. */
  listOrders(viewer: Viewer, query: OrderListInput): Promise<OrderListPage>;
  /** `GET /client-order/{id}`: 404 when it is not the client's. */
  getOrder(viewer: Viewer, orderId: number, publicOrigin: string): Promise<Order>;
  /** `GET /client-order/{id}/invoice`: the invoice PDF of an order paid by invoice. */
  invoicePdf(viewer: Viewer, orderId: number): Promise<InvoicePdf>;
  /** `GET /client-order/{id}/act`: the act of a shipped or done order, made now (409 before). */
  actPdf(viewer: Viewer, orderId: number): Promise<InvoicePdf>;
  /** `GET /client-order/{id}/upd`: the УПД (status 1) of a company's shipped or done order (404 without a company, 409 before). */
  updPdf(viewer: Viewer, orderId: number): Promise<InvoicePdf>;
  /** `GET /client-order/{id}/receipt`: the shop's copy of the card payment's receipt as an HTML page (404 when the order was not paid by card). */
  receiptPage(viewer: Viewer, orderId: number): Promise<string>;
  /** `GET /client-account/documents`: invoices and acts of the personal profile or a company. */
  listDocuments(viewer: Viewer, query: DocumentListQueryInput, publicOrigin: string): Promise<DocumentListPage>;
  /** `POST /client-order/{id}/repeat`: every line of the order copied into the cart of the order's account. */
  repeatOrder(viewer: Viewer, orderId: number, publicOrigin: string): Promise<Cart>;
  /**
   * `POST /client-order/{id}/payment`: pay an unpaid Yookassa order again — the pending payment's
   * confirmation, or a new payment when the last one was cancelled; 409 for anything else.
   */
  payAgain(viewer: Viewer, orderId: number, publicOrigin: string): Promise<Order>;
  /** Any client's order, for staff (`GET /employee/order/{id}`, services/orders/employee-orders.service.ts); 404 when there is none. */
  readAnyOrder(orderId: number, publicOrigin: string): Promise<Order>;
  /** The order's invoice PDF, made when missing: the file the order-placed letter of an invoice order carries (the outbox reads it when sending). */
  invoiceFile(orderId: number): Promise<InvoicePdf>;
}

export interface OrderServiceDeps {
  carts: Pick<CartService, "checkoutSnapshot" | "moveToOrder" | "repeatLines">;
  files: Pick<FileService, "stage" | "read">;
  balance: BalanceService;
  payments: PaymentService;
  /** Told after an order is placed: its products' times-ordered counts changed, which the catalogue's cached pages show. */
  caches: Pick<CacheInvalidation, "invalidate">;
  now?: () => Date;
  /** The payment types the shop offers (OTTISK_PAYMENTS); default all: place-order and «Оплатить» refuse another. */
  offered?: readonly PaymentType[];
  /** The mail outbox, woken after placing queued «Заказ принят». */
  mail?: Pick<MailOutbox, "wake">;
}

const orderNotFound = () => new ShopError({ statusCode: 404, code: "ORDER_NOT_FOUND", messageUI: "Заказ не найден", message: "No such order for this client" });

const cannotPayAgain = (code: string, messageUI: string, message: string) => new ShopError({ statusCode: 409, code, messageUI, message });

const OPTION_GROUP_ORDER = ["format", "paper", "colors", "finishing"] as const;

/** A per-m² line's own size, first among its option labels: «Размер 1500 × 800 мм». */
function sizeLabels(options: ChosenOptions): string[] {
  const size = lineSizeOf(options);
  return size === null ? [] : [`Размер ${sizeLabel(size)}`];
}

/** Rolls back the invoice's transaction when the order got another request's invoice first. */
class InvoiceMadeElsewhere extends Error {}

export function createOrderService(db: Database, deps: OrderServiceDeps): OrderService {
  const now = deps.now ?? (() => new Date());
  const offered = deps.offered ?? paymentTypeValues;

  async function ownOrder(viewer: Viewer, orderId: number): Promise<ClientOrderRow> {
    const [row] = await db
      .select()
      .from(clientOrder)
      .where(and(eq(clientOrder.id, orderId), eq(clientOrder.accountId, actingClientId(viewer))))
      .limit(1);
    if (!row) throw orderNotFound();
    return row;
  }

  async function loadLines(orderId: number): Promise<OrderLineRow[]> {
    const rows = await db
      .select({ line: orderProduct, productName: product.name })
      .from(orderProduct)
      .innerJoin(product, eq(product.id, orderProduct.productId))
      .where(eq(orderProduct.orderId, orderId))
      .orderBy(asc(orderProduct.createdAt), asc(orderProduct.id));
    const productIds = [...new Set(rows.map((row) => row.line.productId))];
    const options =
      productIds.length === 0
        ? []
        : await db
            .select({ productId: productOption.productId, group: productOption.group, code: productOption.code, label: productOption.label })
            .from(productOption)
            .where(inArray(productOption.productId, productIds));
    const labelOf = (productId: number, group: string, code: string): string =>
      options.find((option) => option.productId === productId && option.group === group && option.code === code)?.label ?? code;
    const lineIds = rows.map((row) => row.line.id);
    const layouts =
      lineIds.length === 0
        ? []
        : await db
            .select({ layout, file: storedFile })
            .from(layout)
            .innerJoin(storedFile, eq(storedFile.id, layout.fileId))
            .where(inArray(layout.orderProductId, lineIds))
            .orderBy(asc(layout.id));
    const designs =
      lineIds.length === 0
        ? []
        : await db.select().from(designOrder).where(inArray(designOrder.orderProductId, lineIds)).orderBy(asc(designOrder.createdAt), asc(designOrder.id));
    return rows.map(({ line, productName }) => ({
      line,
      productName,
      designs: designs.filter((design) => design.orderProductId === line.id),
      // The latest layout of each detail (oldest first, so a later one takes its detail's place).
      layouts: [...new Map(layouts.filter((item) => item.layout.orderProductId === line.id).map((item) => [item.layout.detailName, item])).values()],
      optionLabels: [
        ...sizeLabels(line.options),
        ...OPTION_GROUP_ORDER.flatMap((group) => {
          const chosen = group === "finishing" ? (line.options.finishing ?? []) : [line.options[group]].filter((code): code is string => code !== undefined);
          return chosen.map((code) => labelOf(line.productId, group, code));
        }),
      ],
    }));
  }

  /**
   * The order's deliveries. A pickup at the shop's own point keeps only the point's id: its address is
   * the point's name and address, so the order page says where to come, not «пункт выдачи 1».
   */
  async function loadDeliveries(orderId: number): Promise<DeliveryRow[]> {
    const rows = await db.select().from(delivery).where(eq(delivery.orderId, orderId)).orderBy(asc(delivery.id));
    const pointIds = rows.flatMap((row) => (row.deliveryMethod === "SelfPickup" && !row.address && /^\d{1,9}$/.test(row.pickupPointCode ?? "") ? [Number(row.pickupPointCode)] : []));
    if (pointIds.length === 0) return rows;
    const points = await db.select({ id: selfPickupPoint.id, name: selfPickupPoint.name, address: selfPickupPoint.address }).from(selfPickupPoint).where(inArray(selfPickupPoint.id, pointIds));
    const named = new Map(points.map((point) => [String(point.id), `${point.name}, ${point.address}`]));
    return rows.map((row) => (row.deliveryMethod === "SelfPickup" && !row.address && named.has(row.pickupPointCode ?? "") ? { ...row, address: named.get(row.pickupPointCode ?? "") ?? "" } : row));
  }

  async function paymentSource(row: ClientOrderRow): Promise<OrderPaymentSource> {
    switch (row.paymentType) {
      case "Invoice":
        return { type: "Invoice", invoiceFileId: row.invoiceFileId };
      case "Yookassa":
        return { type: "Yookassa", payment: await deps.payments.latestFor(row.id) };
      case "InternalBalance":
        return { type: "InternalBalance", balanceKopecks: await deps.balance.balanceKopecks(orderLedger(row)) };
    }
  }

  async function fullOrder(row: ClientOrderRow, publicOrigin: string): Promise<Order> {
    const [lines, deliveries, payment, refunds, timelines] = await Promise.all([
      loadLines(row.id),
      loadDeliveries(row.id),
      paymentSource(row),
      deps.payments.refundsOf(row.id),
      timelinesOf(db, [row]),
    ]);
    return { ...toOrder(row, lines, deliveries, payment, publicOrigin, refunds), timeline: clientTimeline(timelines.get(row.id) ?? []), tracking: trackingOf(row) };
  }

  async function invoiceBuyer(row: ClientOrderRow): Promise<InvoiceBuyer> {
    if (row.companyId !== null) {
      const [found] = await db.select().from(company).where(eq(company.id, row.companyId)).limit(1);
      if (found) return { name: found.name, inn: found.inn, kpp: found.kpp, address: found.legalAddress };
    }
    const [person] = await db.select({ name: account.name, surname: account.surname, email: account.email }).from(account).where(eq(account.id, row.accountId));
    const fullName = [person?.surname, person?.name].filter((part) => part !== undefined && part !== "").join(" ");
    return { name: fullName === "" ? "Частное лицо" : `${fullName} (частное лицо)`, inn: null, kpp: null, address: person?.email ? `e-mail: ${person.email}` : "" };
  }

  async function invoiceData(row: ClientOrderRow): Promise<InvoiceData> {
    const [lines, deliveries, buyer] = await Promise.all([loadLines(row.id), loadDeliveries(row.id), invoiceBuyer(row)]);
    const methodLabels: Readonly<Record<string, string>> = DELIVERY_METHOD_LABELS;
    const invoiceLines: InvoiceLine[] = [
      ...lines.map((item) => ({
        name: `${lineTitle(item)}${item.line.isUrgent ? ", срочно" : ""}`,
        quantity: item.line.quantity,
        unit: "шт",
        unitPriceKopecks: item.line.unitPriceKopecks,
        sumKopecks: item.line.priceKopecks,
      })),
      ...deliveries.map((item) => ({
        name: ["Доставка", [methodLabels[item.deliveryMethod] ?? item.deliveryMethod, item.address].filter((part) => part !== "").join(", ")].join(": "),
        quantity: 1,
        unit: "усл",
        unitPriceKopecks: item.priceKopecks,
        sumKopecks: item.priceKopecks,
      })),
    ];
    return {
      number: row.number,
      date: row.createdAt,
      supplier: OTTISK_SUPPLIER,
      buyer,
      lines: invoiceLines,
      discountKopecks: row.discountKopecks,
      promocode: row.promocodeCode,
      totalKopecks: row.totalKopecks,
      vatKopecks: row.vatKopecks,
      vatPercent: VAT_PERCENT,
    };
  }

  /**
   * The order's invoice, made once however many requests on however many nodes finish the order at
   * once, and with no lock held while the PDF is drawn: the bytes go to the storage first, then one
   * short transaction writes the file's row and sets the order's invoice only where it has none. A
   * request that finds an invoice already set rolls its row back, removes its bytes (no orphan is
   * left) and answers the invoice that was there first.
   */
  async function makeInvoice(row: ClientOrderRow): Promise<ClientOrderRow> {
    const bytes = await renderInvoicePdf(await invoiceData(row));
    const staged = await deps.files.stage({
      ownerAccountId: row.accountId,
      kind: "invoice",
      originalName: `Счёт ${row.number}.pdf`,
      contentType: "application/pdf",
      bytes,
    });
    try {
      return await db.transaction(async (tx) => {
        const [file] = await tx.insert(storedFile).values(staged.values).returning({ id: storedFile.id });
        if (!file) throw new Error("stored_file insert returned nothing");
        const [updated] = await tx
          .update(clientOrder)
          .set({ invoiceFileId: file.id })
          .where(and(eq(clientOrder.id, row.id), isNull(clientOrder.invoiceFileId)))
          .returning();
        if (!updated) throw new InvoiceMadeElsewhere();
        return updated;
      });
    } catch (error) {
      await staged.discard();
      if (!(error instanceof InvoiceMadeElsewhere)) throw error;
    }
    const [current] = await db.select().from(clientOrder).where(eq(clientOrder.id, row.id));
    if (!current) throw new Error(`Order ${row.id} vanished while its invoice was made`);
    return current;
  }

  /** The order with its invoice made and stored (once: makeInvoice). */
  function ensureInvoice(row: ClientOrderRow): Promise<ClientOrderRow> {
    if (row.paymentType !== "Invoice" || row.invoiceFileId !== null) return Promise.resolve(row);
    return makeInvoice(row);
  }

  /** What placing does after the commit: the invoice, the YooKassa payment; then the order as the API gives it. */
  async function finish(row: ClientOrderRow, publicOrigin: string): Promise<Order> {
    const ready = await ensureInvoice(row);
    if (ready.paymentType === "Yookassa") {
      const pending = await deps.payments.latestFor(ready.id);
      if (pending) await deps.payments.ensureConfirmation(pending, ready, publicOrigin);
    }
    return fullOrder(ready, publicOrigin);
  }

  return {
    async placeOrder(viewer, input, publicOrigin) {
      return finish(await placeOrderRow(db, { ...deps, now, offered }, viewer, input, publicOrigin), publicOrigin);
    },

    async listOrders(viewer, query) {
      const clientId = actingClientId(viewer);
      const offset = query.offset ?? 0;
      const limit = query.limit ?? ORDER_LIST_DEFAULT_LIMIT;
      const ofAccount = query.companyId !== undefined ? eq(clientOrder.companyId, query.companyId) : query.personal ? isNull(clientOrder.companyId) : undefined;
      const where = and(eq(clientOrder.accountId, clientId), ofAccount);
      // Counted per listed order (order_product_order_id_idx), not grouped over every order's lines.
      const lineCount = sql<number>`(SELECT count(*) FROM ${orderProduct} AS line WHERE line.order_id = ${clientOrder}.id)`.mapWith(Number);
      const [rows, [total]] = await Promise.all([
        db
          .select({ order: clientOrder, lines: lineCount })
          .from(clientOrder)
          .where(where)
          .orderBy(desc(clientOrder.createdAt), desc(clientOrder.id))
          .offset(offset)
          .limit(limit),
        db.select({ total: count() }).from(clientOrder).where(where),
      ]);
      return {
        items: rows.map((row) => toOrderSummary(row.order, Number(row.lines ?? 0))),
        total: total?.total ?? 0,
        offset,
        limit,
      };
    },

    async getOrder(viewer, orderId, publicOrigin) {
      return fullOrder(await ensureInvoice(await ownOrder(viewer, orderId)), publicOrigin);
    },

    async readAnyOrder(orderId, publicOrigin) {
      const [row] = await db.select().from(clientOrder).where(eq(clientOrder.id, orderId)).limit(1);
      if (!row) throw orderNotFound();
      return fullOrder(await ensureInvoice(row), publicOrigin);
    },

    async invoiceFile(orderId) {
      const [row] = await db.select().from(clientOrder).where(eq(clientOrder.id, orderId)).limit(1);
      if (!row) throw orderNotFound();
      const ready = await ensureInvoice(row);
      const stored = ready.invoiceFileId === null ? null : await deps.files.read(ready.invoiceFileId);
      if (!stored) throw new Error(`The invoice file of order ${orderId} is missing from the storage`);
      return { bytes: stored.bytes, fileName: `Счёт ${ready.number}.pdf` };
    },

    async invoicePdf(viewer, orderId) {
      const row = await ownOrder(viewer, orderId);
      if (row.paymentType !== "Invoice") {
        throw new ShopError({ statusCode: 404, code: "INVOICE_NOT_FOUND", messageUI: "Для этого заказа нет счёта: он оплачивается иначе", message: `Order ${orderId} is paid by ${row.paymentType}` });
      }
      const ready = await ensureInvoice(row);
      const stored = ready.invoiceFileId === null ? null : await deps.files.read(ready.invoiceFileId);
      if (!stored) throw new Error(`The invoice file of order ${orderId} is missing from the storage`);
      return { bytes: stored.bytes, fileName: `Счёт ${ready.number}.pdf` };
    },

    async actPdf(viewer, orderId) {
      const row = await ownOrder(viewer, orderId);
      if (!isFinishedOrder(row)) {
        throw new ShopError({
          statusCode: 409,
          code: "ORDER_NOT_FINISHED",
          messageUI: `Акт появится, когда заказ № ${row.number} будет выполнен`,
          message: `Order ${orderId} is ${row.status}: no act before it is shipped or done`,
        });
      }
      const [data, dates] = await Promise.all([invoiceData(row), closingDates(db, [row])]);
      const bytes = await renderActPdf({ ...data, date: dates.get(row.id) ?? row.createdAt, orderNumber: row.number, orderDate: row.createdAt });
      return { bytes, fileName: `Акт ${row.number}.pdf` };
    },

    async updPdf(viewer, orderId) {
      const row = await ownOrder(viewer, orderId);
      if (row.companyId === null) {
        throw new ShopError({ statusCode: 404, code: "UPD_NOT_FOUND", messageUI: "УПД оформляется только для заказов компании", message: `Order ${orderId} is a personal order` });
      }
      if (!isFinishedOrder(row)) {
        throw new ShopError({
          statusCode: 409,
          code: "ORDER_NOT_FINISHED",
          messageUI: `УПД появится, когда заказ № ${row.number} будет выполнен`,
          message: `Order ${orderId} is ${row.status}: no УПД before it is shipped or done`,
        });
      }
      const [data, dates] = await Promise.all([invoiceData(row), closingDates(db, [row])]);
      const bytes = await renderUpdPdf({ ...data, date: dates.get(row.id) ?? row.createdAt, orderNumber: row.number, orderDate: row.createdAt });
      return { bytes, fileName: `УПД ${row.number}.pdf` };
    },

    async receiptPage(viewer, orderId) {
      const row = await ownOrder(viewer, orderId);
      const [paid] = await db
        .select()
        .from(payment)
        .where(and(eq(payment.orderId, row.id), eq(payment.status, "succeeded")))
        .orderBy(desc(payment.id))
        .limit(1);
      if (!paid?.requestJson) {
        throw new ShopError({ statusCode: 404, code: "RECEIPT_NOT_FOUND", messageUI: "Чека нет: заказ не оплачен картой", message: `Order ${orderId} has no succeeded card payment with a receipt` });
      }
      const [[refund], [settlement]] = await Promise.all([
        db.select().from(paymentRefund).where(eq(paymentRefund.paymentId, paid.id)).limit(1),
        db.select().from(paymentSettlement).where(eq(paymentSettlement.paymentId, paid.id)).limit(1),
      ]);
      return renderReceiptPage({
        orderNumber: row.number,
        paidAt: row.paidAt ?? paid.updatedAt,
        receipt: paid.requestJson.receipt,
        settlement: settlement ? { at: settlement.createdAt, receipt: { customer: settlement.requestJson.customer, items: settlement.requestJson.items, tax_system_code: settlement.requestJson.tax_system_code } } : null,
        refundedAt: refund?.createdAt ?? null,
      });
    },

    async listDocuments(viewer, query, publicOrigin) {
      return listOrderDocuments(db, { clientId: actingClientId(viewer), companyId: query.companyId ?? null, offset: query.offset, limit: query.limit }, publicOrigin);
    },

    async repeatOrder(viewer, orderId, publicOrigin) {
      const row = await ownOrder(viewer, orderId);
      const lines = await db.select({ id: orderProduct.id }).from(orderProduct).where(eq(orderProduct.orderId, row.id)).orderBy(asc(orderProduct.createdAt), asc(orderProduct.id));
      if (lines.length === 0) {
        throw new ShopError({ statusCode: 409, code: "ORDER_HAS_NO_LINES", messageUI: "В этом заказе нет товаров, повторять нечего", message: `Order ${orderId} has no lines` });
      }
      // Into the cart of the order's own account: its company (a deleted company leaves the order with none: the personal profile).
      return deps.carts.repeatLines(
        viewer,
        lines.map((line) => line.id),
        { companyId: row.companyId },
        publicOrigin,
      );
    },

    async payAgain(viewer, orderId, publicOrigin) {
      const found = await ownOrder(viewer, orderId);
      if (found.paymentType !== "Yookassa") {
        throw cannotPayAgain("PAYMENT_NOT_BY_CARD", "Этот заказ оплачивается не картой: оплатить его онлайн нельзя", `Order ${orderId} is paid by ${found.paymentType}`);
      }
      // Card payments turned off (OTTISK_PAYMENTS) after the order was placed: nothing the shopper can choose here, the shop settles it.
      if (!offered.includes("Yookassa")) {
        throw cannotPayAgain("PAYMENT_TYPE_OFF", `Оплата картой сейчас отключена: свяжитесь с нами, и мы поможем оплатить заказ № ${found.number} иначе`, "The shop does not offer Yookassa payments (OTTISK_PAYMENTS)");
      }
      const payable = await db.transaction(async (tx) => {
        // The order's row locked: two clicks at once make one new payment, not two.
        const [row] = await tx.select().from(clientOrder).where(eq(clientOrder.id, found.id)).for("update");
        if (!row) throw orderNotFound();
        if (row.paymentStatus === "paid") throw cannotPayAgain("ORDER_ALREADY_PAID", `Заказ № ${row.number} уже оплачен`, `Order ${orderId} is paid`);
        if (row.status === "cancelled") throw cannotPayAgain("ORDER_CANCELLED", `Заказ № ${row.number} отменён: оплатить его нельзя`, `Order ${orderId} is cancelled`);
        const [latest] = await tx.select().from(payment).where(eq(payment.orderId, row.id)).orderBy(desc(payment.id)).limit(1);
        if (latest?.status === "waiting_for_capture" || latest?.status === "succeeded") {
          throw cannotPayAgain("PAYMENT_IN_PROGRESS", "Оплата этого заказа уже прошла и ждёт подтверждения банка", `Order ${orderId}'s payment is ${latest.status}`);
        }
        if (latest?.status === "pending") return { row, pending: latest };
        // Cancelled (or never made): a new payment with a new idempotence key; the order waits for it again.
        const created = await deps.payments.createPending(tx, row, publicOrigin);
        await tx.update(clientOrder).set({ paymentStatus: "pending" }).where(and(eq(clientOrder.id, row.id), eq(clientOrder.paymentStatus, "cancelled")));
        return { row, pending: created };
      });
      // After the commit (no lock held while YooKassa answers): the confirmation URL, asked once per payment.
      await deps.payments.ensureConfirmation(payable.pending, payable.row, publicOrigin);
      const [current] = await db.select().from(clientOrder).where(eq(clientOrder.id, found.id));
      if (!current) throw orderNotFound();
      return fullOrder(current, publicOrigin);
    },
  };
}
