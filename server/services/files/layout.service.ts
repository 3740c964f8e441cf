import { and, asc, desc, eq } from "drizzle-orm";
import { layoutUploadFieldsSchema } from "../../../shared/contracts/index";
import type { Check, CheckStarted, CheckReport, Layout } from "../../../shared/contracts/index";
import type { PreflightProfile } from "../../../shared/contracts/preflight-profile";
import type { Database } from "../../db/client";
import { productDetail, productOption } from "../../db/catalog-options.schema";
import type { ProductDetailRow } from "../../db/catalog-options.schema";
import { cart, orderProduct } from "../../db/cart.schema";
import type { OrderProductRow } from "../../db/cart.schema";
import { layout, layoutCheck } from "../../db/files.schema";
import type { LayoutCheckRow, LayoutRow } from "../../db/files.schema";
import { storedFile } from "../../db/stored-file.schema";
import type { StoredFileRow } from "../../db/stored-file.schema";
import { clientOrder } from "../../db/orders.schema";
import type { CheckRunner } from "../../jobs/check-runner";
import { pendingCheckOf } from "../../jobs/check-runner";
import type { FileService, UploadedPart } from "./file.service";
import { chosenOptionCodes, detailsNeedingLayout, layoutProfile } from "../../../shared/domain/index";
import { sniffPdf } from "./file-sniff";
import { findingsOf, toCheck, toLayout } from "./files.mapper";
import { isShopError, ShopError } from "../shop-error";

/*
 * Layouts of order lines (POST /file/upload/layout) and their print-readiness checks.
 * Every call names the client it works for (acting-client.ts): a line is reachable when it is in
 * one of the client's carts or orders; anyone else's line is "not found".
 */

/** A line with where it lives: a cart (before the order is placed) or a placed order. */
export interface ReachableLine {
  line: OrderProductRow;
  companyId: number | null;
  /** The placed order's status; null while the line is in a cart. */
  orderStatus: string | null;
}

export interface LayoutService {
  /** The line, when it is in the client's cart or one of the client's orders; else 404. */
  lineOf(clientId: number, orderProductId: number): Promise<ReachableLine>;
  /** The product's details that need a layout with the line's chosen options. */
  layoutDetailsOf(line: OrderProductRow): Promise<ProductDetailRow[]>;
  /**
   * Stores a PDF as the layout of one detail of a line, replacing the previous layout of that detail (whose file goes).
   * `uploadedById`: the employee who uploads it for the client (a designer's finished layout); the file is still the client's.
   */
  uploadLayout(clientId: number, fields: Record<string, string>, file: UploadedPart, publicOrigin: string, uploadedById?: number): Promise<Layout>;
  /** Starts (or finds the running) check of a detail's current layout; `created` tells which. */
  /** `admit` runs before a new check is queued (not when one is reused): the account's check quota. */
  startCheck(
    clientId: number,
    params: { orderId: number; productId: number; detailName: string },
    admit?: () => Promise<void>,
  ): Promise<{ created: boolean; check: CheckStarted }>;
  check(clientId: number, checkId: number): Promise<Check>;
  /** The client approves the layout as it is (findings and all), or takes the approval back. */
  setApproval(clientId: number, layoutId: number, approved: boolean, publicOrigin: string): Promise<Layout>;
  /** The latest check of the current layout of a line's detail, or null. */
  latestCheckId(orderProductId: number, detailName: string): Promise<number | null>;
  /**
   * Compares the browser's result for a finished check with the server's (which stands), keeps the
   * browser's findings on the layout, and answers both sides as comparable keys when they differ.
   */
  compareBrowserResult(clientId: number, checkId: number, report: CheckReport): Promise<BrowserResultComparison>;
}

/** Each side's result as sorted keys: "2078@1" (code at page), "1120@doc", or "error:DAMAGED". */
export interface BrowserResultComparison {
  agreed: boolean;
  layoutId: number;
  server: string[];
  browser: string[];
}

function findingKeys(findings: readonly { code: number; page: number | null }[]): string[] {
  return [...new Set(findings.map((finding) => `${finding.code}@${finding.page ?? "doc"}`))].sort();
}

