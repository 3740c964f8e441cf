import { eq, inArray } from "drizzle-orm";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, storedFile } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/seed/demo-data";
import { createLocalFileStorage } from "../../../server/storage/file-storage";
import { createVisitorSweep } from "../../../server/services/accounts/visitor-sweep";
import { minimalPdf } from "../support/files-fixtures";
import { startTestApp } from "../support/test-app";
import type { TestApp } from "../support/test-app";

/*
 * Issue 14, finding 4: a script that opens visitors' accounts leaves nothing behind once their
 * sessions have run out — the accounts go, and the layouts they uploaded go from storage too.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function visitor(): Promise<number> {
  const { viewer } = await testApp.app.sessions.openTemporary();
  return viewer.account.id;
}

/** Makes an account look `days` old with every session of it expired. */
async function abandon(accountId: number, days: number): Promise<void> {
  const db = testApp.database.db;
  await db.update(account).set({ createdAt: new Date(Date.now() - days * DAY_MS) }).where(eq(account.id, accountId));
  await db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.accountId, accountId));
}

describe("abandoned visitors' accounts (finding 4)", () => {
  it("deletes temporary accounts whose sessions all expired, with their layout files; keeps live, young and real accounts", async () => {
    const db = testApp.database.db;
    const [gone, alsoGone, live, young] = [await visitor(), await visitor(), await visitor(), await visitor()];
    const layoutFile = await testApp.app.files.store({ ownerAccountId: gone, kind: "layout", originalName: "макет.pdf", contentType: "application/pdf", bytes: minimalPdf() });
    await db.update(storedFile).set({ createdAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(storedFile.id, layoutFile.id));
    const storage = createLocalFileStorage(join(testApp.database.filesDir, "private"));
    expect(await storage.get(layoutFile.storageKey)).not.toBeNull();

    await abandon(gone, 2);
    await abandon(alsoGone, 3);
    await abandon(young, 0);
    await db.update(account).set({ createdAt: new Date(Date.now() - 2 * DAY_MS) }).where(eq(account.id, live));
    const [client] = await db.select({ id: account.id }).from(account).where(eq(account.email, DEMO_ACCOUNTS.client.email));
    if (!client) throw new Error("no demo client");
    await abandon(client.id, 30);

    const deleted = await createVisitorSweep(db, testApp.app.files).sweep();
    expect(deleted).toBeGreaterThanOrEqual(2);
    const left = await db.select({ id: account.id }).from(account).where(inArray(account.id, [gone, alsoGone, live, young, client.id]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([live, young, client.id].sort((a, b) => a - b));
    expect(await db.select({ id: storedFile.id }).from(storedFile).where(eq(storedFile.id, layoutFile.id))).toEqual([]);
    expect(await storage.get(layoutFile.storageKey)).toBeNull();

    // Nothing more to do the second time.
    expect(await createVisitorSweep(db, testApp.app.files).sweep()).toBe(0);
  });
});
