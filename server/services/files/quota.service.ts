import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { layoutCheck } from "../../db/files.schema";
import type { FileService } from "./file.service";
import type { RateLimitService } from "../rate-limit.service";
import type { Viewer } from "../accounts/session.service";
import type { QuotaConfig, QuotaLimits } from "../../limits";
import { ShopError } from "../shop-error";

/*
 * What one account may take of the shop (OTTISK_QUOTA_*): uploads per hour (a counter in the
 * database, app.limits, so every node counts the same), bytes kept in storage (the sum over the
 * account's stored files) and checks waiting or running at once (its layout_check rows). A
 * visitor's temporary account gets smaller ones than a client's; staff have none. The quota is the
 * acting client's, so an employee in client mode uploads for the client without using it up.
 */

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
/** Unreferenced files younger than this are not collected when an account is over its storage quota (an annotation not yet attached). */
const ORPHAN_AGE_MS = 24 * HOUR_MS;

/** What an upload may still store: the room left under the account's quota, or no quota at all. */
export interface UploadAllowance {
  /** Bytes the account may still store; null without a quota (staff). */
  roomBytes: number | null;
  quotaBytes: number | null;
}

export interface QuotaService {
  /** The limits of the account a viewer works for; null for staff, who have none. */
  limitsFor(viewer: Viewer): QuotaLimits | null;
  /**
   * Counts an upload against the hourly quota (429 past it) and answers the room left in storage
   * (413 when there is none), before the file is read.
   */
  admitUpload(viewer: Viewer, ownerAccountId: number): Promise<UploadAllowance>;
  /** After the file arrived: it still fits (parallel uploads may have used the room meanwhile); else 413. */
  confirmRoom(viewer: Viewer, ownerAccountId: number, sizeBytes: number): Promise<void>;
  /** The account's checks waiting or running at once stay under its quota; else 429. */
  admitCheck(viewer: Viewer, accountId: number): Promise<void>;
}

const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} МБ`;

/** Russian plural of a count: 1 загрузка, 2 загрузки, 5 загрузок. */
function plural(n: number, one: string, few: string, many: string): string {
  const tens = n % 100;
  const units = n % 10;
  if (tens >= 11 && tens <= 14) return many;
  if (units === 1) return one;
  if (units >= 2 && units <= 4) return few;
  return many;
}

export function storageQuotaExceeded(quotaBytes: number): ShopError {
  return new ShopError({
    statusCode: 413,
    code: "STORAGE_QUOTA_EXCEEDED",
    messageUI: `Ваши файлы заняли всё отведённое место (${megabytes(quotaBytes)}): замените или удалите ненужные макеты либо обратитесь к менеджеру`,
    message: `The account's stored files would exceed its quota of ${quotaBytes} bytes`,
  });
}

export function createQuotaService(db: Database, limits: RateLimitService, files: FileService, config: QuotaConfig): QuotaService {
  function limitsFor(viewer: Viewer): QuotaLimits | null {
    if (viewer.account.typeUser === "employee") return null;
    return viewer.account.temporary ? config.visitor : config.client;
  }

  /** The room left under the quota; when there is not enough, the account's forgotten files are collected first. */
  async function roomOf(ownerAccountId: number, quotaBytes: number, needed: number): Promise<number> {
    let used = await files.storedBytesOf(ownerAccountId);
    if (used + needed > quotaBytes) {
      const freed = await files.dropOrphansOf(ownerAccountId, new Date(Date.now() - ORPHAN_AGE_MS));
      if (freed > 0) used = await files.storedBytesOf(ownerAccountId);
    }
    return Math.max(0, quotaBytes - used);
  }

  return {
    limitsFor,

    async admitUpload(viewer, ownerAccountId) {
      const quota = limitsFor(viewer);
      if (!quota) return { roomBytes: null, quotaBytes: null };
      const window = await limits.hit(`quota:uploads:account:${ownerAccountId}`, HOUR_MS);
      if (window.hits > quota.uploadsPerHour) {
        const minutes = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 60_000));
        const signIn = viewer.account.temporary ? " или войдите в личный кабинет: у клиентов лимит больше" : "";
        throw new ShopError({
          statusCode: 429,
          code: "UPLOAD_QUOTA_EXCEEDED",
          messageUI: `За час можно загрузить не больше ${quota.uploadsPerHour} ${plural(quota.uploadsPerHour, "файла", "файлов", "файлов")}: попробуйте снова через ${minutes} мин.${signIn}`,
          message: `Account ${ownerAccountId} made ${window.hits} uploads this hour (quota ${quota.uploadsPerHour})`,
          retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000)),
        });
      }
      const roomBytes = await roomOf(ownerAccountId, quota.storedBytes, 1);
      if (roomBytes <= 0) throw storageQuotaExceeded(quota.storedBytes);
      return { roomBytes, quotaBytes: quota.storedBytes };
    },

    async confirmRoom(viewer, ownerAccountId, sizeBytes) {
      const quota = limitsFor(viewer);
      if (!quota) return;
      if ((await roomOf(ownerAccountId, quota.storedBytes, sizeBytes)) < sizeBytes) throw storageQuotaExceeded(quota.storedBytes);
    },

    async admitCheck(viewer, accountId) {
      const quota = limitsFor(viewer);
      if (!quota) return;
      const [row] = await db
        .select({ n: count() })
        .from(layoutCheck)
        .where(and(eq(layoutCheck.accountId, accountId), inArray(layoutCheck.state, ["queued", "running"])));
      const waiting = row?.n ?? 0;
      if (waiting >= quota.queuedChecks) {
        throw new ShopError({
          statusCode: 429,
          code: "CHECK_QUOTA_EXCEEDED",
          messageUI: `У вас уже ${waiting} ${plural(waiting, "проверка", "проверки", "проверок")} в очереди: дождитесь результата и запустите новую`,
          message: `Account ${accountId} has ${waiting} checks queued or running (quota ${quota.queuedChecks})`,
          retryAfterSeconds: 30,
        });
      }
    },
  };
}
