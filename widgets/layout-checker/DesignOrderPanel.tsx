import { useSetAtom } from "jotai/react";
import { Suspense, lazy, useId, useState } from "react";
import type { CartLayout, CartLine, DesignOrder } from "../../shared/contracts/index";
import { formatDateLong, formatRoubles } from "../../shared/domain/index";
import { approveDesignLayoutAtom, changeDesignOrderAtom, requestDesignChangesAtom, useDesignQuote, useShowFailure } from "../../shared/state/index";
import type { DesignOrderChange } from "../../shared/state/index";
import { Alert, Dialog, ErrorNote, Textarea } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";
import { loadPdfViewer } from "../pdf-viewer/index";
import type { LayoutSession } from "./session";

/** The annotating viewer, through the PDF viewer's face, in its own chunk (pdf.js with it): loaded when «Добавить пометки на макет» is opened. */
const PdfViewer = lazy(loadPdfViewer);

type DesignStatus = NonNullable<CartLayout["design"]>["status"];

const DESIGN_STATUS_TEXT: Record<DesignStatus, string> = {
  new: "Новый",
  in_work: "В работе",
  waiting_client: "Макет готов: посмотрите и утвердите",
  done: "Готов",
  cancelled: "Отменён",
};

export interface DesignOrderPanelProps {
  line: CartLine;
  layout: CartLayout;
  /** The current layout's bytes, for the annotations; null without one. */
  proofBytes: Uint8Array | null;
  session: LayoutSession;
}

/**
 * A design ordered from the shop instead of the shopper's own layout (spec §3 Design, §7 design
 * orders): create with a comment, change the comment, cancel while new, annotate the current layout
 * for the designer. A failed creation shows the message in an alert and reloads the cart (spec §8).
 */
