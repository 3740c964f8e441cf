import { useEffect, useId, useRef, useState } from "react";
import { messageUIOf } from "../../shared/http/index";
import type { CheckCode, Finding, PageBoxes } from "../../preflight/index";
import type { CartLayout, CartLine } from "../../shared/contracts/index";
import { DesignOrderPanel } from "./DesignOrderPanel";
import { FindingsReport } from "./FindingsReport";
import { ProofView } from "./ProofView";
import { AUTOCHECK_POLL_MS, formatDate, loadEngine, loadFixups, sameFindings } from "./layout-files";
import type { LayoutSession } from "./session";
import { useApi } from "../../shared/state/index";
import { pause } from "./use-api";

/** What each layout status means to the shopper. */
const STATUS_TEXT: Record<CartLayout["status"], string> = {
  missing: "Макет не загружен",
  uploaded: "Макет загружен, ждёт проверки",
  checking: "Макет проверяется на сервере…",
  passed: "Макет проверен: готов к печати",
  failed: "Макет не прошёл проверку",
  error: "Проверка не завершилась: макет посмотрит специалист типографии",
};

type Proof =
  | { state: "loading" }
  | { state: "ready"; bytes: Uint8Array; pages: PageBoxes[] | null; advice: Record<CheckCode, string> }
  | { state: "error"; messageUI: string };

/** The server check's outcome seen here: whether it differed from the browser's, and why a failed check failed. */
interface ServerNote {
  layoutId: number;
  disagreed: boolean;
  error: string | null;
}

export interface DetailLayoutProps {
  /** The cart holding the line (the autocheck path's orderId). */
  cartId: number;
  line: CartLine;
  layout: CartLayout;
  session: LayoutSession;
}

const pending = (layout: CartLayout) => layout.status === "uploaded" || layout.status === "checking";
const checked = (layout: CartLayout) => layout.status === "passed" || layout.status === "failed" || layout.status === "error";

/**
 * One detail of the line (spec §3 Design side): its current layout with the server's findings and
 * the proof, the server check followed while it runs, the approval of the proof, and the design
 * order instead.
 */
