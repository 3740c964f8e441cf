import { afterAll, describe, expect, it } from "vitest";
import { preflightErrorMessages } from "../core/errors";
import { BUSINESS_CARD_PROFILE, businessCardPdf } from "../core/testing";
import { CRASHED_MESSAGE_UI } from "./errors";
import { createNodeCheckPool, engineDeadlineMs } from "./node-pool";
import type { NodeCheckPool } from "./node-pool";
import { testEngineFile } from "./testing-engine";
import { failureOf } from "./test-support";

/*
 * The warm check pool from source (its threads load node-worker.ts through tsx; the built CLI's
 * path is covered by cli.test.ts): workers are reused after clean answers and replaced after a
 * time limit, running out of memory or a crash; every failure is one LayoutCheckError; the
 * engine's deadline follows the time limit.
 */

const TEST_ENGINE = new URL("./testing-engine.ts", import.meta.url);
const pools: NodeCheckPool[] = [];
const poolOf = (...args: Parameters<typeof createNodeCheckPool>) => {
  const pool = createNodeCheckPool(...args);
  pools.push(pool);
  return pool;
};

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});


describe("the Node check pool", () => {
  it("answers file after file from the same warm worker, with the real engine, leaving the caller's bytes alone", async () => {
    const pool = poolOf({ workers: 1 });
    const rgb = businessCardPdf("1 0 0 rg 20 20 100 60 re f");
    const reports = await Promise.all([rgb, businessCardPdf("0 0 0 1 k 20 20 100 60 re f"), rgb, rgb].map((bytes) => pool.check(bytes, BUSINESS_CARD_PROFILE)));
    expect(reports.map((report) => report.findings.map((finding) => finding.code))).toEqual([[2078], [], [2078], [2078]]);
    expect(rgb.byteLength, "a copy was transferred, not the caller's buffer").toBeGreaterThan(0);
    // The engine's verdicts on files are clean answers too: the worker stays.
    expect(await failureOf(pool.check(new Uint8Array(0), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "EMPTY_FILE", messageUI: preflightErrorMessages.EMPTY_FILE });
    expect(await failureOf(pool.check(new TextEncoder().encode("Dear customer"), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "NOT_A_PDF", messageUI: preflightErrorMessages.NOT_A_PDF });
    expect((await pool.check(rgb, BUSINESS_CARD_PROFILE)).ok).toBe(false);
    expect(pool.started).toBe(1);
  });

  it("runs as many checks at once as it has workers, never more workers", async () => {
    const pool = poolOf({ workers: 2, engineModule: TEST_ENGINE });
    const reports = await Promise.all(Array.from({ length: 6 }, () => pool.check(testEngineFile("sleep 100"), BUSINESS_CARD_PROFILE)));
    expect(reports.every((report) => report.ok)).toBe(true);
    expect(pool.started).toBe(2);
  });

  it("ends and replaces a worker past the time limit (TIMEOUT), out of memory (TOO_LARGE) or crashed (CRASHED), and goes on", async () => {
    const pool = poolOf({ workers: 1, engineModule: TEST_ENGINE, memoryMb: 64, timeoutMs: 30_000 });
    const late = await failureOf(pool.check(testEngineFile("forever"), BUSINESS_CARD_PROFILE, { timeoutMs: 500 }));
    expect(late).toMatchObject({ code: "TIMEOUT", messageUI: preflightErrorMessages.TIMEOUT });
    expect(await failureOf(pool.check(testEngineFile("oom"), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "TOO_LARGE", messageUI: preflightErrorMessages.TOO_LARGE });
    expect(await failureOf(pool.check(testEngineFile("exit"), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "CRASHED", messageUI: CRASHED_MESSAGE_UI });
    expect(await failureOf(pool.check(testEngineFile("throw"), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "CRASHED", message: "TypeError: The test engine cannot read this PDF" });
    expect((await pool.check(testEngineFile("nothing"), BUSINESS_CARD_PROFILE)).ok).toBe(true);
    // The first worker and one replacement after each of the four failures.
    expect(pool.started).toBe(5);
  });

  it("gives the engine a deadline a little under the time limit, so the engine answers TIMEOUT itself and the worker stays", async () => {
    expect([5_000, 20_000, 60_000, 500].map(engineDeadlineMs)).toEqual([4_500, 19_000, 59_000, 450]);
    const pool = poolOf({ workers: 1, engineModule: TEST_ENGINE, timeoutMs: 20_000 });
    expect((await pool.check(testEngineFile("deadline"), BUSINESS_CARD_PROFILE)).findings[0]?.measured).toBe(19_000);
    expect((await pool.check(testEngineFile("deadline"), BUSINESS_CARD_PROFILE, { timeoutMs: 7_000 })).findings[0]?.measured).toBe(6_300);
    // Work of 4 s under a 3 s limit: the engine stops at 2.7 s with its own TIMEOUT, before the thread's limit.
    expect(await failureOf(pool.check(testEngineFile("sleep 4000"), BUSINESS_CARD_PROFILE, { timeoutMs: 3_000 }))).toMatchObject({ code: "TIMEOUT", message: "Past the deadline of 2700 ms" });
    expect(pool.started).toBe(1);
  });

  it("fails a check when the engine module does not load, without starting workers in a loop", async () => {
    const pool = poolOf({ workers: 2, engineModule: new URL("./no-such-engine.ts", import.meta.url) });
    const failure = await failureOf(pool.check(businessCardPdf(""), BUSINESS_CARD_PROFILE));
    expect(failure.code).toBe("CRASHED");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.started).toBeLessThanOrEqual(2);
  });

  it("on close, rejects the checks still waiting or running", async () => {
    const pool = poolOf({ workers: 1, engineModule: TEST_ENGINE });
    const running = failureOf(pool.check(testEngineFile("forever"), BUSINESS_CARD_PROFILE));
    const waiting = failureOf(pool.check(testEngineFile("nothing"), BUSINESS_CARD_PROFILE));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    expect((await running).code).toBe("CRASHED");
    expect((await waiting).code).toBe("CRASHED");
    expect(await failureOf(pool.check(testEngineFile("nothing"), BUSINESS_CARD_PROFILE))).toMatchObject({ code: "CRASHED" });
  });
});
