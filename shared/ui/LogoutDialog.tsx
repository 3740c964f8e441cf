import { useSetAtom } from "jotai/react";
import { logoutAtom } from "../state/index";
import { Dialog } from "./Dialog";
import { ErrorNote } from "./ErrorNote";
import { useBusyAction } from "./use-busy-action";

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
  /** The server closed the session and the page signed out. */
  onLogout?: (() => void) | undefined;
}

/** The logout confirmation of spec §2: «Выйти из аккаунта» with 'Выйти' and 'Отменить'. */
export function LogoutDialog({ open, onClose, onLogout }: LogoutDialogProps) {
  return (
    <Dialog open={open} title="Выйти из аккаунта" onClose={onClose} className="ottisk-logout-dialog">
      <LogoutConfirmation onCancel={onClose} onLogout={onLogout} />
    </Dialog>
  );
}

function LogoutConfirmation({ onCancel, onLogout }: { onCancel: () => void; onLogout: (() => void) | undefined }) {
  const logout = useSetAtom(logoutAtom);
  const { busy, error, run: confirm } = useBusyAction(async () => {
    await logout();
    onCancel();
    onLogout?.();
  });

  return (
    <div className="ottisk-logout" part="logout-confirmation">
      <p className="ottisk-logout__text">Вы уверены, что хотите выйти из аккаунта?</p>
      <ErrorNote className="ottisk-logout__error" message={error} />
      <div className="ottisk-logout__actions">
        <button type="button" className="ottisk-button" part="logout-confirm" aria-disabled={busy} onClick={() => void confirm()}>
          Выйти
        </button>
        <button type="button" className="ottisk-button ottisk-button--quiet" part="logout-cancel" onClick={onCancel}>
          Отменить
        </button>
      </div>
    </div>
  );
}
