import type { AnnotationEditorUIManager, PDFDocumentProxy } from "pdfjs-dist";
import pdfViewerCss from "pdfjs-dist/web/pdf_viewer.css?inline";
import { loadPdfjs, openPdf } from "../pdfjs";

/*
 * The lazily loaded half of <ottisk-pdf-viewer>: pdf.js's viewer component (PDFViewer with its
 * annotation editor) over one document. The viewer (use-pdf-session.ts) imports this module only once
 * it has a PDF to show, so a page pays for pdf.js only where a viewer (or the layout checker) appears.
 *
 * pdf.js's viewer reads `globalThis.pdfjsLib`, which pdf.js's display layer sets when it is
 * evaluated: the viewer module is imported only after loadPdfjs() resolved.
 */

/** The viewer's tools: NONE (select, move, delete), FREETEXT, HIGHLIGHT, INK, STAMP (pdf.js's AnnotationEditorType). */
export type PdfTool = "select" | "text" | "highlight" | "ink" | "image";

/** Why a PDF could not be opened, for the viewer's Russian message. */
export type PdfOpenFailure = "password" | "invalid" | "other";

export interface PdfSessionListeners {
  /** The page shown at the top of the view changed (1-based). */
  onPage(pageNumber: number): void;
  /** The zoom changed: 1 is 100 %. */
  onScale(scale: number): void;
  /** pdf.js switched the tool (also by itself: a double click on an annotation opens its editor). */
  onTool(tool: PdfTool): void;
  /** The annotations changed since the document was opened or last saved. */
  onModified(): void;
}

export interface PdfSession {
  readonly pageCount: number;
  setTool(tool: PdfTool, options?: { fromKeyboard?: boolean }): Promise<void>;
  /** Puts the image in the middle of the visible part of the current page, as a movable, resizable stamp. */
  addImage(image: File): Promise<void>;
  goToPage(pageNumber: number): void;
  zoomIn(): void;
  zoomOut(): void;
  fitWidth(): void;
  /** The PDF with the annotations written into it as real PDF annotations. */
  save(): Promise<Uint8Array>;
  destroy(): void;
}

const HIGHLIGHT_COLORS = "yellow=#FFFF98,green=#53FFBC,blue=#80EBFF,pink=#FFCBE6,red=#FF4F5F,yellow_HCM=#FFFFCC,green_HCM=#53FFBC,blue_HCM=#80EBFF,pink_HCM=#F6B8FF,red_HCM=#C50043";

/** Each root (a shadow root, or the document on the host site) gets pdf.js's stylesheet once. */
const styledRoots = new WeakSet<Document | ShadowRoot>();
let scopedSheet: CSSStyleSheet | null = null;
let documentSheet: CSSStyleSheet | null = null;
let measuresSheet: CSSStyleSheet | null = null;

/** The custom properties pdf.js's editors read from the document's root element (not from their own). */
const ROOT_MEASURES = ["--outline-width", "--freetext-padding"] as const;

/**
 * pdf.js's stylesheet is written for a page of its own: its custom properties sit on `:root`, which
 * matches nothing inside a shadow root. There they go on the frame (`.ottisk-pdfjs`) instead, and
 * pdf.js's `color-scheme: light dark` is dropped so the page's colour scheme keeps ruling the element.
 * The two measures the editors read with getComputedStyle(document.documentElement) (without them
 * a text box gets NaN for its position and is saved with an empty rectangle) go on the page's root
 * too, in a sheet of their own.
 */
function adoptPdfjsStyles(container: HTMLElement): void {
  const root = container.getRootNode();
  if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return;
  if (styledRoots.has(root)) return;
  styledRoots.add(root);
  if (root instanceof ShadowRoot) {
    if (!scopedSheet) {
      scopedSheet = new CSSStyleSheet();
      scopedSheet.replaceSync(pdfViewerCss.replaceAll(":root", ".ottisk-pdfjs").replace(/color-scheme:\s*light dark;?/g, ""));
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, scopedSheet];
    if (!measuresSheet) {
      const declarations = ROOT_MEASURES.map((name) => `${name}:${new RegExp(`${name}:\\s*([^;}]+)`).exec(pdfViewerCss)?.[1]?.trim() ?? "2px"};`);
      measuresSheet = new CSSStyleSheet();
      measuresSheet.replaceSync(`:root{${declarations.join("")}}`);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, measuresSheet];
    }
    return;
  }
  if (!documentSheet) {
    documentSheet = new CSSStyleSheet();
    documentSheet.replaceSync(pdfViewerCss);
  }
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, documentSheet];
}

