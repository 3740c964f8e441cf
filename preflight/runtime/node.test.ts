import { describe, expect, it } from "vitest";
import { PreflightError, preflightErrorMessages } from "../core/errors";
import { BUSINESS_CARD_PROFILE, businessCardPdf } from "../core/testing";
import { CRASHED_MESSAGE_UI, fromCheckErrorData, toCheckErrorData } from "./errors";
import { checkInWorker } from "./node";
import { failureOf } from "./test-support";

/*
 * checkInWorker (a one-file pool, node-pool.ts; the pool itself is node-pool.test.ts) from source,
 * and how engine errors cross the worker boundary.
 */



describe("checkInWorker", () => {
  it("answers the engine's report from a worker thread, and leaves the caller's bytes alone", async () => {
    const bytes = businessCardPdf("1 0 0 rg 20 20 100 60 re f");
    const report = await checkInWorker(bytes, BUSINESS_CARD_PROFILE);
    expect(report.findings.map((finding) => finding.code)).toEqual([2078]);
    expect(report.ok).toBe(false);
    expect(bytes.byteLength, "a copy was transferred, not the caller's buffer").toBeGreaterThan(0);
    expect((await checkInWorker(businessCardPdf("0 0 0 1 k 20 20 100 60 re f"), BUSINESS_CARD_PROFILE)).ok).toBe(true);
  });

  it("rejects with the engine's code and Russian message", async () => {
    const empty = await failureOf(checkInWorker(new Uint8Array(0), BUSINESS_CARD_PROFILE));
    expect(empty).toMatchObject({ code: "EMPTY_FILE", messageUI: preflightErrorMessages.EMPTY_FILE });
    const letter = await failureOf(checkInWorker(new TextEncoder().encode("Dear customer"), BUSINESS_CARD_PROFILE));
    expect(letter).toMatchObject({ code: "NOT_A_PDF", messageUI: preflightErrorMessages.NOT_A_PDF });
  });

  it("ends the thread at the time limit with TIMEOUT", async () => {
    // A cold thread's first check (the JIT not warm yet) takes longer than 1 ms: the limit strikes first.
    const late = await failureOf(checkInWorker(businessCardPdf(""), BUSINESS_CARD_PROFILE, { timeoutMs: 1 }));
    expect(late).toMatchObject({ code: "TIMEOUT", messageUI: preflightErrorMessages.TIMEOUT });
  });
});

describe("engine errors across the worker boundary", () => {
  it("keeps a PreflightError's code and texts", () => {
    const data = toCheckErrorData(new PreflightError("ENCRYPTED", "/Encrypt in the trailer"));
    expect(data).toEqual({ code: "ENCRYPTED", message: preflightErrorMessages.ENCRYPTED, detail: "/Encrypt in the trailer" });
    expect(fromCheckErrorData(data)).toMatchObject({ code: "ENCRYPTED", messageUI: preflightErrorMessages.ENCRYPTED, message: "/Encrypt in the trailer" });
  });

  it("knows a PreflightError of another copy of the engine's module by its name and code", () => {
    const foreign = Object.assign(new Error("xref gone"), { name: "PreflightError", code: "DAMAGED" });
    expect(toCheckErrorData(foreign)).toEqual({ code: "DAMAGED", message: preflightErrorMessages.DAMAGED, detail: "xref gone" });
    expect(toCheckErrorData(Object.assign(new Error("?"), { name: "PreflightError", code: "NOPE" })).code).toBe("CRASHED");
  });

  it("counts a stack overflow as too complex, a failed allocation as too large, anything else as a crash", () => {
    let overflow: unknown;
    const recurse = (n: number): number => recurse(n + 1) + 1;
    try {
      recurse(0);
    } catch (error) {
      overflow = error;
    }
    expect(toCheckErrorData(overflow).code).toBe("TOO_COMPLEX");
    expect(toCheckErrorData(new RangeError("Array buffer allocation failed")).code).toBe("TOO_LARGE");
    expect(toCheckErrorData(new TypeError("x is undefined"))).toEqual({ code: "CRASHED", message: CRASHED_MESSAGE_UI, detail: "TypeError: x is undefined" });
  });
});
