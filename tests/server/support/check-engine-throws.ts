/** A test engine that fails the way a bug or an unreadable file would. */
export async function runPreflightEngine(): Promise<never> {
  throw new Error("The test engine cannot read this PDF");
}
