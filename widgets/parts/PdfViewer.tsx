import { useSetAtom } from "jotai/react";
import { useEffect, useId, useRef, useState } from "react";
import type { ChangeEvent, FormEvent, KeyboardEvent, MouseEvent } from "react";
import { isApiError } from "../../shared/http/index";
import { attachAnnotatedPdfAtom, downloadPdfAtom } from "../../shared/state/index";
import { Alert, LoadError } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";
import type { PdfSession, PdfTool } from "./pdf-engine";

/** What the viewer saved: the annotated PDF, and where it went when it went to a design order. */
export interface PdfSaved {
  bytes: Uint8Array;
  /** The uploaded file (attached to the design order); null when the file was offered for download. */
  fileId: number | null;
  url: string | null;
}

export interface PdfViewerProps {
  /** Address of the PDF: a file URL of the Ottisk API (private files go with the session) or any URL the API's client may fetch. */
  src?: string | undefined;
  /** The PDF itself; wins over `src`. */
  file?: Blob | Uint8Array | null | undefined;
  /** The design order the annotated PDF is attached to as the customer's comments; without it «Сохранить» offers a download. */
  designId?: number | null | undefined;
  /** Name of the saved file; by default the given file's name (or «maket.pdf») with « (с пометками)». */
  fileName?: string | undefined;
  onSaved?: ((saved: PdfSaved) => void) | undefined;
  /** The PDF did not open, or saving failed; `messageUI` is shown in the viewer. */
  onError?: ((failure: { stage: "open" | "save"; messageUI: string }) => void) | undefined;
}

type Status =
  | { kind: "empty" }
  | { kind: "loading"; stage: "download" | "viewer" }
  | { kind: "ready"; pageCount: number }
  | { kind: "error"; messageUI: string; retry: boolean };

const TOOLS: readonly { tool: Exclude<PdfTool, "image">; label: string; hint: string }[] = [
  { tool: "select", label: "Выделить", hint: "Просмотр: пометки не добавляются. Передвинуть или удалить пометку можно с любым инструментом: щёлкните по ней" },
  { tool: "text", label: "Текст", hint: "Щёлкните по странице и напишите комментарий" },
  { tool: "highlight", label: "Маркер", hint: "Проведите по странице, чтобы выделить место маркером" },
  { tool: "ink", label: "Рисунок", hint: "Рисуйте на странице мышью, пальцем или пером" },
];

const OPEN_MESSAGES = {
  password: "PDF защищён паролем: снимите защиту и откройте файл снова",
  invalid: "Файл не открывается как PDF: он повреждён или это не PDF",
  other: "Не удалось показать PDF: попробуйте ещё раз",
} as const;
const VIEWER_LOAD_FAILED = "Не удалось загрузить просмотр PDF: проверьте связь с интернетом и попробуйте ещё раз";
const SAVE_FAILED = "Не удалось сохранить пометки: попробуйте ещё раз. Пометки остались на месте";

/** «макет.pdf» → «макет (с пометками).pdf». */
export function annotatedFileName(given: string | undefined): string {
  const name = given?.trim() || "maket.pdf";
  const stem = name.replace(/\.pdf$/i, "");
  return `${stem} (с пометками).pdf`;
}

