import { useState } from "react";
import { messageUIOf } from "../../shared/http/index";

/**
 * One button's action on the server: `run()` does nothing while the last run is on its way, clears
 * the last error, and on a failure keeps the API's Russian message (or `fallback`) in `error`.
 */
export function useBusyAction(action: () => Promise<void>, fallback: string): { busy: boolean; error: string | null; run: () => Promise<void> } {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageUIOf(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}
