import { and, asc, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { MailFile, MailTransport } from "../../adapters/mailer";
import type { Database } from "../../db/client";
import { mailAttachment, mailOutbox } from "../../db/mail.schema";
import type { MailAttachmentRow, MailOutboxRow } from "../../db/mail.schema";

/*
 * Every e-mail goes through the `mail_outbox` table: the caller writes the letter in the same
 * transaction as what it announces (an account and its confirmation link, a reset link), so a
 * letter is never sent for something that was rolled back, nor lost for something that was kept.
 * The sender delivers what is due: woken right after a commit, and every few seconds as a
 * fallback (another node's letters, retries) — the task `mail-outbox` of the scheduler
 * (jobs/scheduler.ts) calls `poll()` every `pollMs`. Several nodes share the table: a round claims its
 * rows (FOR UPDATE SKIP LOCKED) and leases them for a while, so a letter goes out once even when
 * two nodes look at the same moment, and again if the node that took it died mid-send. Each letter's
 * lease is renewed right before it is sent, and only if no other node has claimed it since (its
 * attempts unchanged): a slow server that keeps a round busy past the batch's lease cannot make a
 * letter further down the batch go out twice. One send that outlasts the lease still can, so the
 * SMTP adapter's timeouts stay under `leaseMs`.
 */

/** A letter to write into the outbox. */
export interface MailDraft {
  to: string;
  subject: string;
  /** The plain-text body (every letter has one). */
  text: string;
  /** A simple HTML body beside it. */
  html?: string | null;
  /** Files the letter carries, resolved when it is sent (mail_attachment). */
  attachments?: readonly MailAttachmentDraft[] | undefined;
}

/** A file a letter carries: the order's invoice PDF, read (or made) when the letter is sent. */
export interface MailAttachmentDraft {
  kind: MailAttachmentRow["kind"];
  orderId: number;
}

/** Turns an attachment row into the file the letter carries; throws when it cannot (the attempt fails and is retried). */
export type MailAttachmentResolver = (attachment: MailAttachmentRow) => Promise<MailFile>;

/** Database or transaction: anything drizzle can insert with. */
type Writer = Pick<Database, "insert">;

/** Writes a letter into the outbox (in the caller's transaction); its id. Call `MailOutbox.wake()` after the commit. */
export async function queueMail(db: Writer, draft: MailDraft): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: draft.to, subject: draft.subject, textBody: draft.text, htmlBody: draft.html ?? null })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The letter was not written into the outbox");
  const attachments = draft.attachments ?? [];
  if (attachments.length > 0) await db.insert(mailAttachment).values(attachments.map((item) => ({ mailId: row.id, kind: item.kind, orderId: item.orderId })));
  return row.id;
}

export interface MailOutboxSettings {
  /** How often the scheduler's `mail-outbox` task looks for due letters without a wake; default 5 s. */
  pollMs: number;
  /** Attempts before a letter is given up (kept with its last error); default 8. */
  maxAttempts: number;
  /** How long a claimed letter is left to its sender before another round may take it; default 2 min. */
  leaseMs: number;
  /** The wait after the first failure, doubled after each next one up to an hour; default 30 s. */
  firstRetryMs: number;
}

export const DEFAULT_MAIL_OUTBOX: MailOutboxSettings = { pollMs: 5_000, maxAttempts: 8, leaseMs: 120_000, firstRetryMs: 30_000 };

const RETRY_MAX_MS = 60 * 60 * 1000;
/** Letters one round claims. */
const BATCH = 20;

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(attempts: number, firstRetryMs: number): number {
  return Math.min(RETRY_MAX_MS, firstRetryMs * 2 ** Math.max(0, attempts - 1));
}

