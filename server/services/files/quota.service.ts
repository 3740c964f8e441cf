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
 * account's stored files), bytes uploaded per day and checks waiting or running at once (its
 * layout_check rows). A visitor's temporary account gets smaller ones than a client's; staff have
 * none. The quota is the acting client's, so an employee in client mode uploads for the client
 * without using it up. All visitors' accounts uploading from one client address share one more
 * budget, bytes per hour (OTTISK_VISITOR_MB_PER_HOUR): a script cannot open accounts to get more.
 *
 * The byte budgets are counted while the file streams (`UploadMeter`): the meter takes room from
 * the database counters a slice at a time (KiB units; exactly what is needed near the end), each
 * take refused atomically when it would pass the budget, and the upload stops there with 413. An
 * upload that is not stored gives all it took back; a stored one keeps its size.
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
  /** Counts the file against the byte budgets while it streams; null without a quota (staff). */
  meter: UploadMeter | null;
}

/** The byte budgets of one upload, counted as its bytes arrive. */
export interface UploadMeter {
  /** Counts `bytes` more of the file; past a budget, 413 (the file is larger than what is left): stop the upload. */
  add(bytes: number): Promise<void>;
  /** The file was stored: what was taken beyond its size goes back. Never throws (a failure is reported). */
  settle(sizeBytes: number): Promise<void>;
  /** The file was not stored: everything it took goes back. Never throws (a failure is reported). */
  release(): Promise<void>;
}

export interface QuotaService {
  /** The limits of the account a viewer works for; null for staff, who have none. */
  limitsFor(viewer: Viewer): QuotaLimits | null;
  /**
   * Before the file is read: the byte budgets (the account's per day, and for a visitor the
   * address's per hour) are not used up (else 429), the upload counts against the hourly quota
   * (429 past it), and the answer carries the room left in storage (413 when there is none) and the
   * meter that counts the file against the budgets while it streams. `address` is the client's.
   */
  admitUpload(viewer: Viewer, ownerAccountId: number, address: string): Promise<UploadAllowance>;
  /**
   * The byte budgets alone, for an upload whose kept bytes have a quota of their own (the layout
   * designer's pictures, services/layout-designs/): 429 when one is used up, else the meter that
   * counts the file as it streams; null for staff.
   */
  meterUpload(viewer: Viewer, ownerAccountId: number, address: string): Promise<UploadMeter | null>;
  /** After the file arrived: it still fits (parallel uploads may have used the room meanwhile); else 413. */
  confirmRoom(viewer: Viewer, ownerAccountId: number, sizeBytes: number): Promise<void>;
  /** The account's checks waiting or running at once stay under its quota; else 429. */
  admitCheck(viewer: Viewer, accountId: number): Promise<void>;
}

const megabytes = (bytes: number): string => `${Math.round(bytes / MB)} МБ`;

/** «12 МБ», «1,5 МБ», «0,3 МБ»: a budget's figures, with a decimal while they are small. */
function budgetAmount(bytes: number): string {
  const value = bytes >= 10 * MB ? Math.round(bytes / MB) : Math.floor((bytes / MB) * 10) / 10;
  return `${String(value).replace(".", ",")} МБ`;
}

/** «через 35 мин.», «через 60 мин.», «через 5 ч.». */
function waitText(resetAt: Date, now: number): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now) / 60_000));
  return minutes <= 60 ? `${minutes} мин.` : `${Math.ceil(minutes / 60)} ч.`;
}

const KIB = 1024;
/** The meter takes this much of a budget at a time (fewer writes), and exactly what is needed when that does not fit. */
const SLICE_KIB = 1024;
const DAY_MS = 24 * HOUR_MS;

/** One byte budget of an upload: its counter (KiB), maximum and window, and the refusals it answers. */
interface ByteBudget {
  key: string;
  maxKiB: number;
  windowMs: number;
  /** 429 when nothing is left (`leftBytes` 0), else 413: the file is larger than what is left. */
  refusal(leftBytes: number, resetAt: Date): ShopError;
}

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

/**
 * A byte budget's refusal: 413 when the file is larger than what is left (`tooLarge`), 429 when
 * nothing is left (`usedUp`); both say when to try again and carry Retry-After.
 */
function budgetRefusal(
  code: string,
  leftBytes: number,
  resetAt: Date,
  words: { tooLarge: (wait: string) => string; usedUp: (wait: string) => string; message: string },
): ShopError {
  const now = Date.now();
  const wait = waitText(resetAt, now);
  return new ShopError({
    statusCode: leftBytes > 0 ? 413 : 429,
    code,
    messageUI: leftBytes > 0 ? words.tooLarge(wait) : words.usedUp(wait),
    message: words.message,
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)),
  });
}

/**
 * `onError` hears of a budget's counter that could not be given back (the budget then stays used
 * a little more until its window ends; never less).
 */
