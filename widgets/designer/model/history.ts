import type { DesignDocument } from "../../../shared/contracts/index";

/*
 * Undo and redo: every edit is a command that turns the document into the next one; the history
 * keeps the documents before each step (they share everything that did not change, so a step costs
 * the changed element and its side). One step per gesture: edits that carry the same `merge` key one
 * after the other (the moves of one drag, the letters typed into one field) are one step; a
 * different key, an edit without one, or `endGesture` closes it.
 */

/** How many steps back the editor keeps. */
export const HISTORY_LIMIT = 200;

export interface History {
  document: DesignDocument;
  past: readonly DesignDocument[];
  future: readonly DesignDocument[];
  /** The open gesture's key: the next edit with the same key joins the last step. */
  merge: string | null;
}

export function startHistory(document: DesignDocument): History {
  return { document, past: [], future: [], merge: null };
}

/** Applies a command; a command that changes nothing leaves the history as it was. */
export function applyEdit(history: History, command: (document: DesignDocument) => DesignDocument, merge: string | null = null): History {
  const next = command(history.document);
  if (next === history.document) return history;
  if (merge !== null && merge === history.merge) return { ...history, document: next, future: [] };
  const past = [...history.past, history.document].slice(-HISTORY_LIMIT);
  return { document: next, past, future: [], merge };
}

/** Closes the open gesture (a drag ended, a field lost focus): the next edit is a step of its own. */
export function endGesture(history: History): History {
  return history.merge === null ? history : { ...history, merge: null };
}

export function canUndo(history: History): boolean {
  return history.past.length > 0;
}

export function canRedo(history: History): boolean {
  return history.future.length > 0;
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (!previous) return history;
  return { document: previous, past: history.past.slice(0, -1), future: [history.document, ...history.future], merge: null };
}

export function redo(history: History): History {
  const next = history.future[0];
  if (!next) return history;
  return { document: next, past: [...history.past, history.document], future: history.future.slice(1), merge: null };
}
