import { useCallback, useState } from "react";
import { isApiError } from "../http/index";
import type { ApiError } from "../http/index";

/*
 * The one error policy of the browser (shared/README.md, "Errors"): a failed call of the API — an
 * ApiError, the network's failures included (shared/http turns them into ApiError status 0) — is
 * shown where it happened as its Russian `messageUI`; anything else is a bug, sent to the nearest
 * error boundary (shared/ui/ErrorBoundary.tsx: every element has one, and so has the host site's
 * page), which logs it and shows a generic message instead of a half-working screen.
 */

/**
 * Sends a bug from an event handler, an effect's promise or a timer to the nearest error boundary:
 * React's boundaries see only what is thrown while rendering, so the error is thrown again in this
 * component's next render.
 */
export function useReportBug(): (error: unknown) => void {
  const [, setFailure] = useState<null>(null);
  return useCallback((error: unknown) => {
    setFailure(() => {
      throw error;
    });
  }, []);
}

/**
 * A handler's failure by the policy: an ApiError's `messageUI` goes to `show` (with the error, for
 * the few places that read its status, code or field issues); anything else goes to the error boundary.
 *
 *     catch (failure) { showFailure(failure, setError); }
 */
export function useShowFailure(): (error: unknown, show: (messageUI: string, error: ApiError) => void) => void {
  const reportBug = useReportBug();
  return useCallback(
    (error: unknown, show: (messageUI: string, error: ApiError) => void) => {
      if (isApiError(error)) show(error.messageUI, error);
      else reportBug(error);
    },
    [reportBug],
  );
}
