import type {
  CmykColor,
  DesignDocument,
  DesignElement,
  DesignElementKind,
  DesignFieldName,
  DesignImageSource,
  DesignSide,
} from "../../../shared/contracts/index";
import { DESIGN_SIDE_MAX_ELEMENTS } from "../../../shared/contracts/index";
import { coverCrop } from "./from-template";
import { movedElement, round } from "./geometry";

/*
 * The editing commands: each takes what it needs and returns a function from the document to the
 * next document (history.ts applies it). A command that cannot apply (a locked element, an unknown
 * id) returns the document itself, which the history takes as "nothing happened".
 */

export type Command = (document: DesignDocument) => DesignDocument;

/** Keyboard moves: an arrow moves by this many millimetres, Shift+arrow by the larger step. */
export const KEY_STEP_MM = 0.5;
export const KEY_STEP_LARGE_MM = 5;

function withSide(document: DesignDocument, sideIndex: number, change: (side: DesignSide) => DesignSide): DesignDocument {
  const side = document.sides[sideIndex];
  if (!side) return document;
  const next = change(side);
  if (next === side) return document;
  return { ...document, sides: document.sides.map((each, index) => (index === sideIndex ? next : each)) };
}

function withElement(document: DesignDocument, sideIndex: number, id: string, change: (element: DesignElement) => DesignElement): DesignDocument {
  return withSide(document, sideIndex, (side) => {
    let changed = false;
    const elements = side.elements.map((element) => {
      if (element.id !== id) return element;
      const next = change(element);
      if (next !== element) changed = true;
      return next;
    });
    return changed ? { ...side, elements } : side;
  });
}

export function findElement(document: DesignDocument, sideIndex: number, id: string | null): DesignElement | null {
  if (id === null) return null;
  return document.sides[sideIndex]?.elements.find((element) => element.id === id) ?? null;
}

/** Changes an element's properties (its id and kind stay). A locked element changes only its lock and name. */
export function updateElement(sideIndex: number, id: string, patch: Partial<DesignElement>): Command {
  return (document) =>
    withElement(document, sideIndex, id, (element) => {
      const keys = Object.keys(patch) as (keyof DesignElement)[];
      if (element.locked && keys.some((key) => key !== "locked" && key !== "name")) return element;
      if (keys.every((key) => Object.is(element[key], patch[key]))) return element;
      return { ...element, ...patch, id: element.id, kind: element.kind } as DesignElement;
    });
}

/** Replaces an element by a new version of it (a drag's or a resize's result); refused when locked. */
export function replaceElement(sideIndex: number, next: DesignElement): Command {
  return (document) => withElement(document, sideIndex, next.id, (element) => (element.locked || element.kind !== next.kind ? element : next));
}

/** Moves an element by dx, dy millimetres; a locked one stays. */
export function moveElement(sideIndex: number, id: string, dx: number, dy: number): Command {
  return (document) => withElement(document, sideIndex, id, (element) => (element.locked || (dx === 0 && dy === 0) ? element : movedElement(element, dx, dy)));
}

/** Types into a template field: every text of that field, on every side, shows it. */
export function setFieldText(field: DesignFieldName, text: string): Command {
  return (document) => {
    let changed = false;
    const sides = document.sides.map((side) => {
      let sideChanged = false;
      const elements = side.elements.map((element) => {
        if (element.kind !== "text" || element.field !== field || element.text === text) return element;
        sideChanged = true;
        return { ...element, text };
      });
      if (!sideChanged) return side;
      changed = true;
      return { ...side, elements };
    });
    return changed ? { ...document, sides } : document;
  };
}

/** The text of a field as the document has it (the first text of that field), or null when the design has none. */
export function fieldText(document: DesignDocument, field: DesignFieldName): string | null {
  for (const side of document.sides) for (const element of side.elements) if (element.kind === "text" && element.field === field) return element.text;
  return null;
}

/** Puts an uploaded picture into an image element: the crop fills its frame. */
export function setImageSource(sideIndex: number, id: string, source: DesignImageSource | null): Command {
  return (document) =>
    withElement(document, sideIndex, id, (element) => {
      if (element.kind !== "image" || element.locked) return element;
      const next = { ...element, source, crop: { x: 0, y: 0, width: 1, height: 1 } };
      return { ...next, crop: coverCrop(next) };
    });
}

/** Puts an uploaded picture into every image of a template slot («Логотип»), on every side. */
export function setSlotSource(slot: "logo" | "photo", source: DesignImageSource | null): Command {
  return (document) => {
    let next = document;
    document.sides.forEach((side, sideIndex) => {
      for (const element of side.elements) if (element.kind === "image" && element.slot === slot) next = setImageSource(sideIndex, element.id, source)(next);
    });
    return next;
  };
}

export type LayerMove = "up" | "down" | "front" | "back";

