import { Component } from "react";
import type { ErrorInfo, ReactNode } from "react";

/** What a visitor reads where a bug stopped a part of the page (shared/README.md, "Errors"). */
export const BUG_MESSAGE = "Что-то пошло не так. Обновите страницу и попробуйте ещё раз.";

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * The end of the error policy: a bug — anything thrown while drawing, or sent here from a handler
 * by useReportBug/useShowFailure (shared/state) — is logged with console.error and its part of the
 * page shows BUG_MESSAGE instead of going on half-working. API errors never get here: they are shown
 * where they happened. Draws nothing of its own while all is well. Every element wraps its component
 * in one (widgets/element.ts), and the host site wraps its page (host-site/App.tsx).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Ottisk: a bug stopped this part of the page.", error, info.componentStack ?? "");
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="ottisk-root ottisk-message ottisk-message--error" role="alert">
        <p>{BUG_MESSAGE}</p>
      </div>
    );
  }
}
