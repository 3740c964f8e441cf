import { useState } from "react";

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
  if (!Object.is(state.source, source)) {
    // React re-renders at once with the new state, before anything is committed.
    setState({ source, draft: source });
    return [source, (next) => setState({ source, draft: next })];
  }
  return [state.draft, (next) => setState({ source, draft: next })];
}
