import { inArray } from "drizzle-orm";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTransport } from "../../server/adapters/mailer";
import type { MailTransport } from "../../server/adapters/mailer";
import { mailOutbox } from "../../server/db/schema";
import { createMailOutbox, queueMail } from "../../server/services/mail/mail-outbox";
import type { MailOutbox } from "../../server/services/mail/mail-outbox";
import { openTestDatabase } from "./support/test-database";
import type { TestDatabase, TestNodeDatabase } from "./support/test-database";

/*
 * The mail outbox's sender on two nodes (issue 18): each node's sender on its own connections to
 * one database (two pools on PostgreSQL), each writing the letters it sends as .eml files into a
 * folder of its own. Every letter must be in exactly one of the two folders, once.
 */

const LEASE_MS = 120_000;
let database: TestDatabase;
let second: TestNodeDatabase;
let folder: string;
// Far ahead of the real clock, so only these senders ever find these letters due.
let clock = Date.parse("2100-06-01T10:00:00Z");

beforeAll(async () => {
  database = await openTestDatabase();
  second = await database.openNode();
  folder = await mkdtemp(join(tmpdir(), "ottisk-multi-node-mail-"));
  // Letters already in the table (none are expected) are sent out of these tests' way first.
  const flush = createMailOutbox(database.db, transportOf(join(folder, "before")), { now: () => clock });
  await flush.deliverDue();
  await flush.stop();
});
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The file transport, with `during` run inside each send (a slow server's wait). */
function transportOf(dir: string, during: (mailId: number) => Promise<void> = async () => undefined): MailTransport {
  const files = createFileTransport(dir, "shop@ottisk.test");
  return {
    kind: files.kind,
    async send(mail) {
      await during(mail.id);
      await files.send(mail);
    },
    close: () => files.close(),
  };
}

async function queueLetters(count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push(await queueMail(database.db, { to: `${tag}-${index}@example.ru`, subject: `Письмо ${index}`, text: "Текст" }));
  }
  await database.db.update(mailOutbox).set({ nextAttemptAt: new Date(clock) }).where(inArray(mailOutbox.id, ids));
  return ids;
}

/** The outbox ids of the .eml files in `dir` (their names end in `-<id>.eml`). */
async function sentIds(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch(() => []);
  return names.map((name) => Number(/-(\d+)\.eml$/.exec(name)?.[1] ?? "0")).sort((a, b) => a - b);
}

describe(`two mail senders on one database (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("send each letter once when both look at the same moments", async () => {
    const ids = await queueLetters(45, "both");
    const dirA = join(folder, "together-a");
    const dirB = join(folder, "together-b");
    // Two senders on each node's connections (a sender's own rounds run one after another).
    const senders: MailOutbox[] = [database.db, second.db, database.db, second.db].map((db, index) =>
      createMailOutbox(db, transportOf(index % 2 === 0 ? dirA : dirB), { now: () => clock, settings: { leaseMs: LEASE_MS } }),
    );
    try {
      const rounds = await Promise.all(senders.map((sender) => sender.deliverDue()));
      expect(rounds.reduce((sum, sent) => sum + sent, 0)).toBe(ids.length);
      const fromA = await sentIds(dirA);
      const fromB = await sentIds(dirB);
      expect([...fromA, ...fromB].sort((a, b) => a - b), "every letter in one folder, once").toEqual(ids);
      const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
  });

  it("a slow server that keeps node A's round past its batch's lease does not make node B's letters go out again from A", async () => {
    const ids = await queueLetters(6, "slow");
    const dirA = join(folder, "slow-a");
    const dirB = join(folder, "slow-b");
    const nodeB = createMailOutbox(second.db, transportOf(dirB), { now: () => clock, settings: { leaseMs: LEASE_MS } });
    let sends = 0;
    // Each of A's sends takes 3/4 of a lease; during its second one the leases of the letters it has
    // not reached yet run out, and node B takes them.
    const nodeA = createMailOutbox(
      database.db,
      transportOf(dirA, async () => {
        sends += 1;
        clock += (LEASE_MS * 3) / 4;
        if (sends === 2) await nodeB.deliverDue();
      }),
      { now: () => clock, settings: { leaseMs: LEASE_MS } },
    );
    try {
      await nodeA.deliverDue();
      const fromA = await sentIds(dirA);
      const fromB = await sentIds(dirB);
      expect(fromA, "A sent the two it renewed the lease of").toEqual(ids.slice(0, 2));
      expect(fromB, "B took the rest").toEqual(ids.slice(2));
      const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
      expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    } finally {
      await nodeA.stop();
      await nodeB.stop();
    }
  });
});
