import { useId } from "react";
import type { ReactNode } from "react";
import type { CmykColor, DesignDocument, DesignElement, DesignFontFamily, DesignImageElement, DesignQrContent, DesignQrElement, DesignTextElement } from "../../shared/contracts/index";
import { DESIGN_FONT_FAMILIES } from "../../shared/contracts/index";
import { ColorField, formatNumber, NumberField } from "./controls";
import type { Command } from "./model/edits";
import { fieldText, updateElement } from "./model/edits";
import { cropPosition, cropZoom, frameAtPpi, imagePpi, MAX_CROP_ZOOM, MIN_PPI, pannedCrop, zoomedCrop } from "./model/image";

/*
 * The selected element's properties: its place and size, and what its kind has (a text's font,
 * size, weight, colour, alignment, letter spacing and line height; a picture's upload, crop and
 * resolution; a rectangle's fill, outline and corners; a line's colour and width; a QR code's
 * content). Each change is an edit of the history; typing in one field is one step.
 */

export interface PropertiesPanelProps {
  document: DesignDocument;
  sideIndex: number;
  element: DesignElement;
  maxTacPct: number;
  onEdit: (command: Command, merge: string | null) => void;
  onEndGesture: () => void;
  /** Picks and uploads a picture for the image element (the designer's upload). */
  onUploadImage: (element: DesignImageElement) => void;
}

export function PropertiesPanel({ document, sideIndex, element, maxTacPct, onEdit, onEndGesture, onUploadImage }: PropertiesPanelProps) {
  const set = (patch: Partial<DesignElement>, merge: string | null = null) => onEdit(updateElement(sideIndex, element.id, patch), merge);
  const mergeKey = (what: string) => `prop:${sideIndex}:${element.id}:${what}`;
  const number = (label: string, key: string, value: number, min: number, max: number, apply: (value: number) => Partial<DesignElement>, step = 0.1) => (
    <NumberField key={key} label={label} value={value} min={min} max={max} step={step} onChange={(next) => set(apply(next), mergeKey(key))} onDone={onEndGesture} />
  );
  const color = (label: string, value: CmykColor | null, apply: (color: CmykColor | null) => Partial<DesignElement>, options: { allowNone?: boolean; largeArea?: boolean } = {}) => (
    <ColorField label={label} color={value} maxTacPct={maxTacPct} {...options} onChange={(next, merge) => set(apply(next), merge === null ? null : mergeKey(merge))} onDone={onEndGesture} />
  );

  if (element.locked) {
    return (
      <section className="ottisk-designer-panel" aria-label="Свойства элемента" part="properties">
        <h3>Свойства: {element.name}</h3>
        <p className="ottisk-designer-note">Элемент закреплён. Чтобы изменить его, снимите закрепление в списке слоёв.</p>
      </section>
    );
  }

  return (
    <section className="ottisk-designer-panel" aria-label="Свойства элемента" part="properties">
      <h3>Свойства: {element.name}</h3>
      <div className="ottisk-designer-grid">
        {element.kind === "line" ? (
          <>
            {number("Начало X, мм", "x1", element.x1, -1000, 2000, (value) => ({ x1: value }))}
            {number("Начало Y, мм", "y1", element.y1, -1000, 2000, (value) => ({ y1: value }))}
            {number("Конец X, мм", "x2", element.x2, -1000, 2000, (value) => ({ x2: value }))}
            {number("Конец Y, мм", "y2", element.y2, -1000, 2000, (value) => ({ y2: value }))}
          </>
        ) : (
          <>
            {number("X, мм", "x", element.x, -1000, 2000, (value) => ({ x: value }))}
            {number("Y, мм", "y", element.y, -1000, 2000, (value) => ({ y: value }))}
          </>
        )}
        {element.kind === "text" || element.kind === "rect" || element.kind === "image" ? number("Ширина, мм", "width", element.width, 1, 2000, (value) => ({ width: value })) : null}
        {element.kind === "rect" || element.kind === "image" ? number("Высота, мм", "height", element.height, 1, 2000, (value) => ({ height: value })) : null}
      </div>
      {element.kind === "text" ? <TextProperties element={element} set={set} mergeKey={mergeKey} number={number} color={color} onEndGesture={onEndGesture} /> : null}
      {element.kind === "image" ? <ImageProperties element={element} set={set} mergeKey={mergeKey} onEndGesture={onEndGesture} onUpload={() => onUploadImage(element)} /> : null}
      {element.kind === "rect" ? (
        <>
          {color("Заливка", element.fill, (fill) => ({ fill }), { allowNone: true, largeArea: true })}
          {color("Обводка", element.stroke, (stroke) => ({ stroke }), { allowNone: true })}
          <div className="ottisk-designer-grid">
            {number("Толщина обводки, мм", "strokeWidthMm", element.strokeWidthMm, 0, 50, (value) => ({ strokeWidthMm: value }))}
            {number("Скругление углов, мм", "radiusMm", element.radiusMm, 0, 500, (value) => ({ radiusMm: value }))}
          </div>
        </>
      ) : null}
      {element.kind === "line" ? (
        <>
          {color("Цвет линии", element.color, (next) => (next ? { color: next } : {}))}
          <div className="ottisk-designer-grid">{number("Толщина, мм", "widthMm", element.widthMm, 0.05, 50, (value) => ({ widthMm: value }), 0.05)}</div>
        </>
      ) : null}
      {element.kind === "qr" ? (
        <>
          <QrContentField document={document} element={element} set={set} mergeKey={mergeKey} onEndGesture={onEndGesture} />
          <div className="ottisk-designer-grid">{number("Размер, мм", "size", element.size, 8, 500, (value) => ({ size: value }))}</div>
          {color("Цвет QR-кода", element.color, (next) => (next ? { color: next } : {}))}
        </>
      ) : null}
    </section>
  );
}

