/** Reads until `read` gives something other than null (every 50 ms), or fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(read: () => Promise<T | null>, what: string, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
