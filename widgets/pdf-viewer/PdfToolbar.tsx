import { useId, useRef } from "react";
import type { ChangeEvent, FormEvent, KeyboardEvent, MouseEvent } from "react";
import type { PdfTool } from "./pdf-engine";
import type { PdfViewerSession } from "./use-pdf-session";

const TOOLS: readonly { tool: Exclude<PdfTool, "image">; label: string; hint: string }[] = [
  { tool: "select", label: "Выделить", hint: "Просмотр: пометки не добавляются. Передвинуть или удалить пометку можно с любым инструментом: щёлкните по ней" },
  { tool: "text", label: "Текст", hint: "Щёлкните по странице и напишите комментарий" },
  { tool: "highlight", label: "Маркер", hint: "Проведите по странице, чтобы выделить место маркером" },
  { tool: "ink", label: "Рисунок", hint: "Рисуйте на странице мышью, пальцем или пером" },
];

/** The hint shown under the toolbar for a tool; none for «Изображение» (the viewer says what to do with the picture). */
export function toolHint(tool: PdfTool): string | undefined {
  return TOOLS.find((entry) => entry.tool === tool)?.hint;
}

export interface PdfToolbarProps {
  /** The document the controls act on, and its page, zoom and tool. */
  session: PdfViewerSession;
  saving: boolean;
  onSave: () => void;
}

/**
 * The viewer's toolbar: the annotation tools (the image tool through a real file field), zoom,
 * the pages («Страница [N] из M») and «Сохранить». Everything is disabled until the PDF is open.
 */
export function PdfToolbar({ session, saving, onSave }: PdfToolbarProps) {
  const { sessionRef, status, tool, scale, pageNumber, pageCount, pageInput, setPageInput } = session;
  const imageInputRef = useRef<HTMLInputElement>(null);
  const pageInputId = useId();
  const ready = status.kind === "ready";

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

  // pdf.js listens to keys on the whole window (Backspace deletes the selected annotation): keys typed
  // into the toolbar's own fields stay with them.
  const keepKeys = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement) event.stopPropagation();
  };

  return (
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
          className="ottisk-input ottisk-pdf-viewer__page-input"
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
      <button type="button" className="ottisk-button ottisk-pdf-viewer__save" part="save" disabled={!ready || saving} aria-busy={saving} onClick={onSave}>
        {saving ? "Сохраняем…" : "Сохранить"}
      </button>
    </div>
  );
}
