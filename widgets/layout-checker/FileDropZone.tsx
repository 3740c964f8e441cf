import { useId, useState } from "react";

export interface FileDropZoneProps {
  onFiles: (files: File[]) => void;
  /** What the files are for, said under the button. */
  hint: string;
  disabled?: boolean;
}

/**
 * Where PDFs are dropped or picked (spec §5: several files at once): a real file input with its
 * label (keyboard and screen readers use it as any file field), and the whole zone as a drop target.
 */
export function FileDropZone({ onFiles, hint, disabled = false }: FileDropZoneProps) {
  const inputId = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  return (
    <div
      className={over ? "ottisk-layout-drop ottisk-layout-drop--over" : "ottisk-layout-drop"}
      part="drop-zone"
      onDragEnter={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = disabled ? "none" : "copy";
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled && event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
      }}
    >
      <input
        id={inputId}
        className="ottisk-layout-drop__input"
        type="file"
        name="layout"
        accept="application/pdf,.pdf"
        multiple
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => {
          const chosen = [...(event.target.files ?? [])];
          // Emptied so that choosing the same file again is a change too.
          event.target.value = "";
          if (chosen.length > 0) onFiles(chosen);
        }}
      />
      <label htmlFor={inputId} className="ottisk-button ottisk-layout-drop__button">
        Выбрать файлы PDF
      </label>
      <p id={hintId} className="ottisk-layout-drop__hint">
        или перетащите их сюда. {hint}
      </p>
    </div>
  );
}
