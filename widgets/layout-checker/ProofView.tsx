import type { PDFDocumentProxy, PDFPageProxy, PageViewport } from "pdfjs-dist";
import { useEffect, useId, useRef, useState } from "react";
import type { CSSProperties } from "react";
import type { Box, Finding, PageBoxes } from "../../preflight/index";
import { LAYOUT_SAFE_ZONE_MM } from "../../shared/domain/constants";
import { useReportBug } from "../../shared/state/index";
import { openPdf } from "../pdfjs";
import { sameFinding } from "./finding-words";

export interface ProofViewProps {
  /** The PDF's bytes (not transferred; pdf.js gets a copy via openPdf). */
  pdf: Uint8Array;
  /** The engine's report.pages; null while unknown (then the page is drawn without lines). */
  pages: PageBoxes[] | null;
  /** Findings to outline (those with page and bbox); the one `highlighted` stands out. */
  findings: Finding[];
  highlighted?: Finding | null;
  /** Accessible name, e.g. «Пробный оттиск: Лицевая сторона». */
  label: string;
  onPageCountKnown?: (pages: number) => void;
}

/** A resize redraws the page once the box has kept its width this long. */
const RESIZE_DEBOUNCE_MS = 150;
/** The drawn page never exceeds this many canvas pixels (memory on phones), nor this side. */
const MAX_CANVAS_PIXELS = 16_000_000;
const MAX_CANVAS_SIDE = 8192;
/** Radius of an outline's number badge, in CSS pixels. */
const BADGE_RADIUS_PX = 11;
const PT_PER_MM = 72 / 25.4;

type DocumentState = { status: "loading" } | { status: "ready"; doc: PDFDocumentProxy } | { status: "error"; reason: string };

interface ShownPage {
  number: number;
  proxy: PDFPageProxy;
  /** The page at scale 1 (1 unit = 1 pt), /Rotate and the view box applied: the overlay's coordinates. */
  viewport: PageViewport;
}

/** A rectangle in the overlay's (viewport) coordinates. */
interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A box in default user space → the overlay's coordinates (pdf.js applies /Rotate and the view box). */
function toViewport(viewport: PageViewport, box: Box): Rect {
  const [x0, y0, x1, y1] = viewport.convertToViewportRectangle([...box]) as [number, number, number, number];
  return { x: Math.min(x0, x1), y: Math.min(y0, y1), width: Math.abs(x1 - x0), height: Math.abs(y1 - y0) };
}

/** The trim box shrunk by the safe margin on every side; null when the trim is too small for one. */
function safeZone(trim: Box): Box | null {
  const inset = LAYOUT_SAFE_ZONE_MM * PT_PER_MM;
  const x0 = Math.min(trim[0], trim[2]) + inset;
  const y0 = Math.min(trim[1], trim[3]) + inset;
  const x1 = Math.max(trim[0], trim[2]) - inset;
  const y1 = Math.max(trim[1], trim[3]) - inset;
  return x1 > x0 && y1 > y0 ? [x0, y0, x1, y1] : null;
}

/** Why pdf.js could not show the file, in Russian. */
function failureReason(error: unknown): string {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") return "файл защищён паролем";
  if (name === "InvalidPDFException") return "файл не читается как PDF";
  if (error instanceof TypeError && /import|fetch/i.test(error.message)) return "просмотрщик PDF не загрузился, обновите страницу";
  return "просмотрщик PDF не справился с этим файлом";
}

const isCancelled = (error: unknown): boolean => error instanceof Error && error.name === "RenderingCancelledException";

/**
 * The proof of a layout (issue 6): the PDF's page drawn by pdf.js on a canvas sized for the box
 * and the screen's pixel ratio, and over it an SVG in the same viewport coordinates with the bleed,
 * trim and safe-zone lines and the findings' numbered outlines (outline n ↔ finding n of
 * `findings`). A file of several pages gets «Страница N из M» with previous/next; highlighting a
 * finding on another page turns to it.
 */
