import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";

/*
 * Where the outbox's letters go (services/mail/mail-outbox.ts): an SMTP server when OTTISK_SMTP_URL is
 * set (nodemailer's SMTP transport, e.g. smtp://user:password@smtp.example.ru:587 or smtps://…:465),
 * otherwise .eml files in the data folder's mail/ folder (nodemailer's stream transport builds the
 * same MIME message), so registration and recovery work offline and in tests.
 */

/** One letter as the outbox hands it over. */
export interface OutgoingMail {
  /** The outbox row's id: the Message-ID and the file name are made from it, so a retry is the same letter. */
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: Date;
  /** Files the letter carries (the order's invoice PDF); none by default. */
  attachments?: readonly MailFile[] | undefined;
}

/** A file attached to a letter. */
export interface MailFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MailTransport {
  /** "smtp" or "files": what the log and the dev page say. */
  readonly kind: "smtp" | "files";
  /** Sends one letter; throws when it was not accepted (the outbox tries again later). */
  send(mail: OutgoingMail): Promise<void>;
  /** Closes open connections. */
  close(): void;
}

/** The default sender, OTTISK_MAIL_FROM overrides it. */
export const DEFAULT_MAIL_FROM = "Оттиск <noreply@ottisk.local>";

function messageId(mail: OutgoingMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "ottisk.local";
  return `<ottisk-mail-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}

function messageOf(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html !== null ? { html: mail.html } : {}),
    ...(mail.attachments && mail.attachments.length > 0
      ? { attachments: mail.attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: Buffer.from(file.bytes) })) }
      : {}),
    messageId: messageId(mail, from),
    date: mail.createdAt,
  };
}

/** Connecting, the server's greeting, and silence on the socket: nodemailer's defaults are 2 min, 30 s and 10 min. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 } as const;

/** An SMTP server: `url` as nodemailer reads it (smtp:// with STARTTLS when offered, smtps:// for TLS from the start). */
export function createSmtpTransport(url: string, from: string): MailTransport {
  // Each step well under the outbox's 2-minute lease (DEFAULT_MAIL_OUTBOX.leaseMs), so a stalled send
  // fails and is retried by its own node instead of outliving the lease and going out twice.
  // nodemailer reads transport options from the URL's query; the operator's own values in OTTISK_SMTP_URL win.
  const withTimeouts = new URL(url);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS_MS)) if (!withTimeouts.searchParams.has(name)) withTimeouts.searchParams.set(name, String(ms));
  const transporter = createTransport(withTimeouts.href);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail(messageOf(mail, from));
    },
    close: () => transporter.close(),
  };
}

/** The name of a letter's file: sortable by time, unique by the outbox id. */
export function mailFileName(mail: Pick<OutgoingMail, "id" | "createdAt">): string {
  return `${mail.createdAt.toISOString().replace(/[:.]/g, "-")}-${mail.id}.eml`;
}

/** Letters as .eml files in `dir` (created when missing); written whole under a temporary name, then renamed. */
export function createFileTransport(dir: string, from: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(mail) {
      const info = await transporter.sendMail(messageOf(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new Error("nodemailer did not build the message as a buffer");
      await mkdir(dir, { recursive: true });
      const target = join(dir, mailFileName(mail));
      const partial = `${target}.partial`;
      await writeFile(partial, info.message);
      await rename(partial, target);
    },
    close: () => transporter.close(),
  };
}