const layoutNotFound = () =>
  new ShopError({ statusCode: 404, code: "LAYOUT_NOT_FOUND", messageUI: "Макет не найден: загрузите его заново", message: "No such layout for this client" });

const lineNotFound = () =>
  new ShopError({ statusCode: 404, code: "ORDER_PRODUCT_NOT_FOUND", messageUI: "Строка заказа не найдена", message: "No such order line for this client" });

/** Orders still before production accept a new layout; later the printing plates are made. */
const LAYOUT_EDITABLE_ORDER_STATUSES = new Set(["new", "paid"]);

export function createLayoutService(db: Database, files: FileService, runner: CheckRunner, maxLayoutBytes: number): LayoutService {
  async function lineOf(clientId: number, orderProductId: number): Promise<ReachableLine> {
    const [found] = await db
      .select({
        line: orderProduct,
        cartAccountId: cart.accountId,
        cartCompanyId: cart.companyId,
        orderAccountId: clientOrder.accountId,
        orderCompanyId: clientOrder.companyId,
        orderStatus: clientOrder.status,
      })
      .from(orderProduct)
      .leftJoin(cart, eq(cart.id, orderProduct.cartId))
      .leftJoin(clientOrder, eq(clientOrder.id, orderProduct.orderId))
      .where(eq(orderProduct.id, orderProductId));
    if (!found) throw lineNotFound();
    if (found.orderAccountId === clientId) {
      return { line: found.line, companyId: found.orderCompanyId, orderStatus: found.orderStatus };
    }
    if (found.line.orderId === null && found.cartAccountId === clientId) {
      return { line: found.line, companyId: found.cartCompanyId, orderStatus: null };
    }
    throw lineNotFound();
  }

  /** A check of one of the client's layouts; anyone else's is as unknown as a missing one. */
  async function reachableCheck(clientId: number, checkId: number): Promise<LayoutCheckRow> {
    const [found] = await db
      .select({ checkRow: layoutCheck, orderProductId: layout.orderProductId })
      .from(layoutCheck)
      .innerJoin(layout, eq(layout.id, layoutCheck.layoutId))
      .where(eq(layoutCheck.id, checkId));
    const notFound = new ShopError({ statusCode: 404, code: "AUTOCHECK_NOT_FOUND", messageUI: "Проверка не найдена", message: "No such check for this client" });
    if (!found) throw notFound;
    try {
      await lineOf(clientId, found.orderProductId);
    } catch (error) {
      throw isShopError(error) ? notFound : error;
    }
    return found.checkRow;
  }

  async function layoutDetailsOf(line: OrderProductRow): Promise<ProductDetailRow[]> {
    const details = await db
      .select()
      .from(productDetail)
      .where(eq(productDetail.productId, line.productId))
      .orderBy(asc(productDetail.sortOrder), asc(productDetail.id));
    return detailsNeedingLayout(details, chosenOptionCodes(line.options));
  }

  async function detailOf(line: OrderProductRow, detailName: string): Promise<ProductDetailRow> {
    const details = await layoutDetailsOf(line);
    const detail = details.find((candidate) => candidate.name === detailName);
    if (!detail) {
      const names = details.map((candidate) => `«${candidate.name}»`).join(", ");
      throw new ShopError({
        statusCode: 400,
        code: "UNKNOWN_DETAIL",
        messageUI: names ? `У этого товара макет нужен для: ${names}` : "Для этого товара макет не нужен",
        message: `Detail "${detailName}" needs no layout for line ${line.id}`,
      });
    }
    return detail;
  }

  /**
   * The profile a layout is checked against: the detail's, whose trim size is the product's
   * default format; a line that chose another format (product_option with its own width_mm and
   * height_mm) is checked at that format's size; a per-m² line at its own size.
   */
  async function profileFor(line: OrderProductRow, detail: ProductDetailRow): Promise<PreflightProfile> {
    if (line.options.widthMm !== undefined && line.options.heightMm !== undefined) return layoutProfile(detail.profile, undefined, line.options);
    const formatCode = line.options.format;
    if (!formatCode) return detail.profile;
    const [format] = await db
      .select({ isDefault: productOption.isDefault, widthMm: productOption.widthMm, heightMm: productOption.heightMm })
      .from(productOption)
      .where(and(eq(productOption.productId, line.productId), eq(productOption.group, "format"), eq(productOption.code, formatCode)));
    return layoutProfile(detail.profile, format);
  }

  async function currentLayout(orderProductId: number, detailName: string): Promise<LayoutRow | null> {
    const [row] = await db
      .select()
      .from(layout)
      .where(and(eq(layout.orderProductId, orderProductId), eq(layout.detailName, detailName)))
      .orderBy(desc(layout.id))
      .limit(1);
    return row ?? null;
  }

  return {
    lineOf,
    layoutDetailsOf,

    async uploadLayout(clientId, fieldValues, file, publicOrigin, uploadedById) {
      const parsed = layoutUploadFieldsSchema.safeParse(fieldValues);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ field: issue.path.join("."), messageUI: issue.message }));
        throw new ShopError({
          statusCode: 400,
          code: "VALIDATION_ERROR",
          messageUI: issues[0]?.messageUI ?? "Проверьте поля формы",
          message: "The layout upload form is incomplete",
          issues,
        });
      }
      const fields = parsed.data;
      if (file.sizeBytes > maxLayoutBytes) throw fileTooLarge(maxLayoutBytes);
      const pdf = sniffPdf(file.ends);
      if (!pdf) {
        throw new ShopError({ statusCode: 400, code: "NOT_A_PDF", messageUI: "Загрузите макет в формате PDF", message: "The layout is not a PDF by its content" });
      }
      if (!pdf.complete) {
        throw new ShopError({
          statusCode: 400,
          code: "PDF_TRUNCATED",
          messageUI: "Файл PDF загрузился не полностью или повреждён: загрузите его ещё раз",
          message: "The PDF has no %%EOF near its end",
        });
      }
      const reachable = await lineOf(clientId, fields.orderProductId);
      if (reachable.orderStatus !== null && !LAYOUT_EDITABLE_ORDER_STATUSES.has(reachable.orderStatus)) {
        throw new ShopError({
          statusCode: 409,
          code: "LAYOUT_LOCKED",
          messageUI: "Заказ уже в производстве: макет заменить нельзя",
          message: `Order status ${reachable.orderStatus} accepts no new layouts`,
        });
      }
      const detail = await detailOf(reachable.line, fields.detailName);
      const staged = await files.stage({ ownerAccountId: clientId, kind: "layout", originalName: file.fileName, contentType: "application/pdf", upload: file });
      // One transaction records the new file and layout and drops the previous layout of the detail
      // (with its checks) and its file's row when nothing else refers to it; the bytes go after commit.
      let recorded: { row: LayoutRow; stored: StoredFileRow; dropped: string[] };
      try {
        recorded = await db.transaction(async (tx) => {
          const [stored] = await tx.insert(storedFile).values(staged.values).returning();
          if (!stored) throw new Error("stored_file insert returned nothing");
          const replaced = await tx
            .delete(layout)
            .where(and(eq(layout.orderProductId, reachable.line.id), eq(layout.detailName, detail.name)))
            .returning({ fileId: layout.fileId });
          const [inserted] = await tx
            .insert(layout)
            .values({ orderProductId: reachable.line.id, detailName: detail.name, fileId: stored.id, status: "uploaded", uploadedById: uploadedById ?? null })
            .returning();
          if (!inserted) throw new Error("layout insert returned nothing");
          const dropped = await files.dropUnreferenced(tx, replaced.map((old) => old.fileId));
          return { row: inserted, stored, dropped };
        });
      } catch (error) {
        await staged.discard();
        throw error;
      }
      await files.removeStored(recorded.dropped);
      const { row, stored } = recorded;
      return toLayout(row, stored, publicOrigin);
    },

    async setApproval(clientId, layoutId, approved, publicOrigin) {
      const [found] = await db.select({ layout, file: storedFile }).from(layout).innerJoin(storedFile, eq(storedFile.id, layout.fileId)).where(eq(layout.id, layoutId));
      if (!found) throw layoutNotFound();
      // Someone else's layout is as unknown as a missing one.
      const reachable = await lineOf(clientId, found.layout.orderProductId).catch((error: unknown) => {
        throw isShopError(error) && error.statusCode === 404 ? layoutNotFound() : error;
      });
      if (reachable.orderStatus !== null && !LAYOUT_EDITABLE_ORDER_STATUSES.has(reachable.orderStatus)) {
        throw new ShopError({
          statusCode: 409,
          code: "LAYOUT_LOCKED",
          messageUI: "Заказ уже в производстве: подтверждение макета изменить нельзя",
          message: `Order status ${reachable.orderStatus} keeps its approvals`,
        });
      }
      const [updated] = await db
        .update(layout)
        .set({ approvedAt: approved ? new Date() : null })
        .where(eq(layout.id, layoutId))
        .returning();
      if (!updated) throw layoutNotFound();
      return toLayout(updated, found.file, publicOrigin);
    },

    async startCheck(clientId, params, admit) {
      const { line } = await lineOf(clientId, params.productId);
      if (line.cartId !== params.orderId && line.orderId !== params.orderId) throw lineNotFound();
      const detail = await detailOf(line, params.detailName);
      const current = await currentLayout(line.id, detail.name);
      if (!current) {
        throw new ShopError({
          statusCode: 409,
          code: "LAYOUT_MISSING",
          messageUI: "Сначала загрузите макет этой детали",
          message: `No layout of "${detail.name}" on line ${line.id}`,
        });
      }
      const pending = await pendingCheckOf(db, current.id);
      if (pending) return { created: false, check: { pitstopDesignId: pending.id, state: pending.state } };
      await admit?.();
      // Another start may have queued it meanwhile (a double click, another node): then that one is the answer.
      const checkRow = await runner.enqueue(current.id, await profileFor(line, detail), clientId);
      return { created: checkRow.created, check: { pitstopDesignId: checkRow.id, state: checkRow.state } };
    },

    async compareBrowserResult(clientId, checkId, report) {
      const checkRow = await reachableCheck(clientId, checkId);
      if (checkRow.state !== "done" && checkRow.state !== "failed") {
        throw new ShopError({
          statusCode: 409,
          code: "AUTOCHECK_RUNNING",
          messageUI: "Проверка на сервере ещё идёт: сравнить результаты можно, когда она закончится",
          message: `Check ${checkRow.id} is ${checkRow.state}`,
        });
      }
      const server = checkRow.state === "done" ? findingKeys(findingsOf(checkRow.findings) ?? []) : ["error"];
      const browser = report.findings !== null ? findingKeys(report.findings) : [`error:${report.error ?? "UNKNOWN"}`];
      // A check that failed on both sides agrees whatever the reasons (a slow browser may time out sooner).
      const agreed = server[0] === "error" ? report.findings === null : server.join(",") === browser.join(",");
      await db.update(layout).set({ browserFindings: report.findings ?? [] }).where(eq(layout.id, checkRow.layoutId));
      return { agreed, layoutId: checkRow.layoutId, server, browser };
    },

    async check(clientId, checkId) {
      return toCheck(await reachableCheck(clientId, checkId));
    },

    async latestCheckId(orderProductId, detailName) {
      const current = await currentLayout(orderProductId, detailName);
      if (!current) return null;
      const [checkRow] = await db.select({ id: layoutCheck.id }).from(layoutCheck).where(eq(layoutCheck.layoutId, current.id)).orderBy(desc(layoutCheck.id)).limit(1);
      return checkRow?.id ?? null;
    },
  };
}

export function fileTooLarge(maxBytes: number): ShopError {
  const megabytes = Math.round(maxBytes / (1024 * 1024));
  return new ShopError({
    statusCode: 413,
    code: "FILE_TOO_LARGE",
    messageUI: `Файл больше ${megabytes} МБ: уменьшите его или пришлите ссылку менеджеру`,
    message: `The file is over ${maxBytes} bytes`,
  });
}
