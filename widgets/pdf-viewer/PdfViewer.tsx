import { useSetAtom } from "jotai/react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { attachAnnotatedPdfAtom, useShowFailure } from "../../shared/state/index";
import { Alert, LoadError } from "../../shared/ui/index";
import type { AlertMessage } from "../../shared/ui/index";
import { adoptStylesOnce } from "../own-styles";
import pdfViewerCss from "./pdf-viewer.css?inline";
import { PdfToolbar, toolHint } from "./PdfToolbar";
import { usePdfSession } from "./use-pdf-session";

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
 * Reused by the layout checker. The document, its pages and zoom are `usePdfSession`'s; the
 * controls are `PdfToolbar`.
 */
export function PdfViewer({ src, file, designId, fileName, onSaved, onError }: PdfViewerProps) {
  const attachAnnotatedPdf = useSetAtom(attachAnnotatedPdfAtom);
  const showFailure = useShowFailure();
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  // Its stylesheet goes wherever the viewer is shown: its element, or the layout checker's dialog.
  useLayoutEffect(() => {
    if (rootRef.current) adoptStylesOnce(rootRef.current, [pdfViewerCss]);
  }, []);
  const callbacks = useRef({ onSaved, onError });
  callbacks.current = { onSaved, onError };
  const [saving, setSaving] = useState(false);
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const [download, setDownload] = useState<{ url: string; name: string } | null>(null);
  const hintId = useId();

  const pdf = usePdfSession({
    src,
    file,
    // Another PDF: the previous one's saved copy and messages go.
    onNewSource: () => {
      setDownload(null);
      setAlert(null);
    },
    onOpenError: (messageUI) => callbacks.current.onError?.({ stage: "open", messageUI }),
  });
  const { status, tool, dirty } = pdf;

  useEffect(() => () => {
    if (download) URL.revokeObjectURL(download.url);
  }, [download]);

  const ready = status.kind === "ready";

  const save = async () => {
    const session = pdf.sessionRef.current;
    if (!session || saving) return;
    setSaving(true);
    setAlert(null);
    const name = annotatedFileName(fileName ?? sourceName(file, src));
    const failed = (messageUI: string) => {
      setAlert({ kind: "negative", text: messageUI });
      callbacks.current.onError?.({ stage: "save", messageUI });
    };
    let bytes: Uint8Array;
    try {
      bytes = await session.save();
    } catch {
      // pdf.js could not write this PDF with its annotations (or the font for them did not
      // download): an outcome of the file and the network, not a bug; the annotations stay.
      failed(SAVE_FAILED);
      setSaving(false);
      return;
    }
    try {
      if (designId != null) {
        const { file: uploaded } = await attachAnnotatedPdf({ bytes, fileName: name, designId });
        pdf.markSaved();
        setAlert({ kind: "positive", text: "Пометки сохранены и переданы дизайнеру" });
        callbacks.current.onSaved?.({ bytes, fileId: uploaded.fileId, url: uploaded.url });
      } else {
        setDownload({ url: URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: "application/pdf" })), name });
        pdf.markSaved();
        setAlert({ kind: "positive", text: "PDF с пометками готов: скачайте его" });
        callbacks.current.onSaved?.({ bytes, fileId: null, url: null });
      }
    } catch (error) {
      showFailure(error, failed);
    } finally {
      setSaving(false);
    }
  };

  useEffect(() => {
    if (download) downloadRef.current?.focus();
  }, [download]);

  const busy = status.kind === "loading";
  return (
    <section ref={rootRef} className="ottisk-root ottisk-pdf-viewer" part="viewer" aria-label="Просмотр PDF" aria-busy={busy}>
      <PdfToolbar session={pdf} saving={saving} onSave={() => void save()} />
      <p className="ottisk-pdf-viewer__hint" id={hintId} part="hint">
        {ready ? (toolHint(tool) ?? "Перетащите картинку или измените её размер за уголки") : "\u00a0"}
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
          onRetry={status.retry ? pdf.retry : undefined}
        />
      ) : null}
      <div className="ottisk-pdfjs ottisk-pdf-viewer__frame" part="frame" hidden={status.kind === "empty" || status.kind === "error"}>
        <div ref={pdf.containerRef} className="ottisk-pdf-viewer__container" role="region" tabIndex={0} aria-label="Страницы PDF" aria-describedby={hintId}>
          <div ref={pdf.viewerRef} className="pdfViewer" />
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
