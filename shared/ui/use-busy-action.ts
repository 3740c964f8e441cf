import { useState } from "react";
import { useShowFailure } from "../state/index";

/**
 * One button's action on the server: `run()` does nothing while the last run is on its way, clears
 * the last error, and on a failure keeps the API's Russian message in `error` (a bug goes to the
 * error boundary: shared/README.md, "Errors").
 */
export function useBusyAction(action: () => Promise<void>): { busy: boolean; error: string | null; run: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const showFailure = useShowFailure();
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
