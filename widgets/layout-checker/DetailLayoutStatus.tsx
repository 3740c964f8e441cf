import { useSetAtom } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import type { CartLayout, CartLine } from "../../shared/contracts/index";
import { isApiError } from "../../shared/http/index";
import { awaitCheckAtom, reportCheckAtom, startCheckAtom, useShowFailure } from "../../shared/state/index";
import { CHECK_POLL_MS, sameFindings } from "./layout-files";
import type { LayoutSession } from "./session";

/** What each layout status means to the shopper. */
export const STATUS_TEXT: Record<CartLayout["status"], string> = {
  missing: "Макет не загружен",
  uploaded: "Макет загружен, ждёт проверки",
  checking: "Макет проверяется на сервере…",
  passed: "Макет проверен: готов к печати",
  failed: "Макет не прошёл проверку",
  error: "Проверка не завершилась: макет посмотрит специалист типографии",
};

/** Uploaded and waiting for the server's check, or being checked. */
export const isPending = (layout: CartLayout) => layout.status === "uploaded" || layout.status === "checking";
/** The server's check has ended, whatever it said. */
export const isChecked = (layout: CartLayout) => layout.status === "passed" || layout.status === "failed" || layout.status === "error";

/** The server check's outcome seen here: whether it differed from the browser's, and why a failed check failed. */
interface ServerNote {
  layoutId: number;
  disagreed: boolean;
  error: string | null;
}

export interface DetailLayoutStatusProps {
  /** The cart holding the line (the check's orderId). */
  cartId: number;
  line: CartLine;
  layout: CartLayout;
  session: LayoutSession;
}

/**
 * The detail's layout status: the server check started (when the upload did not start it) and
 * followed while it runs, then the cart reloaded. A layout uploaded here is asked once more even
 * when the reloaded cart already shows it checked (a quick check), so that its result is compared
 * with the browser's.
 */
export function DetailLayoutStatus({ cartId, line, layout, session }: DetailLayoutStatusProps) {
  const startCheck = useSetAtom(startCheckAtom);
  const awaitCheck = useSetAtom(awaitCheckAtom);
  const reportCheck = useSetAtom(reportCheckAtom);
  const showFailure = useShowFailure();
  const [note, setNote] = useState<ServerNote | null>(null);
  /** A failed start or a failed question about the check, for the check it was about. */
  const [pollError, setPollError] = useState<{ checkId: number | null; messageUI: string } | null>(null);
  const [pollRound, setPollRound] = useState(0);
  const [startBusy, setStartBusy] = useState(false);

  const layoutId = layout.layoutId;
  const checkId = layout.pitstopDesignId;
  const waiting = isPending(layout) && checkId !== null;
  const uploadedHere = layoutId !== null && session.browserResults.has(layoutId);
  /** The server check whose result has been told (event, comparison, cart reload). */
  const told = useRef<number | null>(null);
  useEffect(() => {
    if ((!waiting && !uploadedHere) || checkId === null || layoutId === null) return;
    const controller = new AbortController();
    const follow = async () => {
      const result = await awaitCheck({ checkId, intervalMs: CHECK_POLL_MS, signal: controller.signal });
      // A round started before the cart's reload shows the check done (this effect re-runs when
      // the browser's result is taken) gets the same result: it is told once.
      if (told.current === checkId) return;
      told.current = checkId;
      const serverFindings = result.state === "done" ? (result.findings ?? []) : null;
      const browser = session.browserResults.get(layoutId);
      session.browserResults.delete(layoutId);
      let disagreed = false;
      if (browser) {
        disagreed = browser.findings !== null && serverFindings !== null ? !sameFindings(browser.findings, serverFindings) : (browser.findings === null) !== (serverFindings === null);
        // The server's result stands; the difference goes to the server's log. The log is not
        // the shopper's business: the API's failure to take it changes nothing on the screen.
        if (disagreed) {
          await reportCheck({ checkId, report: browser }).catch((error: unknown) => {
            if (!isApiError(error)) throw error;
          });
        }
      }
      setNote({ layoutId, disagreed, error: result.error });
      if (serverFindings) {
        session.fire("ottisk-layout-checked", {
          detailName: layout.detailName,
          fileName: layout.fileName ?? "",
          ok: serverFindings.length === 0,
          codes: [...new Set(serverFindings.map((finding) => finding.code))],
          source: "server",
        });
      }
      await session.changed();
    };
    follow().catch((error: unknown) => {
      if (!controller.signal.aborted) showFailure(error, (messageUI) => setPollError({ checkId, messageUI }));
    });
    return () => controller.abort();
  }, [awaitCheck, reportCheck, showFailure, waiting, uploadedHere, checkId, layoutId, pollRound, session, layout.detailName, layout.fileName]);

  const checkOnServer = async () => {
    setStartBusy(true);
    setPollError(null);
    try {
      await startCheck({ cartId, orderProductId: line.id, detailName: layout.detailName });
    } catch (error) {
      showFailure(error, (messageUI) => setPollError({ checkId, messageUI }));
    } finally {
      setStartBusy(false);
    }
  };

  const findings = layout.findings ?? [];
  const shownNote = note !== null && note.layoutId === layoutId ? note : null;
  const shownError = pollError !== null && pollError.checkId === checkId ? pollError.messageUI : null;

  return (
    <>
      <p className={`ottisk-layout-status ottisk-layout-status--${layout.status}`} part="status">
        {STATUS_TEXT[layout.status]}
        {layout.fileName ? <span className="ottisk-layout-status__file"> — {layout.fileName}</span> : null}
      </p>
      {layout.status === "uploaded" && checkId === null ? (
        <button type="button" className="ottisk-button" disabled={startBusy} onClick={() => void checkOnServer()}>
          Проверить на сервере
        </button>
      ) : null}
      {waiting ? (
        <p className="ottisk-layout-progress" role="status">
          Проверяем макет на сервере…
        </p>
      ) : null}
      {shownError ? (
        <div className="ottisk-layout-error" role="alert">
          <p>{shownError}</p>
          {waiting ? (
            <button
              type="button"
              className="ottisk-button ottisk-button--quiet"
              onClick={() => {
                setPollError(null);
                setPollRound((round) => round + 1);
              }}
            >
              Узнать результат снова
            </button>
          ) : null}
        </div>
      ) : null}
      {shownNote?.disagreed ? (
        <p className="ottisk-layout-note" role="status">
          Проверка на сервере нашла не то же, что проверка в браузере. Действует результат сервера (он ниже); о расхождении мы сообщили типографии.
        </p>
      ) : null}
      {layout.status === "error" || (layout.status === "failed" && findings.length === 0) ? (
        <p className="ottisk-layout-error" role="alert">
          {shownNote?.error ?? (layout.status === "failed" ? "Файл не читается как PDF: замените его" : STATUS_TEXT.error)}
        </p>
      ) : null}
    </>
  );
}
