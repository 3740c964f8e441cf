import { designStatusValues, preflightFindingSchema } from "../../../shared/contracts/index";
import { kopecksToRoubles } from "../catalog/catalog.mapper";
import type { Check, DesignOrder, Layout, PreflightFinding } from "../../../shared/contracts/index";
import type { DesignOrderRow, LayoutCheckRow, LayoutRow } from "../../db/files.schema";
import type { StoredFileRow } from "../../db/stored-file.schema";
import { privateFileUrl } from "./file.service";

/* The one place layouts, design orders and checks become contract objects. */

/** Findings as stored (jsonb); anything that no longer matches the contract is left out rather than failing the answer. */
export function findingsOf(stored: unknown[] | null): PreflightFinding[] | null {
  if (stored === null) return null;
  return stored.flatMap((item) => {
    const parsed = preflightFindingSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

const LAYOUT_STATUSES = new Set<string>(["uploaded", "checking", "passed", "failed", "error"]);
const DESIGN_STATUSES = new Set<string>(designStatusValues);

export function designStatusOf(status: string): DesignOrder["status"] {
  return DESIGN_STATUSES.has(status) ? (status as DesignOrder["status"]) : "new";
}

export function toLayout(row: LayoutRow, file: StoredFileRow, publicOrigin: string): Layout {
  return {
    id: row.id,
    orderProductId: row.orderProductId,
    detailName: row.detailName,
    fileUrl: privateFileUrl(publicOrigin, file.id),
    fileName: file.originalName,
    sizeBytes: file.sizeBytes,
    status: LAYOUT_STATUSES.has(row.status) ? (row.status as Layout["status"]) : "uploaded",
    findings: findingsOf(row.findings),
    approvedAt: row.approvedAt?.toISOString() ?? null,
    prepress:
      row.prepressDecision === null || row.prepressAt === null ? null : { decision: row.prepressDecision, note: row.prepressNote, at: row.prepressAt.toISOString() },
  };
}

export function toDesignOrder(
  row: DesignOrderRow,
  line: { cartId: number | null; orderId: number | null } | null,
  pitstopDesignId: number | null,
  publicOrigin: string,
): DesignOrder {
  return {
    designId: row.id,
    orderId: line ? line.orderId : row.orderId,
    cartId: line?.cartId ?? null,
    orderProductId: row.orderProductId,
    productId: row.productId,
    detailName: row.detailName,
    comment: row.comment,
    status: designStatusOf(row.status),
    annotatedFileId: row.annotatedFileId,
    annotatedFileUrl: row.annotatedFileId === null ? null : privateFileUrl(publicOrigin, row.annotatedFileId),
    pitstopDesignId,
    price: kopecksToRoubles(row.priceKopecks),
    dueDate: row.dueDate,
    resultLayoutId: row.resultLayoutId,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCheck(row: LayoutCheckRow): Check {
  return {
    pitstopDesignId: row.id,
    layoutId: row.layoutId,
    state: row.state,
    findings: row.state === "done" ? findingsOf(row.findings) : null,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
