/** A test engine that never finishes: the runner's time limit must end it. */
export async function runPreflightEngine(): Promise<never> {
  for (;;) {
    // Spins without yielding: only the runner's time limit ends it.
  }
}