type SetProps = (patch: Partial<DesignElement>, merge?: string | null) => void;

function TextProperties({
  element,
  set,
  mergeKey,
  number,
  color,
  onEndGesture,
}: {
  element: DesignTextElement;
  set: SetProps;
  mergeKey: (what: string) => string;
  number: (label: string, key: string, value: number, min: number, max: number, apply: (value: number) => Partial<DesignElement>, step?: number) => ReactNode;
  color: (label: string, value: CmykColor | null, apply: (color: CmykColor | null) => Partial<DesignElement>) => ReactNode;
  onEndGesture: () => void;
}) {
  const textId = useId();
  const fontId = useId();
  const alignId = useId();
  const boldId = useId();
  return (
    <>
      <div className="ottisk-designer-field">
        <label htmlFor={textId}>Текст</label>
        <textarea id={textId} className="ottisk-input" rows={2} value={element.text} maxLength={2000} onChange={(event) => set({ text: event.target.value }, mergeKey("text"))} onBlur={onEndGesture} />
      </div>
      <div className="ottisk-designer-grid">
        <div className="ottisk-designer-field">
          <label htmlFor={fontId}>Шрифт</label>
          <select id={fontId} className="ottisk-input" value={element.fontFamily} onChange={(event) => set({ fontFamily: event.target.value as DesignFontFamily })}>
            {DESIGN_FONT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {family}
              </option>
            ))}
          </select>
        </div>
        {number("Размер, пт", "fontSizePt", element.fontSizePt, 4, 300, (value) => ({ fontSizePt: value }), 0.5)}
        <div className="ottisk-designer-field ottisk-designer-field--check">
          <input id={boldId} type="checkbox" checked={element.bold} onChange={(event) => set({ bold: event.target.checked })} />
          <label htmlFor={boldId}>Полужирный</label>
        </div>
        <div className="ottisk-designer-field">
          <label htmlFor={alignId}>Выравнивание</label>
          <select id={alignId} className="ottisk-input" value={element.align} onChange={(event) => set({ align: event.target.value as DesignTextElement["align"] })}>
            <option value="left">По левому краю</option>
            <option value="center">По центру</option>
            <option value="right">По правому краю</option>
          </select>
        </div>
        {number("Разрядка, 1/1000 em", "letterSpacing", element.letterSpacing, -200, 1000, (value) => ({ letterSpacing: Math.round(value) }), 10)}
        {number("Интерлиньяж", "lineHeight", element.lineHeight, 0.7, 4, (value) => ({ lineHeight: value }), 0.05)}
      </div>
      {color("Цвет текста", element.color, (next) => (next ? { color: next } : {}))}
    </>
  );
}

