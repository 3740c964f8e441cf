import { useSetAtom } from "jotai/react";
import { useId, useState } from "react";
import type { CartLayout, CartLine } from "../../shared/contracts/index";
import { formatDateLong } from "../../shared/domain/index";
import { setLayoutApprovalAtom, useShowFailure } from "../../shared/state/index";
import { ErrorNote } from "../../shared/ui/index";
import type { LayoutSession } from "./session";

export interface DetailApprovalProps {
  line: CartLine;
  layout: CartLayout;
  layoutId: number;
  /** How many findings the server's check left: approving then accepts them. */
  findings: number;
  /** The proof has been shown: only then may it be approved. */
  proofSeen: boolean;
  session: LayoutSession;
}

/** The shopper approves the proof explicitly (a checkbox and a button); the approval is stored with the line's layout. */
export function DetailApproval({ line, layout, layoutId, findings, proofSeen, session }: DetailApprovalProps) {
  const setLayoutApproval = useSetAtom(setLayoutApprovalAtom);
  const checkboxId = useId();
  const showFailure = useShowFailure();
  const warningId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = async (approved: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await setLayoutApproval({ layoutId, approved });
      session.fire("ottisk-layout-approved", { orderProductId: line.id, detailName: layout.detailName, layoutId, approved });
      setConfirmed(false);
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  if (layout.approvedAt !== null) {
    return (
      <div className="ottisk-layout-approval ottisk-layout-approval--done" part="approval">
        <p className="ottisk-layout-approval__done">
          Утверждён {formatDateLong(layout.approvedAt)}
          {findings > 0 ? " — принят вами как есть, с замечаниями" : ""}
        </p>
        <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => void approve(false)}>
          Отменить утверждение
        </button>
        <ErrorNote className="ottisk-layout-error" message={error} />
      </div>
    );
  }

  return (
    <form
      className="ottisk-layout-approval"
      part="approval"
      onSubmit={(event) => {
        event.preventDefault();
        if (confirmed && proofSeen) void approve(true);
      }}
    >
      {findings > 0 ? (
        <p id={warningId} className="ottisk-layout-approval__warning">
          В макете остались замечания ({findings}). Утверждая его как есть, вы соглашаетесь, что он будет напечатан именно так: типография не исправляет
          макет, а претензии к этим замечаниям не принимаются. Либо замените файл, либо закажите дизайн.
        </p>
      ) : null}
      <div className="ottisk-layout-approval__check">
        <input
          id={checkboxId}
          type="checkbox"
          name="approve"
          checked={confirmed}
          disabled={!proofSeen}
          aria-describedby={findings > 0 ? warningId : undefined}
          onChange={(event) => setConfirmed(event.target.checked)}
        />
        <label htmlFor={checkboxId}>Я проверил(а) пробный оттиск «{layout.detailName}» и утверждаю макет к печати</label>
      </div>
      {!proofSeen ? <p className="ottisk-layout-approval__hint">Утвердить макет можно, когда пробный оттиск показан.</p> : null}
      <button type="submit" className="ottisk-button" disabled={!confirmed || !proofSeen || busy}>
        Утвердить макет
      </button>
      <ErrorNote className="ottisk-layout-error" message={error} />
    </form>
  );
}
