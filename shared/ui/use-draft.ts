import { useCallback, useState } from "react";

/**
 * A value the shopper edits locally that follows its source (the server's value) whenever the
 * source changes: a cart line's quantity, the order comment, a menu's `open` attribute.
 *
 * The change is picked up while rendering, not in an effect. An effect that copies the source would
 * also run on mount, after the first commit, and overwrite what was typed in between (a fast
 * shopper, a password manager, or input replayed after hydration).
 */
export function useDraft<T>(source: T): [T, (next: T) => void] {
  const [state, setState] = useState({ source, draft: source });
  // Keeps the source the draft started from, so a setter of an earlier render cannot bring an old source back.
  const setDraft = useCallback((next: T) => setState((current) => ({ source: current.source, draft: next })), []);
  if (!Object.is(state.source, source)) {
    // React renders again at once with the new state, before anything is committed.
    setState({ source, draft: source });
    return [source, setDraft];
  }
  return [state.draft, setDraft];
}
