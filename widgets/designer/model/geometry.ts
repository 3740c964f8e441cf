import type { DesignElement, DesignTextElement } from "../../../shared/contracts/index";

/** A rectangle in the trim's millimetres (y down). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A text box's height as laid out (its lines × line height). */
export type TextHeight = (element: DesignTextElement) => number;

/** The box an element takes on the side (a line's box spans its two ends). */
export function elementBox(element: DesignElement, textHeight: TextHeight): Box {
  switch (element.kind) {
    case "text":
      return { x: element.x, y: element.y, width: element.width, height: textHeight(element) };
    case "image":
    case "rect":
      return { x: element.x, y: element.y, width: element.width, height: element.height };
    case "line":
      return {
        x: Math.min(element.x1, element.x2),
        y: Math.min(element.y1, element.y2),
        width: Math.abs(element.x2 - element.x1),
        height: Math.abs(element.y2 - element.y1),
      };
    case "qr":
      return { x: element.x, y: element.y, width: element.size, height: element.size };
  }
}

/** The element moved by dx, dy millimetres (its size unchanged). */
export function movedElement<E extends DesignElement>(element: E, dx: number, dy: number): E {
  if (element.kind === "line") return { ...element, x1: round(element.x1 + dx), y1: round(element.y1 + dy), x2: round(element.x2 + dx), y2: round(element.y2 + dy) };
  return { ...element, x: round(element.x + dx), y: round(element.y + dy) };
}

/** Millimetres kept to a hundredth (the document stays readable; a hundredth of a millimetre never shows). */
export function round(value: number): number {
  return Math.round(value * 100) / 100;
}
