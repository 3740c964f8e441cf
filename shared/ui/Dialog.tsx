import { useEffect, useId, useLayoutEffect, useRef } from "react";
import type { ReactNode } from "react";

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class for the dialog box (its width, say). */
  className?: string | undefined;
}

/**
 * A modal dialog on the native `<dialog>` opened with showModal(): the browser keeps focus inside,
 * Escape closes it, and focus returns to the element that opened it. A click on the backdrop closes
 * it too.
 */
export function Dialog({ open, title, onClose, children, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // In the same commit as the change that opened or closed it (a layout effect): no frame shows
  // the dialog in its old state next to what replaced it (the alert after signing in), and the
  // content's own effects find it open when they move focus into it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape and form[method=dialog] close the dialog natively; tell the owner so its state follows.
    const closed = () => onCloseRef.current();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes the modal; keyboards close it with Escape (native)
    <dialog
      ref={ref}
      className={className ? `ottisk-dialog ${className}` : "ottisk-dialog"}
      aria-labelledby={titleId}
      part="dialog"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {open ? (
        <div className="ottisk-dialog__body">
          <header className="ottisk-dialog__header">
            <h2 id={titleId} className="ottisk-dialog__title">
              {title}
            </h2>
            <button type="button" className="ottisk-close-button ottisk-dialog__close" aria-label="Закрыть" onClick={() => ref.current?.close()}>
              <span aria-hidden="true">×</span>
            </button>
          </header>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
