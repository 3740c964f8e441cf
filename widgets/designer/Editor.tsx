import { useEffect, useId, useReducer, useRef, useState } from "react";
import type { KeyboardEvent as ReactKeyboardEvent, ReactNode } from "react";
import type { DesignDocument, DesignElementKind, DesignImageElement, DesignImageSlot, DesignImageSource, DesignTemplate } from "../../shared/contracts/index";
import { useReportBug } from "../../shared/state/index";
import { ColorField } from "./controls";
import { clampZoom, DesignCanvas, PX_PER_MM } from "./DesignCanvas";
import { FieldsPanel } from "./FieldsPanel";
import { LayersPanel } from "./LayersPanel";
import type { DesignTarget } from "./model/from-template";
import { carryOver, designFromTemplate } from "./model/from-template";
import type { Command } from "./model/edits";
import { addElement, deleteElement, findElement, KEY_STEP_LARGE_MM, KEY_STEP_MM, moveElement, newElement, setBackground, setImageSource, setSlotSource } from "./model/edits";
import type { History } from "./model/history";
import { applyEdit, canRedo, canUndo, endGesture, redo, startHistory, undo } from "./model/history";
import type { TextShaper } from "./text-shaper";
import { PropertiesPanel, qrContentFromFields } from "./PropertiesPanel";
import { TemplatePicker } from "./TemplatePicker";

/*
 * The editor: the history of the document (model/history.ts), the side shown, the selection, the
 * zoom and the guides; the canvas, the panels and the toolbar around it. What needs the network
 * (uploading a picture, drawing one, the actions) comes from Designer.tsx as `services`.
 */

export interface EditorServices {
  /** Uploads a picture the shopper picked; rejects with the API's error (shown as its messageUI). */
  uploadImage: (file: File) => Promise<DesignImageSource>;
  imageHref: (source: DesignImageSource) => string | null;
  shaper: TextShaper;
  /** Shows an API failure by the one error policy (messageUI here, bugs to the boundary). */
  showFailure: (error: unknown, show: (messageUI: string) => void) => void;
}

export interface EditorProps {
  initial: DesignDocument;
  /** The template the design was made from (pressed in the picker). */
  initialTemplateId: string | null;
  templates: readonly { template: DesignTemplate; fitted: boolean }[];
  target: DesignTarget;
  /** The sides' names (the product's details: «Лицевая сторона», «Обратная сторона»). */
  sideNames: readonly string[];
  services: EditorServices;
  /** The actions under the editor (download, save, cart), given the current document. */
  renderActions: (document: DesignDocument, select: (sideIndex: number, id: string | null) => void, edit: (command: Command) => void) => ReactNode;
}

interface EditorState {
  history: History;
  sideIndex: number;
  selectedId: string | null;
}

type EditorAction =
  | { type: "edit"; command: Command; merge: string | null }
  | { type: "end-gesture" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "select"; id: string | null; sideIndex?: number }
  | { type: "side"; sideIndex: number };

function keepSelection(state: EditorState, history: History): EditorState {
  const selected = findElement(history.document, state.sideIndex, state.selectedId);
  return { ...state, history, selectedId: selected ? selected.id : null };
}

function reduce(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "edit":
      return keepSelection(state, applyEdit(state.history, action.command, action.merge));
    case "end-gesture":
      return { ...state, history: endGesture(state.history) };
    case "undo":
      return keepSelection(state, undo(state.history));
    case "redo":
      return keepSelection(state, redo(state.history));
    case "select":
      return { ...state, selectedId: action.id, sideIndex: action.sideIndex ?? state.sideIndex };
    case "side":
      return { ...state, sideIndex: action.sideIndex, selectedId: null };
  }
}

const ADD: readonly { kind: DesignElementKind; label: string }[] = [
  { kind: "text", label: "Текст" },
  { kind: "image", label: "Изображение" },
  { kind: "rect", label: "Прямоугольник" },
  { kind: "line", label: "Линия" },
  { kind: "qr", label: "QR-код" },
];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "file"].includes(target.type);
}

