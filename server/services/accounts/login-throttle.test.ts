import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/server/support/test-database";
import type { TestDatabase } from "../../../tests/server/support/test-database";
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from "./login-throttle";
import { isShopError } from "../shop-error";

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("the sign-in throttle's backoff", () => {
  it("doubles the wait after each failure up to 15 minutes, however long the attack, and forgets a quiet key", async () => {
    let time = Date.parse("2026-11-25T10:00:00Z");
    const throttle = createLoginThrottle(database.db, { deviceKey: randomBytes(32), captcha: null, now: () => time });
    const attempt = { email: "target@example.com", accountId: null, client: { ip: "203.0.113.1", deviceToken: undefined }, captchaToken: undefined };
    const waits: number[] = [];
    for (let failure = 1; failure <= 60; failure += 1) {
      await throttle.admit(attempt);
      try {
        await throttle.admit(attempt);
        waits.push(0);
      } catch (error) {
        if (!isShopError(error) || error.retryAfterSeconds === undefined) throw error;
        expect(error.code).toBe("TOO_MANY_LOGIN_ATTEMPTS");
        waits.push(error.retryAfterSeconds);
        time += error.retryAfterSeconds * 1000;
        continue;
      }
      // Let through twice in a row (no wait yet): the second try counted as a failure too.
      failure += 1;
    }
    const free = DEFAULT_LOGIN_THROTTLE.freeFailures;
    expect(waits.slice(0, 4)).toEqual([0, 0, 1, 2]);
    expect(waits).toContain(512);
    expect(Math.max(...waits)).toBe(DEFAULT_LOGIN_THROTTLE.maxDelayMs / 1000);
    expect(waits.at(-1)).toBe(900);

    time += DEFAULT_LOGIN_THROTTLE.forgetAfterMs + DEFAULT_LOGIN_THROTTLE.maxDelayMs;
    expect(await throttle.sweep()).toBe(2);
    // Forgotten: the next failures are free again.
    for (let failure = 0; failure < free; failure += 1) await throttle.admit(attempt);
  });
});