export function DetailLayout({ cartId, line, layout, session }: DetailLayoutProps) {
  const api = useApi();
  const headingId = useId();
  const [proof, setProof] = useState<Proof | null>(null);
  const [proofSeen, setProofSeen] = useState(false);
  const [highlighted, setHighlighted] = useState<Finding | null>(null);
  const [note, setNote] = useState<ServerNote | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);
  const [startBusy, setStartBusy] = useState(false);

  const layoutId = layout.layoutId;
  const fileUrl = layout.fileUrl;

  // The proof: the bytes uploaded here, or the stored file; the engine gives its page boxes (the lines).
  useEffect(() => {
    setProofSeen(false);
    setHighlighted(null);
    if (layoutId === null || fileUrl === null) {
      setProof(null);
      return;
    }
    let current = true;
    setProof({ state: "loading" });
    const load = async () => {
      const cached = session.proofs.get(layoutId);
      const bytes = cached?.bytes ?? (await api.downloadFile(fileUrl));
      let pages = cached?.pages ?? null;
      if (!cached) {
        const engine = await loadEngine();
        pages = await engine.checkLayout(bytes.slice(), layout.profile).then(
          (report) => report.pages,
          // A file the engine cannot read is still drawn by pdf.js if it can; without the lines then.
          () => null,
        );
        session.proofs.set(layoutId, { bytes, pages });
      }
      const { fixAdvice } = await loadFixups();
      if (current) setProof({ state: "ready", bytes, pages, advice: fixAdvice });
    };
    load().catch((error: unknown) => current && setProof({ state: "error", messageUI: messageUIOf(error) }));
    return () => {
      current = false;
    };
    // The profile belongs to the layout: a new layout id brings its own.
  }, [api, layoutId, fileUrl, session]);

  // The server's check while it runs: asked every second until done or failed; then the cart is
  // reloaded. A layout uploaded here is asked once more even when the reloaded cart already shows it
  // checked (a quick check), so that its result is compared with the browser's.
  const pitstopDesignId = layout.pitstopDesignId;
  const waiting = pending(layout) && pitstopDesignId !== null;
  const uploadedHere = layoutId !== null && session.browserResults.has(layoutId);
  /** The server check whose result has been told (event, comparison, cart reload). */
  const told = useRef<number | null>(null);
  useEffect(() => {
    if ((!waiting && !uploadedHere) || pitstopDesignId === null || layoutId === null) return;
    const controller = new AbortController();
    setPollError(null);
    const poll = async () => {
      for (;;) {
        const result = await api.getAutocheck(pitstopDesignId);
        if (controller.signal.aborted) return;
        if (result.state === "done" || result.state === "failed") {
          // A round started before the cart's reload shows the check done (this effect re-runs when
          // the browser's result is taken) gets the same result: it is told once.
          if (told.current === pitstopDesignId) return;
          told.current = pitstopDesignId;
          const serverFindings = result.state === "done" ? (result.findings ?? []) : null;
          const browser = session.browserResults.get(layoutId);
          session.browserResults.delete(layoutId);
          let disagreed = false;
          if (browser) {
            disagreed = browser.findings !== null && serverFindings !== null ? !sameFindings(browser.findings, serverFindings) : (browser.findings === null) !== (serverFindings === null);
            // The server's result stands; the difference goes to the server's log. The log is not
            // the shopper's business: a failure to send it changes nothing on the screen.
            if (disagreed) await api.reportBrowserCheck(pitstopDesignId, browser).catch(() => undefined);
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
          return;
        }
        await pause(AUTOCHECK_POLL_MS, controller.signal);
      }
    };
    poll().catch((error: unknown) => {
      if (!controller.signal.aborted) setPollError(messageUIOf(error));
    });
    return () => controller.abort();
  }, [api, waiting, uploadedHere, pitstopDesignId, layoutId, pollRound, session, layout.detailName, layout.fileName]);

  const startCheck = async () => {
    setStartBusy(true);
    setPollError(null);
    try {
      await api.startAutocheck(cartId, line.id, layout.detailName);
      await session.changed();
    } catch (error) {
      setPollError(messageUIOf(error));
    } finally {
      setStartBusy(false);
    }
  };

  const findings = layout.findings ?? [];
  const shownNote = note !== null && note.layoutId === layoutId ? note : null;

  return (
    <section className="ottisk-layout-detail" part="detail" aria-labelledby={headingId} data-status={layout.status}>
      <h3 id={headingId} className="ottisk-layout-detail__title">
        {layout.detailName}
      </h3>
      <p className={`ottisk-layout-status ottisk-layout-status--${layout.status}`} part="status">
        {STATUS_TEXT[layout.status]}
        {layout.fileName ? <span className="ottisk-layout-status__file"> — {layout.fileName}</span> : null}
      </p>
      {layout.status === "uploaded" && pitstopDesignId === null ? (
        <button type="button" className="ottisk-button" disabled={startBusy} onClick={() => void startCheck()}>
          Проверить на сервере
        </button>
      ) : null}
      {waiting ? (
        <p className="ottisk-layout-progress" role="status">
          Проверяем макет на сервере…
        </p>
      ) : null}
      {pollError ? (
        <div className="ottisk-layout-error" role="alert">
          <p>{pollError}</p>
          {waiting ? (
            <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setPollRound((round) => round + 1)}>
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
      {proof?.state === "loading" ? <p className="ottisk-layout-progress">Загружаем пробный оттиск…</p> : null}
      {proof?.state === "error" ? (
        <p className="ottisk-layout-error" role="alert">
          Пробный оттиск не загрузился: {proof.messageUI}
        </p>
      ) : null}
      {proof?.state === "ready" ? (
        <div className="ottisk-layout-result">
          {checked(layout) && (layout.status !== "failed" || findings.length > 0) ? (
            <FindingsReport
              findings={findings}
              offers={[]}
              advice={proof.advice}
              busyFixup={null}
              onApplyFixup={() => undefined}
              highlighted={highlighted}
              onHighlight={setHighlighted}
              sourceLabel="Проверка на сервере"
            />
          ) : null}
          <ProofView
            pdf={proof.bytes}
            pages={proof.pages}
            findings={findings}
            highlighted={highlighted}
            label={`Пробный оттиск: ${layout.detailName}`}
            onPageCountKnown={() => setProofSeen(true)}
          />
        </div>
      ) : null}
      {layoutId !== null && checked(layout) ? (
        <Approval line={line} layout={layout} layoutId={layoutId} findings={findings.length} proofSeen={proofSeen} session={session} />
      ) : null}
      <DesignOrderPanel line={line} layout={layout} proofBytes={proof?.state === "ready" ? proof.bytes : null} session={session} />
    </section>
  );
}

interface ApprovalProps {
  line: CartLine;
  layout: CartLayout;
  layoutId: number;
  findings: number;
  proofSeen: boolean;
  session: LayoutSession;
}

/** The shopper approves the proof explicitly (a checkbox and a button); the approval is stored with the line's layout. */
function Approval({ line, layout, layoutId, findings, proofSeen, session }: ApprovalProps) {
  const api = useApi();
  const checkboxId = useId();
  const warningId = useId();
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = async (approved: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api.setLayoutApproval(layoutId, approved);
      session.fire("ottisk-layout-approved", { orderProductId: line.id, detailName: layout.detailName, layoutId, approved });
      setConfirmed(false);
      await session.changed();
    } catch (failure) {
      setError(messageUIOf(failure));
    } finally {
      setBusy(false);
    }
  };

  if (layout.approvedAt !== null) {
    return (
      <div className="ottisk-layout-approval ottisk-layout-approval--done" part="approval">
        <p className="ottisk-layout-approval__done">
          Утверждён {formatDate(layout.approvedAt)}
          {findings > 0 ? " — принят вами как есть, с замечаниями" : ""}
        </p>
        <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => void approve(false)}>
          Отменить утверждение
        </button>
        {error ? (
          <p className="ottisk-layout-error" role="alert">
            {error}
          </p>
        ) : null}
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
      {error ? (
        <p className="ottisk-layout-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
