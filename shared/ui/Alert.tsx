import { useEffect, useRef } from "react";
import { ALERT_AUTO_CLOSE_MS } from "../domain/constants";

export interface AlertMessage {
  kind: "positive" | "negative";
  text: string;
}

export interface AlertProps {
  alert: AlertMessage | null;
  onClose: () => void;
  /** Milliseconds before it closes itself (spec §9: 2000). */
  autoCloseMs?: number;
}

/** A short positive or negative message that closes itself after 2 s (spec §9) or on its button. */
export function Alert({ alert, onClose, autoCloseMs = ALERT_AUTO_CLOSE_MS }: AlertProps) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [alert, autoCloseMs]);
  if (!alert) return null;
  return (
    <div
      className={`ottisk-alert ottisk-alert--${alert.kind}`}
      role={alert.kind === "negative" ? "alert" : "status"}
      part={`alert alert-${alert.kind}`}
    >
      <span className="ottisk-alert__text">{alert.text}</span>
      <button type="button" className="ottisk-close-button ottisk-alert__close" aria-label="Закрыть сообщение" onClick={() => onCloseRef.current()}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
