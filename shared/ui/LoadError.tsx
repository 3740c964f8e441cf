import type { ReactNode } from "react";

export interface LoadErrorProps {
  /** The server's Russian message (spec §8's messageUI), or the part's own. */
  messageUI: string;
  /** Loads again; without it there is no «Повторить» (an error that a retry would not mend). */
  onRetry?: (() => void) | undefined;
  /** The box's classes: the shared error message unless a part has a box of its own. */
  className?: string | undefined;
  /** The `part` name for theming from outside a shadow root. */
  part?: string | undefined;
  /** Further actions after «Повторить» (a link to the main page, «Сбросить фильтры»). */
  children?: ReactNode;
}

/**
 * What a part shows when its data did not load: the message, announced (role="alert"), and
 * «Повторить». One markup for the widgets and the host site's pages.
 */
export function LoadError({ messageUI, onRetry, className = "ottisk-message ottisk-message--error", part, children }: LoadErrorProps) {
  return (
    <div className={className} role="alert" part={part}>
      <p>{messageUI}</p>
      {onRetry ? (
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={onRetry}>
          Повторить
        </button>
      ) : null}
      {children}
    </div>
  );
}
