import { LayoutCheckError } from "./errors";

/** The LayoutCheckError a check failed with; anything else (or a report) fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<LayoutCheckError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof LayoutCheckError)) throw new Error(`Expected a LayoutCheckError, got ${String(outcome)}`);
  return outcome;
}
