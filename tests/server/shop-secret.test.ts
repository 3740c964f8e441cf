import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedSecret } from "../../server/services/accounts/shop-secret";
import { openTestDatabase } from "./support/test-database";
import type { TestDatabase } from "./support/test-database";

/*
 * The shop's own secrets (the hand-off key when OTTISK_HANDOFF_SECRET is unset): every node asking
 * at once gets the one the first made, and it stays across restarts.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("sharedSecret", () => {
  it("gives every caller the same random secret of a name, made once; another name has its own", async () => {
    // Two nodes (two pools on PostgreSQL) asking at the same moment.
    const other = await database.openNode();
    const asked = await Promise.all(Array.from({ length: 6 }, (_, index) => sharedSecret(index % 2 === 0 ? database.db : other.db, "handoff")));
    expect(new Set(asked).size).toBe(1);
    const [secret] = asked;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sharedSecret(database.db, "handoff")).toBe(secret);
    expect(await sharedSecret(database.db, "another")).not.toBe(secret);
  });
});