/** What the patch below touches of pdf.js's editors (internal, untyped). */
interface MovableEditor {
  div: HTMLElement | null;
  isAttachedToDOM: boolean;
  _focusEventsAllowed: boolean;
}
let editorMovePatched = false;

/**
 * pdf.js keeps its editors in reading order: after an editor is created or moved it moves the
 * editor's element among its siblings (AnnotationEditorLayer.moveEditorInDOM). Moving a focused
 * element blurs it, so pdf.js first turns the editor's focus events off when it holds the focus,
 * but it asks `document.activeElement`, which inside a shadow root is the host element. So in
 * <ottisk-pdf-viewer> the blur went through: a new text box was committed empty and removed while
 * being moved (an uncaught NotFoundError), and a stroke just drawn was ended as if the user had left
 * it (issue 16: a stroke went missing once the page had other notes). This asks the element's own
 * root, does what pdf.js does on a page of its own, and gives the focus back after the move.
 */
function patchEditorMove(layerClass: { prototype: object }): void {
  if (editorMovePatched) return;
  editorMovePatched = true;
  const prototype = layerClass.prototype as { moveEditorInDOM(editor: MovableEditor): void };
  const original = prototype.moveEditorInDOM;
  prototype.moveEditorInDOM = function moveEditorInDOM(this: unknown, editor: MovableEditor) {
    const div = editor.div;
    const root = div?.getRootNode();
    const focused = root instanceof ShadowRoot ? root.activeElement : null;
    if (!div || !editor.isAttachedToDOM || !(focused instanceof HTMLElement) || !div.contains(focused)) {
      original.call(this, editor);
      return;
    }
    editor._focusEventsAllowed = false;
    try {
      original.call(this, editor);
    } finally {
      if (root instanceof ShadowRoot && root.activeElement !== focused) focused.focus({ preventScroll: true });
      editor._focusEventsAllowed = true;
    }
  };
}

/** pdf.js names its errors (InvalidPDFException, PasswordException…); this sorts them for the message. */
export function openFailure(error: unknown): PdfOpenFailure {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") return "password";
  if (name === "InvalidPDFException" || name === "FormatError" || name === "MissingPDFException") return "invalid";
  return "other";
}


/**
 * Opens `bytes` in pdf.js's viewer inside `container` (absolutely positioned, scrolling) and its
 * child `viewer` (the `.pdfViewer` the pages go into). Throws pdf.js's error when the file does not
 * open (see openFailure).
 */
