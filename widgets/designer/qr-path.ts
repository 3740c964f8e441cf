import type { DesignQrElement } from "../../shared/contracts/index";
import { qrMatrix, qrRectangles } from "./pdf/qr";

/*
 * A QR code as one SVG path in the element's millimetres: the export's own module matrix and its
 * merged rectangles (pdf/qr.ts), so the screen shows the very code the PDF prints. Cached by
 * content and place.
 */

const paths = new Map<string, string>();

export function qrPath(element: Pick<DesignQrElement, "content" | "size" | "x" | "y">): string {
  const key = `${element.x}|${element.y}|${element.size}|${JSON.stringify(element.content)}`;
  const known = paths.get(key);
  if (known !== undefined) return known;
  const matrix = qrMatrix(element.content);
  const cell = element.size / matrix.size;
  const fmt = (value: number) => String(Math.round(value * 1000) / 1000);
  const path = qrRectangles(matrix)
    .map(([col, row, width, height]) => `M${fmt(element.x + col * cell)} ${fmt(element.y + row * cell)}h${fmt(width * cell)}v${fmt(height * cell)}h${fmt(-width * cell)}z`)
    .join("");
  if (paths.size > 200) paths.clear();
  paths.set(key, path);
  return path;
}
