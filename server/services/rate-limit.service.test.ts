import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../tests/server/support/test-database";
import type { TestDatabase } from "../../tests/server/support/test-database";
import { createRateLimitService } from "./rate-limit.service";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("rate-limit counters in the database", () => {
  it("counts every one of 40 parallel hits exactly once", async () => {
    const limits = createRateLimitService(database.db);
    const counts = await Promise.all(Array.from({ length: 40 }, () => limits.hit("test:parallel", 60_000)));
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
    expect((await limits.peek("test:parallel"))?.hits).toBe(40);
  });

  it("starts a window again once it has ended, and sweeps ended windows", async () => {
    let time = Date.parse("2026-11-24T10:00:00Z");
    const limits = createRateLimitService(database.db, () => time);
    expect((await limits.hit("test:window", 1000)).hits).toBe(1);
    expect((await limits.hit("test:window", 1000)).hits).toBe(2);
    time += 1500;
    expect(await limits.peek("test:window")).toBeNull();
    const again = await limits.hit("test:window", 1000);
    expect(again).toEqual({ hits: 1, resetAt: new Date(time + 1000) });
    time += 5000;
    expect(await limits.sweep()).toBeGreaterThanOrEqual(1);
    expect(await limits.peek("test:window")).toBeNull();
  });

  it("takes amounts only while the window stays within its maximum, exactly under 40 parallel takes; gives back, never below zero", async () => {
    let time = Date.parse("2026-11-24T10:00:00Z");
    const limits = createRateLimitService(database.db, () => time);
    const takes = await Promise.all(Array.from({ length: 40 }, () => limits.take("test:take", 7, 100, 60_000)));
    expect(takes.filter((take) => take.taken)).toHaveLength(14);
    expect((await limits.peek("test:take"))?.hits).toBe(98);
    // Refused: the count is answered as it is, without the refused amount.
    expect(await limits.take("test:take", 3, 100, 60_000)).toMatchObject({ taken: false, hits: 98 });
    expect(await limits.take("test:take", 2, 100, 60_000)).toMatchObject({ taken: true, hits: 100 });
    expect(await limits.take("test:other", 101, 100, 60_000)).toMatchObject({ taken: false, hits: 0 });
    await limits.give("test:take", 30);
    expect((await limits.peek("test:take"))?.hits).toBe(70);
    await limits.give("test:take", 500);
    expect((await limits.peek("test:take"))?.hits).toBe(0);
    // A window that ended starts again with the amount taken.
    expect((await limits.take("test:take", 90, 100, 60_000)).hits).toBe(90);
    time += 61_000;
    expect(await limits.take("test:take", 90, 100, 60_000)).toMatchObject({ taken: true, hits: 90, resetAt: new Date(time + 60_000) });
  });
});
