import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBatch } from "./cli-batch";
import type { FileResult } from "./cli-batch";
import { BUSINESS_CARD_PROFILE } from "./core/testing";
import { createNodeCheckPool } from "./runtime/node-pool";
import type { NodeCheckPool } from "./runtime/node-pool";
import { testEngineFile } from "./runtime/testing-engine";

/*
 * The CLI's batch (cli-batch.ts) on a real pool of worker threads running the test engine
 * (runtime/testing-engine.ts: `%test-engine exit` ends its thread, `sleep <ms>` works that long):
 * every report is written before the pool closes, and a worker dying on one file, or the process's
 * own crash, still writes every finished file's report and a complete --json array.
 */

const TEST_ENGINE = new URL("./runtime/testing-engine.ts", import.meta.url);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "ottisk-batch-"));
  for (const what of ["nothing", "exit", "sleep 300", "forever"]) await writeFile(join(dir, `${what.replace(" ", "-")}.pdf`), testEngineFile(what));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A real pool whose close() is noted in `events` beside the batch's writes. */
function watchedPool(events: string[], workers: number): NodeCheckPool {
  const pool = createNodeCheckPool({ workers, engineModule: TEST_ENGINE, timeoutMs: 20_000 });
  return {
    check: (bytes, profile, options) => pool.check(bytes, profile, options),
    close: async () => {
      events.push("close");
      await pool.close();
      events.push("closed");
    },
    get started() {
      return pool.started;
    },
  };
}

const file = (name: string) => join(dir, name);

describe("the CLI's batch", () => {
  it("writes the whole --json array before the pool closes, the same text JSON.stringify gives", async () => {
    const events: string[] = [];
    let text = "";
    const files = [file("sleep-300.pdf"), file("nothing.pdf"), file("missing.pdf")];
    const code = await runBatch(
      { files, json: true, profile: BUSINESS_CARD_PROFILE, lanes: 2 },
      {
        pool: watchedPool(events, 2),
        write: (chunk) => {
          events.push("write");
          text += chunk;
        },
      },
    );
    expect(code).toBe(2);
    expect(events.indexOf("close")).toBe(events.length - 2);
    expect(events.slice(0, -2).every((event) => event === "write")).toBe(true);
    expect(text.endsWith("\n]\n")).toBe(true);
    const results = JSON.parse(text) as FileResult[];
    expect(results.map((result) => [result.file, result.ok, result.error?.code ?? null])).toEqual([
      [files[0], true, null],
      [files[1], true, null],
      [files[2], false, "UNREADABLE"],
    ]);
    expect(text).toBe(`${JSON.stringify(results, null, 2)}\n`);
  });

  it("a worker dying on one file: every other file's report is written, the dead one is CRASHED", async () => {
    const events: string[] = [];
    let text = "";
    const files = [file("nothing.pdf"), file("exit.pdf"), file("sleep-300.pdf"), file("nothing.pdf")];
    const code = await runBatch({ files, json: false, profile: BUSINESS_CARD_PROFILE, lanes: 2 }, { pool: watchedPool(events, 2), write: (chunk) => (text += chunk) });
    expect(code).toBe(2);
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^✓ .*nothing\.pdf — готов к печати/);
    expect(lines[1]).toMatch(/^! .*exit\.pdf — /);
    expect(lines[2]).toMatch(/^✓ .*sleep-300\.pdf — готов к печати/);
    expect(lines[3]).toMatch(/^✓ .*nothing\.pdf — готов к печати/);
    expect(events).toEqual(["close", "closed"]);
  });

  it("a crash of the process mid-batch (the signal): the finished files' reports stand, the rest are CRASHED, the --json array is complete", async () => {
    const events: string[] = [];
    let text = "";
    const crash = new AbortController();
    const files = [file("nothing.pdf"), file("forever.pdf"), file("nothing.pdf")];
    const written = runBatch(
      { files, json: true, profile: BUSINESS_CARD_PROFILE, lanes: 1 },
      {
        pool: watchedPool(events, 1),
        write: (chunk) => {
          text += chunk;
          // The first file answered, the second one spinning: the process breaks.
          if (chunk.includes("nothing.pdf")) setTimeout(() => crash.abort(new Error("a bug of the pool")), 200);
        },
        signal: crash.signal,
      },
    );
    expect(await written).toBe(2);
    const results = JSON.parse(text) as FileResult[];
    expect(results.map((result) => [result.ok, result.error?.code ?? null])).toEqual([
      [true, null],
      [false, "CRASHED"],
      [false, "CRASHED"],
    ]);
    expect(events).toEqual(["close", "closed"]);
  });
});