export function ProofView({ pdf, pages, findings, highlighted = null, label, onPageCountKnown }: ProofViewProps) {
  const [state, setState] = useState<DocumentState>({ status: "loading" });
  const [pageNumber, setPageNumber] = useState(1);
  const [shown, setShown] = useState<ShownPage | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [width, setWidth] = useState(0);
  const [renderWidth, setRenderWidth] = useState(0);
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const onPageCountKnownRef = useRef(onPageCountKnown);
  onPageCountKnownRef.current = onPageCountKnown;
  const legendId = useId();
  const reportBug = useReportBug();

  // Open the document; a new file starts at its first page. Closing it frees pdf.js's memory.
  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | null = null;
    setState({ status: "loading" });
    setPageNumber(1);
    setShown(null);
    openPdf(pdf).then(
      (doc) => {
        if (cancelled) {
          void doc.destroy();
          return;
        }
        opened = doc;
        setState({ status: "ready", doc });
        onPageCountKnownRef.current?.(doc.numPages);
      },
      // A file pdf.js cannot draw is an outcome of the file, shown in the proof's place; a bug in
      // these handlers goes to the error boundary.
      (error: unknown) => {
        if (!cancelled) setState({ status: "error", reason: failureReason(error) });
      },
    ).catch(reportBug);
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [pdf, reportBug]);

  const doc = state.status === "ready" ? state.doc : null;
  const pageCount = doc?.numPages ?? 0;

  // Fetch the page shown.
  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    setDrawn(false);
    doc.getPage(pageNumber).then(
      (proxy) => {
        if (!cancelled) setShown({ number: pageNumber, proxy, viewport: proxy.getViewport({ scale: 1 }) });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: "error", reason: failureReason(error) });
      },
    ).catch(reportBug);
    return () => {
      cancelled = true;
    };
  }, [doc, pageNumber, reportBug]);

  // Highlighting a finding of another page turns to that page.
  const highlightedPage = highlighted?.page ?? null;
  useEffect(() => {
    if (highlightedPage !== null && highlightedPage <= pageCount) setPageNumber(highlightedPage);
  }, [highlightedPage, pageCount]);

  // The box's width, followed as it changes.
  const hasFrame = shown !== null;
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    setWidth(Math.round(frame.getBoundingClientRect().width));
    const observer = new ResizeObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [hasFrame]);

  // The first width is drawn at once; later ones once the resize settles.
  useEffect(() => {
    if (width <= 0) return;
    if (renderWidth === 0) {
      setRenderWidth(width);
      return;
    }
    const timer = setTimeout(() => setRenderWidth(width), RESIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [width, renderWidth]);

  // Draw the page into a scratch canvas, then copy it over: a redraw never blanks the proof.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!shown || !canvas || renderWidth <= 0) return;
    const { width: pageWidth, height: pageHeight } = shown.viewport;
    const ratio = window.devicePixelRatio || 1;
    const scale = Math.min((renderWidth * ratio) / pageWidth, Math.sqrt(MAX_CANVAS_PIXELS / (pageWidth * pageHeight)), MAX_CANVAS_SIDE / Math.max(pageWidth, pageHeight));
    const viewport = shown.proxy.getViewport({ scale });
    const scratch = document.createElement("canvas");
    scratch.width = Math.max(1, Math.floor(viewport.width));
    scratch.height = Math.max(1, Math.floor(viewport.height));
    let cancelled = false;
    const task = shown.proxy.render({ canvas: scratch, viewport });
    task.promise.then(
      () => {
        if (cancelled) return;
        canvas.width = scratch.width;
        canvas.height = scratch.height;
        canvas.getContext("2d")?.drawImage(scratch, 0, 0);
        setDrawn(true);
      },
      (error: unknown) => {
        if (!cancelled && !isCancelled(error)) setState({ status: "error", reason: failureReason(error) });
      },
    ).catch(reportBug);
    return () => {
      cancelled = true;
      task.cancel();
    };
  }, [shown, renderWidth, reportBug]);

  if (state.status === "error") {
    return (
      <div className="ottisk-proof" part="proof">
        <p className="ottisk-message ottisk-message--error ottisk-proof__error" role="alert">
          Не удалось показать макет: {state.reason}. Отчёт проверки при этом в силе.
        </p>
      </div>
    );
  }

  const boxes = shown ? (pages?.find((entry) => entry.page === shown.number) ?? null) : null;
  const pageName = pageCount > 1 ? `${label}, страница ${shown?.number ?? pageNumber} из ${pageCount}` : label;
  const aspect: CSSProperties | undefined = shown
    ? ({ aspectRatio: `${shown.viewport.width} / ${shown.viewport.height}`, "--ottisk-proof-aspect": String(shown.viewport.width / shown.viewport.height) } as CSSProperties)
    : undefined;

  return (
    <div className="ottisk-proof" part="proof">
      {state.status === "loading" || !shown ? (
        <p className="ottisk-proof__loading" role="status">
          Готовим пробный оттиск…
        </p>
      ) : null}
      {shown ? (
        <div ref={frameRef} className="ottisk-proof__frame" part="proof-page" style={aspect} aria-busy={!drawn}>
          <canvas ref={canvasRef} className="ottisk-proof__canvas" role="img" aria-label={pageName} aria-describedby={legendId} />
          <Overlay viewport={shown.viewport} boxes={boxes} findings={findings} highlighted={highlighted} pageNumber={shown.number} displayWidth={width} />
        </div>
      ) : null}
      {pageCount > 1 ? (
        <nav className="ottisk-proof__pages" aria-label="Страницы макета" part="proof-pages">
          <button type="button" className="ottisk-button ottisk-button--quiet ottisk-proof__turn" disabled={pageNumber <= 1} onClick={() => setPageNumber((n) => Math.max(1, n - 1))}>
            <span aria-hidden="true">‹</span>
            <span className="ottisk-visually-hidden">Предыдущая страница</span>
          </button>
          <p className="ottisk-proof__page-number" aria-live="polite">
            Страница {pageNumber} из {pageCount}
          </p>
          <button type="button" className="ottisk-button ottisk-button--quiet ottisk-proof__turn" disabled={pageNumber >= pageCount} onClick={() => setPageNumber((n) => Math.min(pageCount, n + 1))}>
            <span aria-hidden="true">›</span>
            <span className="ottisk-visually-hidden">Следующая страница</span>
          </button>
        </nav>
      ) : null}
      <Legend id={legendId} lines={boxes !== null} />
    </div>
  );
}