function sourceName(file: PdfViewerProps["file"], src: string | undefined): string | undefined {
  if (typeof File !== "undefined" && file instanceof File) return file.name;
  if (!src) return undefined;
  const last = src.split(/[?#]/, 1)[0]?.split("/").pop() ?? "";
  return /\.pdf$/i.test(last) ? decodeURIComponent(last) : undefined;
}

/**
 * The PDF viewer with editing tools of spec §1: pages, zoom and page navigation, and pdf.js's
 * annotation editor (free text, highlight, ink drawing, image stamp). The toolbar and the frame draw
 * at once; pdf.js is imported only once there is a PDF to show. «Сохранить» writes the annotations
 * into the PDF (real PDF annotations) and attaches it to the design order, or offers it for download.
 * Reused by the layout checker.
 */
export function PdfViewer({ src, file, designId, fileName, onSaved, onError }: PdfViewerProps) {
  const downloadPdf = useSetAtom(downloadPdfAtom);
  const attachAnnotatedPdf = useSetAtom(attachAnnotatedPdfAtom);
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const imageInputRef = useRef<HTMLInputElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const sessionRef = useRef<PdfSession | null>(null);
  const callbacks = useRef({ onSaved, onError });
  callbacks.current = { onSaved, onError };

  const hasSource = Boolean(file) || Boolean(src);
  const [status, setStatus] = useState<Status>(hasSource ? { kind: "loading", stage: "download" } : { kind: "empty" });
  const [attempt, setAttempt] = useState(0);
  const [tool, setTool] = useState<PdfTool>("select");
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState("1");
  const [scale, setScale] = useState(1);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [download, setDownload] = useState<{ url: string; name: string } | null>(null);
  const idPrefix = useId();
  const pageInputId = `${idPrefix}page`;
  const hintId = `${idPrefix}hint`;

  useEffect(() => {
    // Another PDF: the previous one's saved copy and messages go.
    setDownload(null);
    setAlert(null);
    if (!file && !src) {
      setStatus({ kind: "empty" });
      return;
    }
    const abort = new AbortController();
    let session: PdfSession | null = null;
    setStatus({ kind: "loading", stage: file ? "viewer" : "download" });
    setTool("select");
    setPageNumber(1);
    setPageInput("1");
    setDirty(false);
    const fail = (messageUI: string, retry: boolean) => {
      if (abort.signal.aborted) return;
      setStatus({ kind: "error", messageUI, retry });
      callbacks.current.onError?.({ stage: "open", messageUI });
    };
    void (async () => {
      let bytes: Uint8Array;
      try {
        bytes = file ? (file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer())) : await downloadPdf({ url: src as string, signal: abort.signal });
      } catch (error) {
        if (isApiError(error)) fail(error.messageUI, true);
        else fail(OPEN_MESSAGES.other, true);
        return;
      }
      if (abort.signal.aborted) return;
      setStatus({ kind: "loading", stage: "viewer" });
      let engine: typeof import("./pdf-engine");
      try {
        engine = await import("./pdf-engine");
      } catch {
        fail(VIEWER_LOAD_FAILED, true);
        return;
      }
      const container = containerRef.current;
      const viewer = viewerRef.current;
      if (abort.signal.aborted || !container || !viewer) return;
      try {
        session = await engine.openPdfSession(container, viewer, bytes, {
          onPage: (page) => {
            setPageNumber(page);
            setPageInput(String(page));
          },
          onScale: setScale,
          onTool: setTool,
          onModified: () => setDirty(true),
        });
      } catch (error) {
        const failure = engine.openFailure(error);
        fail(OPEN_MESSAGES[failure], failure === "other");
        return;
      }
      if (abort.signal.aborted) {
        session.destroy();
        return;
      }
      sessionRef.current = session;
      setStatus({ kind: "ready", pageCount: session.pageCount });
    })();
    return () => {
      abort.abort();
      session?.destroy();
      sessionRef.current = null;
    };
  }, [file, src, attempt, downloadPdf]);

  // Unsaved annotations: the browser asks before the page is left (its own wording).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => () => {
    if (download) URL.revokeObjectURL(download.url);
  }, [download]);

  const ready = status.kind === "ready";
  const pageCount = ready ? status.pageCount : 0;

  const chooseTool = (next: PdfTool, event: MouseEvent<HTMLButtonElement>) => {
    // From the keyboard (Enter or Space: a click without a pointer), «Текст» puts a text box in the middle of the page at once.
    void sessionRef.current?.setTool(next, { fromKeyboard: event.detail === 0 });
  };

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const image = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (image) void sessionRef.current?.addImage(image);
  };

  const goToPage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = Number(pageInput);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pageCount) sessionRef.current?.goToPage(wanted);
    else setPageInput(String(pageNumber));
  };

  const save = async () => {
    const session = sessionRef.current;
    if (!session || saving) return;
    setSaving(true);
    setAlert(null);
    const name = annotatedFileName(fileName ?? sourceName(file, src));
    try {
      const bytes = await session.save();
      if (designId != null) {
        const { file: uploaded } = await attachAnnotatedPdf({ bytes, fileName: name, designId });
        setDirty(false);
        setAlert({ kind: "positive", text: "Пометки сохранены и переданы дизайнеру" });
        callbacks.current.onSaved?.({ bytes, fileId: uploaded.fileId, url: uploaded.url });
      } else {
        setDownload({ url: URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" })), name });
        setDirty(false);
        setAlert({ kind: "positive", text: "PDF с пометками готов: скачайте его" });
        callbacks.current.onSaved?.({ bytes, fileId: null, url: null });
      }
    } catch (error) {
      const messageUI = isApiError(error) ? error.messageUI : SAVE_FAILED;
      setAlert({ kind: "negative", text: messageUI });
      callbacks.current.onError?.({ stage: "save", messageUI });
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    if (download) downloadRef.current?.focus();
  }, [download]);

  // pdf.js listens to keys on the whole window (Backspace deletes the selected annotation): keys typed
  // into the toolbar's own fields stay with them.
  const keepKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) event.stopPropagation();
  };

  const busy = status.kind === "loading";
  return (
    <section className="ottisk-root ottisk-pdf-viewer" part="viewer" aria-label="Просмотр PDF" aria-busy={busy}>
      <div className="ottisk-pdf-viewer__toolbar" part="toolbar" onKeyDown={keepKeys}>
        <div className="ottisk-pdf-viewer__group" role="group" aria-label="Инструменты пометок">
          {TOOLS.map(({ tool: name, label, hint }) => (
            <button
              key={name}
              type="button"
              className="ottisk-pdf-viewer__button ottisk-pdf-viewer__tool"
              part="tool"
              data-tool={name}
              aria-pressed={tool === name}
              title={hint}
              disabled={!ready}
              onClick={(event) => chooseTool(name, event)}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="ottisk-pdf-viewer__button ottisk-pdf-viewer__tool"
            part="tool"
            data-tool="image"
            aria-pressed={tool === "image"}
            title="Выберите картинку: она встанет посередине страницы, её можно передвинуть и изменить размер"
            disabled={!ready}
            onClick={() => imageInputRef.current?.click()}
          >
            Изображение
          </button>
          <input
            ref={imageInputRef}
            className="ottisk-visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/bmp,image/svg+xml"
            tabIndex={-1}
            aria-label="Изображение для вставки"
            onChange={pickImage}
          />
        </div>
        <div className="ottisk-pdf-viewer__group" role="group" aria-label="Масштаб">
          <button type="button" className="ottisk-pdf-viewer__button ottisk-pdf-viewer__icon" part="zoom-out" aria-label="Уменьшить" disabled={!ready} onClick={() => sessionRef.current?.zoomOut()}>
            <span aria-hidden="true">−</span>
          </button>
          <span className="ottisk-pdf-viewer__zoom" part="zoom" aria-live="polite">
            <span className="ottisk-visually-hidden">Масштаб </span>
            {Math.round(scale * 100)} %
          </span>
          <button type="button" className="ottisk-pdf-viewer__button ottisk-pdf-viewer__icon" part="zoom-in" aria-label="Увеличить" disabled={!ready} onClick={() => sessionRef.current?.zoomIn()}>
            <span aria-hidden="true">+</span>
          </button>
          <button type="button" className="ottisk-pdf-viewer__button" part="fit-width" disabled={!ready} onClick={() => sessionRef.current?.fitWidth()}>
            По ширине
          </button>
        </div>
        <form className="ottisk-pdf-viewer__group ottisk-pdf-viewer__pages" role="group" aria-label="Страницы" part="pages" noValidate onSubmit={goToPage}>
          <button
            type="button"
            className="ottisk-pdf-viewer__button ottisk-pdf-viewer__icon"
            part="page-prev"
            aria-label="Предыдущая страница"
            disabled={!ready || pageNumber <= 1}
            onClick={() => sessionRef.current?.goToPage(pageNumber - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <label className="ottisk-pdf-viewer__page-label" htmlFor={pageInputId}>
            Страница
          </label>
          <input
            id={pageInputId}
            className="ottisk-pdf-viewer__page-input"
            part="page-input"
            name="page"
            type="number"
            inputMode="numeric"
            autoComplete="off"
            min={1}
            max={Math.max(pageCount, 1)}
            value={pageInput}
            disabled={!ready}
            onChange={(event) => setPageInput(event.currentTarget.value)}
            onBlur={(event) => event.currentTarget.form?.requestSubmit()}
          />
          <span className="ottisk-pdf-viewer__page-count" part="page-count">
            из {pageCount || "—"}
          </span>
          <button
            type="button"
            className="ottisk-pdf-viewer__button ottisk-pdf-viewer__icon"
            part="page-next"
            aria-label="Следующая страница"
            disabled={!ready || pageNumber >= pageCount}
            onClick={() => sessionRef.current?.goToPage(pageNumber + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </form>
        <button type="button" className="ottisk-button ottisk-pdf-viewer__save" part="save" disabled={!ready || saving} aria-busy={saving} onClick={() => void save()}>
          {saving ? "Сохраняем…" : "Сохранить"}
        </button>
      </div>
      <p className="ottisk-pdf-viewer__hint" id={hintId} part="hint">
        {ready ? (TOOLS.find((entry) => entry.tool === tool)?.hint ?? "Перетащите картинку или измените её размер за уголки") : "\u00a0"}
        {ready && tool !== "select" ? " · Выбранную пометку удаляет клавиша Delete" : null}
        {dirty ? <span className="ottisk-pdf-viewer__unsaved"> · Есть несохранённые пометки</span> : null}
      </p>
      <div className="ottisk-pdf-viewer__messages">
        <Alert alert={alert} onClose={() => setAlert(null)} />
        {download ? (
          <a ref={downloadRef} className="ottisk-button ottisk-button--quiet ottisk-pdf-viewer__download" part="download" href={download.url} download={download.name}>
            Скачать PDF с пометками
          </a>
        ) : null}
      </div>
      {status.kind === "empty" ? (
        <p className="ottisk-message ottisk-pdf-viewer__empty" part="empty">
          Файл PDF не выбран
        </p>
      ) : null}
      {status.kind === "error" ? (
        <LoadError
          className="ottisk-message ottisk-message--error ottisk-pdf-viewer__error"
          part="error"
          messageUI={status.messageUI}
          onRetry={status.retry ? () => setAttempt((count) => count + 1) : undefined}
        />
      ) : null}
      <div className="ottisk-pdfjs ottisk-pdf-viewer__frame" part="frame" hidden={status.kind === "empty" || status.kind === "error"}>
        <div ref={containerRef} className="ottisk-pdf-viewer__container" role="region" tabIndex={0} aria-label="Страницы PDF" aria-describedby={hintId}>
          <div ref={viewerRef} className="pdfViewer" />
        </div>
        {busy ? (
          <div className="ottisk-pdf-viewer__loading" role="status" part="loading">
            <progress className="ottisk-pdf-viewer__progress" aria-label="Загрузка PDF" />
            <span>{status.stage === "download" ? "Загружаем файл…" : "Открываем PDF…"}</span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