export interface MailOutbox {
  /** Where letters go: "smtp" or "files" (the data folder's mail/). */
  readonly transport: MailTransport["kind"];
  /** Delivers what is due soon (after a commit that wrote letters). Does nothing before start() or after stop(). */
  wake(): void;
  /** One round now, after any running one: the letters sent. */
  deliverDue(): Promise<number>;
  /** One round of what is due, as the scheduler runs it: a failure goes to `onError` (as a wake's does), not to the caller. Does nothing before start() or after stop(). */
  poll(): Promise<void>;
  /** Takes wakes and polls from now on (the app's onReady). */
  start(): void;
  /** Takes no more and waits for the round in flight (the app's onClose). */
  stop(): Promise<void>;
  /** The letters, newest first; to one address when `to` is given (the dev mail page). */
  list(options: { to?: string | undefined; limit: number }): Promise<MailOutboxRow[]>;
  get(id: number): Promise<MailOutboxRow | null>;
}

export function createMailOutbox(
  db: Database,
  transport: MailTransport,
  options: {
    settings?: Partial<MailOutboxSettings>;
    now?: () => number;
    onError?: (error: unknown, mailId: number | null) => void;
    /** Reads the files letters carry (the app gives the order service's invoice); a letter with attachments fails without it. */
    attachments?: MailAttachmentResolver;
  } = {},
): MailOutbox {
  const settings = { ...DEFAULT_MAIL_OUTBOX, ...options.settings };
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  let started = false;
  let stopped = false;
  let chain: Promise<unknown> = Promise.resolve();
  let queued: Promise<number> | null = null;

  async function claim(): Promise<MailOutboxRow[]> {
    const time = new Date(now());
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, time), lt(mailOutbox.attempts, settings.maxAttempts)))
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(time.getTime() + settings.leaseMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
    });
  }

  /** The letter's lease from now on, unless another round claimed it after this one (it then counted another attempt). */
  async function renewLease(row: MailOutboxRow): Promise<boolean> {
    const renewed = await db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now() + settings.leaseMs) })
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), isNull(mailOutbox.sentAt)))
      .returning({ id: mailOutbox.id });
    return renewed.length === 1;
  }

  async function deliver(row: MailOutboxRow): Promise<boolean> {
    if (!(await renewLease(row))) return false;
    try {
      const attached = await db.select().from(mailAttachment).where(eq(mailAttachment.mailId, row.id)).orderBy(asc(mailAttachment.id));
      const resolve = options.attachments;
      if (attached.length > 0 && !resolve) throw new Error(`Letter ${row.id} carries files, but the outbox has no attachment reader`);
      const files = resolve ? await Promise.all(attached.map((item) => resolve(item))) : [];
      await transport.send({ id: row.id, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody, createdAt: row.createdAt, attachments: files });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ lastError: message.slice(0, 1000), nextAttemptAt: new Date(now() + retryDelayMs(row.attempts, settings.firstRetryMs)) })
        .where(eq(mailOutbox.id, row.id));
      onError(error, row.id);
      return false;
    }
    await db.update(mailOutbox).set({ sentAt: new Date(now()), lastError: null }).where(eq(mailOutbox.id, row.id));
    return true;
  }

  async function round(): Promise<number> {
    if (stopped) return 0;
    let sent = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) if (await deliver(row)) sent += 1;
      if (rows.length < BATCH || stopped) return sent;
    }
  }

  /** Rounds run one after another; a wake while one is queued joins it. */
  function enqueue(): Promise<number> {
    if (queued) return queued;
    const next = chain.then(() => {
      queued = null;
      return round();
    });
    queued = next;
    chain = next.catch((error: unknown) => onError(error, null));
    return next;
  }

  return {
    transport: transport.kind,

    wake() {
      if (started && !stopped) void enqueue().catch(() => undefined);
    },

    deliverDue: () => enqueue(),

    async poll() {
      if (started && !stopped) await enqueue().catch(() => undefined);
    },

    start() {
      if (started || stopped) return;
      started = true;
      void enqueue().catch(() => undefined);
    },

    async stop() {
      stopped = true;
      await chain;
      transport.close();
    },

    async list({ to, limit }) {
      return db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.toAddress, to) : undefined)
        .orderBy(desc(mailOutbox.id))
        .limit(limit);
    },

    async get(id) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row ?? null;
    },
  };
}
