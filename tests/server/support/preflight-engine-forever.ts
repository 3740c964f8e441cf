/** A test engine that never finishes: the runner's time limit must end it. */
export async function runPreflightEngine(): Promise<never> {
  let spins = 0;
  for (;;) spins += 1;
}
