import { PreflightError } from "./errors";
import type { Limits } from "./errors";

/**
 * One check's running account against its limits, shared by the reader, the interpreter and the
 * renderer: every loop that a hostile file could make long calls `tick`, so the check ends with a
 * clear error instead of a hang.
 */
export interface Budget {
  readonly limits: Limits;
  readonly startedAt: number;
  /** Counts `n` units of work (operators, objects, pixels rows …) and checks the clock every so often. */
  tick(n?: number): void;
  /** Counts decoded bytes against maxTotalDecodedBytes. */
  addDecodedBytes(n: number): void;
  /** Throws TIMEOUT when the deadline has passed. */
  checkDeadline(): void;
}

export function createBudget(limits: Limits): Budget {
  const startedAt = limits.now();
  let work = 0;
  let sinceClock = 0;
  let decoded = 0;
  const checkDeadline = () => {
    if (limits.now() - startedAt > limits.deadlineMs) throw new PreflightError("TIMEOUT", `Check took longer than ${limits.deadlineMs} ms`);
  };
  return {
    limits,
    startedAt,
    tick(n = 1) {
      work += n;
      sinceClock += n;
      if (work > limits.maxOperators) throw new PreflightError("TOO_COMPLEX", `More than ${limits.maxOperators} units of work`);
      if (sinceClock >= 4096) {
        sinceClock = 0;
        checkDeadline();
      }
    },
    addDecodedBytes(n) {
      decoded += n;
      if (decoded > limits.maxTotalDecodedBytes) throw new PreflightError("TOO_LARGE", `Streams decode to more than ${limits.maxTotalDecodedBytes} bytes`);
    },
    checkDeadline,
  };
}
