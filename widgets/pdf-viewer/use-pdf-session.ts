import { useSetAtom } from "jotai/react";
import { useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { downloadPdfAtom, useReportBug, useShowFailure } from "../../shared/state/index";
import type { PdfSession, PdfTool } from "./pdf-engine";

/** Where the viewer is with its document. */
export type PdfViewerStatus =
  | { kind: "empty" }
  | { kind: "loading"; stage: "download" | "viewer" }
  | { kind: "ready"; pageCount: number }
  | { kind: "error"; messageUI: string; retry: boolean };

const OPEN_MESSAGES = {
  password: "PDF защищён паролем: снимите защиту и откройте файл снова",
  invalid: "Файл не открывается как PDF: он повреждён или это не PDF",
  other: "Не удалось показать PDF: попробуйте ещё раз",
} as const;
const VIEWER_LOAD_FAILED = "Не удалось загрузить просмотр PDF: проверьте связь с интернетом и попробуйте ещё раз";

export interface PdfSessionOptions {
  /** Address of the PDF, fetched with the API client. */
  src: string | undefined;
  /** The PDF itself; wins over `src`. */
  file: Blob | Uint8Array | null | undefined;
  /** Another source (or none) is about to be opened: what belonged to the previous document goes. */
  onNewSource: () => void;
  /** The PDF did not open; the status carries the same `messageUI`. */
  onOpenError: (messageUI: string) => void;
}

export interface PdfViewerSession {
  /** The element pdf.js scrolls, and the one it draws the pages into. */
  containerRef: RefObject<HTMLDivElement | null>;
  viewerRef: RefObject<HTMLDivElement | null>;
  /** The open document (null until it is ready): the toolbar's controls act on it. */
  sessionRef: RefObject<PdfSession | null>;
  status: PdfViewerStatus;
  /** Opens the document again, after a failure. */
  retry: () => void;
  tool: PdfTool;
  pageNumber: number;
  pageCount: number;
  /** The page field as typed; it follows the shown page. */
  pageInput: string;
  setPageInput: (value: string) => void;
  /** The zoom: 1 is 100 %. */
  scale: number;
  /** Annotations were made since the document was opened or last saved. */
  dirty: boolean;
  markSaved: () => void;
}

/**
 * One PDF in pdf.js's viewer: downloads `src` (or reads `file`), loads the lazy half
 * (`pdf-engine.ts`) only then, opens the document in `containerRef`/`viewerRef`, and follows its
 * page, zoom, tool and unsaved annotations (the browser asks before a page with unsaved ones is left).
 */
export function usePdfSession({ src, file, onNewSource, onOpenError }: PdfSessionOptions): PdfViewerSession {
  const downloadPdf = useSetAtom(downloadPdfAtom);
  const showFailure = useShowFailure();
  const reportBug = useReportBug();
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const sessionRef = useRef<PdfSession | null>(null);
  const callbacks = useRef({ onNewSource, onOpenError });
  callbacks.current = { onNewSource, onOpenError };

  const hasSource = Boolean(file) || Boolean(src);
  const [status, setStatus] = useState<PdfViewerStatus>(hasSource ? { kind: "loading", stage: "download" } : { kind: "empty" });
  const [attempt, setAttempt] = useState(0);
  const [tool, setTool] = useState<PdfTool>("select");
  const [pageNumber, setPageNumber] = useState(1);
  const [pageInput, setPageInput] = useState("1");
  const [scale, setScale] = useState(1);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    callbacks.current.onNewSource();
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
      callbacks.current.onOpenError(messageUI);
    };
    void (async () => {
      let bytes: Uint8Array;
      if (file) {
        try {
          bytes = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
        } catch {
          // The browser could not read the chosen file (gone, or unreadable): an outcome, not a bug.
          fail(OPEN_MESSAGES.other, true);
          return;
        }
      } else {
        try {
          bytes = await downloadPdf({ url: src as string, signal: abort.signal });
        } catch (error) {
          if (!abort.signal.aborted) showFailure(error, (messageUI) => fail(messageUI, true));
          return;
        }
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
    })().catch(reportBug);
    return () => {
      abort.abort();
      session?.destroy();
      sessionRef.current = null;
    };
  }, [file, src, attempt, downloadPdf, showFailure, reportBug]);

  // Unsaved annotations: the browser asks before the page is left (its own wording).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    containerRef,
    viewerRef,
    sessionRef,
    status,
    retry: () => setAttempt((count) => count + 1),
    tool,
    pageNumber,
    pageCount: status.kind === "ready" ? status.pageCount : 0,
    pageInput,
    setPageInput,
    scale,
    dirty,
    markSaved: () => setDirty(false),
  };
}