function ImageProperties({ element, set, mergeKey, onEndGesture, onUpload }: { element: DesignImageElement; set: SetProps; mergeKey: (what: string) => string; onEndGesture: () => void; onUpload: () => void }) {
  const zoomId = useId();
  const panXId = useId();
  const panYId = useId();
  const ppi = imagePpi(element);
  const position = cropPosition(element);
  const fitted = frameAtPpi(element);
  return (
    <div className="ottisk-designer-image">
      <button type="button" className="ottisk-button" onClick={onUpload}>
        Загрузить
      </button>
      {element.source ? (
        <>
          <p className="ottisk-designer-note" data-ppi={ppi ?? undefined}>
            Разрешение: {ppi} ppi ({element.source.widthPx} × {element.source.heightPx} пикс.)
          </p>
          {ppi !== null && ppi < MIN_PPI ? (
            <p className="ottisk-designer-warning" role="status">
              Разрешение {ppi} ppi ниже {MIN_PPI} ppi: изображение напечатается нечётко.{" "}
              <button type="button" className="ottisk-button ottisk-designer-fix" onClick={() => set({ width: fitted.width, height: fitted.height })}>
                Уменьшить до {formatNumber(fitted.width)} × {formatNumber(fitted.height)} мм
              </button>
            </p>
          ) : null}
          <div className="ottisk-designer-field">
            <label htmlFor={zoomId}>Масштаб в рамке</label>
            <input id={zoomId} type="range" min={1} max={MAX_CROP_ZOOM} step={0.05} value={cropZoom(element)} onChange={(event) => set({ crop: zoomedCrop(element, Number(event.target.value)) }, mergeKey("zoom"))} onPointerUp={onEndGesture} onBlur={onEndGesture} />
          </div>
          <div className="ottisk-designer-field">
            <label htmlFor={panXId}>Кадрирование по горизонтали</label>
            <input id={panXId} type="range" min={0} max={1} step={0.01} value={position.fx} onChange={(event) => set({ crop: pannedCrop(element, Number(event.target.value), position.fy) }, mergeKey("panX"))} onPointerUp={onEndGesture} onBlur={onEndGesture} />
          </div>
          <div className="ottisk-designer-field">
            <label htmlFor={panYId}>Кадрирование по вертикали</label>
            <input id={panYId} type="range" min={0} max={1} step={0.01} value={position.fy} onChange={(event) => set({ crop: pannedCrop(element, position.fx, Number(event.target.value)) }, mergeKey("panY"))} onPointerUp={onEndGesture} onBlur={onEndGesture} />
          </div>
        </>
      ) : (
        <p className="ottisk-designer-note">Рамка пуста: пустая рамка не печатается.</p>
      )}
    </div>
  );
}

const QR_TYPES: readonly { type: DesignQrContent["type"]; label: string }[] = [
  { type: "url", label: "Ссылка" },
  { type: "phone", label: "Телефон" },
  { type: "vcard", label: "Визитка (vCard) из полей" },
];

/** The QR content made from the design's fields. */
export function qrContentFromFields(document: DesignDocument, type: DesignQrContent["type"]): DesignQrContent {
  const field = (name: Parameters<typeof fieldText>[1], max: number) => (fieldText(document, name) ?? "").replace(/\n/g, " ").slice(0, max);
  switch (type) {
    case "url": {
      const site = field("site", 500).trim();
      return { type, url: site === "" ? "https://" : /^https?:\/\//.test(site) ? site : `https://${site}` };
    }
    case "phone":
      return { type, phone: field("phone", 40) };
    case "vcard":
      return { type, name: field("name", 200), company: field("company", 200), position: field("position", 200), phone: field("phone", 40), email: field("email", 200), site: field("site", 200), address: field("address", 300) };
  }
}

function QrContentField({ document, element, set, mergeKey, onEndGesture }: { document: DesignDocument; element: DesignQrElement; set: SetProps; mergeKey: (what: string) => string; onEndGesture: () => void }) {
  const typeId = useId();
  const valueId = useId();
  const content = element.content;
  return (
    <>
      <div className="ottisk-designer-field">
        <label htmlFor={typeId}>Содержимое QR-кода</label>
        <select id={typeId} className="ottisk-input" value={content.type} onChange={(event) => set({ content: qrContentFromFields(document, event.target.value as DesignQrContent["type"]) })}>
          {QR_TYPES.map((entry) => (
            <option key={entry.type} value={entry.type}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      {content.type === "url" ? (
        <div className="ottisk-designer-field">
          <label htmlFor={valueId}>Ссылка</label>
          <input id={valueId} className="ottisk-input" type="url" value={content.url} maxLength={500} onChange={(event) => set({ content: { type: "url", url: event.target.value } }, mergeKey("qr"))} onBlur={onEndGesture} />
        </div>
      ) : null}
      {content.type === "phone" ? (
        <div className="ottisk-designer-field">
          <label htmlFor={valueId}>Номер телефона</label>
          <input id={valueId} className="ottisk-input" type="tel" value={content.phone} maxLength={40} onChange={(event) => set({ content: { type: "phone", phone: event.target.value } }, mergeKey("qr"))} onBlur={onEndGesture} />
        </div>
      ) : null}
      {content.type === "vcard" ? (
        <p className="ottisk-designer-note">
          Визитка: {[content.name, content.phone, content.email].filter(Boolean).join(", ") || "поля пусты"}.{" "}
          <button type="button" className="ottisk-button" onClick={() => set({ content: qrContentFromFields(document, "vcard") })}>
            Обновить из полей
          </button>
        </p>
      ) : null}
    </>
  );
}