export function Editor({ initial, initialTemplateId, templates, target, sideNames, services, renderActions }: EditorProps) {
  const [state, dispatch] = useReducer(reduce, undefined, () => ({ history: startHistory(initial), sideIndex: 0, selectedId: null }));
  const [templateId, setTemplateId] = useState(initialTemplateId);
  const [zoom, setZoom] = useState<number | null>(null);
  const [fitZoom, setFitZoom] = useState(1);
  const [guides, setGuides] = useState(true);
  const [uploading, setUploading] = useState<DesignImageSlot | "element" | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploadTarget = useRef<{ slot: DesignImageSlot } | { sideIndex: number; id: string } | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const stage = useRef<HTMLDivElement | null>(null);
  const reportBug = useReportBug();
  const guidesId = useId();

  const document = state.history.document;
  const side = document.sides[state.sideIndex];
  const selected = findElement(document, state.sideIndex, state.selectedId);
  const shownZoom = zoom ?? fitZoom;

  // «По размеру»: the side fits the stage's width (at most zoom 3).
  useEffect(() => {
    const node = stage.current;
    if (!node) return;
    const boxWidthMm = document.trimMm[0] + 2 * document.bleedMm;
    const measureFit = () => setFitZoom(clampZoom(Math.min(3, Math.max(0.5, (node.clientWidth - 4) / (boxWidthMm * PX_PER_MM)))));
    measureFit();
    const observer = new ResizeObserver(measureFit);
    observer.observe(node);
    return () => observer.disconnect();
  }, [document.trimMm, document.bleedMm]);

  const edit = (command: Command, merge: string | null = null) => dispatch({ type: "edit", command, merge });
  const endEdit = () => dispatch({ type: "end-gesture" });
  const select = (id: string | null, sideIndex?: number) => dispatch({ type: "select", id, ...(sideIndex === undefined ? {} : { sideIndex }) });

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (isTyping(event.target)) return;
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    if (mod && (key === "z" || key === "Z" || key === "я" || key === "Я")) {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? "redo" : "undo" });
      return;
    }
    if (mod && (key === "y" || key === "н")) {
      event.preventDefault();
      dispatch({ type: "redo" });
      return;
    }
    if (!selected) return;
    const step = event.shiftKey ? KEY_STEP_LARGE_MM : KEY_STEP_MM;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[key];
    if (move) {
      event.preventDefault();
      // Held down, the key's repeats are one step.
      edit(moveElement(state.sideIndex, selected.id, move[0], move[1]), event.repeat ? `keys:${selected.id}` : null);
      return;
    }
    if (key === "Delete" || key === "Backspace") {
      event.preventDefault();
      edit(deleteElement(state.sideIndex, selected.id));
      return;
    }
    if (key === "Escape") select(null);
  };

  const pickFile = (targetOfUpload: NonNullable<typeof uploadTarget.current>) => {
    uploadTarget.current = targetOfUpload;
    setUploadError(null);
    fileInput.current?.click();
  };

  const onFile = async (file: File) => {
    const to = uploadTarget.current;
    if (!to) return;
    setUploading("slot" in to ? to.slot : "element");
    try {
      const source = await services.uploadImage(file);
      edit("slot" in to ? setSlotSource(to.slot, source) : setImageSource(to.sideIndex, to.id, source));
    } catch (failure) {
      services.showFailure(failure, setUploadError);
    } finally {
      setUploading(null);
    }
  };

  const add = (kind: DesignElementKind) => {
    const element = newElement(document, state.sideIndex, kind);
    if (!element) return;
    const placed = element.kind === "qr" ? { ...element, content: qrContentFromFields(document, "url") } : element;
    edit(addElement(state.sideIndex, placed));
    select(placed.id);
    if (placed.kind === "image") pickFile({ sideIndex: state.sideIndex, id: placed.id });
  };

  const chooseTemplate = (template: DesignTemplate) => {
    setTemplateId(template.id);
    edit(() => carryOver(document, designFromTemplate(template, target)));
    select(null);
  };

  return (
    // Keys bubbling from the canvas and the layers list move and delete the selected element.
    <div className="ottisk-designer" part="designer" onKeyDown={onKeyDown}>
      <div className="ottisk-designer-toolbar" role="toolbar" aria-label="Правка и вид">
        <button type="button" className="ottisk-button ottisk-designer-small" disabled={!canUndo(state.history)} onClick={() => dispatch({ type: "undo" })} title="Ctrl+Z">
          Отменить
        </button>
        <button type="button" className="ottisk-button ottisk-designer-small" disabled={!canRedo(state.history)} onClick={() => dispatch({ type: "redo" })} title="Ctrl+Shift+Z">
          Повторить
        </button>
        <button type="button" className="ottisk-button ottisk-designer-small" aria-label="Уменьшить" onClick={() => setZoom(clampZoom(shownZoom / 1.25))}>
          −
        </button>
        <output className="ottisk-designer-zoom" aria-live="polite" aria-label="Масштаб">
          {Math.round(shownZoom * 100)} %
        </output>
        <button type="button" className="ottisk-button ottisk-designer-small" aria-label="Увеличить" onClick={() => setZoom(clampZoom(shownZoom * 1.25))}>
          +
        </button>
        <button type="button" className="ottisk-button ottisk-designer-small" aria-pressed={zoom === null} onClick={() => setZoom(null)}>
          По размеру
        </button>
        <span className="ottisk-designer-check">
          <input id={guidesId} type="checkbox" checked={guides} onChange={(event) => setGuides(event.target.checked)} />
          <label htmlFor={guidesId}>Направляющие</label>
        </span>
      </div>
      {document.sides.length > 1 ? (
        <div className="ottisk-designer-sides" role="group" aria-label="Сторона">
          {document.sides.map((_side, index) => (
            <button
              // Sides are positional: front, back.
              key={index}
              type="button"
              className="ottisk-button ottisk-designer-small"
              aria-pressed={index === state.sideIndex}
              onClick={() => dispatch({ type: "side", sideIndex: index })}
            >
              {sideNames[index] ?? (index === 0 ? "Лицевая сторона" : "Обратная сторона")}
            </button>
          ))}
        </div>
      ) : null}
      <div className="ottisk-designer-body">
        <div className="ottisk-designer-stage" ref={stage}>
          <DesignCanvas
            document={document}
            sideIndex={state.sideIndex}
            selectedId={state.selectedId}
            zoom={shownZoom}
            guides={guides}
            shaper={services.shaper}
            imageHref={services.imageHref}
            label={`Макет: ${sideNames[state.sideIndex] ?? "сторона"}, ${document.trimMm[0]} × ${document.trimMm[1]} мм`}
            onSelect={(id) => select(id)}
            onEdit={edit}
            onEndGesture={endEdit}
            onZoom={setZoom}
          />
          {guides ? (
            <p className="ottisk-designer-legend">
              <span className="ottisk-designer-legend__bleed">вылет {document.bleedMm} мм</span> · <span className="ottisk-designer-legend__trim">обрез</span> ·{" "}
              <span className="ottisk-designer-legend__safe">безопасная зона {document.safeMm} мм</span>
            </p>
          ) : null}
          {renderActions(document, (sideIndex, id) => select(id, sideIndex), (command) => edit(command))}
        </div>
        <div className="ottisk-designer-panels">
          <TemplatePicker templates={templates} chosenId={templateId} shaper={services.shaper} imageHref={services.imageHref} onChoose={chooseTemplate} />
          <FieldsPanel
            document={document}
            onEdit={edit}
            onEndGesture={endEdit}
            onUploadSlot={(slot) => pickFile({ slot })}
            uploading={uploading === "element" ? null : uploading}
          />
          {uploadError ? (
            <p className="ottisk-designer-error" role="alert" part="error">
              {uploadError}
            </p>
          ) : null}
          <section className="ottisk-designer-panel" aria-label="Добавить" part="add">
            <h3>Добавить</h3>
            <div className="ottisk-designer-row">
              {ADD.map((entry) => (
                <button key={entry.kind} type="button" className="ottisk-button ottisk-designer-small" onClick={() => add(entry.kind)}>
                  {entry.label}
                </button>
              ))}
            </div>
          </section>
          {selected ? (
            <PropertiesPanel
              document={document}
              sideIndex={state.sideIndex}
              element={selected}
              maxTacPct={target.maxTacPct}
              onEdit={edit}
              onEndGesture={endEdit}
              onUploadImage={(element: DesignImageElement) => pickFile({ sideIndex: state.sideIndex, id: element.id })}
            />
          ) : (
            <section className="ottisk-designer-panel" aria-label="Фон стороны" part="properties">
              <ColorField
                label="Фон стороны"
                color={side?.background ?? null}
                maxTacPct={target.maxTacPct}
                allowNone
                largeArea
                onChange={(color, merge) => edit(setBackground(state.sideIndex, color), merge === null ? null : `background:${merge}`)}
                onDone={endEdit}
              />
            </section>
          )}
          {side ? <LayersPanel side={side} sideIndex={state.sideIndex} selectedId={state.selectedId} onSelect={(id) => select(id)} onEdit={edit} /> : null}
        </div>
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png"
        hidden
        aria-label="Файл изображения"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file).catch(reportBug);
        }}
      />
    </div>
  );
}