/** Moves an element in the side's layer order (the last element is drawn on top). */
export function moveLayer(sideIndex: number, id: string, move: LayerMove): Command {
  return (document) =>
    withSide(document, sideIndex, (side) => {
      const from = side.elements.findIndex((element) => element.id === id);
      if (from < 0) return side;
      const last = side.elements.length - 1;
      const to = move === "up" ? Math.min(last, from + 1) : move === "down" ? Math.max(0, from - 1) : move === "front" ? last : 0;
      if (to === from) return side;
      const elements = [...side.elements];
      const [element] = elements.splice(from, 1);
      if (element) elements.splice(to, 0, element);
      return { ...side, elements };
    });
}

export function setLocked(sideIndex: number, id: string, locked: boolean): Command {
  return updateElement(sideIndex, id, { locked });
}

/** Deletes an element; a locked one stays. */
export function deleteElement(sideIndex: number, id: string): Command {
  return (document) =>
    withSide(document, sideIndex, (side) => {
      const element = side.elements.find((each) => each.id === id);
      if (!element || element.locked) return side;
      return { ...side, elements: side.elements.filter((each) => each.id !== id) };
    });
}

/** A new id, unique on the side: `<kind>-<n>`. */
export function newElementId(side: DesignSide, kind: DesignElementKind): string {
  const taken = new Set(side.elements.map((element) => element.id));
  for (let n = side.elements.length + 1; ; n += 1) {
    const id = `${kind}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/** The offset of a duplicate from its original, millimetres. */
export const DUPLICATE_OFFSET_MM = 2;

/** Duplicates an element just above it in the layers, moved a little, unlocked, and free of its template field or slot. */
export function duplicateElement(sideIndex: number, id: string, newId?: (id: string) => void): Command {
  return (document) =>
    withSide(document, sideIndex, (side) => {
      const index = side.elements.findIndex((element) => element.id === id);
      const original = side.elements[index];
      if (!original || side.elements.length >= DESIGN_SIDE_MAX_ELEMENTS) return side;
      const copyId = newElementId(side, original.kind);
      const moved = movedElement({ ...original, id: copyId, locked: false, name: `${original.name} (копия)`.slice(0, 80) }, DUPLICATE_OFFSET_MM, DUPLICATE_OFFSET_MM);
      const copy: DesignElement = moved.kind === "text" ? { ...moved, field: null } : moved.kind === "image" ? { ...moved, slot: null } : moved;
      newId?.(copyId);
      const elements = [...side.elements];
      elements.splice(index + 1, 0, copy);
      return { ...side, elements };
    });
}

/** Adds an element on top of the side. */
export function addElement(sideIndex: number, element: DesignElement): Command {
  return (document) =>
    withSide(document, sideIndex, (side) => (side.elements.length >= DESIGN_SIDE_MAX_ELEMENTS || side.elements.some((each) => each.id === element.id) ? side : { ...side, elements: [...side.elements, element] }));
}

export function setBackground(sideIndex: number, background: CmykColor | null): Command {
  return (document) => withSide(document, sideIndex, (side) => (side.background === background ? side : { ...side, background }));
}

const BLACK: CmykColor = { c: 0, m: 0, y: 0, k: 100 };

/** Russian layer names of new elements. */
const KIND_NAMES: Readonly<Record<DesignElementKind, string>> = { text: "Текст", image: "Изображение", rect: "Прямоугольник", line: "Линия", qr: "QR-код" };

/** A new element of the kind, placed in the middle of the trim, with a unique id and a numbered name. */
export function newElement(document: DesignDocument, sideIndex: number, kind: DesignElementKind): DesignElement | null {
  const side = document.sides[sideIndex];
  if (!side) return null;
  const id = newElementId(side, kind);
  const count = side.elements.filter((element) => element.kind === kind).length + 1;
  const base = { id, name: `${KIND_NAMES[kind]} ${count}`, locked: false };
  const [width, height] = document.trimMm;
  const cx = width / 2;
  const cy = height / 2;
  const small = Math.min(width, height);
  switch (kind) {
    case "text": {
      const boxWidth = round(Math.min(width - 2 * document.safeMm, 60));
      return { ...base, kind, x: round(cx - boxWidth / 2), y: round(cy - 3), width: boxWidth, field: null, text: "Текст", fontFamily: "PT Sans", bold: false, fontSizePt: 12, color: BLACK, align: "center", letterSpacing: 0, lineHeight: 1.2 };
    }
    case "image": {
      const size = round(small / 3);
      return { ...base, kind, x: round(cx - size / 2), y: round(cy - size / 2), width: size, height: size, slot: null, source: null, crop: { x: 0, y: 0, width: 1, height: 1 } };
    }
    case "rect": {
      const size = round(small / 3);
      return { ...base, kind, x: round(cx - size / 2), y: round(cy - size / 2), width: size, height: size, fill: { c: 0, m: 0, y: 0, k: 30 }, stroke: null, strokeWidthMm: 0.3, radiusMm: 0 };
    }
    case "line": {
      const half = round(small / 4);
      return { ...base, kind, x1: round(cx - half), y1: round(cy), x2: round(cx + half), y2: round(cy), color: BLACK, widthMm: 0.3 };
    }
    case "qr": {
      const size = Math.max(15, round(small / 3));
      return { ...base, kind, x: round(cx - size / 2), y: round(cy - size / 2), size, color: BLACK, content: { type: "url", url: "https://" } };
    }
  }
}