interface OverlayProps {
  viewport: PageViewport;
  boxes: PageBoxes | null;
  findings: Finding[];
  highlighted: Finding | null;
  pageNumber: number;
  /** The box's width in CSS pixels (the badges keep their size whatever the zoom). */
  displayWidth: number;
}

/** The lines and outlines over the page, in the scale-1 viewport's coordinates. Decorative: the report says the same in text. */
function Overlay({ viewport, boxes, findings, highlighted, pageNumber, displayWidth }: OverlayProps) {
  const unitsPerPx = displayWidth > 0 ? viewport.width / displayWidth : 1;
  const lines: { name: "bleed" | "trim" | "safe"; rect: Rect }[] = [];
  if (boxes) {
    lines.push({ name: "bleed", rect: toViewport(viewport, boxes.bleedBox) });
    lines.push({ name: "trim", rect: toViewport(viewport, boxes.trimBox) });
    const safe = safeZone(boxes.trimBox);
    if (safe) lines.push({ name: "safe", rect: toViewport(viewport, safe) });
  }
  const outlines = findings
    .map((finding, index) => ({ finding, number: index + 1, highlighted: sameFinding(finding, highlighted) }))
    .filter(({ finding }) => finding.page === pageNumber && finding.bbox !== null)
    // The highlighted outline is drawn last, over the others.
    .sort((a, b) => Number(a.highlighted) - Number(b.highlighted));
  const radius = BADGE_RADIUS_PX * unitsPerPx;

  return (
    <svg className="ottisk-proof__overlay" viewBox={`0 0 ${viewport.width} ${viewport.height}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {lines.map(({ name, rect }) => (
        <g key={name} className={`ottisk-proof__line ottisk-proof__line--${name}`} data-line={name}>
          <rect className="ottisk-proof__halo" x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
          <rect className="ottisk-proof__stroke" x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
        </g>
      ))}
      {outlines.map(({ finding, number, highlighted: isHighlighted }) => {
        const rect = toViewport(viewport, finding.bbox as Box);
        const cx = Math.min(Math.max(rect.x, radius), viewport.width - radius);
        const cy = Math.min(Math.max(rect.y, radius), viewport.height - radius);
        return (
          <g key={number} className={`ottisk-proof__finding${isHighlighted ? " ottisk-proof__finding--highlighted" : ""}`} data-finding={number}>
            <rect className="ottisk-proof__halo" x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
            <rect className="ottisk-proof__stroke" x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
            <circle className="ottisk-proof__badge" cx={cx} cy={cy} r={radius} />
            <text className="ottisk-proof__badge-number" x={cx} y={cy} fontSize={12 * unitsPerPx} textAnchor="middle" dominantBaseline="central">
              {number}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** What the lines mean; each swatch is drawn on a paper-coloured chip, as on the proof. */
function Legend({ id, lines }: { id: string; lines: boolean }) {
  const items: { name: string; text: string }[] = [
    ...(lines
      ? [
          { name: "trim", text: "Линия реза" },
          { name: "bleed", text: "Вылет под обрез" },
          { name: "safe", text: `Безопасная зона (${LAYOUT_SAFE_ZONE_MM} мм от линии реза)` },
        ]
      : []),
    { name: "finding", text: "Замечание (номер как в отчёте)" },
  ];
  return (
    <ul className="ottisk-proof__legend" id={id} part="proof-legend" aria-label="Обозначения на макете">
      {items.map((item) => (
        <li key={item.name} className="ottisk-proof__legend-item">
          <svg className={`ottisk-proof__swatch ottisk-proof__line--${item.name}`} viewBox="0 0 32 20" aria-hidden="true" focusable="false">
            <rect className="ottisk-proof__swatch-paper" x="0" y="0" width="32" height="20" rx="3" />
            {item.name === "finding" ? (
              <>
                <rect className="ottisk-proof__halo" x="7" y="4" width="18" height="12" />
                <rect className="ottisk-proof__stroke" x="7" y="4" width="18" height="12" />
              </>
            ) : (
              <>
                <line className="ottisk-proof__halo" x1="4" y1="10" x2="28" y2="10" />
                <line className="ottisk-proof__stroke" x1="4" y1="10" x2="28" y2="10" />
              </>
            )}
          </svg>
          {item.text}
        </li>
      ))}
    </ul>
  );
}
