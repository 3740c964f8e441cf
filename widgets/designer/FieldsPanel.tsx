import { useId } from "react";
import type { DesignDocument, DesignFieldName, DesignImageSlot } from "../../shared/contracts/index";
import { DESIGN_FIELD_LABELS, DESIGN_FIELD_NAMES, DESIGN_IMAGE_SLOT_LABELS, DESIGN_IMAGE_SLOTS } from "../../shared/contracts/index";
import type { Command } from "./model/edits";
import { fieldText, setFieldText } from "./model/edits";
import { imagePpi, MIN_PPI } from "./model/image";

/*
 * The template's fields: one input per named field the design has («Имя», «Должность»…), typed
 * into every text of that field on every side (one undo step per field while typing), and the
 * picture slots («Логотип», «Фото») with «Загрузить».
 */

export interface FieldsPanelProps {
  document: DesignDocument;
  onEdit: (command: Command, merge: string | null) => void;
  onEndGesture: () => void;
  onUploadSlot: (slot: DesignImageSlot) => void;
  uploading: DesignImageSlot | null;
}

export function FieldsPanel({ document, onEdit, onEndGesture, onUploadSlot, uploading }: FieldsPanelProps) {
  const idPrefix = useId();
  const fields = DESIGN_FIELD_NAMES.filter((field) => fieldText(document, field) !== null);
  const slots = DESIGN_IMAGE_SLOTS.filter((slot) => document.sides.some((side) => side.elements.some((element) => element.kind === "image" && element.slot === slot)));
  if (fields.length === 0 && slots.length === 0) return null;
  return (
    <section className="ottisk-designer-panel" aria-label="Поля шаблона" part="fields">
      <h3>Поля</h3>
      {fields.map((field) => (
        <FieldInput key={field} field={field} value={fieldText(document, field) ?? ""} onEdit={onEdit} onEndGesture={onEndGesture} />
      ))}
      {slots.map((slot) => {
        const image = document.sides.flatMap((side) => side.elements).find((element) => element.kind === "image" && element.slot === slot);
        const ppi = image?.kind === "image" ? imagePpi(image) : null;
        return (
          <div key={slot} className="ottisk-designer-slot-field">
            <span id={`${idPrefix}-${slot}`}>{DESIGN_IMAGE_SLOT_LABELS[slot]}</span>
            <button type="button" className="ottisk-button" aria-describedby={`${idPrefix}-${slot}`} aria-busy={uploading === slot} disabled={uploading !== null} onClick={() => onUploadSlot(slot)}>
              {uploading === slot ? "Загружаем…" : "Загрузить"}
            </button>
            {ppi !== null ? (
              <span className={ppi < MIN_PPI ? "ottisk-designer-warning" : "ottisk-designer-note"}>
                {ppi} ppi{ppi < MIN_PPI ? `: ниже ${MIN_PPI} ppi, напечатается нечётко` : ""}
              </span>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

function FieldInput({ field, value, onEdit, onEndGesture }: { field: DesignFieldName; value: string; onEdit: FieldsPanelProps["onEdit"]; onEndGesture: () => void }) {
  const id = useId();
  const type = field === "email" ? "email" : field === "phone" ? "tel" : field === "site" ? "url" : "text";
  const autoComplete = { name: "name", position: "organization-title", company: "organization", phone: "tel", email: "email", site: "url", address: "street-address" }[field];
  return (
    <div className="ottisk-designer-field">
      <label htmlFor={id}>{DESIGN_FIELD_LABELS[field]}</label>
      <input
        id={id}
        name={field}
        className="ottisk-input"
        type={type}
        autoComplete={autoComplete}
        value={value}
        maxLength={field === "address" ? 300 : 200}
        onChange={(event) => onEdit(setFieldText(field, event.target.value), `field:${field}`)}
        onBlur={onEndGesture}
      />
    </div>
  );
}
