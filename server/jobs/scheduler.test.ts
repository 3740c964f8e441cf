import { describe, expect, it } from "vitest";
import { createScheduler } from "./scheduler";

/* The scheduler: runs at start when asked, never overlaps one task, reports errors and goes on, and stop() waits for a run in flight. */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createScheduler", () => {
  it("runs a task at start and on its interval, never two runs of it at once, and stop() waits for the run in flight", async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    let finished = 0;
    const scheduler = createScheduler({ onError: () => undefined });
    scheduler.add({
      name: "slow",
      everyMs: 10,
      atStart: true,
      run: async () => {
        runs += 1;
        running += 1;
        if (running > 1) overlapped = true;
        await sleep(45);
        running -= 1;
        finished += 1;
      },
    });
    scheduler.start();
    await sleep(120);
    await scheduler.stop();
    expect(overlapped).toBe(false);
    expect(runs).toBeGreaterThanOrEqual(2);
    // stop() resolved only after the last run ended.
    expect(finished).toBe(runs);
    await sleep(40);
    expect(runs, "no run after stop()").toBe(finished);
  });

  it("hands a failing run to onError with the task's name and runs the task again", async () => {
    const errors: string[] = [];
    let runs = 0;
    const scheduler = createScheduler({ onError: (error, task) => errors.push(`${task}: ${error instanceof Error ? error.message : String(error)}`) });
    scheduler.add({
      name: "flaky",
      everyMs: 10,
      run: async () => {
        runs += 1;
        throw new Error(`run ${runs}`);
      },
    });
    scheduler.start();
    await sleep(60);
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(errors[0]).toBe("flaky: run 1");
    expect(errors).toHaveLength(runs);
  });

  it("runNow joins a run in flight instead of starting a second one; names must be unique", async () => {
    let runs = 0;
    const scheduler = createScheduler({ onError: () => undefined });
    scheduler.add({ name: "once", everyMs: 60_000, run: async () => { runs += 1; await sleep(20); } });
    await Promise.all([scheduler.runNow("once"), scheduler.runNow("once")]);
    expect(runs).toBe(1);
    expect(() => scheduler.add({ name: "once", everyMs: 1, run: async () => undefined })).toThrow(/already/);
    expect(scheduler.names).toEqual(["once"]);
    await scheduler.stop();
  });
});
