import { DEFAULT_LIMITS, PreflightError } from "../core/errors";
import type { Finding, PreflightProfile } from "../report";

/*
 * A test engine for the check pool (node-pool.test.ts) and the server's check jobs: what it does is
 * written in the file, on a line `%test-engine <what> [ms]` — `forever` (never answers), `oom`
 * (allocates until the heap limit), `exit` (ends its thread), `throw` (a bug), `sleep <ms>` (works
 * that long in 50 ms steps and honours the deadline it is given, as the real engine does between
 * pages: past it, the engine's TIMEOUT; none given: the engine's default 4.5 s), `deadline` (answers one finding whose `measured` is the
 * deadline it was given). Anything else: no findings.
 */

export async function runPreflightEngine(bytes: Uint8Array, _profile: PreflightProfile, options: { deadlineMs?: number } = {}): Promise<Finding[]> {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  const [, what = "", arg = "0"] = /%test-engine (\w+)(?: (\d+))?/.exec(head) ?? [];
  // Without a deadline given, the real engine's default one (DEFAULT_LIMITS), as runPreflight does.
  const deadlineMs = options.deadlineMs ?? DEFAULT_LIMITS.deadlineMs;
  switch (what) {
    case "forever":
      for (;;) {
        // Spins: only terminate() ends it.
      }
    case "oom": {
      const hoard: number[][] = [];
      for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => index * 1.5));
    }
    case "exit":
      process.exit(3);
      break;
    case "throw":
      throw new TypeError("The test engine cannot read this PDF");
    case "sleep": {
      const started = performance.now();
      const workMs = Number(arg);
      while (performance.now() - started < workMs) {
        if (performance.now() - started > deadlineMs) throw new PreflightError("TIMEOUT", `Past the deadline of ${deadlineMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return [];
    }
    case "deadline":
      return [{ code: 4731, message: "deadline", page: null, bbox: null, measured: deadlineMs }];
    default:
      return [];
  }
}

/** A file for this engine: a PDF header and the instruction line. */
export function testEngineFile(what: string): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.3\n%test-engine ${what}\n%%EOF\n`);
}