export function DesignOrderPanel({ line, layout, proofBytes, session }: DesignOrderPanelProps) {
  const changeDesignOrder = useSetAtom(changeDesignOrderAtom);
  const approveLayout = useSetAtom(approveDesignLayoutAtom);
  const requestChanges = useSetAtom(requestDesignChangesAtom);
  const changesId = useId();
  const [askingChanges, setAskingChanges] = useState(false);
  const [changes, setChanges] = useState("");
  const formId = useId();
  const showFailure = useShowFailure();
  const commentId = useId();
  const [editing, setEditing] = useState(false);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [annotating, setAnnotating] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const design = layout.design;
  // The price and the day are shown before the design is ordered (asked once the form opens).
  const { quote, reload: reloadQuote } = useDesignQuote(design === null && editing ? line.id : null);

  const answer = async (action: () => Promise<DesignOrder>, onDone: () => void) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await action();
      session.fire("ottisk-design-order", { orderProductId: line.id, detailName: layout.detailName, designId: saved.designId, status: saved.status });
      onDone();
    } catch (failure) {
      showFailure(failure, setError);
    } finally {
      setBusy(false);
    }
  };

  const run = async (change: DesignOrderChange, onFailure: "alert" | "inline") => {
    setBusy(true);
    setError(null);
    try {
      const saved = await changeDesignOrder(change);
      session.fire("ottisk-design-order", { orderProductId: line.id, detailName: layout.detailName, designId: saved.designId, status: saved.status });
      setEditing(false);
      setConfirmCancel(false);
    } catch (failure) {
      if (onFailure === "alert") {
        showFailure(failure, (text) => setAlert({ kind: "negative", text }));
        await session.changed();
      } else {
        showFailure(failure, setError);
      }
    } finally {
      setBusy(false);
    }
  };

  const open = design !== null && (design.status === "new" || design.status === "in_work");

  const form = (
    <form
      id={formId}
      className="ottisk-layout-design__form"
      part="design-form"
      onSubmit={(event) => {
        event.preventDefault();
        const text = comment.trim();
        if (!text) return;
        if (design) void run({ kind: "comment", designId: design.designId, comment: text }, "inline");
        else void run({ kind: "create", orderProductId: line.id, detailName: layout.detailName, comment: text }, "alert");
      }}
    >
      {design === null ? (
        <div className="ottisk-layout-design__quote" role="status">
          {quote === null || quote.status === "loading" ? (
            <p>Считаем цену и срок дизайна…</p>
          ) : quote.status === "error" ? (
            <p>
              {quote.messageUI}{" "}
              <button type="button" className="ottisk-button ottisk-button--quiet" onClick={reloadQuote}>
                Повторить
              </button>
            </p>
          ) : (
            <p>
              <strong>
                Дизайн: {formatRoubles(quote.data.price)}, готов к {formatDateLong(quote.data.dueDate)}
              </strong>{" "}
              ({quote.data.serviceName}; цена добавится к сумме заказа)
            </p>
          )}
        </div>
      ) : null}
      <label htmlFor={commentId}>Что нужно сделать дизайнеру</label>
      <Textarea
        id={commentId}
        className="ottisk-input"
        name="comment"
        required
        maxLength={5000}
        value={comment}
        placeholder="Например: визитка для кофейни, логотип пришлю, цвета — зелёный и белый"
        onChange={setComment}
      />
      <div className="ottisk-layout-design__actions">
        <button type="submit" className="ottisk-button" disabled={busy || comment.trim() === ""}>
          {design ? "Сохранить комментарий" : "Заказать дизайн"}
        </button>
        <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setEditing(false)}>
          Не сейчас
        </button>
      </div>
    </form>
  );

  return (
    <div className="ottisk-layout-design" part="design">
      <Alert alert={alert} onClose={() => setAlert(null)} />
      {design ? (
        <>
          <p className="ottisk-layout-design__status">
            Заказ дизайна № {design.designId}: <strong>{DESIGN_STATUS_TEXT[design.status]}</strong>
          </p>
          <p className="ottisk-layout-design__price">
            Дизайн: {formatRoubles(design.price)}
            {design.dueDate ? `, срок — ${formatDateLong(design.dueDate)}` : ""}
          </p>
          {design.comment ? <p className="ottisk-layout-design__comment">Комментарий: {design.comment}</p> : null}
          {design.status === "waiting_client" ? (
            askingChanges ? (
              <form
                className="ottisk-layout-design__form"
                part="design-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  const text = changes.trim();
                  if (!text) {
                    setError("Напишите, что исправить в макете");
                    return;
                  }
                  void answer(
                    () => requestChanges({ designId: design.designId, text }),
                    () => {
                      setAskingChanges(false);
                      setChanges("");
                    },
                  );
                }}
              >
                <label htmlFor={changesId}>Что исправить в макете</label>
                <Textarea id={changesId} className="ottisk-input" name="changes" required maxLength={2000} value={changes} onChange={setChanges} />
                <div className="ottisk-layout-design__actions">
                  <button type="submit" className="ottisk-button" disabled={busy}>
                    Отправить правки
                  </button>
                  <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setAskingChanges(false)}>
                    Не сейчас
                  </button>
                </div>
              </form>
            ) : (
              <div className="ottisk-layout-design__actions">
                <button type="button" className="ottisk-button" disabled={busy} onClick={() => void answer(() => approveLayout(design.designId), () => undefined)}>
                  Утвердить макет
                </button>
                <button
                  type="button"
                  className="ottisk-button ottisk-button--quiet"
                  disabled={busy}
                  onClick={() => {
                    setError(null);
                    setAskingChanges(true);
                  }}
                >
                  Нужны правки
                </button>
              </div>
            )
          ) : null}
          {design.annotatedFileId !== null ? <p className="ottisk-layout-design__comment">Пометки на макете приложены к заказу.</p> : null}
          {editing ? (
            form
          ) : open ? (
            <div className="ottisk-layout-design__actions">
              <button
                type="button"
                className="ottisk-button ottisk-button--quiet"
                onClick={() => {
                  setComment(design.comment);
                  setEditing(true);
                }}
              >
                Изменить комментарий
              </button>
              {proofBytes || design.annotatedFileUrl ? (
                <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setAnnotating(true)}>
                  {design.annotatedFileUrl ? "Дополнить пометки на макете" : "Добавить пометки на макет"}
                </button>
              ) : null}
              {design.status === "new" ? (
                confirmCancel ? (
                  <span className="ottisk-layout-design__confirm" role="group" aria-label="Отменить заказ дизайна?">
                    <span aria-hidden="true">Отменить заказ дизайна?</span>
                    <button type="button" className="ottisk-button ottisk-button--quiet" disabled={busy} onClick={() => void run({ kind: "cancel", designId: design.designId }, "inline")}>
                      Да, отменить
                    </button>
                    <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setConfirmCancel(false)}>
                      Нет
                    </button>
                  </span>
                ) : (
                  <button type="button" className="ottisk-button ottisk-button--quiet" onClick={() => setConfirmCancel(true)}>
                    Отменить заказ дизайна
                  </button>
                )
              ) : null}
            </div>
          ) : null}
        </>
      ) : editing ? (
        form
      ) : (
        <button
          type="button"
          className="ottisk-button ottisk-button--quiet"
          onClick={() => {
            setComment("");
            setEditing(true);
          }}
        >
          Заказать дизайн «{layout.detailName}»
        </button>
      )}
      <ErrorNote className="ottisk-layout-error" message={error} />
      {design && (proofBytes || design.annotatedFileUrl) ? (
        <Dialog open={annotating} title={`Пометки для дизайнера: ${layout.detailName}`} onClose={() => setAnnotating(false)} className="ottisk-layout-design__dialog">
          <Suspense fallback={<p className="ottisk-layout-progress">Загружаем просмотр PDF…</p>}>
            {/* Once annotated, the annotated PDF is opened: the earlier notes stay, and saving adds to them. */}
            <PdfViewer
              file={design.annotatedFileUrl ? null : proofBytes}
              src={design.annotatedFileUrl ?? undefined}
              designId={design.designId}
              fileName={layout.fileName ?? undefined}
              onSaved={() => {
                setAnnotating(false);
                void session.changed();
              }}
            />
          </Suspense>
        </Dialog>
      ) : null}
    </div>
  );
}