export function createQuotaService(
  db: Database,
  limits: RateLimitService,
  files: FileService,
  config: QuotaConfig,
  onError: (error: unknown) => void = () => undefined,
): QuotaService {
  function limitsFor(viewer: Viewer): QuotaLimits | null {
    if (viewer.account.typeUser === "employee") return null;
    return viewer.account.temporary ? config.visitor : config.client;
  }

  /** The byte budgets an upload of this viewer counts against: the account's per day; a visitor's address's per hour. */
  function budgetsOf(viewer: Viewer, quota: QuotaLimits, ownerAccountId: number, address: string): ByteBudget[] {
    const signIn = viewer.account.temporary ? " или войдите в личный кабинет: у клиентов лимит больше" : "";
    const daily: ByteBudget = {
      key: `quota:bytes-day:account:${ownerAccountId}`,
      maxKiB: Math.floor(quota.bytesPerDay / KIB),
      windowMs: DAY_MS,
      refusal: (leftBytes, resetAt) =>
        budgetRefusal("DAILY_UPLOAD_BUDGET_EXCEEDED", leftBytes, resetAt, {
          tooLarge: (wait) => `Файл больше, чем ещё можно загрузить за эти сутки (осталось ${budgetAmount(leftBytes)} из ${budgetAmount(quota.bytesPerDay)}): попробуйте снова через ${wait}${signIn}`,
          usedUp: (wait) => `За сутки можно загрузить не больше ${budgetAmount(quota.bytesPerDay)} файлов: попробуйте снова через ${wait}${signIn}`,
          message: `Account ${ownerAccountId} would pass its ${quota.bytesPerDay} bytes of uploads per day (${leftBytes} left)`,
        }),
    };
    if (!viewer.account.temporary) return [daily];
    const perAddress = config.visitorBytesPerHourPerAddress;
    const byAddress: ByteBudget = {
      key: `quota:visitor-bytes:address:${address}`,
      maxKiB: Math.floor(perAddress / KIB),
      windowMs: HOUR_MS,
      refusal: (leftBytes, resetAt) =>
        budgetRefusal("ADDRESS_UPLOAD_BUDGET_EXCEEDED", leftBytes, resetAt, {
          tooLarge: (wait) => `Файл больше, чем ещё можно загрузить с вашего адреса за этот час без входа (осталось ${budgetAmount(leftBytes)} из ${budgetAmount(perAddress)}): попробуйте снова через ${wait} или войдите в личный кабинет`,
          usedUp: (wait) => `С вашего адреса за час без входа загрузили уже ${budgetAmount(perAddress)} файлов: попробуйте снова через ${wait} или войдите в личный кабинет`,
          message: `Visitors at ${address} would pass their ${perAddress} bytes of uploads per hour (${leftBytes} left)`,
        }),
    };
    return [byAddress, daily];
  }

  /** Counts one upload's bytes against `budgets` as they arrive (see the file's comment). */
  function meterOf(budgets: readonly ByteBudget[]): UploadMeter {
    let takenKiB = 0;
    let receivedBytes = 0;

    /** Takes `amount` KiB from every budget, or from none: the budget that refused, with its count. */
    async function takeAll(amount: number): Promise<{ budget: ByteBudget; hits: number; resetAt: Date } | null> {
      const done: ByteBudget[] = [];
      for (const budget of budgets) {
        const count = await limits.take(budget.key, amount, budget.maxKiB, budget.windowMs);
        if (!count.taken) {
          await Promise.all(done.map((taken) => limits.give(taken.key, amount)));
          return { budget, hits: count.hits, resetAt: count.resetAt };
        }
        done.push(budget);
      }
      return null;
    }

    async function giveBack(amount: number): Promise<void> {
      if (amount <= 0) return;
      takenKiB -= amount;
      await Promise.all(budgets.map((budget) => limits.give(budget.key, amount))).catch(onError);
    }

    return {
      async add(bytes) {
        receivedBytes += bytes;
        const needed = Math.ceil(receivedBytes / KIB) - takenKiB;
        if (needed <= 0) return;
        let refused: { budget: ByteBudget; hits: number; resetAt: Date } | null = null;
        for (const amount of needed < SLICE_KIB ? [SLICE_KIB, needed] : [needed]) {
          refused = await takeAll(amount);
          if (!refused) {
            takenKiB += amount;
            return;
          }
        }
        if (!refused) return;
        // What is left for a file: the budget without what others hold (this upload's share comes back); none → 429.
        const leftBytes = Math.max(0, (refused.budget.maxKiB - refused.hits + takenKiB) * KIB);
        throw refused.budget.refusal(leftBytes, refused.resetAt);
      },
      settle: (sizeBytes) => giveBack(takenKiB - Math.ceil(sizeBytes / KIB)),
      release: () => giveBack(takenKiB),
    };
  }

  /** Before the body is read: 429 when a budget has nothing left at all. */
  async function assertBudgetsLeft(budgets: readonly ByteBudget[]): Promise<void> {
    for (const budget of budgets) {
      const count = await limits.peek(budget.key);
      if (count && count.hits >= budget.maxKiB) throw budget.refusal(0, count.resetAt);
    }
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

    async admitUpload(viewer, ownerAccountId, address) {
      const quota = limitsFor(viewer);
      if (!quota) return { roomBytes: null, quotaBytes: null, meter: null };
      const budgets = budgetsOf(viewer, quota, ownerAccountId, address);
      await assertBudgetsLeft(budgets);
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
      return { roomBytes, quotaBytes: quota.storedBytes, meter: meterOf(budgets) };
    },

    async meterUpload(viewer, ownerAccountId, address) {
      const quota = limitsFor(viewer);
      if (!quota) return null;
      const budgets = budgetsOf(viewer, quota, ownerAccountId, address);
      await assertBudgetsLeft(budgets);
      return meterOf(budgets);
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
