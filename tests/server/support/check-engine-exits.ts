/** A test engine whose thread dies in the middle of the check (process.exit ends a worker thread only). */
export async function runPreflightEngine(): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.exit(3);
}