export async function openPdfSession(container: HTMLDivElement, viewer: HTMLDivElement, bytes: Uint8Array, listeners: PdfSessionListeners): Promise<PdfSession> {
  const pdfjs = await loadPdfjs();
  const viewerModule = await import("pdfjs-dist/web/pdf_viewer.mjs");
  const pdfDocument: PDFDocumentProxy = await openPdf(bytes);
  adoptPdfjsStyles(container);
  patchEditorMove(pdfjs.AnnotationEditorLayer);

  const abort = new AbortController();
  const eventBus = new viewerModule.EventBus();
  const linkService = new viewerModule.PDFLinkService({ eventBus, externalLinkTarget: viewerModule.LinkTarget.BLANK, externalLinkRel: "noopener noreferrer nofollow" });
  // abortSignal (it ends the viewer's resize observer and window listeners) is missing from pdf.js's types.
  const options: ConstructorParameters<typeof viewerModule.PDFViewer>[0] & { abortSignal: AbortSignal } = {
    container,
    viewer,
    eventBus,
    linkService,
    annotationEditorMode: pdfjs.AnnotationEditorType.NONE,
    // pdf.js's own marker colours (its viewer's default): the highlight tool needs them.
    annotationEditorHighlightColors: HIGHLIGHT_COLORS,
    // No JavaScript of the document runs, and forms show as drawn (the customer comments, he does not fill in).
    annotationMode: pdfjs.AnnotationMode.ENABLE,
    abortSignal: abort.signal,
  };
  const pdfViewer = new viewerModule.PDFViewer(options);
  linkService.setViewer(pdfViewer);

  const editorType = pdfjs.AnnotationEditorType;
  const TOOL_MODES: Record<PdfTool, number> = { select: editorType.NONE, text: editorType.FREETEXT, highlight: editorType.HIGHLIGHT, ink: editorType.INK, image: editorType.STAMP };
  let uiManager: AnnotationEditorUIManager | null = null;
  let mode: number = pdfjs.AnnotationEditorType.NONE;
  const modeWaiters = new Set<{ mode: number; resolve: () => void }>();
  const toolOf = (value: number): PdfTool => (Object.entries(TOOL_MODES).find(([, code]) => code === value)?.[0] as PdfTool | undefined) ?? "select";

  eventBus.on("annotationeditoruimanager", ({ uiManager: manager }: { uiManager: AnnotationEditorUIManager }) => {
    uiManager = manager;
  });
  eventBus.on("annotationeditormodechanged", ({ mode: changed }: { mode: number }) => {
    mode = changed;
    listeners.onTool(toolOf(changed));
    for (const waiter of modeWaiters) {
      if (waiter.mode !== changed) continue;
      modeWaiters.delete(waiter);
      waiter.resolve();
    }
  });
  eventBus.on("pagechanging", ({ pageNumber }: { pageNumber: number }) => listeners.onPage(pageNumber));
  eventBus.on("scalechanging", ({ scale }: { scale: number }) => listeners.onScale(scale));
  // The page fits the frame's width at first: a business card and an A4 sheet alike, at 375 px too.
  eventBus.on("pagesinit", () => {
    pdfViewer.currentScaleValue = "page-width";
  });
  // pdf.js types the hook as null; it is called each time the storage turns from saved to modified.
  (pdfDocument.annotationStorage as { onSetModified: (() => void) | null }).onSetModified = () => listeners.onModified();

  pdfViewer.setDocument(pdfDocument);
  linkService.setDocument(pdfDocument);

  const setMode = (next: number, fromKeyboard: boolean): Promise<void> => {
    if (next === mode) return Promise.resolve();
    const switched = new Promise<void>((resolve) => modeWaiters.add({ mode: next, resolve }));
    pdfViewer.annotationEditorMode = { mode: next, isFromKeyboard: fromKeyboard };
    return switched;
  };

  return {
    pageCount: pdfDocument.numPages,
    setTool: (tool, options = {}) => setMode(TOOL_MODES[tool], options.fromKeyboard === true),
    async addImage(image) {
      await setMode(TOOL_MODES.image, false);
      eventBus.dispatch("switchannotationeditorparams", { source: pdfViewer, type: pdfjs.AnnotationEditorParamsType.CREATE, value: { bitmapFile: image } });
    },
    goToPage(pageNumber) {
      if (pageNumber >= 1 && pageNumber <= pdfDocument.numPages) pdfViewer.currentPageNumber = pageNumber;
    },
    zoomIn: () => pdfViewer.increaseScale(),
    zoomOut: () => pdfViewer.decreaseScale(),
    fitWidth() {
      pdfViewer.currentScaleValue = "page-width";
    },
    async save() {
      // What is being typed or drawn right now belongs to the saved file too.
      const manager: AnnotationEditorUIManager | null = uiManager;
      if (manager) {
        manager.commitOrRemove();
        (manager.currentLayer as { endDrawingSession?: (aborted: boolean) => unknown } | null)?.endDrawingSession?.(false);
      }
      const saved = await pdfDocument.saveDocument();
      // Cyrillic notes get an appearance in an embedded font (pdf.js writes none for them).
      const { embedFreeTextFont } = await import("./freetext-font");
      return embedFreeTextFont(saved);
    },
    destroy() {
      for (const waiter of modeWaiters) waiter.resolve();
      modeWaiters.clear();
      pdfViewer.setDocument(null as unknown as PDFDocumentProxy);
      linkService.setDocument(null);
      abort.abort();
      void pdfDocument.destroy();
    },
  };
}
