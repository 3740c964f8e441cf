/** A test engine that allocates until the worker's memory limit ends it. */
export async function runPreflightEngine(): Promise<never> {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 100_000 }, (_, index) => index * 1.5));
}
