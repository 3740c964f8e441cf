import { useSetAtom } from "jotai/react";
import { useState } from "react";
import { messageUIOf } from "../../shared/http/index";
import { logoutAtom } from "../../shared/state/index";
import { Dialog } from "../../shared/ui/index";

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await logout();
      onCancel();
      onLogout?.();
    } catch (failure) {
      setError(messageUIOf(failure, "Не удалось выйти. Попробуйте ещё раз."));
      setBusy(false);
    }
  };

  return (
    <div className="ottisk-logout" part="logout-confirmation">
      <p className="ottisk-logout__text">Вы уверены, что хотите выйти из аккаунта?</p>
      {error ? (
        <p className="ottisk-logout__error" role="alert">
          {error}
        </p>
      ) : null}
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
