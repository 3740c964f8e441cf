import type { DesignElement } from "../../../shared/contracts/index";
import { round } from "./geometry";

/*
 * Resizing by the handle at an element's bottom-right corner (a line's second end): the corner goes
 * to the point (snapped by the caller). A text box changes its width only (its height follows its
 * lines); a picture keeps its frame's proportions (its crop stays undistorted); a QR code stays square.
 */

/** The smallest box a resize leaves, millimetres. */
export const MIN_SIZE_MM = 2;
/** The QR code's smallest side (the contract's). */
const MIN_QR_MM = 8;

export function resizedElement(element: DesignElement, cornerX: number, cornerY: number): DesignElement {
  switch (element.kind) {
    case "text":
      return { ...element, width: round(Math.max(MIN_SIZE_MM, cornerX - element.x)) };
    case "rect":
      return { ...element, width: round(Math.max(MIN_SIZE_MM, cornerX - element.x)), height: round(Math.max(MIN_SIZE_MM, cornerY - element.y)) };
    case "image": {
      const aspect = element.height > 0 ? element.width / element.height : 1;
      const width = Math.max(MIN_SIZE_MM, cornerX - element.x, (cornerY - element.y) * aspect);
      return { ...element, width: round(width), height: round(width / aspect) };
    }
    case "line":
      return { ...element, x2: round(cornerX), y2: round(cornerY) };
    case "qr":
      return { ...element, size: round(Math.max(MIN_QR_MM, cornerX - element.x, cornerY - element.y)) };
  }
}

/** Where the resize handle is: the box's bottom-right corner, a line's second end. */
export function resizeHandle(element: DesignElement, height: number): { x: number; y: number } {
  switch (element.kind) {
    case "line":
      return { x: element.x2, y: element.y2 };
    case "qr":
      return { x: element.x + element.size, y: element.y + element.size };
    case "text":
      return { x: element.x + element.width, y: element.y + height };
    default:
      return { x: element.x + element.width, y: element.y + element.height };
  }
}
